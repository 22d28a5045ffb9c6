import FlickSession
import FlickIO
import FlickEngine
import FlickSDL
import FlickApp
import Foundation

/// Per-frame times of one interaction on one renderer, seconds.
struct FrameSamples {
    /// scene.advance + CardRenderer.draw with shadows (what the app draws).
    var flick: [Double] = []
    /// The same without shadows: the same cards as the baseline draws.
    var flickNoShadow: [Double] = []
    /// drawBaseline of vertices precomputed before timing.
    var baseline: [Double] = []
    /// The window's own frame (`AppFrames`: surround, stage, cards, shadows, titles, stamps, tool UI), HUD off and on.
    var app: [Double] = []
    var appHUD: [Double] = []
}

/// Median and p99 (nearest rank) of a set of samples, in the samples' unit.
struct Percentiles: Codable {
    var median: Double
    var p99: Double
    var count: Int

    init(_ samples: [Double]) {
        let s = samples.sorted()
        count = s.count
        guard !s.isEmpty else { median = .nan; p99 = .nan; return }
        median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        p99 = nearestRank(s, 0.99)
    }
}

/// Frame-time percentiles in milliseconds, as written to the JSON report.
struct FrameTimeMs: Codable {
    var medianMs: Double
    var p99Ms: Double
    var frames: Int

    /// From per-frame times in seconds.
    init(seconds samples: [Double]) {
        let p = Percentiles(samples)
        medianMs = p.median * 1000
        p99Ms = p.p99 * 1000
        frames = p.count
    }
}

/// What one session did, to show that the script really drags, flings, throws and undoes.
struct SessionSummary: Codable {
    var frames = 0
    var gestures = 0
    var thrown = 0
    var restored = 0
    var snappedBack = 0
    var paged = 0
    var deleted = 0
    var meanCardsDrawn = 0.0
    var maxCardsDrawn = 0

    mutating func count(_ events: [SceneEvent]) {
        for e in events {
            switch e {
            case .gestureEnded(_, _, _, _, let outcome, _):
                gestures += 1
                if outcome == .thrown { thrown += 1 }
            case .restored: restored += 1
            case .snappedBack: snappedBack += 1
            case .paged: paged += 1
            case .deleted: deleted += 1
            default: break
            }
        }
    }

    var description: String {
        "\(frames) frames, \(gestures) gestures, \(thrown) thrown, \(deleted) deleted, \(restored) restored, "
            + "\(snappedBack) snapped back, \(paged) paged; "
            + String(format: "%.1f cards/frame (max %d)", meanCardsDrawn, maxCardsDrawn)
    }
}

/// Times frames of scripted sessions on one window + renderer: the app's path (scene advance +
/// `CardRenderer.draw` of the render list, real card faces, no overlay) against a baseline that
/// draws the same quads with the same textures straight through SDL from vertices computed
/// before the clock starts. Every timed frame is clear + draw + `finish()` (one pixel read back,
/// so a GPU renderer has really drawn it); present comes after the clock stops. The variants
/// are interleaved frame by frame, so load on the machine hits them alike, in the orders of a
/// balanced Latin square (`FrameOrder`): each follows every other equally often, so none is
/// timed more often right after a frame that drew its textures (warm in the caches).
@MainActor
final class FrameBench {
    let renderer: Renderer
    let window: Window
    let faces: CardFaces
    let withShadows: CardRenderer
    let withoutShadows: CardRenderer
    let background = RGBA(44, 50, 66)
    /// Saves a few flick frames of the first timed pass here (after their clock stops), to look at.
    var snapshotFolder: String?

    init(window: Window, renderer: Renderer, images: [CardImage]) throws {
        self.window = window
        self.renderer = renderer
        faces = CardFaces(images: images, renderer: renderer, fontPath: BenchCards.fontPath())
        withShadows = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        withoutShadows = try CardRenderer(renderer: renderer, shadow: nil, cornerRadius: CardFaces.cornerRadiusPoints)
    }

    var scale: Double { renderer.pixelScale }

    private func texture(_ card: CardAttributes) -> Texture? { faces.face(for: card)?.texture }

    /// The faces of `scene`'s cards through their slots, every one made (waiting for the
    /// decoder if needed: after the untimed pass every face is in the cache, so timed frames
    /// only refill slots, as the app does).
    private func prepareFaces(_ scene: CardScene) {
        let stage = Size(width: Double(renderer.outputSize.width) / scale, height: Double(renderer.outputSize.height) / scale)
        faces.prepare(scene.renderList, time: scene.time, cardSize: scene.cardSize, scale: scale, stage: stage,
                      viewBound: scene.viewBound)
        if !faces.isComplete {
            faces.settle()
            faces.prepare(scene.renderList, time: scene.time, cardSize: scene.cardSize, scale: scale, stage: stage,
                          viewBound: scene.viewBound)
        }
    }

    /// Plays `session` once without timing: the baseline's quads for every frame (this also
    /// makes every card face the session needs) and a summary of what happened.
    func precompute(_ session: BenchSession) throws -> ([[BaselineQuad]], SessionSummary) {
        let run = session.makeSession()
        let scene = run.scene
        var cursor = 0
        var summary = SessionSummary()
        summary.frames = session.frames
        var quads: [[BaselineQuad]] = []
        quads.reserveCapacity(session.frames)
        var drawn = 0
        for i in 0..<session.frames {
            try stopPoint()
            summary.count(session.play(frame: i, into: run, cursor: &cursor))
            prepareFaces(scene)
            let q = BaselineQuad.make(scene.renderList, scale: scale) { [unowned self] in self.texture($0) }
            drawn += q.count
            summary.maxCardsDrawn = max(summary.maxCardsDrawn, q.count)
            quads.append(q)
        }
        summary.meanCardsDrawn = Double(drawn) / Double(max(1, session.frames))
        return (quads, summary)
    }

    /// One frame of the app's path on `scene`; returns its duration.
    private func flickFrame(_ session: BenchSession, _ i: Int, run: SessionRunner, cursor: inout Int,
                            cards: CardRenderer, snapshot: String? = nil) throws -> Double {
        let start = PerformanceClock.now
        session.play(frame: i, into: run, cursor: &cursor)
        let scene = run.scene
        try renderer.clear(background)
        prepareFaces(scene)
        try cards.draw(scene.renderList, scale: scale, background: background) { [faces] in faces.face(for: $0) }
        renderer.finish()
        let end = PerformanceClock.now
        if let folder = snapshot, i % 150 == 75 {
            let name = "\(session.interaction.rawValue)-\(renderer.name)-\(i).png"
            let path = (folder as NSString).appendingPathComponent(name)
            try AtomicFile.writePNG(to: path, what: "the snapshot") { try renderer.savePNG(to: $0) }
        }
        renderer.present()
        faces.presented()
        return end - start
    }

    /// One baseline frame from precomputed quads; returns its duration.
    private func baselineFrame(_ quads: [BaselineQuad]) throws -> Double {
        let start = PerformanceClock.now
        try renderer.clear(background)
        try BaselineQuad.draw(quads, on: renderer)
        renderer.finish()
        let end = PerformanceClock.now
        renderer.present()
        return end - start
    }

    /// The window's frames of `session` (HUD off, and on): the same scene filling the window
    /// (`--stage window`), the same cards, vsync off as for the others (the present is not
    /// timed, but GL's vsync would make each present wait a refresh); one untimed pass makes
    /// every face they need.
    func makeApps(_ session: BenchSession, sdl: SDLContext, cardsFolder: String) throws -> [AppFrames] {
        let size = "\(Int(session.viewport.width))x\(Int(session.viewport.height))"
        let arguments = ["--demo", session.interaction.rawValue, "--size", size, "--stage", "window",
                         "--count", "\(session.cardCount)", "--cards", cardsFolder, "--no-vsync"]
        let apps = try [false, true].map {
            try AppFrames(arguments: arguments, software: renderer.isSoftware, hud: $0, sdl: sdl)
        }
        for app in apps {
            var cursor = 0
            for i in 0..<session.frames {
                try stopPoint()
                _ = try app.frame(i, inputs: session.due(frame: i, cursor: &cursor))
            }
        }
        return apps
    }

    /// Plays `session` `repeats` times (after a short untimed warm-up) and returns every frame's times.
    func measure(_ session: BenchSession, quads: [[BaselineQuad]], apps: [AppFrames], repeats: Int,
                 warmupFrames: Int = 90) throws -> FrameSamples {
        var samples = FrameSamples()
        let order = FrameOrder(variants: 3 + apps.count)
        for pass in 0...repeats {
            let timed = pass > 0
            let frames = timed ? session.frames : min(warmupFrames, session.frames)
            let a = session.makeSession(), b = session.makeSession()
            var cursorA = 0, cursorB = 0
            var appCursors = [Int](repeating: 0, count: apps.count)
            for app in apps { app.restart() }
            for i in 0..<frames {
                try stopPoint()
                for v in order.row(i + pass * frames) {
                    switch v {
                    case 0:
                        let t = try flickFrame(session, i, run: a, cursor: &cursorA, cards: withShadows,
                                               snapshot: pass == 1 ? snapshotFolder : nil)
                        if timed { samples.flick.append(t) }
                    case 1:
                        let t = try flickFrame(session, i, run: b, cursor: &cursorB, cards: withoutShadows)
                        if timed { samples.flickNoShadow.append(t) }
                    case 2:
                        let t = try baselineFrame(quads[i])
                        if timed { samples.baseline.append(t) }
                    case let v:
                        let n = v - 3
                        let t = try apps[n].frame(i, inputs: session.due(frame: i, cursor: &appCursors[n]))
                        if timed {
                            if n == 0 { samples.app.append(t) } else { samples.appHUD.append(t) }
                        }
                    }
                }
            }
        }
        return samples
    }
}

/// The orders in which one frame's variants run: the rows of a Williams design (a balanced
/// Latin square, and its mirror for an odd count). Over its rows each variant runs in each
/// place equally often and right after each other variant equally often. A plain rotation
/// (0 1 2 3 4, 1 2 3 4 0, ...) would put the baseline always right after the no-shadow frame
/// of the same cards, its textures just read, and time it faster for that alone.
struct FrameOrder {
    let rows: [[Int]]

    init(variants n: Int) {
        guard n > 1 else { rows = [Array(0..<max(0, n))]; return }
        // 0, 1, n-1, 2, n-2, ...: consecutive differences run through every step once.
        let first = (0..<n).map { k in k == 0 ? 0 : (k % 2 == 1 ? (k + 1) / 2 : n - k / 2) }
        let square = (0..<n).map { j in first.map { ($0 + j) % n } }
        rows = n % 2 == 0 ? square : square + square.map { Array($0.reversed()) }
    }

    /// The order of the `i`th frame.
    func row(_ i: Int) -> [Int] { rows[((i % rows.count) + rows.count) % rows.count] }
}

extension BenchSession {
    /// Frame `i`'s inputs as the window records them (advancing `cursor`).
    func due(frame i: Int, cursor: inout Int) -> [RecordedInput] {
        let range = inputRange(forFrame: i, from: cursor)
        cursor = range.upperBound
        return inputs[range].map { RecordedInput($0) }
    }
}

/// The figures of one interaction on one renderer.
struct FrameResult: Codable {
    var interaction: String
    /// The window, "WxH" pixels.
    var size: String
    var renderer: String
    var rendererKind: String
    var flick: FrameTimeMs
    var flickNoShadow: FrameTimeMs
    var baseline: FrameTimeMs
    /// The window's own frame (`AppFrames`), HUD off and on (nil in reports from before).
    var app: FrameTimeMs?
    var appHUD: FrameTimeMs?
    /// Median flick (no shadows) over median baseline: the same cards drawn both ways.
    var ratio: Double
    /// Median flick with shadows over median baseline (shadows are work the baseline skips).
    var ratioWithShadows: Double
    var p99Ratio: Double
    var session: SessionSummary

    /// The frame the budgets hold: the window's own where measured.
    var budgeted: FrameTimeMs { app ?? flick }
}

extension FrameBench {
    enum Kind: String { case software, accelerated }

    /// Opens a window (hidden on the dummy driver) and a renderer of `kind` with vsync off;
    /// nil when an accelerated renderer was asked for and only software exists.
    static func open(kind: Kind, size: Size, hidden: Bool) throws -> (Window, Renderer)? {
        let window = try Window(title: "flick bench (\(kind.rawValue))", size: size,
                                options: Window.Options(resizable: false, allowHighDPI: true, hidden: hidden))
        let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: kind == .software,
                                                                              vsync: false, raisesFrameThread: true,
                                                                              keepsSoftwareGL: kind == .accelerated))
        if kind == .accelerated && renderer.isSoftware { return nil }
        return (window, renderer)
    }

    /// Every session on a fresh window + renderer of `kind`.
    /// Each session's figures go to `record` as soon as they are measured (a stop keeps them).
    static func run(kind: Kind, sessions: [BenchSession], images: [CardImage], cardsFolder: String, sdl: SDLContext,
                    size: Size, hidden: Bool, repeats: Int, snapshots: String?, progress: (String) -> Void,
                    record: (FrameResult) -> Void) throws -> Bool {
        guard let (window, renderer) = try open(kind: kind, size: size, hidden: hidden) else { return false }
        let bench = try FrameBench(window: window, renderer: renderer, images: images)
        bench.snapshotFolder = snapshots
        for session in sessions {
            let (quads, summary) = try bench.precompute(session)
            progress("\(kind.rawValue) (\(renderer.name)) \(session.interaction.rawValue): \(summary.description)")
            let apps = try bench.makeApps(session, sdl: sdl, cardsFolder: cardsFolder)
            let s = try bench.measure(session, quads: quads, apps: apps, repeats: repeats)
            let f = FrameTimeMs(seconds: s.flick), n = FrameTimeMs(seconds: s.flickNoShadow)
            let b = FrameTimeMs(seconds: s.baseline)
            record(FrameResult(interaction: session.interaction.rawValue,
                               size: "\(Int(size.width))x\(Int(size.height))", renderer: renderer.name,
                               rendererKind: kind.rawValue, flick: f, flickNoShadow: n, baseline: b,
                               app: FrameTimeMs(seconds: s.app), appHUD: FrameTimeMs(seconds: s.appHUD),
                               ratio: n.medianMs / b.medianMs, ratioWithShadows: f.medianMs / b.medianMs,
                               p99Ratio: n.p99Ms / b.p99Ms, session: summary))
        }
        return true
    }
}
