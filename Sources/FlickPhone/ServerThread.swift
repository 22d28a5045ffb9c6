import Foundation

/// One thread of the server's own that runs its tasks (a task executor): the server's task and
/// every task it starts run here, not on the shared cooperative pool. `PhoneServer.start` blocks
/// its caller until the server is bound; called from a pool thread (a test, a tool's task) while
/// the pool's other threads are busy, a server on the pool would never get a thread to bind on
/// (the pool is as wide as the machine has cores: two here), and the start would time out.
final class ServerThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Under `condition`.
    private var jobs: [UnownedJob] = []
    private var stopping = false
    /// Under `condition`: the kernel's id of the thread, once it runs.
    private var tid: Int32?

    /// `name`: the thread's name as `ps` and `/proc` show it (at most 15 bytes).
    init(name: String) {
        let thread = Thread { [self] in
            Thread.current.name = name   // set from the thread itself, the system's name too
            condition.lock()
            // "/proc/thread-self" links to "PID/task/TID" (Glibc's Swift module has no gettid).
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            tid = link.split(separator: "/").last.flatMap { Int32($0) } ?? -1
            condition.broadcast()
            condition.unlock()
            run()
        }
        thread.name = name
        thread.start()
    }

    /// The kernel's id of this thread (`/proc/self/task/ID`), waiting for it to start: what a
    /// check that the thread ends looks at, whatever other threads the process has.
    var threadID: Int32 {
        condition.lock()
        defer { condition.unlock() }
        while tid == nil { condition.wait() }
        return tid!
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The thread ends once the jobs in hand are run (tasks still waiting on it then are the
    /// server's, cancelled when it stops).
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        // The queue and the batch in hand trade buffers, so taking jobs allocates nothing.
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
