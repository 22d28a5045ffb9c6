import Foundation
import Glibc
import Testing
@testable import FlickSDL

/// The frame thread is raised (`FramePriority`); the face decoder it starts must not be: Linux
/// hands a new thread the nice level of the thread that starts it.
@MainActor
@Suite(.serialized)
struct FramePriorityTests {
    init() { _ = SDLTestEnvironment.context }

    /// Nice levels of this process's threads named `name`, read from /proc.
    nonisolated static func niceLevels(of name: String) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { tid in
            guard let comm = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "(comm)": state is field 3, nice field 19.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 16 ? Int32(fields[16]) : nil
        }
    }

    @Test func theFaceDecoderKeepsTheLevelFromBeforeTheFrameThreadWasRaised() throws {
        final class Outcome: @unchecked Sendable {
            var before: Int32 = 0, raised: Int32 = 0, said = "", decoder: [Int32] = []
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        // A thread of its own: the raise stays with it and ends with it.
        let thread = Thread {
            outcome.before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            outcome.said = FramePriority.raise()
            outcome.raised = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            // The worker sets its level as its thread starts, before it takes any work: once
            // it has looked at the one path it is given (no such file), its level is set.
            let worker = FaceWorker(paths: ["/nonexistent/flick-priority-probe.png"])
            if worker.waitUntilIdle(timeout: 30) {
                outcome.decoder = Self.niceLevels(of: "flick-faces")
            }
            worker.stop()
            done.signal()
        }
        thread.start()
        done.wait()
        if outcome.said.contains("refused") {
            // Not allowed here (no privilege, no RealtimeKit): nothing raised, nothing to undo.
            #expect(outcome.raised == outcome.before)
        } else {
            #expect(outcome.said == "nice \(outcome.raised)")
            #expect(outcome.raised < outcome.before, "\(outcome.said)")
        }
        #expect(FramePriority.description == outcome.said)
        #expect(!outcome.decoder.isEmpty, "no flick-faces thread found")
        #expect(outcome.decoder.allSatisfy { $0 == outcome.before },
                "decoder threads at \(outcome.decoder), the process was at \(outcome.before)")
    }
}
