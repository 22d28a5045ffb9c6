import FlickEngine
@testable import FlickSDL
import Testing

/// The middle of a shadow: skipped under an opaque card (no visible change), drawn as a plain
/// quad under a translucent one.
extension FlickSDLTests {
    @Test func shadowMiddleUnderOpaqueCardsIsSkippedWithoutChangingAPixel() throws {
        let renderer = try Renderer(offscreenWidth: 320, height: 200)
        let white = try solidTexture(.white, renderer: renderer)
        let size = Size(width: 60, height: 80)
        let list = [
            CardAttributes(card: CardID(0), index: 0, size: size,
                           transform: AffineTransform(translationX: 50, y: 100), alpha: 1, zIndex: 0),
            CardAttributes(card: CardID(1), index: 1, size: size,
                           transform: AffineTransform(rotation: 0.2).translatedBy(x: 120, y: 100), alpha: 1, zIndex: 1),
            CardAttributes(card: CardID(2), index: 2, size: size,
                           transform: AffineTransform(scaleX: 0.75, y: 0.75).translatedBy(x: 190, y: 100),
                           alpha: 1, zIndex: 2),
            CardAttributes(card: CardID(3), index: 3, size: size,
                           transform: AffineTransform(scaleX: 0.85, y: 1).translatedBy(x: 260, y: 110),
                           alpha: 1, zIndex: 3),
        ]
        let background = RGBA(200, 200, 200)
        let skipping = try CardRenderer(renderer: renderer, shadow: .init(opaqueCards: true))
        skipping.usesCopies = false   // counts geometry calls
        skipping.usesCPUCompositing = false   // SDL's own path
        try renderer.clear(background)
        try skipping.draw(list, scale: 1) { _ in white }
        let skipped = try renderer.readPixels()
        #expect(skipping.lastFrame.geometryCalls == 2, "no call for shadow middles")

        let full = try CardRenderer(renderer: renderer, shadow: .init(opaqueCards: false))
        full.usesCopies = false
        full.usesCPUCompositing = false   // SDL's own path
        try renderer.clear(background)
        try full.draw(list, scale: 1) { _ in white }
        #expect(full.lastFrame.geometryCalls == 3, "shadow middles, shadow rings, cards")
        let drawn = try renderer.readPixels()
        expectPixels(skipped, name: "shadow-middle-skipped", tolerance: 1) { x, y in drawn[x, y] }
    }

    @Test func shadowShowsThroughATranslucentCard() throws {
        let renderer = try Renderer(offscreenWidth: 160, height: 160)
        let white = try solidTexture(.white, renderer: renderer)
        let card = CardAttributes(card: CardID(0), index: 0, size: Size(width: 80, height: 80),
                                  transform: AffineTransform(translationX: 80, y: 80), alpha: 0.5, zIndex: 0)
        let background = RGBA(200, 200, 200)
        let cards = try CardRenderer(renderer: renderer)   // opacity 0.4, opaque cards assumed
        cards.usesCopies = false   // counts geometry calls
        cards.usesCPUCompositing = false   // SDL's own path
        try renderer.clear(background)
        try cards.draw([card], scale: 1) { _ in white }
        let pixels = try renderer.readPixels()
        #expect(cards.lastFrame.geometryCalls == 3)
        // Shadow at 0.4 × 0.5 over the background: 200 × 0.8 = 160; the card at 0.5 over it:
        // 0.5 × 255 + 0.5 × 160 ≈ 208 (228 without a shadow).
        let middle = pixels[80, 80]
        #expect(abs(Int(middle.r) - 208) <= 3, "\(middle); \(saveArtifact(pixels, name: "shadow-translucent"))")
    }

    /// Occlusion and copies change no pixel beyond sampling phase: overlapping axis-aligned
    /// cards (the switcher's kind: scaled, the left one translucent, the right ones opaque) with
    /// shadows, drawn with occlusion and SDL_RenderCopy, against every card and shadow drawn whole
    /// through SDL_RenderGeometry.
    @Test func occludedCopiesMatchWholeGeometry() throws {
        let renderer = try Renderer(offscreenWidth: 320, height: 200)
        let colours = [RGBA(220, 60, 60), RGBA(60, 200, 90), RGBA(70, 90, 230), RGBA(240, 200, 40)]
        let textures = try colours.map { try solidTexture($0, renderer: renderer) }
        let list = switcherLikeRow(y: 100.4)
        let background = RGBA(44, 50, 66)
        let fast = try CardRenderer(renderer: renderer)
        try renderer.clear(background)
        try fast.draw(list, scale: 1) { textures[$0.index] }
        let cut = try renderer.readPixels()
        #expect(fast.lastFrame.copies > 0)
        #expect(fast.lastFrame.occludedCards >= 3)

        let whole = try CardRenderer(renderer: renderer)
        whole.usesCopies = false
        whole.usesCPUCompositing = false   // SDL's own path
        whole.opaqueFaces = false
        try renderer.clear(background)
        try whole.draw(list, scale: 1) { textures[$0.index] }
        #expect(whole.lastFrame.copies == 0)
        #expect(fast.lastFrame.pixels < 0.9 * whole.lastFrame.pixels, "\(fast.lastFrame.pixels) of \(whole.lastFrame.pixels) px")
        let reference = try renderer.readPixels()
        // Solid faces: only the blurred shadow's sampling phase may differ, by a few levels.
        let bad = expectPixels(cut, name: "occluded-copies", tolerance: 8) { x, y in reference[x, y] }
        #expect(bad == 0)
    }
}

/// Four 90x130 cards in a row as the switcher lays them out: each a little larger and further
/// right than the last, the first translucent (0.6), centred at `y`.
func switcherLikeRow(y: Double) -> [CardAttributes] {
    (0..<4).map { i in
        CardAttributes(card: CardID(i), index: i, size: Size(width: 90, height: 130),
                       transform: AffineTransform(scaleX: 0.8 + 0.07 * Double(i), y: 0.8 + 0.07 * Double(i))
                           .translatedBy(x: 70 + 55.3 * Double(i), y: y),
                       alpha: i == 0 ? 0.6 : 1, zIndex: Double(i))
    }
}
