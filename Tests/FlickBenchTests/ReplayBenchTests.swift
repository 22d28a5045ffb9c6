import FlickEngine
import FlickSession
import Foundation
import Testing
@testable import flick_bench

/// The replay part's session (goal 7): every interaction's scripted demo in turn for the
/// session's length, recorded as `flick --record` writes it and ended by its end line; the
/// study of the recording counts exactly the gestures the script wrote.
struct ReplayBenchTests {
    @Test func theScriptFillsThreeMinutesWithEveryInteraction() {
        let (steps, gestures) = ReplayBench.script(seconds: 180)
        let times = steps.map(\.time)
        #expect(times == times.sorted())
        #expect(times.last.map { $0 > 170 && $0 <= 179 } == true, "last input at \(times.last ?? -1) s")
        var switched: [Interaction] = []
        for case .interaction(let i, _) in steps { switched.append(i) }
        #expect(Set(switched) == Set(ReplayBench.interactions), "\(switched)")
        #expect(gestures >= 100, "\(gestures) gestures")
    }

    @Test func theRecordingEndsAtItsLengthAndTheStudyCountsItsGestures() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-replay-bench-\(getpid())-\(UUID().uuidString).rec").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (inputs, gestures) = try ReplayBench.writeRecording(to: path, seconds: 60, cardsFolder: BenchCards.defaultFolder())
        let recording = try Recording(path: path)
        #expect(recording.end == 60)
        #expect(recording.inputs.count == inputs)
        #expect(recording.header?.cardFiles.isEmpty == false)
        let metrics = SessionMetrics(try StudySession.fromRecording(recording))
        #expect(metrics.gestures.count == gestures, "the study counted \(metrics.gestures.count), the script wrote \(gestures)")
    }
}
