import FlickIO
import Foundation
import Testing

/// Standard error never blocks the app (`LineQueue`): with a pipe nobody reads (`flick … 2>&1 |
/// (sleep 1000)`), a flood of lines returns at once, what does not fit is dropped and counted,
/// and once the pipe is read again the lines come out in order, then the count.
struct StandardErrorQueueTests {
    @Test func aFullPipeNeverBlocksTheWriter() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[1], 1031 /* F_SETPIPE_SZ */, 4096)
        let lines = LineQueue(fd: fds[1], limit: 16 * 1024)
        let started = Date()
        var slowest = 0.0
        for i in 0..<5000 {
            let t0 = Date()
            lines.send("flick: warning: line \(i) of a flood nobody reads, padded to about a hundred bytes ........\n")
            slowest = max(slowest, Date().timeIntervalSince(t0))
        }
        let took = Date().timeIntervalSince(started)
        #expect(took < 1, "5000 lines into a full pipe took \(took) s")
        #expect(slowest < 0.05, "one line took \(slowest) s")
        // Nobody reads, so the writer thread is stuck on the full pipe and the count stands.
        let dropped = lines.droppedCount
        #expect(dropped > 4000, "\(dropped) dropped")
        #expect(lines.queuedBytes <= 16 * 1024)
        // The reader comes back: every line kept comes out in order, then the count.
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        let until = Date().addingTimeInterval(5)
        while !text.contains("dropped") && Date() < until {
            let n = read(fds[0], &buffer, buffer.count)
            if n > 0 { text += String(decoding: buffer[0..<n], as: UTF8.self) } else { usleep(1000) }
        }
        let got = text.split(separator: "\n")
        let numbers = got.compactMap { line -> Int? in
            guard line.hasPrefix("flick: warning: line ") else { return nil }
            return Int(line.dropFirst("flick: warning: line ".count).prefix { $0.isNumber })
        }
        #expect(numbers == numbers.sorted() && numbers.first == 0, "lines out of order")
        #expect(Set(numbers).count == numbers.count, "a line came out twice")
        #expect(got.last?.hasSuffix("messages to standard error dropped (it was not being read)") == true, "\(got.last ?? "")")
        // The count line says how many were dropped: the count taken above, and with the lines
        // that came out it is every line sent, none lost and none counted twice.
        let said = got.last.flatMap { line -> Int? in
            guard let r = line.range(of: ": warning: ") else { return nil }
            return Int(line[r.upperBound...].prefix { $0.isNumber })
        }
        #expect(said == dropped, "the count line says \(said.map(String.init) ?? "nothing"), \(dropped) were dropped")
        #expect(numbers.count + dropped == 5000, "\(numbers.count) lines came out and \(dropped) were dropped of 5000")
    }

    @Test func aPipeWithRoomGetsTheLineAtOnce() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let lines = LineQueue(fd: fds[1])
        lines.send("one\n")
        lines.send("two\n")
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(fds[0], &buffer, buffer.count)   // written by the caller: no thread involved
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == "one\ntwo\n")
    }
}
