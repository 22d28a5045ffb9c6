import CSDL2
import FlickEngine
import FlickSDL
@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// A headless replay of a recording with its end line ends its session at exactly the recorded
/// end, a throw still in flight or not: its log's quit line holds the live quit's time, and its
/// recording of the replay ends at the same time. An old recording (no end line) plays until the
/// scene is at rest, as before.
@MainActor
@Suite(.serialized) struct ReplayEndTests {
    /// Each test's own: tests run in parallel, a test's arguments too.
    let run = UUID().uuidString

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-replay-end-\(getpid())-\(run)-\(name)").path
    }

    static let header = RecordingHeader(
        format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current, session: "s1",
        started: "2026-11-23T10:00:00.000Z", demo: .stack, cardFolder: "/nonexistent-cards", bundledCards: false,
        cardFiles: [.init(name: "a.png", size: 10), .init(name: "b.png", size: 20)], count: 2,
        window: Size(width: 900, height: 700), stage: Size(width: 375, height: 667), stageCornerRadius: 0,
        config: SceneConfig(), look: SessionLook())

    /// A card drag: down at 0.5 s, 120 pt right in 0.06 s, up at 0.56 s; its card moves on after.
    static let fling: [RecordedInput] = (0...6).map { i in
        let t = 0.5 + Double(i) * 0.01
        let phase: PointerEvent.Phase = i == 0 ? .down : (i == 6 ? .up : .move)
        return RecordedInput(t: t, .pointer(PointerEvent(phase: phase, position: Point(x: 190 + Double(i) * 20, y: 330), time: t)))
    }

    /// Replays `recording` headless through the app, logging and recording; the log's lines.
    func replay(_ recording: String, record: String) throws -> [[String: Any]] {
        _ = AppTestSDL.context
        let logPath = temporaryPath("replay.jsonl")
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        let options = try AppOptions(WindowCommand.parse(["--headless", "--replay", recording, "--allow-missing-cards",
                                                          "--record", record, "--overwrite"]))
        let app = try App(options: options, sdl: AppTestSDL.context, log: InteractionLog(path: logPath, overwrite: true))
        try app.run()
        return try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func theReplaysQuitIsTheRecordedEnd() throws {
        let live = temporaryPath("live.rec"), again = temporaryPath("again.rec")
        defer { for p in [live, again] { try? FileManager.default.removeItem(atPath: p) } }
        let recorder = try Recorder(path: live, header: Self.header, overwrite: true)
        for input in Self.fling { try recorder.record(input) }
        try recorder.finish(at: 0.6234567)

        let lines = try replay(live, record: again)
        let quit = try #require(lines.last)
        #expect(quit["event"] as? String == "quit")
        #expect(quit["t"] as? Double == 0.623457, "the replay's quit at \(quit["t"] ?? "nil"), the live one at 0.623457")
        #expect(lines.contains { $0["event"] as? String == "gesture_ended" }, "\(lines.map { "\($0["event"] ?? "") \($0["outcome"] ?? "") \($0["t"] ?? "")" })")
        #expect(try Recording(path: again).end == 0.623457, "the replay's own recording ends where the live session did")
    }

    /// A replay in a window (the real frame loop on the wall clock, SDL's dummy video driver,
    /// `--speed 8`) closed 1.5 s after it started, 11 s of replay time after the quit recorded
    /// mid-throw: its session ended at the recorded quit, not when the window closed. The same
    /// quit time, events and recording end as the headless replay, and the scene stopped where
    /// the headless replay's last frame drew it, the card still springing back.
    @Test func aWindowReplayStopsAtTheRecordedEnd() throws {
        let live = temporaryPath("window-live.rec"), again = temporaryPath("window-again.rec")
        let headlessRecord = temporaryPath("window-headless.rec")
        let windowLog = temporaryPath("window.jsonl"), headlessLog = temporaryPath("window-headless.jsonl")
        defer { for p in [live, again, headlessRecord, windowLog, headlessLog] { try? FileManager.default.removeItem(atPath: p) } }
        let recorder = try Recorder(path: live, header: Self.header, overwrite: true)
        for input in Self.fling { try recorder.record(input) }
        try recorder.finish(at: 0.6234567)
        _ = AppTestSDL.context
        SDL_FlushEvents(0, UInt32.max)

        func run(_ extra: [String], log: String) throws -> (App, [[String: Any]]) {
            let options = try AppOptions(WindowCommand.parse(["--replay", live, "--allow-missing-cards", "--overwrite"] + extra))
            let app = try App(options: options, sdl: AppTestSDL.context, log: InteractionLog(path: log, overwrite: true))
            try app.run()
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            return (app, lines)
        }
        let (headless, headlessLines) = try run(["--headless", "--record", headlessRecord], log: headlessLog)
        // The window is closed from another thread, as the window manager would.
        Thread.detachNewThread {
            usleep(1_500_000)
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
        }
        defer { FramePriority.restore() }   // the window's frames raised this thread
        let (window, windowLines) = try run(["--speed", "8", "--no-vsync", "--record", again], log: windowLog)
        let quit = try #require(windowLines.last)
        #expect(quit["event"] as? String == "quit")
        #expect(quit["t"] as? Double == 0.623457, "the window replay's quit at \(quit["t"] ?? "nil"), the live one at 0.623457")
        #expect(window.scene.time == 0.623457, "the window's scene went on to \(window.scene.time)")
        #expect(!window.scene.isAtRest, "the card moving at the quit is still where it was")
        let events = { (lines: [[String: Any]]) in
            lines.filter { $0["event"] as? String != "started" }.map { line in
                line.keys.sorted().map { "\($0)=\(line[$0] ?? "")" }.joined(separator: " ")
            }
        }
        #expect(events(windowLines) == events(headlessLines), "window \(events(windowLines)) against headless \(events(headlessLines))")
        #expect(window.scene.renderList == headless.scene.renderList, "the window's last picture is the headless replay's")
        #expect(try Recording(path: again).end == 0.623457, "the window replay's own recording ends where the live session did")
    }

    @Test func anOldRecordingPlaysToRest() throws {
        let live = temporaryPath("old.rec"), again = temporaryPath("old-again.rec")
        defer { for p in [live, again] { try? FileManager.default.removeItem(atPath: p) } }
        let recorder = try Recorder(path: live, header: Self.header, overwrite: true)
        for input in Self.fling { try recorder.record(input) }
        try recorder.finish()

        let lines = try replay(live, record: again)
        let quit = try #require(lines.last)
        let t = try #require(quit["t"] as? Double)
        // The throw lands after the last input; the session ends on the first frame at rest.
        #expect(t > 0.65 && (t * 60 - (t * 60).rounded()).magnitude < 1e-3, "quit at \(t)")
    }
}
