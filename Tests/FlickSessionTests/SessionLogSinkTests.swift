import FlickEngine
import FlickSession
import Foundation
import Testing

/// The log's lines of a session come from one mapping (`InteractionLog.record` of a `SessionOutput`), the window's and
/// the soak's: the runner's whole session of tasks, a folder change, time controls, a note and a
/// refused input, written and read back, line by line against its outputs.
@Suite struct SessionLogSinkTests {
    @Test func everyOutputOfTheLogIsALineInOrder() throws {
        let outputs = SessionRunnerTests.run()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try InteractionLog(path: path)
        for output in outputs { try log.record(output, wallClock: { _ in "2026-12-04T00:00:00Z" }) }

        // Times as the log keeps them (to the microsecond).
        func us(_ t: Double) -> Double { SceneEvent.microseconds(t) }
        // What each output must be in the log, as a researcher reads it back.
        var expected: [String] = []
        for output in outputs {
            switch output {
            case .recorded, .applied, .heldGestureCancelled: continue
            case .refused(let input, _, let t), .blocked(let input, let t): expected.append("input_refused \(input) \(us(t))")
            case .scene(let logged): expected.append("\(logged.event.name) \(us(logged.event.time))")
            case .configChanged(_, _, let t): expected.append("config_changed \(us(t))")
            case .configReloaded(_, _, let t): expected.append("config_reloaded \(us(t))")
            case .marker(let m, _, let t): expected.append("marker \(m.label) \(us(t))")
            case .note(let text, _, let t): expected.append("note \(text) \(us(t))")
            case .taskStarted(let l): expected.append("task_started \(l.task) \(us(l.t))")
            case .taskEnded(let l): expected.append("task_ended \(l.task) \(us(l.t))")
            case .cardsChanged(let c, let t): expected.append("cards_changed \(c.removed) \(us(t))")
            case .timeControl(let a): expected.append("time_control \(a.control.rawValue) \(us(a.sceneTime))")
            case .questionnaire(let q): expected.append("questionnaire \(us(q.t))")
            case .answer(let a): expected.append("answer \(us(a.t))")
            }
        }
        let lines = try LogLine.read(path: path)
        let written: [String] = lines.map { line in
            switch line {
            case .inputRefused(let l): return "input_refused \(l.input) \(l.t)"
            case .scene(let logged): return "\(logged.event.name) \(logged.event.time)"
            case .configChanged(let l): return "config_changed \(l.t)"
            case .configReloaded(let l): return "config_reloaded \(l.t)"
            case .marker(let l): return "marker \(l.label) \(l.t)"
            case .note(let l): return "note \(l.text) \(l.t)"
            case .taskStarted(let l): return "task_started \(l.task) \(l.t)"
            case .taskEnded(let l): return "task_ended \(l.task) \(l.t)"
            case .cardsChanged(let l): return "cards_changed \(l.removed) \(l.t)"
            case .timeControl(let l): return "time_control \(l.control.rawValue) \(l.t)"
            case .questionnaire(let l): return "questionnaire \(l.t)"
            case .answer(let l): return "answer \(l.t)"
            case .started, .quit, .phone: return "unexpected"
            }
        }
        #expect(written == expected)
        // The session has most kinds of line the sink writes.
        let kinds = Set(written.map { $0.split(separator: " ")[0] })
        for kind in ["input_refused", "marker", "note", "task_started", "task_ended", "cards_changed", "time_control", "gesture_ended"] {
            #expect(kinds.contains(Substring(kind)), "no \(kind) line")
        }
        // The time control carries the session's wall clock.
        #expect(lines.contains { if case .timeControl(let l) = $0 { return l.wallClock == "2026-12-04T00:00:00Z" } else { return false } })
    }
}
