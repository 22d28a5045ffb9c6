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

    /// `name`: the thread's name as `ps` and `/proc` show it (at most 15 bytes).
    init(name: String) {
        let thread = Thread { [self] in
            Thread.current.name = name   // set from the thread itself, the system's name too
            run()
        }
        thread.name = name
        thread.start()
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
