import CSpawn
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A write to an output file failed while the session ran (disk full, I/O error): one line
/// naming the file; the app stops with exit code 3, and every line written before stays valid.
package struct OutputError: Error, CustomStringConvertible, Equatable {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    /// Exit code of a run stopped by a failed write.
    package static let exitCode: Int32 = 3
}

/// Failed writes that do not stop the run where they happen: a screenshot taken with P, a preset
/// or a `--config` write-back from the tuning panel fail on a full disk while a participant's
/// session goes on (ending it would lose the session for a screenshot). Each is said at once (a
/// toast, a panel line, standard error) and recorded here; the process then ends with exit
/// code 3 naming the first, so no failed write is ever silent in the exit status.
package enum OutputFailures {
    private static let recorded = Mutex<[OutputError]>([])

    package static func record(_ error: OutputError) {
        recorded.withLock { $0.append(error) }
    }

    /// The failures recorded so far, first first.
    package static var all: [OutputError] { recorded.withLock { $0 } }
}

/// A run ended by SIGINT, SIGTERM or SIGHUP (see `Interrupt`): thrown out of a loop that polls
/// the flag, so files close on the way out; the app exits 128 + the signal's number.
package struct InterruptedError: Error {
    package init() {}
}

/// Standard output as an output file: what `print` buffered is flushed before the process ends,
/// and a failure is a one-line message naming where it went.
package enum StandardOutput {
    /// Flushes standard output; a message when that or an earlier write failed (a full disk), nil
    /// when all went out or the reader went away (a closed pipe: `flick --print-keys | head`).
    package static func flushProblem() -> String? {
        let code = flick_flush_stdout()
        guard code != 0, code != EPIPE else { return nil }
        let why = code > 0 ? String(cString: strerror(code)) : "a write to it failed (disk full?)"
        return "cannot write the standard output\(target.map { " '\($0)'" } ?? ""): \(why)"
    }

    /// The file standard output goes to, when it is one.
    static var target: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/fd/1", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasPrefix("/") ? path : nil
    }
}
