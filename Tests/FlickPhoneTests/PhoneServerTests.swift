import FlickEngine
import FlickPhone
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server itself over loopback, through raw sockets: the token on every route, the
/// headers, a WebSocket's hello, touches and close codes, one device at a time.
@Suite(.serialized) struct PhoneServerTests {
    static func clock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func server(idle: Double = PhoneLimits.idle, slowWrite: Double = PhoneLimits.slowWrite) throws -> (PhoneServer, Int) {
        var configuration = PhoneServer.Configuration()
        configuration.helloWithin = 1
        configuration.httpIdle = 1
        configuration.idle = idle
        configuration.slowWrite = slowWrite
        let server = PhoneServer(configuration: configuration, now: { Self.clock() }, faces: { hash, w, h in
            hash == "00000000000000ab" ? Array("png \(w)x\(h)".utf8) : nil
        })
        return (server, try server.start())
    }

    /// A plain TCP client: connect, write, read what comes until the server closes or `timeout`.
    final class Client {
        let fd: Int32
        /// `receiveBuffer`: SO_RCVBUF before the connection (a small window fills fast).
        init(port: Int, receiveBuffer: Int32? = nil) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let r = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard r == 0 else { throw POSIXError(.ECONNREFUSED) }
            var tv = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
        deinit { close(fd) }
        func write(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        func write(_ text: String) { write(Array(text.utf8)) }
        /// Reads until `done(bytes)` or the peer closes or `timeout` seconds.
        func read(timeout: Double = 3, until done: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
            var out: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            let end = PhoneServerTests.clock() + timeout
            while PhoneServerTests.clock() < end {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n == 0 { return (out, true) }
                if n < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return (out, true) }
                if n > 0 {
                    out += buffer[0..<n]
                    if done(out) { return (out, false) }
                }
            }
            return (out, false)
        }
    }

    static func get(_ port: Int, _ target: String) throws -> String {
        let c = try Client(port: port)
        c.write("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return String(decoding: c.read().bytes, as: UTF8.self)
    }

    /// `start` blocks its caller until the server is bound. Called from the cooperative pool
    /// while every other pool thread is busy, the server must still get a thread to bind on
    /// (its own, `ServerThread`): the pool is as wide as the machine's cores.
    @Test func startsWhileEveryPoolThreadIsBusy() async throws {
        final class Busy: Sendable {
            let running = Atomic<Int>(0)
            let release = Atomic<Bool>(false)
        }
        let busy = Busy()
        let width = ProcessInfo.processInfo.activeProcessorCount
        var blockers: [Task<Void, Never>] = []
        for _ in 0..<width {
            blockers.append(Task.detached {
                busy.running.add(1, ordering: .relaxed)
                while !busy.release.load(ordering: .relaxed) { usleep(1000) }
            })
        }
        defer { busy.release.store(true, ordering: .relaxed) }
        // This test holds one pool thread; the blockers take the others.
        let since = Date()
        while busy.running.load(ordering: .relaxed) < width - 1 && Date().timeIntervalSince(since) < 5 { usleep(1000) }
        let started = Date()
        let (server, port) = try Self.server()
        defer { server.stop() }
        #expect(port > 0)
        #expect(Date().timeIntervalSince(started) < 5, "bound while the pool was busy")
        busy.release.store(true, ordering: .relaxed)
        for blocker in blockers { await blocker.value }
        #expect(try Self.get(port, "/?t=\(server.token.value)").hasPrefix("HTTP/1.1 200"))
    }

    /// Each server's thread ends with it: started and stopped 30 times (one of them with a
    /// device connected), none of those 30 threads is left. Each server's own thread is followed
    /// by its id, so servers and threads of other tests running at the same time do not count.
    @Test func aStoppedServerLeavesNoThread() throws {
        func alive(_ tid: Int32) -> Bool { FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)") }
        var threads: [Int32] = []
        for i in 0..<30 {
            let (server, port) = try Self.server()
            let tid = try #require(server.threadID, "a started server names its thread")
            #expect(tid > 0 && tid != Int32(getpid()), "the server runs on a thread of its own")
            #expect(alive(tid), "the server's thread \(tid) runs while it serves")
            threads.append(tid)
            if i == 0 {
                let c = try Client(port: port)
                c.write("GET /?t=\(server.token.value) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(String(decoding: c.read(until: { $0.count > 12 }).bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            }
            server.stop()
        }
        let since = Date()
        while threads.contains(where: alive) && Date().timeIntervalSince(since) < 10 { usleep(10_000) }
        #expect(threads.filter(alive).isEmpty, "server threads left after 30 servers stopped")
    }

    @Test func everyRouteWantsTheToken() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let t = server.token.value
        // One digit off (whatever the last one is), and the same letters in upper case.
        let offByOne = String(t.dropLast()) + (t.hasSuffix("0") ? "1" : "0")
        let upper = "A" + String(t.dropFirst()).uppercased()
        for target in ["/", "/phone.js", "/phone.css", "/face/00000000000000ab?w=10&h=20", "/ws", "/nothing", "/?t=\(offByOne)",
                       "/phone.js?t=", "/face/00000000000000ab?w=10&h=20&t=\(upper)"] {
            let answer = try Self.get(port, target)
            #expect(answer.hasPrefix("HTTP/1.1 403"), "\(target): \(answer.prefix(40))")
            #expect(answer.contains("needs the session's token"))
            #expect(answer.contains("Content-Security-Policy: default-src 'none'"))
        }
        let page = try Self.get(port, "/?t=\(t)")
        #expect(page.hasPrefix("HTTP/1.1 200"))
        #expect(page.contains("phone.js?t=\(t)"), "the page names its script with the token")
        #expect(page.contains("script-src 'self'"))
        #expect(page.contains("Referrer-Policy: no-referrer"))
        // Everything the page loads, from this server with the token or inline: no other
        // origin (https or scheme-relative included), no resource without the token.
        let loads = try NSRegularExpression(pattern: #"\b(?:src|href)\s*=\s*["']?([^"' >]*)"#, options: .caseInsensitive)
            .matches(in: page, range: NSRange(page.startIndex..., in: page))
            .compactMap { Range($0.range(at: 1), in: page).map { String(page[$0]) } }
        #expect(loads == ["data:,", "phone.css?t=\(t)", "cards.js?t=\(t)", "phone.js?t=\(t)"], "the page loads \(loads)")
        #expect(try Self.get(port, "/phone.js?t=\(t)").hasPrefix("HTTP/1.1 200"))
        #expect(try Self.get(port, "/nothing?t=\(t)").hasPrefix("HTTP/1.1 404"))
        let face = try Self.get(port, "/face/00000000000000ab?w=10&h=20&t=\(t)")
        #expect(face.hasPrefix("HTTP/1.1 200") && face.hasSuffix("png 10x20"))
        #expect(try Self.get(port, "/face/00000000000000ab?w=99999&h=20&t=\(t)").hasPrefix("HTTP/1.1 400"))
        #expect(try Self.get(port, "/face/00000000000000cd?w=10&h=20&t=\(t)").hasPrefix("HTTP/1.1 404"))
        #expect(server.statistics.refusals == 9)
    }

    // MARK: - WebSocket, by hand

    static func upgrade(_ port: Int, token: String, receiveBuffer: Int32? = nil) throws -> Client {
        let c = try Client(port: port, receiveBuffer: receiveBuffer)
        c.write("GET /ws?t=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let head = c.read { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
        guard String(decoding: head.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw POSIXError(.EPROTO)
        }
        return c
    }

    /// A masked client frame (opcode 1 text, 2 binary).
    static func frame(_ payload: [UInt8], opcode: UInt8 = 1) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            out.append(0x80 | UInt8(payload.count))
        } else {
            out += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [1, 2, 3, 4]
        out += mask
        out += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return out
    }

    /// The close code of a server close frame in `bytes`, if there is one.
    static func closeCode(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i + 2 <= bytes.count {
            let opcode = bytes[i] & 0x0F
            var length = Int(bytes[i + 1] & 0x7F), start = i + 2
            if length == 126, i + 4 <= bytes.count { length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]); start = i + 4 }
            if opcode == 8, start + 2 <= bytes.count { return Int(bytes[start]) << 8 | Int(bytes[start + 1]) }
            i = start + length
        }
        return nil
    }

    /// The text messages in bytes the server sent (unmasked frames), in order.
    static func texts(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var i = 0
        while i + 2 <= bytes.count {
            let opcode = bytes[i] & 0x0F
            var length = Int(bytes[i + 1] & 0x7F), start = i + 2
            if length == 126 {
                guard i + 4 <= bytes.count else { break }
                length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                start = i + 4
            } else if length == 127 {
                guard i + 10 <= bytes.count else { break }
                length = bytes[(i + 2)..<(i + 10)].reduce(0) { $0 << 8 | Int($1) }
                start = i + 10
            }
            guard start + length <= bytes.count else { break }
            if opcode == 1 { out.append(String(decoding: bytes[start..<(start + length)], as: UTF8.self)) }
            i = start + length
        }
        return out
    }

    static func waitFor(_ server: PhoneServer, _ timeout: Double = 3, _ match: (PhoneEvent) -> Bool) -> [PhoneEvent] {
        var seen: [PhoneEvent] = []
        let end = clock() + timeout
        while clock() < end {
            seen += server.drain()
            if seen.contains(where: match) { return seen }
            usleep(10_000)
        }
        return seen
    }

    @Test func aDeviceSaysHelloAndItsTouchesArrive() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let c = try Self.upgrade(port, token: server.token.value)
        c.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        let events = Self.waitFor(server) { if case .connected = $0 { return true } else { return false } }
        guard case .connected(let id, let hello, let resumed)? = events.first(where: { if case .connected = $0 { true } else { false } }) else {
            Issue.record("no hello: \(events)")
            return
        }
        #expect(hello.viewport == Size(width: 390, height: 844) && !resumed)
        c.write(Self.frame(Array(#"{"type":"touch","id":1,"phase":"down","x":10,"y":20,"t":5}"#.utf8)))
        let touches = Self.waitFor(server) { if case .touch = $0 { return true } else { return false } }
        #expect(touches.contains { if case .touch(id, let t, _) = $0 { t.position == Point(x: 10, y: 20) } else { false } })
        // A second device is refused while the first is there.
        let second = try Self.upgrade(port, token: server.token.value)
        second.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        #expect(Self.closeCode(second.read { Self.closeCode($0) != nil }.bytes) == 4409)
        // A malformed message: a close code, and the device is gone (then a second may come).
        c.write(Self.frame(Array("nonsense".utf8)))
        #expect(Self.closeCode(c.read { Self.closeCode($0) != nil }.bytes) == 4400)
        let gone = Self.waitFor(server) { if case .disconnected = $0 { return true } else { return false } }
        #expect(gone.contains { if case .disconnected(id, let reason) = $0 { reason.contains("4400") } else { false } })
        let third = try Self.upgrade(port, token: server.token.value)
        third.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        let back = Self.waitFor(server) { if case .connected = $0 { return true } else { return false } }
        #expect(back.contains { if case .connected(_, _, true) = $0 { true } else { false } }, "a reconnect resumes")
    }

    @Test func binaryOversizedAndSilentConnectionsAreClosed() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let binary = try Self.upgrade(port, token: server.token.value)
        binary.write(Self.frame([1, 2, 3], opcode: 2))
        #expect(Self.closeCode(binary.read { Self.closeCode($0) != nil }.bytes) == 4400)
        let big = try Self.upgrade(port, token: server.token.value)
        big.write(Self.frame([UInt8](repeating: 0x61, count: 5000)))
        #expect(Self.closeCode(big.read { Self.closeCode($0) != nil }.bytes) == 1009)
        let silent = try Self.upgrade(port, token: server.token.value)
        #expect(Self.closeCode(silent.read(timeout: 4) { Self.closeCode($0) != nil }.bytes) == 4401, "no hello within a second")
        let first = try Self.upgrade(port, token: server.token.value)
        first.write(Self.frame(Array(#"{"type":"clock","t0":1}"#.utf8)))
        #expect(Self.closeCode(first.read { Self.closeCode($0) != nil }.bytes) == 4401, "anything before hello")
    }

    /// An unmasked client frame (opcode 1 text).
    static func unmasked(_ payload: [UInt8]) -> [UInt8] { [0x81, UInt8(payload.count)] + payload }

    /// A frame from the page without the mask bit (RFC 6455 5.1): the connection is closed with
    /// 1002 and nothing in the frame is taken, whether the device had said hello or not, and
    /// masked frames before it in the same write are taken.
    @Test func anUnmaskedFrameIsAProtocolError() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let c = try Self.upgrade(port, token: server.token.value)
        c.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        #expect(Self.waitFor(server) { Self.isConnected($0) }.contains { Self.isConnected($0) })
        let touch = Array(#"{"type":"touch","id":1,"phase":"down","x":10,"y":20,"t":5}"#.utf8)
        c.write(Self.frame(Array(#"{"type":"drawn","frame":1,"t":1}"#.utf8)) + Self.unmasked(touch))
        #expect(Self.closeCode(c.read { Self.closeCode($0) != nil }.bytes) == 1002)
        let gone = Self.waitFor(server) { Self.isDisconnected($0) }
        #expect(gone.contains { if case .disconnected(_, let reason) = $0 { reason.contains("1002 protocol error") } else { false } },
                "\(gone)")
        #expect(gone.contains { if case .drawn(_, 1, _) = $0 { true } else { false } }, "the masked frame before it is taken")
        #expect(!gone.contains { if case .touch = $0 { true } else { false } }, "the unmasked touch is not taken")
        // As the first frame: no device, the refusal said with its code.
        let first = try Self.upgrade(port, token: server.token.value)
        first.write(Self.unmasked(Array(PhoneProtocolTests.hello.utf8)))
        #expect(Self.closeCode(first.read { Self.closeCode($0) != nil }.bytes) == 1002)
        let refused = Self.waitFor(server) { if case .refused("closed", let line) = $0 { line.contains("1002") } else { false } }
        #expect(!refused.contains { Self.isConnected($0) }, "an unmasked hello does not make a device")
        #expect(refused.contains { if case .refused("closed", let line) = $0 { line.contains("1002") } else { false } }, "\(refused)")
        try Self.expectServing(server, port)
    }

    /// More messages than a finger makes: past the burst, closed with 4429.
    @Test func aFloodIsClosedAsTooManyMessages() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let c = try Self.upgrade(port, token: server.token.value)
        var flood = Self.frame(Array(PhoneProtocolTests.hello.utf8))
        let drawn = Self.frame(Array(#"{"type":"drawn","frame":1,"t":1}"#.utf8))
        for _ in 0..<Int(PhoneLimits.burst + 200) { flood += drawn }
        c.write(flood)
        #expect(Self.closeCode(c.read { Self.closeCode($0) != nil }.bytes) == 4429)
        let gone = Self.waitFor(server) { if case .disconnected = $0 { return true } else { return false } }
        #expect(gone.contains { if case .disconnected(_, let reason) = $0 { reason.contains("4429") } else { false } })
    }

    /// Headers that stop halfway (or trickle): closed a second after their first byte, and said.
    @Test func aStalledRequestHeadIsClosed() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let c = try Client(port: port)
        c.write("GET /?t=\(server.token.value) HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let start = Self.clock()
        let answer = c.read(timeout: 4)
        #expect(answer.closed && answer.bytes.isEmpty)
        #expect(Self.clock() - start < 3)
        let said = Self.waitFor(server) { if case .refused("stalled", _) = $0 { return true } else { return false } }
        #expect(!said.isEmpty)
        // A whole request on a fresh connection is answered as ever.
        #expect(try Self.get(port, "/?t=\(server.token.value)").hasPrefix("HTTP/1.1 200"))
    }

    // MARK: - Readers and writers that stall

    static func isConnected(_ e: PhoneEvent) -> Bool { if case .connected = e { true } else { false } }
    static func isDisconnected(_ e: PhoneEvent) -> Bool { if case .disconnected = e { true } else { false } }

    /// The device's touches arrive and a fresh connection is served: the server is unharmed.
    static func expectServing(_ server: PhoneServer, _ port: Int) throws {
        #expect(try Self.get(port, "/?t=\(server.token.value)").hasPrefix("HTTP/1.1 200"))
        let next = try Self.upgrade(port, token: server.token.value)
        next.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        let back = Self.waitFor(server) { Self.isConnected($0) }
        #expect(back.contains { if case .connected(_, _, true) = $0 { true } else { false } }, "the next device is taken")
        next.write(Self.frame(Array(#"{"type":"touch","id":1,"phase":"down","x":1,"y":2,"t":5}"#.utf8)))
        let touch = Self.waitFor(server) { if case .touch = $0 { return true } else { return false } }
        #expect(touch.contains { if case .touch(_, let t, _) = $0 { t.position == Point(x: 1, y: 2) } else { false } })
    }

    /// A device that sends part of a WebSocket frame and stops: it is idle (nothing whole came),
    /// closed with 4408 within the idle limit and a watchdog tick; meanwhile the page is served
    /// at once, and after it the next device is taken.
    @Test func aWriterStalledMidFrameIsClosedAsIdle() throws {
        let (server, port) = try Self.server(idle: 1.5)
        defer { server.stop() }
        let c = try Self.upgrade(port, token: server.token.value)
        c.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        #expect(Self.waitFor(server) { Self.isConnected($0) }.contains { Self.isConnected($0) })
        let start = Self.clock()
        // The head of a 60-byte text frame and 10 of its bytes: the decoder waits for the rest.
        let touch = Self.frame(Array(#"{"type":"touch","id":1,"phase":"down","x":10,"y":20,"t":5.25}"#.utf8))
        c.write(Array(touch.prefix(16)))
        let served = Self.clock()
        #expect(try Self.get(port, "/?t=\(server.token.value)").hasPrefix("HTTP/1.1 200"))
        #expect(Self.clock() - served < 1, "the page is served while a device stalls")
        let closed = c.read(timeout: 6) { Self.closeCode($0) != nil }
        let took = Self.clock() - start
        #expect(Self.closeCode(closed.bytes) == 4408)
        #expect(took >= 1.4 && took < 10, "closed after \(took) s (idle limit 1.5 s, watchdog 0.25 s)")
        let gone = Self.waitFor(server, 4) { Self.isDisconnected($0) }
        #expect(gone.contains { if case .disconnected(_, let reason) = $0 { reason.contains("4408") } else { false } })
        try Self.expectServing(server, port)
    }

    /// Whatever the host sends at once reaches the page in order, none lost (a task start's
    /// config is a hundred inputs); frames supersede each other, and the newest always comes.
    @Test func everyMessageArrivesInOrderAndTheNewestFrame() throws {
        let (server, port) = try Self.server()
        defer { server.stop() }
        let c = try Self.upgrade(port, token: server.token.value)
        c.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        #expect(Self.waitFor(server) { Self.isConnected($0) }.contains { Self.isConnected($0) })
        var sent: [String] = []
        for i in 0..<600 {
            let input = "{\"type\":\"input\",\"n\":\(i)}"
            server.send(input)
            sent.append(input)
            server.send("{\"type\":\"frame\",\"n\":\(i)}", isFrame: true)
        }
        let got = c.read(timeout: 10) { Self.texts($0).contains("{\"type\":\"frame\",\"n\":599}") }
        let texts = Self.texts(got.bytes)
        let frames = texts.filter { $0.contains("\"frame\"") }
        #expect(texts.filter { $0.contains("\"input\"") } == sent)
        #expect(frames.last == "{\"type\":\"frame\",\"n\":599}" && frames.count <= 600 && frames == frames.sorted { $0.count < $1.count || $0.count == $1.count && $0 < $1 })
    }

    /// A device that stops reading while the host sends it large frames: the write cannot finish,
    /// so within the slow-write limit (and a watchdog tick) the socket is closed (no close frame:
    /// it would wait behind the frames), the drop is said with 4410, and the server goes on.
    @Test func aReaderStalledMidFrameIsClosedAsSlow() throws {
        let (server, port) = try Self.server(slowWrite: 1)
        defer { server.stop() }
        let c = try Self.upgrade(port, token: server.token.value, receiveBuffer: 4096)
        c.write(Self.frame(Array(PhoneProtocolTests.hello.utf8)))
        #expect(Self.waitFor(server) { Self.isConnected($0) }.contains { Self.isConnected($0) })
        // Frames of 1 MB, far past what the two socket buffers hold: the first stops mid-frame.
        let big = "{\"type\":\"frame\",\"n\":1,\"pad\":\"" + String(repeating: "x", count: 1 << 20) + "\"}"
        let start = Self.clock()
        for _ in 0..<8 { server.send(big, isFrame: true) }
        let served = Self.clock()
        #expect(try Self.get(port, "/?t=\(server.token.value)").hasPrefix("HTTP/1.1 200"))
        #expect(Self.clock() - served < 1, "the page is served while a reader stalls")
        let gone = Self.waitFor(server, 10) { Self.isDisconnected($0) }
        let took = Self.clock() - start
        let slow = gone.contains { if case .disconnected(_, let reason) = $0 { reason.contains("4410") } else { false } }
        #expect(slow, "the stalled reader is dropped as slow (4410)")
        // Not before the limit; the upper bound is loose: a loaded machine delays the watchdog.
        #expect(took >= 0.9 && took < 10, "closed after \(took) s (slow-write limit 1 s, watchdog 0.25 s)")
        // The stalled client finds its socket closed (what it has not read, then the end).
        let closed = c.read(timeout: 10).closed
        #expect(closed, "the stalled reader's socket is closed")
        try Self.expectServing(server, port)
    }
}
