import FlickIO
import FlickEngine
import FlickSDL
import Foundation

/// How long after start every card on the stage shows its own face (no placeholder), for
/// one interaction, stage size and folder of images.
struct FacesResult: Codable {
    var interaction: String
    var size: String
    var cards: String
    var renderer: String
    /// From the first frame until the first frame in which no card drew a placeholder.
    var allShownMs: Double?
    /// Until every face had also faded in (nothing fading).
    var settledMs: Double?
    var frames: Int
    /// Frame times meanwhile, ms.
    var frameMedianMs: Double
    var frameWorstMs: Double
    var decodes: Int
}

/// Faces from a cold start: a fresh `CardFaces` (nothing decoded), a scene at rest filling a
/// window of the given size, frames drawn back to back with vsync off (the decoder's worst
/// case: the frames never leave it a gap), as the app draws them.
@MainActor
enum FacesBench {
    static let screenSize = (width: 1170, height: 2532)

    /// A folder of `count` phone screenshots at 1170x2532 (the bundled screens scaled up), made once.
    static func makeScreenshotFolder(_ folder: String, count: Int, from images: [CardImage],
                                     progress: (String) -> Void) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let existing = Set((try? fm.contentsOfDirectory(atPath: folder)) ?? [])
        for i in 0..<count {
            try stopPoint()
            let name = String(format: "screen-%02d.png", i)
            if existing.contains(name) { continue }
            if i == 0 { progress("faces: writing \(count) screenshots of \(screenSize.width)x\(screenSize.height) to \(folder)") }
            let source = try ImageLoader.loadSurface(path: images[i % images.count].path)
            let big = try source.resampled(width: screenSize.width, height: screenSize.height)
            let path = (folder as NSString).appendingPathComponent(name)
            try big.savePNG(to: path + ".tmp")
            try fm.moveItem(atPath: path + ".tmp", toPath: path)
        }
    }

    static func run(interaction: Interaction, size: Size, images: [CardImage], cardsName: String,
                    kind: FrameBench.Kind, hidden: Bool, timeout: Double = 10) throws -> FacesResult? {
        guard let (window, renderer) = try FrameBench.open(kind: kind, size: size, hidden: hidden) else { return nil }
        defer { withExtendedLifetime(window) {} }
        let scale = renderer.pixelScale
        let stage = Size(width: Double(renderer.outputSize.width) / scale, height: Double(renderer.outputSize.height) / scale)
        let faces = CardFaces(images: images, renderer: renderer, fontPath: BenchCards.fontPath())
        let cards = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        let scene = CardScene(interaction: interaction, count: max(40, images.count), viewport: stage, time: 0)
        var times: [Double] = []
        var shown: Double?, settled: Double?
        let start = PerformanceClock.now
        while PerformanceClock.now - start < timeout {
            try stopPoint()
            let t0 = PerformanceClock.now
            let t = t0 - start
            scene.advance(to: t)
            try renderer.clear(RGBA(44, 50, 66))
            let before = faces.statistics.placeholderDraws
            faces.prepare(scene.renderList, time: t, cardSize: scene.cardSize, scale: scale, stage: stage,
                          viewBound: scene.viewBound)
            try cards.draw(scene.renderList, scale: scale, background: RGBA(44, 50, 66)) { faces.face(for: $0) }
            renderer.present()
            faces.presented()
            let end = PerformanceClock.now
            times.append(end - t0)
            if shown == nil && faces.isComplete && faces.statistics.placeholderDraws == before { shown = end - start }
            if shown != nil && faces.isSettled { settled = end - start; break }
        }
        let p = Percentiles(times)
        return FacesResult(interaction: interaction.rawValue, size: "\(Int(size.width))x\(Int(size.height))",
                           cards: cardsName, renderer: renderer.name,
                           allShownMs: shown.map { $0 * 1000 }, settledMs: settled.map { $0 * 1000 },
                           frames: times.count, frameMedianMs: p.median * 1000,
                           frameWorstMs: (times.max() ?? .nan) * 1000, decodes: faces.statistics.decodes)
    }
}
