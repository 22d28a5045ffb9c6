import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One-shot outputs (screenshots, reports, videos, presets): made in a temporary file in the
/// same folder and renamed into place only when complete and on disk, so the path holds either
/// the old file or the whole new one, never a part.
package enum AtomicFile {
    /// Calls `produce` with a temporary path to write, then moves it to `path`. Any failure
    /// (of `produce` or of the file system) removes the temporary file and throws an
    /// `OutputError` naming `path`.
    /// `sweeping: false` leaves the folder's stale temporaries to a later save: a writer of
    /// thousands of files into one folder (the card store) sweeps it once, not at every file.
    package static func save(to path: String, what: String, verify: (String) -> String? = { _ in nil },
                      sweeping: Bool = true, _ produce: (String) throws -> Void) throws {
        let temp = try stage(path, what: what, verify: verify, sweeping: sweeping, produce)
        guard rename(temp, path) == 0 else { throw failure(temp: temp, path: path, what: what, String(cString: strerror(errno))) }
    }

    private static func failure(temp: String, path: String, what: String, _ why: String) -> OutputError {
        unlink(temp)
        return OutputError("cannot write \(what) '\(path)': \(why)")
    }

    /// Makes the file for `path` in a temporary beside it, whole and on disk; returns its path.
    private static func stage(_ path: String, what: String, verify: (String) -> String?, sweeping: Bool = true,
                              _ produce: (String) throws -> Void) throws -> String {
        let folder = OutputPolicy.parentFolder(of: path)
        let name = (path as NSString).lastPathComponent
        if sweeping { removeStaleTemporaries(in: folder) }
        let temp = (folder as NSString).appendingPathComponent(".\(name).tmp-\(getpid())-\(counter.next())")
        func fail(_ why: String) -> OutputError { failure(temp: temp, path: path, what: what, why) }
        do { try produce(temp) } catch is InterruptedError {
            unlink(temp)   // stopped by a signal: the old file (if any) stays as it was
            throw InterruptedError()
        } catch {
            throw fail("\(error)")
        }
        if let problem = verify(temp) { throw fail(problem) }
        // On disk before the rename: a full disk can surface only now (delayed allocation).
        let fd = open(temp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw fail(String(cString: strerror(errno))) }
        let synced = fsync(fd) == 0 ? nil : errno
        Glibc.close(fd)
        if let synced { throw fail(String(cString: strerror(synced))) }
        return temp
    }

    /// Files that belong together (a report and its tables): each is made whole in a temporary
    /// beside its path as `save` does, and all are renamed into place only by `commit`, once
    /// every one is on disk. A failure before (a full disk) removes the temporaries made, so the
    /// folder keeps its old set entire, never new files beside old ones.
    package final class Batch {
        private var staged: [(temp: String, path: String, what: String)] = []

        package init() {}

        package func add(_ data: Data, to path: String, what: String) throws {
            try add(path, what: what, verify: { _ in nil }) { try AtomicFile.writeNewFile(data, at: $0) }
        }

        /// A file written a piece at a time by `produce` (a table of tens of megabytes is never
        /// whole in memory), staged like the others.
        package func add(to path: String, what: String, _ produce: (ChunkedWriter) throws -> Void) throws {
            try add(path, what: what, verify: { _ in nil }) { temp in
                let writer = try ChunkedWriter(creating: temp)
                defer { writer.close() }
                try produce(writer)
                try writer.flush()
            }
        }

        private func add(_ path: String, what: String, verify: (String) -> String?, _ produce: (String) throws -> Void) throws {
            do { staged.append((try AtomicFile.stage(path, what: what, verify: verify, produce), path, what)) } catch {
                abandon()
                throw error
            }
        }

        /// Every file into place.
        package func commit() throws {
            defer { staged = [] }
            for (i, s) in staged.enumerated() where rename(s.temp, s.path) != 0 {
                let e = AtomicFile.failure(temp: s.temp, path: s.path, what: s.what, String(cString: strerror(errno)))
                for rest in staged[(i + 1)...] { unlink(rest.temp) }
                throw e
            }
        }

        private func abandon() {
            for s in staged { unlink(s.temp) }
            staged = []
        }

        deinit { abandon() }
    }

    /// Removes the temporary files (`.NAME.tmp-PID-N`, and a GIF's `.palette.png` of one) left
    /// in `folder` by a process that no longer runs, whatever file they were for: one killed with
    /// SIGKILL (or a lost machine) cannot clean up after itself, so the next save into the same
    /// folder does. A temporary of a process still running is left alone.
    package static func removeStaleTemporaries(in folder: String) {
        guard let listing = DirectoryListing(folder: folder) else { return }
        for entry in listing.names where entry.hasPrefix(".") && isStaleTemporary(entry) {
            unlink((folder as NSString).appendingPathComponent(entry))
        }
    }

    /// `.NAME.tmp-PID-N` or `.NAME.tmp-PID-N.palette.png`, of a PID that no longer runs.
    static func isStaleTemporary(_ entry: String) -> Bool {
        guard let marker = entry.range(of: ".tmp-", options: .backwards), marker.lowerBound > entry.index(after: entry.startIndex) else { return false }
        let rest = entry[marker.upperBound...]
        guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid() else { return false }
        let tail = rest[rest.index(after: dash)...]
        let counterDigits = tail.prefix { $0.isNumber }
        guard !counterDigits.isEmpty else { return false }
        let suffix = tail.dropFirst(counterDigits.count)
        guard suffix.isEmpty || suffix == ".palette.png" else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// A PNG made by `produce` (SDL_image, which does not report every failed write): renamed
    /// into place only if it ends with the IEND chunk, i.e. was written to the end.
    package static func writePNG(to path: String, what: String, _ produce: (String) throws -> Void) throws {
        try save(to: path, what: what, verify: pngProblem, produce)
    }

    /// Why the PNG at `temp` is not whole, or nil when it ends with the IEND chunk.
    private static func pngProblem(_ temp: String) -> String? {
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard let h = FileHandle(forReadingAtPath: temp) else { return "the PNG cannot be read back" }
        defer { try? h.close() }
        guard let end = try? h.seekToEnd(), end >= 12 else { return "the PNG came out empty (disk full?)" }
        try? h.seek(toOffset: end - 12)
        guard let tail = try? h.readToEnd(), [UInt8](tail) == iend else { return "the PNG came out incomplete (disk full?)" }
        return nil
    }

    /// Writes `data` to `path` atomically.
    package static func save(_ data: Data, to path: String, what: String, sweeping: Bool = true) throws {
        try save(to: path, what: what, sweeping: sweeping) { try writeNewFile(data, at: $0) }
    }

    /// `data` into the new file `temp` with POSIX write(2), every failure thrown (a full disk is
    /// ENOSPC, never a trap as FileHandle.write(_:) would).
    private static func writeNewFile(_ data: Data, at temp: String) throws {
        let fd = try createNewFile(temp)
        defer { Glibc.close(fd) }
        try data.withUnsafeBytes { try writeAll(fd, $0) }
    }

    /// Creates the new file `temp` for writing (never an existing one, never through a symlink).
    fileprivate static func createNewFile(_ temp: String) throws -> Int32 {
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteFailure(errno) }
        return fd
    }

    /// Every byte of `raw` to `fd`, retried on EINTR and short writes.
    fileprivate static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) throws {
        guard let base = raw.baseAddress else { return }   // empty: nothing to write
        var done = 0
        while done < raw.count {
            let n = Glibc.write(fd, base + done, raw.count - done)
            if n < 0 { if errno == EINTR { continue }; throw WriteFailure(errno) }
            if n == 0 { throw WriteFailure(EIO) }
            done += n
        }
    }

    private static let counter = Counter()

    private final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int { value.withLock { $0 += 1; return $0 } }
    }

    /// An errno, described.
    package struct WriteFailure: Error, CustomStringConvertible {
        package let code: Int32
        package init(_ code: Int32) { self.code = code }
        package var description: String { String(cString: strerror(code)) }
    }
}

/// A new file written through a buffer of about a megabyte (`AtomicFile.Batch.add(to:what:_:)`):
/// text goes to disk as it is made, with POSIX write(2), every failure thrown.
package final class ChunkedWriter {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private static let chunk = 1 << 20

    fileprivate init(creating path: String) throws {
        fd = try AtomicFile.createNewFile(path)
        buffer.reserveCapacity(Self.chunk + 64 * 1024)
    }

    /// Appends `text` (UTF-8), writing out the buffer when it is full.
    package func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Writes out what is buffered.
    package func flush() throws {
        guard fd >= 0 else { throw AtomicFile.WriteFailure(EBADF) }
        try buffer.withUnsafeBytes { try AtomicFile.writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    fileprivate func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    deinit { close() }
}
