/// A write to an output file failed while the session ran (disk full, I/O error): one line
/// naming the file; the app stops with exit code 3, and every line written before stays valid.
package struct OutputError: Error, CustomStringConvertible, Equatable {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    /// Exit code of a run stopped by a failed write.
    package static let exitCode: Int32 = 3
}

/// A run ended by SIGINT, SIGTERM or SIGHUP (see `Interrupt`): thrown out of a loop that polls
/// the flag, so files close on the way out; the app exits 128 + the signal's number.
package struct InterruptedError: Error {
    package init() {}
}
