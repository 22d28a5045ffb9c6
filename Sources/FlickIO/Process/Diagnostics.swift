import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The program name that starts every message on standard error ("flick", "flick-bench").
package enum Diagnostics {
    nonisolated(unsafe) package static var program = "flick"

    /// Standard error, never blocking the caller (see `LineQueue`).
    package static let standardError = LineQueue(fd: 2)

    /// Waits at most `seconds` for the messages still queued to reach standard error (before
    /// the process ends; a reader that never reads gets them dropped then).
    package static func drain(within seconds: Double = 1) {
        standardError.drain(within: seconds)
    }
}

/// One line on standard error, as `flick: warning: …`.
package func warn(_ message: String) {
    Diagnostics.standardError.send("\(Diagnostics.program): warning: \(message)\n")
}

/// One line on standard error, as `flick: …`.
package func note(_ message: String) {
    Diagnostics.standardError.send("\(Diagnostics.program): \(message)\n")
}

/// Lines for a descriptor that may stop taking them (standard error piped to a program that
/// does not read it: a full pipe), written without ever blocking the caller, whose frame loop
/// must go on. A line is written at once when the descriptor has room for it (a regular file,
/// a terminal, a pipe with room for a whole line: poll says so, and a pipe write of at most
/// PIPE_BUF bytes into a free page does not block); otherwise it waits in a bounded queue that a
/// thread of its own writes out, blocking there instead. A line that would take the queue past
/// `limit` bytes is dropped and counted, and the count is written as a line of its own once the
/// descriptor takes lines again. Lines keep their order. The descriptor's own flags are left as
/// they are (O_NONBLOCK would change the terminal's or the pipe's for every other process
/// sharing it).
package final class LineQueue: Sendable {
    private struct State {
        var queue: [Data] = []
        var bytes = 0
        var dropped = 0
        /// The writer thread is writing a line (taken off the queue, not yet out).
        var writing = false
        var threadStarted = false
    }

    private let fd: Int32
    private let limit: Int
    private let state = Mutex(State())
    /// Signalled when a line is queued, and when the queue empties.
    private let wake = NSCondition()

    package init(fd: Int32, limit: Int = 256 * 1024) {
        self.fd = fd
        self.limit = limit
    }

    /// Lines dropped so far because the queue was full (reset when the count is written).
    package var droppedCount: Int { state.withLock { $0.dropped } }

    /// Bytes waiting in the queue.
    package var queuedBytes: Int { state.withLock { $0.bytes } }

    /// Writes `text` (whole lines) now when that cannot block, else queues it; never waits.
    package func send(_ text: String) {
        let data = Data(text.utf8)
        var startThread = false
        let queued: Bool = state.withLock { s in
            if s.queue.isEmpty, !s.writing, s.dropped == 0, writableNow(data.count) {
                writeAll(data)
                return false
            }
            if s.bytes + data.count > limit {
                s.dropped += 1
                return false
            }
            s.queue.append(data)
            s.bytes += data.count
            if !s.threadStarted { s.threadStarted = true; startThread = true }
            return true
        }
        if startThread { start() }
        if queued { wake.lock(); wake.broadcast(); wake.unlock() }
    }

    /// Waits at most `seconds` until every queued line is out.
    package func drain(within seconds: Double) {
        let until = Date().addingTimeInterval(seconds)
        wake.lock()
        defer { wake.unlock() }
        while state.withLock({ !$0.queue.isEmpty || $0.writing }) {
            if !wake.wait(until: until) { return }
        }
    }

    /// Whether `count` bytes can be written to the descriptor now without blocking.
    private func writableNow(_ count: Int) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return true }   // closed: the write fails at once
        let kind = st.st_mode & S_IFMT
        if kind == S_IFREG || kind == S_IFBLK { return true }
        // A pipe, FIFO, socket or terminal: only with room, and only what fits in one page.
        if (kind == S_IFIFO || kind == S_IFSOCK) && count > Int(PIPE_BUF) { return false }
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLOUT) != 0
    }

    /// Every byte of `data` (a failed write drops the rest: standard error has nowhere to say so).
    private func writeAll(_ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, base + done, raw.count - done)
                if n > 0 { done += n; continue }
                if n < 0 && errno == EINTR { continue }
                return
            }
        }
    }

    private func start() {
        // The lines still queued when the process exits get a second to go out.
        if fd == 2 { atexit { Diagnostics.drain(within: 1) } }
        let thread = Thread { [self] in run() }
        thread.name = "flick-stderr"
        thread.start()
    }

    /// The writer thread: takes the queue's lines in order and writes them, blocking here.
    private func run() {
        while true {
            wake.lock()
            var next: (line: Data?, dropped: Int) = (nil, 0)
            while true {
                next = state.withLock { s in
                    if s.dropped > 0, s.queue.isEmpty {
                        let n = s.dropped
                        s.dropped = 0
                        s.writing = true
                        return (nil, n)
                    }
                    guard !s.queue.isEmpty else { return (nil, 0) }
                    let line = s.queue.removeFirst()
                    s.bytes -= line.count
                    s.writing = true
                    return (line, 0)
                }
                if next.line != nil || next.dropped > 0 { break }
                wake.broadcast()   // empty: a drain may end
                wake.wait()
            }
            wake.unlock()
            if let line = next.line {
                writeAll(line)
            } else {
                let n = next.dropped
                writeAll(Data("\(Diagnostics.program): warning: \(n) message\(n == 1 ? "" : "s") to standard error dropped (it was not being read)\n".utf8))
            }
            state.withLock { $0.writing = false }
            wake.lock(); wake.broadcast(); wake.unlock()
        }
    }
}
