import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// The one stage renderer: draws a scene's phone screen as the participant saw it (cards through
/// their faces in the session's look, titles, the interaction's stamps, rounded screen corners)
/// into a rectangle of any renderer. The window draws its stage through it, and so do the study
/// tools' pictures (replays, contact sheets, videos, compare panes), so they cannot drift apart.
@MainActor
final class StageView {
    let renderer: Renderer
    let faces: CardFaces
    let titles: CardTitles
    let cards: CardRenderer
    let corners = StageCorners()
    /// The screen's corner radius, points (0: square, as a stage that fills the window).
    var cornerRadius: Double

    /// A stage with faces and titles of its own (the window's, or a study tool's).
    init(renderer: Renderer, faces: CardFaces, titles: CardTitles, cornerRadius: Double) throws {
        self.renderer = renderer
        self.faces = faces
        self.titles = titles
        cards = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        self.cornerRadius = cornerRadius
    }

    /// A study tool's stage for a recording: its cards in its recorded look and corners.
    convenience init(renderer: Renderer, cards source: CardSource, header: RecordingHeader) throws {
        let font = Overlay.fontPath()
        let look = header.drawnLook
        try self.init(renderer: renderer,
                      faces: CardFaces(images: look.titled(source.items), renderer: renderer, fontPath: font, style: look.style),
                      titles: CardTitles(renderer: renderer, fontPath: font), cornerRadius: header.drawnCornerRadius)
    }

    /// Draws `scene` (its render list, or `list` when given) on `stage`, a stage laid out in an
    /// area of `area` points whose top left is pixel `origin`; `pixelScale` pixels a point. The
    /// area is filled with `outside` first, `onStage(scale)` draws over the cards (the touch
    /// dot), and with `settle` every face is made first (frames that are saved must not depend
    /// on decoding speed). Returns the faces' problems (images that could not be decoded).
    @discardableResult
    func draw(_ scene: CardScene, list: [CardAttributes]? = nil, stage: Stage, area: Size, origin: (x: Int, y: Int) = (0, 0),
              pixelScale px: Double = 1, outside: RGBA, settle: Bool,
              onStage: ((Double) throws -> Void)? = nil) throws -> [CardImageProblem] {
        let theme = Theme.of(scene.interaction)
        let f = stage.frame
        let frame = (x: origin.x + Int((f.minX * px).rounded()), y: origin.y + Int((f.minY * px).rounded()),
                     w: Int((f.width * px).rounded()), h: Int((f.height * px).rounded()))
        try renderer.setViewport(x: origin.x, y: origin.y, width: Int((area.width * px).rounded()), height: Int((area.height * px).rounded()))
        try renderer.fill(x: 0, y: 0, width: area.width * px, height: area.height * px, color: outside)
        try renderer.setViewport(x: frame.x, y: frame.y, width: frame.w, height: frame.h)
        try renderer.fill(x: 0, y: 0, width: Double(frame.w), height: Double(frame.h), color: theme.stage)
        let scale = stage.scale * px
        let list = list ?? scene.renderList
        let prepare = {
            self.faces.prepare(list, time: scene.time, cardSize: scene.cardSize, scale: scale,
                               stage: scene.viewport, viewBound: scene.viewBound)
        }
        prepare()
        if settle {   // every face made and faded in, however fast the machine decodes
            _ = faces.settle()
            prepare()
        }
        // In the stacks only the front card carries its title; elsewhere every card does.
        let titledIndex = scene.scrollDirection == nil ? scene.currentIndex : nil
        let images = faces.images
        try cards.draw(list, scale: scale) { [faces, titles] card in
            guard var face = faces.face(for: card) else { return nil }
            if let image = faces.imageIndex(of: card.card), titledIndex == nil || titledIndex == card.index {
                face.label = titles.label(images[image].title, on: card, scale: scale)
            }
            return face
        }
        try titles.stamps.draw(scene: scene, list: list, scale: scale)
        try onStage?(scale)
        try renderer.resetViewport()
        if cornerRadius > 0 {
            try corners.draw(on: renderer, frame: frame, radius: Int((cornerRadius * scale).rounded()), color: outside)
        }
        return faces.takeProblems()
    }

    /// Draws `scene` fitted into `rect` (pixels) as a study tool shows it.
    func draw(_ scene: CardScene, in rect: (x: Int, y: Int, w: Int, h: Int), outside: RGBA, settle: Bool) throws {
        let area = Size(width: Double(rect.w), height: Double(rect.h))
        try draw(scene, stage: Stage(viewport: scene.viewport, window: area), area: area, origin: (rect.x, rect.y),
                 outside: outside, settle: settle)
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
    static func frames(of recording: Recording, config: SceneConfig?, cards: CardSource,
                       times: [Double], cell: (w: Int, h: Int), background: RGBA = RGBA(248, 249, 250),
                       take: (Renderer, Int) throws -> Void) throws {
        guard let replay = HeadlessReplay(recording, config: config), let header = recording.header else { return }
        let renderer = try Renderer(offscreenWidth: cell.w, height: cell.h)
        let view = try StageView(renderer: renderer, cards: cards, header: header)
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
                           width: Int = 150) throws -> [Thumbnail] {
        guard let recording = metrics.session.recording else { return [] }
        let moments = keyMoments(metrics)
        guard !moments.isEmpty else { return [] }
        let v = metrics.session.viewport
        let cell = (w: width, h: Int((Double(width) * v.height / v.width).rounded()))
        var out: [Thumbnail] = []
        let temp = NSTemporaryDirectory() + "flick-thumb-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try frames(of: recording, config: config, cards: cards,
                   times: moments.map(\.t), cell: cell) { renderer, i in
            try renderer.savePNG(to: temp)
            let data = try Data(contentsOf: URL(fileURLWithPath: temp))
            out.append(Thumbnail(t: moments[i].t, caption: moments[i].caption, png: data))
        }
        return out
    }
}
