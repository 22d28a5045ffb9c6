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

    /// Whether it still runs (reaps it when it has ended).
    package var isRunning: Bool {
        if status != nil { return false }
        var st: Int32 = 0
        let r = waitpid(pid, &st, WNOHANG)
        if r == pid { status = st; return false }
        if r < 0 && errno == ECHILD { status = 0x7F00; return false }   // reaped elsewhere: unknown
        return true
    }

    /// Waits until it has ended; its wait status.
    @discardableResult
    package func wait() -> Int32 {
        if let status { return status }
        var st: Int32 = 0
        while true {
            let r = waitpid(pid, &st, 0)
            if r == pid { status = st; return st }
            if r < 0 && errno != EINTR { status = 0x7F00; return 0x7F00 }
        }
    }

    /// Sends `signal` if it still runs.
    package func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
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
