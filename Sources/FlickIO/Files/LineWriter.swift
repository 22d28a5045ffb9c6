import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A stream output (the log, the recording): each line is appended and handed to the kernel at
/// once (no user-space buffer), so a SIGKILL leaves every complete line in the file. A failed
/// write is cut back to the end of the last complete line, so what was written stays valid,
/// and is reported as an `OutputError` naming the file; after it the writer refuses further lines.
package final class LineWriter {
    package let path: String
    /// How messages name the file: "the log file", "the recording".
    package let what: String
    private var fd: Int32
    /// Bytes in the file, all of them complete lines.
    private var length: off_t
    package private(set) var failure: OutputError?

    /// Creates `path` (never follows a symlink; an existing file only when `overwrite`, then
    /// emptied). Refusals are one-line `UserError`s naming the file.
    package init(path: String, what: String, overwrite: Bool) throws {
        self.path = path
        self.what = what
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            let why = errno == EEXIST ? "it already exists (give --overwrite to replace it, or choose a new name)"
                : errno == ELOOP ? "it is a symlink (name the file itself; a symlink is not written through)"
                : String(cString: strerror(errno))
            throw UserError("cannot write \(what) '\(path)': \(why)")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            let kind = PathKind.kind(of: st)
            Glibc.close(fd)
            throw UserError("cannot write \(what) '\(path)': it \(kind.phrase), not a regular file")
        }
        self.fd = fd
        self.length = 0
    }

    deinit { close() }

    /// Appends `line` (which must not hold a newline) and a newline.
    package func append(line: Data) throws {
        if let failure { throw failure }
        guard fd >= 0 else { throw fail("the file is closed") }
        var bytes = line
        bytes.append(0x0A)
        let error: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                done += n
            }
            return nil
        }
        if let error {
            // Whatever part of the line got out is taken back: the file ends on a whole line.
            _ = ftruncate(fd, length)
            throw fail(String(cString: strerror(error)))
        }
        length += off_t(bytes.count)
    }

    /// `append(line:)` for a string.
    package func append(_ line: String) throws { try append(line: Data(line.utf8)) }

    /// Closes the file; further writes throw.
    package func close() {
        if fd >= 0 { _ = Glibc.close(fd); fd = -1 }
    }

    private func fail(_ why: String) -> OutputError {
        let e = OutputError("cannot write \(what) '\(path)': \(why); stopped (the lines before it are intact)")
        failure = e
        return e
    }
}
