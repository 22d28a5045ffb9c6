import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// Draws a scene's phone screen into a rectangle of a renderer, as the app draws its stage
/// (cards through their faces, titles, rounded screen corners), without the side panels: the
/// pictures of the study tools (contact sheets, videos, compare panes).
@MainActor
final class StageView {
    let renderer: Renderer
    let faces: CardFaces
    let titles: CardTitles
    let cards: CardRenderer
    let corners = StageCorners()
    var cornerRadius: Double

    init(renderer: Renderer, cards source: CardSource, cornerRadius: Double) throws {
        self.renderer = renderer
        let font = Overlay.fontPath()
        faces = CardFaces(images: source.items, renderer: renderer, fontPath: font)
        titles = CardTitles(renderer: renderer, fontPath: font)
        cards = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        self.cornerRadius = cornerRadius
    }

    /// Draws `scene` fitted into `rect` (pixels), background `outside` around it; with `settle`
    /// every face is decoded first (frames that are saved must not depend on decoding speed).
    func draw(_ scene: CardScene, in rect: (x: Int, y: Int, w: Int, h: Int), outside: RGBA, settle: Bool) throws {
        let theme = Theme.of(scene.interaction)
        let fit = Stage(viewport: scene.viewport, window: Size(width: Double(rect.w), height: Double(rect.h)))
        let f = fit.frame
        let frame = (x: rect.x + Int(f.minX.rounded()), y: rect.y + Int(f.minY.rounded()),
                     w: Int(f.width.rounded()), h: Int(f.height.rounded()))
        try renderer.setViewport(x: rect.x, y: rect.y, width: rect.w, height: rect.h)
        try renderer.fill(x: 0, y: 0, width: Double(rect.w), height: Double(rect.h), color: outside)
        try renderer.setViewport(x: frame.x, y: frame.y, width: frame.w, height: frame.h)
        try renderer.fill(x: 0, y: 0, width: Double(frame.w), height: Double(frame.h), color: theme.stage)
        let scale = fit.scale
        let list = scene.renderList
        let prepare = {
            self.faces.prepare(list, time: scene.time, cardSize: scene.cardSize, scale: scale,
                               stage: scene.viewport, viewBound: scene.viewBound)
        }
        prepare()
        if settle {
            _ = faces.settle()
            prepare()
        }
        let titledIndex = scene.interaction == .stack ? scene.currentIndex : nil
        let images = faces.images
        try cards.draw(list, scale: scale) { [faces, titles] card in
            guard var face = faces.face(for: card) else { return nil }
            if let image = faces.imageIndex(of: card.card), titledIndex == nil || titledIndex == card.index {
                face.label = titles.label(images[image].title, on: card, scale: scale)
            }
            return face
        }
        _ = faces.takeProblems()
        try renderer.resetViewport()
        if cornerRadius > 0 {
            try corners.draw(on: renderer, frame: frame, radius: Int((cornerRadius * scale).rounded()), color: outside)
        }
    }

    /// Where a scene point lands in `rect` (pixels), as `draw` places the stage.
    static func pixel(of p: Point, viewport: Size, in rect: (x: Int, y: Int, w: Int, h: Int)) -> Point {
        let fit = Stage(viewport: viewport, window: Size(width: Double(rect.w), height: Double(rect.h)))
        let f = fit.frame
        return Point(x: Double(rect.x) + f.minX.rounded() + p.x * fit.scale, y: Double(rect.y) + f.minY.rounded() + p.y * fit.scale)
    }
}

/// Frames of replays at chosen moments: the contact sheets of the report and of compare.
@MainActor
enum ContactSheet {
    /// The key moments of a session: just after each throw and each page (at most `limit`).
    static func keyMoments(_ metrics: SessionMetrics, limit: Int = 24) -> [(t: Double, caption: String)] {
        var moments: [(Double, String)] = metrics.gestures.filter { $0.outcome == .thrown }.map {
            ($0.end + 0.12, String(format: "throw %.2f s", $0.end))
        }
        moments += metrics.pages.map { ($0.t, String(format: "page %d→%d %.2f s", $0.from, $0.to, $0.t)) }
        moments.sort { $0.0 < $1.0 }
        if moments.count > limit {
            let step = Double(moments.count) / Double(limit)
            moments = (0..<limit).map { moments[Int(Double($0) * step)] }
        }
        return moments
    }

    /// Replays `recording` (under `config` when given) and draws one frame at each of `times`
    /// (ascending, session seconds) into cells `cell` big; calls `take` after each frame with
    /// the renderer holding it at (0, 0).
    static func frames(of recording: Recording, config: SceneConfig?, cards: CardSource, cornerRadius: Double,
                       times: [Double], cell: (w: Int, h: Int), background: RGBA = RGBA(248, 249, 250),
                       take: (Renderer, Int) throws -> Void) throws {
        guard let replay = HeadlessReplay(recording, config: config) else { return }
        let renderer = try Renderer(offscreenWidth: cell.w, height: cell.h)
        let view = try StageView(renderer: renderer, cards: cards, cornerRadius: cornerRadius)
        var frame = 0
        for (i, t) in times.enumerated() {
            // The 60 Hz grid of a headless replay, up to the moment itself.
            while Double(frame) / 60 < t { replay.advance(to: Double(frame) / 60); frame += 1 }
            replay.advance(to: t)
            try renderer.clear(background)
            try view.draw(replay.scene, in: (0, 0, cell.w, cell.h), outside: background, settle: true)
            try take(renderer, i)
        }
    }

    /// PNG thumbnails of a session's key moments (empty without a recording).
    static func thumbnails(_ metrics: SessionMetrics, config: SceneConfig? = nil, cards: CardSource,
                           cornerRadius: Double, width: Int = 150) throws -> [Thumbnail] {
        guard let recording = metrics.session.recording else { return [] }
        let moments = keyMoments(metrics)
        guard !moments.isEmpty else { return [] }
        let v = metrics.session.viewport
        let cell = (w: width, h: Int((Double(width) * v.height / v.width).rounded()))
        var out: [Thumbnail] = []
        let temp = NSTemporaryDirectory() + "flick-thumb-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try frames(of: recording, config: config, cards: cards, cornerRadius: cornerRadius,
                   times: moments.map(\.t), cell: cell) { renderer, i in
            try renderer.savePNG(to: temp)
            let data = try Data(contentsOf: URL(fileURLWithPath: temp))
            out.append(Thumbnail(t: moments[i].t, caption: moments[i].caption, png: data))
        }
        return out
    }
}
