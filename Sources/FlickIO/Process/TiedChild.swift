import CSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process that cannot outlive this one: started by `flick_spawn_tied` (fork, then
/// PR_SET_PDEATHSIG to SIGKILL, then exec), so the kernel ends it when Flick ends, however Flick
/// ends — SIGKILL and a crash included, where no handler of ours runs. Foundation's `Process`
/// (posix_spawn) cannot arm that: an ffmpeg left behind by a killed export went on writing a
/// file nobody would finish or remove.
///
/// The child leads a process group of its own, and the group is ended with it: a signal goes
/// to the whole group, and once the child has ended, whatever it left in its group (a wrapper
/// script's `sleep &`) is killed before the child is reaped (while its zombie holds the group's
/// id, so the id cannot name another process). The death signal reaches the child only: a
/// `kill -9` of Flick ends the child, not a grandchild.
package final class TiedChild {
    package let pid: pid_t
    /// The wait status once reaped.
    private var status: Int32?

    /// Starts `path` with `arguments`, standard input, output and error on the given descriptors
    /// (they stay open here; close them after). Throws `UserError` when it cannot start.
    package init(path: String, arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws {
        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
        let pid = pointers.withUnsafeMutableBufferPointer { flick_spawn_tied(path, $0.baseAddress, stdin, stdout, stderr) }
        guard pid > 0 else {
            throw UserError("cannot start '\(path)': \(String(cString: strerror(-pid)))")
        }
        self.pid = pid
    }

    deinit {
        if status == nil { kill(-pid, SIGKILL); wait() }
    }

    /// Whether it still runs (reaps it, after ending its group, when it has ended).
    package var isRunning: Bool {
        if status != nil { return false }
        let ended = flick_child_ended(pid)
        if ended == 0 { return true }
        if ended < 0 { status = 0x7F00; return false }   // reaped elsewhere: unknown
        reap()
        return false
    }

    /// Waits until it has ended; its wait status.
    @discardableResult
    package func wait() -> Int32 {
        if let status { return status }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            if errno != EINTR { status = 0x7F00; return 0x7F00 }
        }
        return reap()
    }

    /// Ends what is left of its process group (it has ended, unreaped), then reaps it.
    @discardableResult
    private func reap() -> Int32 {
        kill(-pid, SIGKILL)
        var st: Int32 = 0
        while true {
            let r = waitpid(pid, &st, 0)
            if r == pid { status = st; return st }
            if r < 0 && errno != EINTR { status = 0x7F00; return 0x7F00 }
        }
    }

    /// Sends `signal` to its process group (it and whatever it started) if it still runs.
    package func signal(_ signal: Int32) {
        if isRunning { kill(-pid, signal) }
    }

    /// Its exit code when it exited (nil while it runs, or when a signal ended it).
    package var exitCode: Int32? {
        guard !isRunning, let st = status, st & 0x7F == 0 else { return nil }
        return (st >> 8) & 0xFF
    }

    /// The signal that ended it, if one did.
    package var terminatingSignal: Int32? {
        guard !isRunning, let st = status, st & 0x7F != 0, st & 0x7F != 0x7F else { return nil }
        return st & 0x7F
    }

    /// A pipe whose two ends are close-on-exec (a child gets only the end passed to it).
    package static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let r = fds.withUnsafeMutableBufferPointer { flick_pipe_cloexec($0.baseAddress) }
        guard r == 0 else { throw UserError("cannot make a pipe: \(String(cString: strerror(-r)))") }
        return (fds[0], fds[1])
    }
}
