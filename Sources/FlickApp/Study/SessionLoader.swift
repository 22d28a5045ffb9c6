import FlickSession
import Foundation

/// Reads sessions on every core, a few at a time: a recording is replayed headless through the
/// engine as it is read, which is most of `flick study`'s time, and each replay is independent
/// of the others. Sessions come back in the order given, a batch (one per core) at a time, so
/// at most that many are in memory before the study takes what it needs from them; the first
/// session refused, in that order, is the error thrown.
enum SessionLoader {
    static func forEach(_ paths: [String], cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                        _ body: (String, StudySession) throws -> Void) throws {
        let width = max(1, cores)
        var start = 0
        while start < paths.count {
            let batch = Array(paths[start..<min(paths.count, start + width)])
            let slots = Slots(count: batch.count)
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                slots.put(i, Result { try StudySession.load(batch[i]) })
            }
            for (i, path) in batch.enumerated() { try body(path, try slots.take(i).get()) }
            start += batch.count
        }
    }

    /// The results of one batch, each written by its own worker.
    private final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<StudySession, any Error>?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func put(_ i: Int, _ result: Result<StudySession, any Error>) {
            lock.lock(); results[i] = result; lock.unlock()
        }

        func take(_ i: Int) -> Result<StudySession, any Error> {
            lock.lock(); defer { lock.unlock() }
            let r = results[i]!
            results[i] = nil
            return r
        }
    }
}
