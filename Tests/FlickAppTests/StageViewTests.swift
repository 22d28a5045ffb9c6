import FlickStage
import FlickIO
import FlickEngine
import FlickSDL
@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// The one stage renderer, in pixels: the look decides them (fit letterboxes a landscape image in
/// the card background, fill covers the card with it; titles draw a label), and a replay's
/// stage for a recording draws in the recorded look.
@MainActor
@Suite(.serialized) struct StageViewTests {
    static let background = RGBA(18, 200, 86)

    /// The now list's current card with docs/fit-cards/02-landscape.png (1920x1080) on it, drawn
    /// at 1:1 into 390x844 pixels; returns the pixels and the card's rectangle in them.
    func render(_ look: SessionLook) throws -> (PixelBuffer, Rect) {
        _ = AppTestSDL.context
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
        let image = CardImage(path: root + "/docs/fit-cards/02-landscape.png", title: nil)
        let renderer = try Renderer(offscreenWidth: 390, height: 844)
        let font = StageFont.path()
        let view = try StageView(renderer: renderer,
                                 faces: CardFaces(images: look.titled([image]), renderer: renderer, fontPath: font, style: look.style),
                                 titles: CardTitles(renderer: renderer, fontPath: font), cornerRadius: 0)
        let scene = CardScene(interaction: .now, count: 1, viewport: Size(width: 390, height: 844), time: 0)
        scene.advance(to: 0)
        let area = Size(width: 390, height: 844)
        try view.draw(scene, stage: Stage(viewport: area, window: area, margin: 0), area: area, outside: RGBA(0, 0, 0), settle: true)
        let card = try #require(scene.renderList.first)
        let (a, _, c, _) = card.transform.apply(toCornersOf: Rect(x: -card.size.width / 2, y: -card.size.height / 2,
                                                                   width: card.size.width, height: card.size.height))
        let rect = Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
        return (try renderer.readPixels(), rect)
    }

    func near(_ p: RGBA, _ q: RGBA, _ tolerance: Int = 6) -> Bool {
        abs(Int(p.r) - Int(q.r)) <= tolerance && abs(Int(p.g) - Int(q.g)) <= tolerance && abs(Int(p.b) - Int(q.b)) <= tolerance
    }

    /// Share of the pixels on a horizontal line through the card's top eighth that are the card
    /// background (fit: the letterbox bar above a landscape image; fill: none).
    func backgroundShare(_ pixels: PixelBuffer, _ card: Rect) -> Double {
        let y = Int(card.minY + card.height / 16)
        let xs = Array(Int(card.minX + 20)..<Int(card.maxX - 20))
        return Double(xs.filter { near(pixels[$0, y], Self.background) }.count) / Double(xs.count)
    }

    /// The surround is the area outside the stage, each pixel in exactly one strip.
    @Test func surroundStripsCoverTheAreaOutsideTheStageOnce() {
        let cases: [((x: Int, y: Int, w: Int, h: Int), (w: Int, h: Int), Int)] = [
            ((445, 0, 390, 800), (1280, 800), 2),      // a phone in a wide window: left and right
            ((0, 100, 1280, 600), (1280, 800), 2),     // letterboxed: above and below
            ((100, 50, 300, 200), (640, 480), 4),      // inside: all four
            ((0, 0, 640, 480), (640, 480), 0),         // fills the area
            ((-20, -10, 700, 500), (640, 480), 0),     // larger than the area
            ((600, 400, 100, 100), (640, 480), 2),     // past the corner: above and left
        ]
        for (stage, area, count) in cases {
            let strips = StageView.surround(stage: stage, area: area)
            #expect(strips.count == count, "\(stage) in \(area)")
            var hits = [Int](repeating: 0, count: area.w * area.h)
            for s in strips {
                #expect(s.x >= 0 && s.y >= 0 && s.x + s.w <= area.w && s.y + s.h <= area.h)
                for y in s.y..<(s.y + s.h) { for x in s.x..<(s.x + s.w) { hits[y * area.w + x] += 1 } }
            }
            for y in 0..<area.h {
                for x in 0..<area.w {
                    let inStage = x >= stage.x && x < stage.x + stage.w && y >= stage.y && y < stage.y + stage.h
                    if hits[y * area.w + x] != (inStage ? 0 : 1) {
                        Issue.record("\(stage) in \(area): pixel \(x),\(y) filled \(hits[y * area.w + x]) times")
                        return
                    }
                }
            }
        }
    }

    @Test func fitLetterboxesAndFillCovers() throws {
        let (fit, card) = try render(SessionLook(fit: .fit, background: Self.background))
        let (fill, _) = try render(SessionLook(fit: .fill, background: Self.background))
        #expect(card.width > 200 && card.height > 200)
        #expect(backgroundShare(fit, card) > 0.95, "fit: the bar above the image is the card background")
        #expect(backgroundShare(fill, card) < 0.05, "fill: the image covers the card")
    }

    @Test func titlesDrawALabelOnlyWhenAsked() throws {
        let (plain, card) = try render(SessionLook(fit: .fill, background: Self.background, titles: .none))
        let (titled, _) = try render(SessionLook(fit: .fill, background: Self.background, titles: .name))
        var changed = 0
        for y in Int(card.minY)..<Int(card.maxY) {
            for x in Int(card.minX)..<Int(card.maxX) where !near(plain[x, y], titled[x, y], 24) { changed += 1 }
        }
        // The file-name label: a pill of text near the card's bottom, a few thousand pixels.
        #expect(changed > 300, "titles name changed \(changed) pixels")
        #expect(Double(changed) < 0.2 * card.width * card.height)
    }
}
