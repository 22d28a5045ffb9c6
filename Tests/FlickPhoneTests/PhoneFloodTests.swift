import FlickPhone
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server's connection slots under a flood: 500 connections from one address that never
/// send a request with the token (idle, a head stopped halfway, a head without the token, a
/// head stopped halfway and the sending side shut), each reopened as soon as the server closes
/// it, while the phone loads its page and joins, from the flood's own address and from another.
@Suite(.serialized) struct PhoneFloodTests {
    /// Keeps `count` connections open to `port` from 127.0.0.1 on a thread of its own,
    /// reopening each one the server closes (non-blocking connects, so a full listen queue does
    /// not stall the others).
    final class Flood: @unchecked Sendable {
        let count: Int
        let port: Int
        let connects = Atomic<Int>(0)
        let held = Atomic<Int>(0)
        private let stopping = Atomic<Bool>(false)
        private let finished = DispatchSemaphore(value: 0)

        init(count: Int, port: Int) {
            self.count = count
            self.port = port
            let thread = Thread { [self] in run() }
            thread.start()
        }

        func stop() {
            stopping.store(true, ordering: .relaxed)
            finished.wait()
        }

        private static let partial = Array("GET /?t=0000 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: fl".utf8)
        private static let noToken = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

        private func run() {
            var fds = [Int32](repeating: -1, count: count)
            var connected = [Bool](repeating: false, count: count)
            var polls = [pollfd](repeating: pollfd(), count: count)
            var sink = [UInt8](repeating: 0, count: 4096)
            while !stopping.load(ordering: .relaxed) {
                for i in 0..<count where fds[i] < 0 {
                    fds[i] = PhoneFloodTests.startConnect(to: port, from: nil)
                    connected[i] = false
                    if fds[i] >= 0 { connects.add(1, ordering: .relaxed) }
                }
                for i in 0..<count {
                    polls[i] = pollfd(fd: fds[i], events: Int16(connected[i] ? POLLIN : POLLOUT), revents: 0)
                }
                _ = poll(&polls, nfds_t(count), 20)
                var holding = 0
                for i in 0..<count where fds[i] >= 0 {
                    let fd = fds[i], revents = Int32(polls[i].revents)
                    if !connected[i] {
                        guard revents != 0 else { continue }
                        var error: Int32 = 0
                        var size = socklen_t(MemoryLayout<Int32>.size)
                        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
                        if error != 0 || revents & (POLLERR | POLLHUP) != 0 {
                            close(fd)
                            fds[i] = -1
                            continue
                        }
                        connected[i] = true
                        switch i % 4 {
                        case 0: break   // idle: nothing at all
                        case 1: _ = send(fd, Self.partial, Self.partial.count, Int32(MSG_NOSIGNAL))
                        case 2: _ = send(fd, Self.noToken, Self.noToken.count, Int32(MSG_NOSIGNAL))
                        default:
                            _ = send(fd, Self.partial, Self.partial.count, Int32(MSG_NOSIGNAL))
                            shutdown(fd, Int32(SHUT_WR))
                        }
                    } else if revents != 0 {
                        // Whatever the server answered (a 403) is read and dropped; its close reopens.
                        let n = recv(fd, &sink, sink.count, Int32(MSG_DONTWAIT))
                        if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                            close(fd)
                            fds[i] = -1
                            continue
                        }
                    }
                    if connected[i] { holding += 1 }
                }
                held.store(holding, ordering: .relaxed)
            }
            for fd in fds where fd >= 0 { close(fd) }
            finished.signal()
        }
    }

    /// A non-blocking socket connecting to 127.0.0.1:`port`, bound to `source` first when given
    /// (any 127.x.y.z is this machine's); -1 when no socket could be made.
    static func startConnect(to port: Int, from source: String?) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return -1 }
        func address(_ host: String, _ port: Int) -> sockaddr_in {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(port).bigEndian)
            a.sin_addr.s_addr = inet_addr(host)
            return a
        }
        if let source {
            var local = address(source, 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { close(fd); return -1 }
        }
        var remote = address("127.0.0.1", port)
        let r = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 || errno == EINPROGRESS else { close(fd); return -1 }
        return fd
    }

    /// A connected, blocking socket from `source` (nil: the system's choice), or nil when the
    /// connection is not made by `deadline` (the listen queue full: the kernel drops the SYN and
    /// retries it a second later, then three).
    static func dial(_ port: Int, from source: String?, by deadline: Double) -> Int32? {
        let fd = startConnect(to: port, from: source)
        guard fd >= 0 else { return nil }
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let left = deadline - PhoneServerTests.clock()
            guard left > 0 else { close(fd); return nil }
            if poll(&p, 1, Int32(left * 1000) + 1) > 0 { break }
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        guard error == 0 else { close(fd); return nil }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~Int32(O_NONBLOCK))
        var tv = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Reads from `fd` until `done(bytes)`, the peer's close or `deadline`.
    static func read(_ fd: Int32, by deadline: Double, until done: ([UInt8]) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while PhoneServerTests.clock() < deadline {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { break }
            if n > 0 {
                out += buffer[0..<n]
                if done(out) { break }
            }
        }
        return out
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What a phone does to join: the page on one connection, then the WebSocket on another and
    /// its hello, until the server says the device connected. The seconds it took, or nil when
    /// it did not join within `limit` (and the step it stopped at); the WebSocket is left open
    /// (`socket`) for the caller.
    static func join(_ server: PhoneServer, _ port: Int, from source: String?, limit: Double) -> (seconds: Double?, socket: Int32?, stopped: String) {
        let start = PhoneServerTests.clock()
        let deadline = start + limit
        let token = server.token.value
        guard let page = dial(port, from: source, by: deadline) else { return (nil, nil, "connecting for the page") }
        write(page, Array("GET /?t=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        let answer = read(page, by: deadline) { String(decoding: $0, as: UTF8.self).contains("</html>") }
        close(page)
        guard String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200") else {
            return (nil, nil, "the page (\(answer.count) bytes)")
        }
        guard let ws = dial(port, from: source, by: deadline) else { return (nil, nil, "connecting for the WebSocket") }
        write(ws, Array(("GET /ws?t=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let head = read(ws, by: deadline) { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            close(ws)
            return (nil, nil, "the upgrade (\(head.count) bytes)")
        }
        write(ws, PhoneServerTests.frame(Array(PhoneProtocolTests.hello.utf8)))
        var seen: [PhoneEvent] = []
        while PhoneServerTests.clock() < deadline {
            let events = server.drain()
            if events.contains(where: PhoneServerTests.isConnected) {
                return (PhoneServerTests.clock() - start, ws, "")
            }
            seen += events.filter { if case .refused("crowded", _) = $0 { false } else { true } }
            usleep(2_000)
        }
        close(ws)
        return (nil, nil, "the hello (\(seen.prefix(3)))")
    }

    /// Leaves the device slot free: closes the phone's WebSocket and waits for the server to
    /// say the device went.
    static func leave(_ server: PhoneServer, _ socket: Int32?) {
        guard let socket else { return }
        close(socket)
        _ = PhoneServerTests.waitFor(server, 5) { PhoneServerTests.isDisconnected($0) }
    }

    /// 500 connections that never send a request with the token, from 127.0.0.1, reopened as
    /// they are closed: a phone on another address (127.0.0.2) loads its page and says hello
    /// (the server allows 2 s for it once connected), six times over. The same from the flood's own address is measured too: it
    /// joins unless the flood's next 64 connections are taken before its head is read (a race the
    /// address share cannot settle), so it is printed, not held to.
    @Test func thePhoneJoinsThroughAFloodOfIdleConnections() throws {
        var configuration = PhoneServer.Configuration()
        configuration.helloWithin = 2
        let server = PhoneServer(configuration: configuration, now: { PhoneServerTests.clock() }, faces: { _, _, _ in nil })
        let port = try server.start()
        defer { server.stop() }
        let flood = Flood(count: 500, port: port)
        // Until the flood has made its 500 connections (and more, as the server closes them).
        let since = PhoneServerTests.clock()
        while flood.connects.load(ordering: .relaxed) < 600 && PhoneServerTests.clock() - since < 5 { usleep(10_000) }
        var times: [String: [Double]] = [:]
        var failed: [String: [String]] = [:]
        for (run, source) in ["127.0.0.2", "127.0.0.1", "127.0.0.2", "127.0.0.1", "127.0.0.2", "127.0.0.1", "127.0.0.2", "127.0.0.2",
                              "127.0.0.2"].enumerated() {
            let (seconds, socket, stopped) = Self.join(server, port, from: source, limit: 5)
            if let seconds { times[source, default: []].append(seconds) } else { failed[source, default: []].append("run \(run + 1) stopped at \(stopped)") }
            Self.leave(server, socket)
            usleep(200_000)
        }
        let connects = flood.connects.load(ordering: .relaxed)
        flood.stop()
        for source in ["127.0.0.2", "127.0.0.1"] {
            let sorted = times[source, default: []].sorted()
            let median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
            print("flood: from \(source), \(sorted.count) joins under 500 flooding connections from 127.0.0.1 (\(connects) connects), "
                  + "median \(String(format: "%.3f", median)) s, worst \(String(format: "%.3f", sorted.last ?? .nan)) s; "
                  + "failed: \(failed[source].map { $0.joined(separator: ", ") } ?? "none")")
        }
        let other = times["127.0.0.2", default: []]
        #expect(failed["127.0.0.2"] == nil, "from another address, the phone did not join within 5 s: \(failed["127.0.0.2"] ?? [])")
        // Every join is held to the 5 s a join may take (a refused or starved phone never joins);
        // how long each took depends on the machine's load and is printed above, not held to.
        #expect(other.count == 6, "joins took \(other.map { String(format: "%.2f", $0) }) s")
        #expect(connects > 600, "the flood reopened its connections as they were closed (\(connects) connects)")
    }
}

/// Whom the connection slots shed, by the rule alone: pending before proven, oldest first, the
/// address over its share before the others.
@Suite struct ConnectionShareTests {
    @Test func anAddressPastItsShareLosesItsOwnOldestPending() {
        var share = ConnectionShare(total: 10, perAddress: 3)
        let a = (0..<3).map { _ in share.open(address: "a").id }
        let b = share.open(address: "b")
        #expect(b.shed.isEmpty)
        share.prove(a[0])
        // a holds 2 pending (a1, a2) and a proven one; two more pending: the second sheds a1.
        #expect(share.open(address: "a").shed.isEmpty)
        let fifth = share.open(address: "a")
        #expect(fifth.shed == [ConnectionShare.Shed(id: a[1], address: "a", reason: .addressShare)])
        #expect(share.pendingCount(of: "a") == 3 && share.isProven(a[0]) && share.holds(b.id))
        #expect(share.count == 5)
    }

    @Test func whenFullTheHeaviestAddressGivesUpItsOldestPending() {
        var share = ConnectionShare(total: 6, perAddress: 6)
        let phone = share.open(address: "phone").id
        let flood = (0..<4).map { _ in share.open(address: "flood").id }
        let other = share.open(address: "other").id
        // Six held; the seventh, from "phone" itself, sheds the flood's oldest.
        let next = share.open(address: "phone")
        #expect(next.shed == [ConnectionShare.Shed(id: flood[0], address: "flood", reason: .full)])
        #expect(share.holds(phone) && share.holds(other) && share.holds(next.id) && share.count == 6)
    }

    @Test func provenConnectionsAreNeverShedAndANewcomerGoesWhenAllAre() {
        var share = ConnectionShare(total: 3, perAddress: 1)
        let held = (0..<3).map { _ in
            let id = share.open(address: "a").id
            share.prove(id)
            return id
        }
        #expect(share.pendingCount(of: "a") == 0)
        let newcomer = share.open(address: "b")
        #expect(newcomer.shed == [ConnectionShare.Shed(id: newcomer.id, address: "b", reason: .full)])
        #expect(held.allSatisfy(share.holds) && !share.holds(newcomer.id) && share.count == 3)
        // A close frees its slot; closing a shed one again changes nothing.
        share.close(held[0])
        share.close(newcomer.id)
        #expect(share.open(address: "b").shed.isEmpty && share.count == 3)
    }

    /// A flood from one address, reopening everything it loses, never sheds a pending connection
    /// of another address, nor one of its own address with fewer than its share newer than it.
    @Test func aFloodShedsItsOwnConnections() {
        var share = ConnectionShare(total: 64, perAddress: 32)
        for _ in 0..<100 { _ = share.open(address: "flood") }
        let phone = share.open(address: "phone").id
        let twin = share.open(address: "flood").id
        for _ in 0..<31 { #expect(share.open(address: "flood").shed.allSatisfy { $0.address == "flood" && $0.id != twin }) }
        for _ in 0..<10_000 { #expect(share.open(address: "flood").shed.allSatisfy { $0.address == "flood" }) }
        #expect(share.holds(phone) && !share.holds(twin))
        #expect(share.pendingCount(of: "flood") == 32 && share.count == 33)
    }
}
