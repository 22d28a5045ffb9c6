import FlickEngine
import FlickSDL
import FlickSession
import Foundation
import Testing

/// The end of a recording is the end of its session: a recording cut off with the button down
/// (the app killed, the disk full) stops at its last input and, as it finishes, cancels the
/// gesture; one that ended paused stops at once and plays what waited behind the pause.
@Suite struct RecordingEndTests {
    func recording(_ inputs: [RecordedInput]) throws -> Recording {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-end-\(UUID().uuidString).rec").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var header = RecordingRoundTripTests.header(look: nil)
        header.demo = .stack
        header.count = 4
        header.cardFiles = []
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for input in inputs { try recorder.record(input) }
        return try Recording(path: path)
    }

    /// A drag of the top card, 0.3 s; `release` adds its up.
    func drag(release: Bool) -> [RecordedInput] {
        var inputs = [RecordedInput(t: 0.5, .pointer(PointerEvent(phase: .down, position: Point(x: 190, y: 330), time: 0.5)))]
        var x = 190.0
        for i in 1...10 {
            x -= 8
            let t = 0.5 + Double(i) * 0.03
            inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .move, position: Point(x: x, y: 330), time: t))))
        }
        if release { inputs.append(RecordedInput(t: 0.85, .pointer(PointerEvent(phase: .up, position: Point(x: x, y: 330), time: 0.85)))) }
        return inputs
    }

    func gestures(_ replay: HeadlessReplay) -> [(SceneEvent, Double)] {
        replay.items.compactMap { item -> (SceneEvent, Double)? in
            guard case .scene(let logged) = item else { return nil }
            let e = logged.event
            switch e {
            case .gestureBegan, .gestureEnded: return (e, e.time)
            default: return nil
            }
        }
    }

    @Test func aRecordingCutOffWithTheButtonDownEndsItsGestureAndStops() throws {
        let replay = try #require(HeadlessReplay(try recording(drag(release: false))))
        let stopped = replay.runToEnd()
        replay.finish()
        #expect(stopped < 2, "ran on to \(stopped) s, waiting for a release that never comes")
        let g = gestures(replay)
        #expect(g.count == 2)
        if case .gestureEnded(let t, _, _, _, let outcome, _)? = g.last?.0 {
            #expect(outcome == .cancelled)
            #expect(abs(t - 0.8) < 0.05, "cancelled at \(t), the last input was at 0.8 and the replay stopped there")
        } else {
            Issue.record("no gesture_ended: \(g)")
        }
    }

    @Test func aRecordingThatEndsPausedEndsAtOnceWithTheQueuedInputPlayed() throws {
        var inputs = Array(drag(release: false).prefix(5))
        inputs.append(RecordedInput(t: 0.65, .time(.pause)))
        inputs.append(contentsOf: drag(release: true).suffix(7).map { i -> RecordedInput in
            guard var p = i.pointer else { return i }
            p.time += 0.5
            return RecordedInput(t: i.t + 0.5, .pointer(p))
        })
        let replay = try #require(HeadlessReplay(try recording(inputs)))
        let stopped = replay.runToEnd()
        replay.finish()
        #expect(stopped < 2, "ran on to \(stopped) s")
        let ended = gestures(replay).compactMap { e, t -> Double? in if case .gestureEnded = e { t } else { nil } }
        #expect(ended.count == 1)
        #expect(ended.first.map { abs($0 - 0.65) < 0.02 } == true, "the release behind the pause plays at its instant, not \(ended)")
    }

    /// A recording that closes its gesture is not touched.
    @Test func aCompleteRecordingIsUnchanged() throws {
        let replay = try #require(HeadlessReplay(try recording(drag(release: true))))
        replay.runToEnd()
        replay.finish()
        let g = gestures(replay)
        #expect(g.count == 2)
        if case .gestureEnded(let t, _, _, _, let outcome, _)? = g.last?.0 {
            #expect(outcome != .cancelled)
            #expect(abs(t - 0.85) < 1e-9)
        } else {
            Issue.record("no gesture_ended: \(g)")
        }
    }
}
