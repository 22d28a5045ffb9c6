import FlickEngine
import FlickSDL
import Testing
@testable import flick_bench

/// The bench compares the card renderer with a plain-SDL baseline; the comparison is fair only
/// if both draw the same pixels.
@MainActor
@Suite(.serialized)
struct BaselineTests {
    func solid(_ color: RGBA, renderer: Renderer) throws -> Texture {
        let surface = try Surface(width: 16, height: 16)
        try surface.fill(color)
        return try Texture(renderer: renderer, surface: surface)
    }

    @Test func baselineDrawsTheSamePixelsAsTheCardRenderer() throws {
        let renderer = try Renderer(offscreenWidth: 120, height: 120)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        // Whole geometry, as the baseline draws: the software renderer's copies for unrotated
        // cards (CardRenderer+Occlusion) are compared in FlickSDLTests.
        cards.usesCopies = false
        cards.usesCPUCompositing = false   // SDL's own path
        let a = try solid(RGBA(255, 128, 0), renderer: renderer)
        let b = try solid(RGBA(0, 128, 255), renderer: renderer)
        let list = (0..<4).map { i in
            CardAttributes(card: CardID(i), index: i, size: Size(width: 30, height: 50),
                           transform: AffineTransform(rotation: 0.2 * Double(i)).translatedBy(x: 30 + 20 * Double(i), y: 60),
                           alpha: 0.6 + 0.1 * Double(i), zIndex: Double(i))
        }
        let pick: (CardAttributes) -> Texture? = { $0.card.value.isMultiple(of: 2) ? a : b }
        try renderer.clear(.black)
        try cards.draw(list, scale: 1, texture: pick)
        #expect(cards.lastFrame.geometryCalls == 4)   // textures alternate
        let batched = try renderer.readPixels()

        let quads = BaselineQuad.make(list, scale: 1, texture: pick)
        #expect(quads.count == 4)
        try renderer.clear(.black)
        try BaselineQuad.draw(quads, on: renderer)
        let baseline = try renderer.readPixels()
        var differing = 0, lit = 0
        for y in 0..<120 {
            for x in 0..<120 {
                if baseline[x, y].maxChannelDifference(to: batched[x, y]) > 0 { differing += 1 }
                if baseline[x, y] != RGBA(0, 0, 0) { lit += 1 }
            }
        }
        #expect(differing == 0)
        #expect(lit > 2000, "the cards were not drawn")
    }
}
