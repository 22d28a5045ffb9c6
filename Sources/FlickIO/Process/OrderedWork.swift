import Foundation

/// Independent pieces of work on several threads, handed back in index order: a bounded pool
/// of workers computes `work(i)` for i in 0..<count, at most `ahead` results past the one the
/// caller takes next, and `consume(i, result)` runs on the calling thread in index order. So
/// the outcome is what a loop over the indices gives, whatever finishes first, and no more than
/// `ahead` results are held at once (a study of a thousand sessions keeps a few in memory).
/// The first failure in index order (of `work` or of `consume`) is the error thrown; work not
/// yet started is then skipped, and every worker has ended before `run` returns or throws.
package enum OrderedWork {
    package static func run<T>(count: Int, workers: Int, ahead: Int? = nil,
                               _ work: @escaping @Sendable (Int) throws -> T,
                               consume: (Int, T) throws -> Void) throws {
        guard count > 0 else { return }
        let threads = min(max(1, workers), count)
        if threads == 1 {
            for i in 0..<count { try consume(i, try work(i)) }
            return
        }
        let state = State<T>(count: count, ahead: max(threads, ahead ?? 2 * threads))
        let group = DispatchGroup()
        for _ in 0..<threads {
            DispatchQueue.global().async(group: group) {
                while let i = state.next() { state.put(i, Result { try work(i) }) }
            }
        }
        defer {
            state.stop()
            group.wait()
        }
        for i in 0..<count { try consume(i, try state.take(i).get()) }
    }

    /// Runs `side` on a thread of its own while `body` runs on the calling thread, so work that
    /// needs no core of the pool's (a study's page, made while the pool makes its long tables)
    /// overlaps with it. Both have ended when it returns or throws; `body`'s error is thrown
    /// first, then `side`'s.
    package static func alongside<A, B>(_ side: @escaping @Sendable () throws -> A, _ body: () throws -> B) throws -> (A, B) {
        let theirs = Handoff<Result<A, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            theirs.value = Result { try side() }
            done.signal()
        }
        thread.start()
        let mine = Result { try body() }
        done.wait()
        let b = try mine.get()
        guard let result = theirs.value else { throw SideWorkLost() }
        return (try result.get(), b)
    }

    /// The side thread ended without a result (cannot happen: the thread always stores one).
    struct SideWorkLost: Error, CustomStringConvertible {
        var description: String { "the work run alongside ended without a result" }
    }

    /// The shared queue: the next index to hand out, the results not yet taken, and a stop flag.
    private final class State<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private let ahead: Int
        private var handedOut = 0
        private var taken = 0
        private var stopped = false
        private var results: [Int: Result<T, any Error>] = [:]

        init(count: Int, ahead: Int) {
            self.count = count
            self.ahead = ahead
        }

        /// The next index to work on, waiting while `ahead` results are out past the caller's;
        /// nil when all are handed out or the run stopped.
        func next() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && handedOut < count && handedOut - taken >= ahead { condition.wait() }
            guard !stopped, handedOut < count else { return nil }
            handedOut += 1
            return handedOut - 1
        }

        func put(_ i: Int, _ result: Result<T, any Error>) {
            condition.lock()
            results[i] = result
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for result `i` and takes it (the caller takes them in index order).
        func take(_ i: Int) -> Result<T, any Error> {
            condition.lock()
            defer { condition.unlock() }
            while results[i] == nil { condition.wait() }
            taken = i + 1
            condition.broadcast()
            return results.removeValue(forKey: i)!
        }

        func stop() {
            condition.lock()
            stopped = true
            results = [:]
            condition.broadcast()
            condition.unlock()
        }
    }
}
