import FlickEngine
import FlickFrontEnd
import FlickEngineTesting
import FlickIO
import FlickSDL
import FlickSession
import FlickSessionTesting
import Foundation

/// Goal 7's headless replay without frames: a scripted session of a few minutes is recorded
/// through the package API (`Recorder`, the window's writer), then replayed without drawing
/// through the session core alone (`HeadlessReplay` to its end line, as the study tools replay)
/// and by `flick study REC --out DIR` as a whole process (start-up, reading, replaying, the
/// page and the tables), `rounds` times each, in turn.
struct ReplayResult: Codable {
    /// Where the recording was written (`--replay-recording`), or "a temporary file".
    var recording: String
    /// The session's length: its end line (the quit), seconds.
    var sessionSeconds: Double
    var inputs: Int
    /// Gestures the script wrote (taps, drags, flings, holds): the replay's study counts as many.
    var gestures: Int
    /// Gestures `flick study` counted in the recording (gestures.csv's rows).
    var studyGestures: Int
    /// Session-core replays: reading the file, replaying to its end line, finishing, ms per round.
    var replayMs: [Double]
    /// `flick study REC --out DIR`, the whole process, ms per round.
    var studyMs: [Double]
    /// Session seconds per wall second at the medians.
    var replayTimesRealTime: Double
    var studyTimesRealTime: Double
}

enum ReplayBench {
    /// The interactions the script plays in turn, each its own scripted demo.
    static let interactions: [Interaction] = [.switcher, .stack, .swipe, .now, .carousel]
    static let viewport = Size(width: 390, height: 844)

    /// A session of `seconds`: each interaction's scripted demo (its face's, `InteractionFaces`: drags,
    /// flings, throws, undos; mouse samples 8 ms apart) after a switch to it, a second apart, in
    /// turn until the next demo would not end a second before `seconds`; the session ends
    /// (its end line) at `seconds`. Returns the steps and how many gestures they hold.
    static func script(seconds: Double) -> (steps: [GestureScript.Step], gestures: Int) {
        var s = GestureScript(start: 500, step: 8)
        s.device = .mouse
        var turn = 0
        while true {
            let interaction = interactions[turn % interactions.count]
            var trial = s
            trial.interaction(interaction)
            trial.wait(0.3)
            trial.play(InteractionFaces.of(interaction).demo(viewport))
            trial.wait(1.0)
            guard trial.time <= seconds - 1 else { break }
            s = trial
            turn += 1
        }
        return (s.steps, s.gestureCount)
    }

    /// Writes the scripted session of `seconds` to `path` as `flick --record` does (a header
    /// for `cardsFolder`'s pictures, one line an input, the end line at `seconds`).
    static func writeRecording(to path: String, seconds: Double, cardsFolder: String) throws -> (inputs: Int, gestures: Int) {
        let (steps, gestures) = script(seconds: seconds)
        let cards = try CardSource(folder: cardsFolder)
        let header = RecordingHeader(
            format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
            session: "00000000-0000-0000-0000-00000000b007", started: "2026-11-27T12:00:00.000Z",
            participant: "bench", task: "goal 7", demo: interactions[0],
            cardFolder: URL(fileURLWithPath: cardsFolder).standardizedFileURL.path, bundledCards: false,
            cardFiles: RecordingHeader.cardFiles(of: cards), count: 14, window: viewport, stage: viewport,
            stageCornerRadius: 0, config: SceneConfig(), look: SessionLook())
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for step in steps { try recorder.record(RecordedInput(step)) }
        try recorder.finish(at: seconds)
        return (steps.count, gestures)
    }

    static func run(seconds: Double, rounds: Int, cardsFolder: String, keep: String?,
                    progress: (String) -> Void) throws -> ReplayResult {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("flick-bench-replay-\(getpid())")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = keep ?? (folder as NSString).appendingPathComponent("session.rec")
        let (inputs, gestures) = try writeRecording(to: path, seconds: seconds, cardsFolder: cardsFolder)
        progress(String(format: "replay: %.0f s session, %d inputs, %d gestures in %@", seconds, inputs, gestures, path))
        var replayMs: [Double] = [], studyMs: [Double] = []
        var studyGestures = 0
        let out = (folder as NSString).appendingPathComponent("study")
        for _ in 0..<rounds {
            try stopPoint()
            let start = PerformanceClock.now
            let recording = try Recording(path: path)
            guard let replay = HeadlessReplay(recording) else { throw UserError("'\(path)' has no header") }
            replay.runToEnd()
            replay.finish()
            replayMs.append((PerformanceClock.now - start) * 1000)
            try stopPoint()
            let launched = PerformanceClock.now
            let child = try runChild(executable: BenchCards.appPath(), arguments: ["study", path, "--out", out],
                                     environment: [:], timeout: 300)
            let took = PerformanceClock.now - launched
            guard child.status == 0 else {
                throw UserError("flick study \(path) failed (exit \(child.status)): "
                                + (child.stderr.split(separator: "\n").last.map(String.init) ?? "no message"))
            }
            studyMs.append(took * 1000)
            studyGestures = try gestureRows(in: (out as NSString).appendingPathComponent("gestures.csv"))
        }
        let replayMedian = Percentiles(replayMs.map { $0 / 1000 }).median
        let studyMedian = Percentiles(studyMs.map { $0 / 1000 }).median
        return ReplayResult(recording: keep ?? "a temporary file", sessionSeconds: seconds, inputs: inputs,
                            gestures: gestures, studyGestures: studyGestures, replayMs: replayMs, studyMs: studyMs,
                            replayTimesRealTime: seconds / replayMedian, studyTimesRealTime: seconds / studyMedian)
    }

    /// The data rows of a CSV file (its lines after the header).
    static func gestureRows(in path: String) throws -> Int {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw UserError("flick study wrote no readable '\(path)': \(error.localizedDescription)")
        }
        return max(0, text.split(separator: "\n").count - 1)
    }
}
