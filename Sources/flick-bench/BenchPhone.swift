import FlickEngine
import FlickIO
import FlickPhone
import FlickSDL
import FlickSession
import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The phone over loopback, for one interaction: touch to the frame that applied it drawn on
/// the phone (median, p99, as the app's HUD and log compute it), the render list's bytes a
/// frame, and the host process's CPU with no phone, with a phone connected and idle, and with
/// it dragging.
struct PhoneResult: Codable {
    var interaction: String
    /// Seconds of dragging.
    var seconds: Double
    /// Touches the phone sent; `samples` of them applied by a frame the phone reported drawn.
    var touches: Int
    var samples: Int
    var medianMs: Double
    var p90Ms: Double
    var p99Ms: Double
    var maxMs: Double
    var framesSent: Int
    var framesDrawn: Int
    /// The render list's JSON, mean and largest frame, bytes.
    var frameBytesMean: Double
    var frameBytesMax: Int
    /// Process CPU time over wall time, percent of one core: the host loop with the server
    /// listening and no phone; with the phone connected and idle (its clock exchanges); with it
    /// dragging. `perPhonePercent` = dragging minus no phone.
    var cpuNoPhonePercent: Double
    var cpuIdlePercent: Double
    var cpuDraggingPercent: Double
    var perPhonePercent: Double
    /// The server's own handling of the phone's messages (parse, clock, queue), ms in all.
    var serverHandlingMs: Double
    var messages: Int
    /// The clock exchange's best round trip, ms.
    var clockRoundTripMs: Double
}

/// The host side runs here, in the bench's process, as the window runs it: the phone server
/// (FlickPhone, 127.0.0.1, an ephemeral port) and a 60 Hz frame loop that takes the phone's
/// events, submits its touches to a `SessionRunner` with the touch slop, advances the scene and
/// sends the render list when it changed (every frame while it moves), matching each `drawn`
/// report against the touches the frame carried (`PhoneLatency`, the HUD's and log's figures).
/// No window is drawn: the figures are the phone path's own.
///
/// The phone is a child process (`flick-bench --phone-client URL`), so its CPU is not the
/// host's: a WebSocket client (HummingbirdWSClient) speaking the page's protocol: hello with
/// the token and a 390x844 device at 3x, a clock exchange at connect and every 3 s (as the
/// page), touches stamped with its own clock at 120 Hz (a slow drag held still before the
/// release, then a fling released while moving, along the interaction's axis, alternating
/// direction), and `drawn` for each frame as it arrives (the page's drawing is not in it).
@MainActor
enum PhoneBench {
    static let interval = 1.0 / 60
    nonisolated static let viewport = Size(width: 390, height: 844)
    /// The host loop alone (server listening, no phone), seconds.
    static let baselineSeconds = 2.0
    /// The phone connected and idle before it drags, seconds (after 1 s of clock exchanges).
    nonisolated static let idleSeconds = 2.0

    nonisolated static func now() -> Double { Double(monotonicNanoseconds()) / 1e9 }

    /// User plus system CPU time of this process, seconds.
    nonisolated static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func run(_ interaction: Interaction, count: Int, images: [CardImage], seconds: Double,
                    progress: (String) -> Void) throws -> PhoneResult {
        let server = PhoneServer(configuration: PhoneServer.Configuration(host: "127.0.0.1", port: 0),
                                 now: { PhoneBench.now() }, faces: { _, _, _ in nil })
        let port = try server.start()
        defer { server.stop() }
        let runner = SessionRunner(scene: CardScene(interaction: interaction, count: count, viewport: viewport, time: 0),
                                   tasks: nil, cardNames: [])
        let start = now()
        var host = Host(server: server, runner: runner, start: start, images: images.count)
        var frame = 0

        /// Host frames until `end`, or until `child` (when given) has exited.
        func tick(until end: Double, child: Process? = nil) throws {
            while now() < end && child?.isRunning != false {
                try stopPoint()
                frame += 1
                let due = start + Double(frame) * interval
                let wait = due - now()
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                host.frame(at: now())
            }
        }

        // The host loop alone.
        let cpu0 = cpuSeconds(), wall0 = now()
        try tick(until: wall0 + baselineSeconds)
        let noPhone = (cpuSeconds() - cpu0) / (now() - wall0)

        // The phone.
        let url = "ws://127.0.0.1:\(port)/ws?t=\(server.token.value)"
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let client = DrainedChild(executable: me, arguments: ["--phone-client", url, "--interactions", interaction.rawValue,
                                                               "--phone-seconds", String(seconds)])
        let child = client.process
        try client.run()
        // A stop (a signal) ends the phone with the bench: nothing of its group outlives it.
        defer {
            if child.isRunning {
                child.terminate()
                child.waitUntilExit()
            }
        }
        let limit = now() + idleSeconds + seconds + 20
        try tick(until: limit, child: child)
        if child.isRunning { child.terminate() }
        let (outText, errText) = client.collect()
        // The frames after the last touch, and the server's close, through the loop too.
        try tick(until: now() + 0.2)
        let report = outText.split(separator: "\n").last { $0.hasPrefix("{") }
        guard child.terminationStatus == 0, let line = report,
              let phone = try? JSONDecoder().decode(PhoneClientReport.self, from: Data(line.utf8)) else {
            let why = errText.split(separator: "\n").last.map(String.init)
            throw UserError("the phone client failed (\(why ?? "exit \(child.terminationStatus)"))")
        }
        guard let idle = host.idleCPU, let drag = host.dragCPU, let p = host.frames.latency.percentiles else {
            throw UserError("the phone bench of \(interaction.rawValue): the phone connected \(host.connected ? "but sent no touch the host applied" : "never")")
        }
        let sorted = host.frames.latency.samples.sorted()
        let p90 = nearestRank(sorted, 0.9)
        let stats = server.statistics
        progress(String(format: "phone %@: %.1f ms median, %.1f ms p99 over %d touches", interaction.rawValue,
                        p.median * 1000, p.p99 * 1000, host.frames.latency.count))
        return PhoneResult(interaction: interaction.rawValue, seconds: seconds, touches: phone.touches,
                           samples: host.frames.latency.count, medianMs: p.median * 1000, p90Ms: p90 * 1000, p99Ms: p.p99 * 1000,
                           maxMs: (sorted.last ?? .nan) * 1000, framesSent: host.frames.sent, framesDrawn: phone.frames,
                           frameBytesMean: host.frames.sent > 0 ? Double(host.frames.bytes) / Double(host.frames.sent) : 0,
                           frameBytesMax: host.frames.largest, cpuNoPhonePercent: noPhone * 100, cpuIdlePercent: idle * 100,
                           cpuDraggingPercent: drag * 100, perPhonePercent: (drag - noPhone) * 100,
                           serverHandlingMs: stats.busy * 1000, messages: stats.messages,
                           clockRoundTripMs: (host.roundTrip ?? .nan) * 1000)
    }

    /// The host's side of the scripted phone each frame: the server's events into a session
    /// through the window's phone stream (`PhoneStream`: the device's connection, the touch
    /// rule, the latency, the drop), and its frames out through the same (`PhoneFrames`).
    struct Host {
        let server: PhoneServer
        let runner: SessionRunner
        let start: Double
        let images: Int
        var stream = PhoneStream()
        var connected = false
        /// The touches taken and the frames sent.
        var frames: PhoneFrames { stream.frames }
        var roundTrip: Double? { stream.clock?.roundTrip }
        /// CPU marks: when the idle window opens (connected + 1.2 s), the first and last touch.
        var connectedAt: Double?
        var idleMark: (cpu: Double, wall: Double)?
        var firstTouch: (cpu: Double, wall: Double)?
        var lastTouch: (cpu: Double, wall: Double)?

        var idleCPU: Double? {
            guard let a = idleMark, let b = firstTouch, b.wall > a.wall else { return nil }
            return (b.cpu - a.cpu) / (b.wall - a.wall)
        }
        var dragCPU: Double? {
            guard let a = firstTouch, let b = lastTouch, b.wall > a.wall else { return nil }
            return (b.cpu - a.cpu) / (b.wall - a.wall)
        }

        init(server: PhoneServer, runner: SessionRunner, start: Double, images: Int) {
            (self.server, self.runner, self.start, self.images) = (server, runner, start, images)
        }

        mutating func frame(at wall: Double) {
            let clock = wall - start
            var force = false
            for event in server.drain() {
                switch stream.take(event) {
                case .connected(_, let resumed):
                    connected = true
                    connectedAt = connectedAt ?? wall
                    let faces = (0..<max(1, images)).map { PhoneWelcome.Face(hash: String(format: "%016lx", $0)) }
                    let welcome = PhoneWelcome(session: "flick-bench", viewport: runner.scene.viewport, faces: faces,
                                               cardBackground: "#ffffff", cornerRadius: CardFaces.cornerRadiusPoints,
                                               shadow: .init(blur: 12, dx: 0, dy: 4, opacity: 0.3), resumed: resumed)
                    server.send(welcome.json())
                    force = true
                case .touch(let touch, let hostTime):
                    let t = hostTime - start
                    let p = PointerEvent(pointerID: 1, phase: touch.phase, position: touch.position, time: t, device: .touch)
                    runner.submit(RecordedInput(t: t, .pointer(p)), now: clock)
                    let mark = (PhoneBench.cpuSeconds(), wall)
                    if firstTouch == nil { firstTouch = mark }
                    lastTouch = mark
                case .dropped(_, let held):
                    if held { runner.cancelHeldGesture(at: clock) }
                case .refused, .answer, .undo, .records, .history, nil:
                    break
                }
            }
            if let c = connectedAt, idleMark == nil, wall >= c + 1.2 { idleMark = (PhoneBench.cpuSeconds(), wall) }
            runner.advance(to: clock)
            _ = runner.takeOutputs()
            guard stream.isConnected else { return }
            let n = images
            guard let text = stream.frames.frame(list: runner.scene.renderList, faceOf: { n > 0 ? (($0.value % n) + n) % n : -1 },
                                          stage: "#e8eaed", sceneTime: runner.scene.time, force: force) else { return }
            server.send(text, isFrame: true)
        }
    }
}

/// What the scripted phone printed: touches sent, frames drawn, bytes received, the close code.
struct PhoneClientReport: Codable {
    var touches: Int
    var frames: Int
    var bytes: Int
    var closeCode: Int?
}

/// The scripted phone (`flick-bench --phone-client URL`), in its own process.
enum PhoneClient {
    /// A touch sample every 1/120 s, as a 120 Hz touch screen reports.
    static let touchRate = 120.0

    final class Marks: Sendable {
        struct State {
            var welcome = false
            var clockInterval = 3.0
            var frames = 0
            var bytes = 0
            var touches = 0
        }
        let state = Mutex(State())
    }

    /// Runs the phone against `url` for `seconds` of dragging; prints one JSON line.
    static func run(url: String, interaction: Interaction, seconds: Double) throws {
        let start = monotonicNanoseconds()
        @Sendable func phoneMs() -> Double { Double(monotonicNanoseconds() - start) / 1e6 }
        let marks = Marks()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Int?, any Error> = .success(nil)
        var logger = Logger(label: "flick-bench.phone")
        logger.logLevel = .critical
        let vertical = interaction == .now
        Task.detached { [logger] in
            do {
                let close = try await WebSocketClient.connect(
                    url: url, configuration: WebSocketClientConfiguration(maxFrameSize: PhoneProtocol.maxOutboundBytes),
                    logger: logger
                ) { inbound, outbound, _ in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        // The page's side of the wire: draw (report) each frame, finish each clock exchange.
                        group.addTask {
                            for try await message in inbound.messages(maxSize: PhoneProtocol.maxOutboundBytes) {
                                guard case .text(let text) = message else { continue }
                                if text.hasPrefix("{\"type\":\"frame\"") {
                                    let n = frameNumber(text)
                                    marks.state.withLock { $0.frames += 1; $0.bytes += text.utf8.count }
                                    try await outbound.write(.text("{\"type\":\"drawn\",\"frame\":\(n),\"t\":\(PhoneProtocol.number(phoneMs(), places: 3))}"))
                                } else if text.hasPrefix("{\"type\":\"clock\""), let reply = syncReply(text, t1: phoneMs()) {
                                    try await outbound.write(.text(reply))
                                } else if text.contains("\"type\":\"welcome\"") {
                                    let every = clockInterval(text)
                                    marks.state.withLock { $0.welcome = true; $0.clockInterval = every }
                                }
                            }
                        }
                        try await outbound.write(.text(helloJSON()))
                        let waitEnd = phoneMs() + 5000
                        while !marks.state.withLock({ $0.welcome }) {
                            guard phoneMs() < waitEnd else { throw UserError("no welcome within 5 s") }
                            try await Task.sleep(for: .milliseconds(5))
                        }
                        // The page's clock exchanges: a few at connect, then every clockInterval.
                        for _ in 0..<5 {
                            try await outbound.write(.text("{\"type\":\"clock\",\"t0\":\(PhoneProtocol.number(phoneMs(), places: 3))}"))
                            try await Task.sleep(for: .milliseconds(200))
                        }
                        let every = marks.state.withLock { $0.clockInterval } * 1000
                        var lastClock = phoneMs()
                        func exchange() async throws {
                            guard phoneMs() - lastClock >= every else { return }
                            lastClock = phoneMs()
                            try await outbound.write(.text("{\"type\":\"clock\",\"t0\":\(PhoneProtocol.number(lastClock, places: 3))}"))
                        }
                        // Idle, connected.
                        let idleEnd = phoneMs() + PhoneBench.idleSeconds * 1000
                        while phoneMs() < idleEnd {
                            try await exchange()
                            try await Task.sleep(for: .milliseconds(20))
                        }
                        // Drags and flings at 120 Hz on the phone's clock, each stamped with the
                        // time the finger is there (`due`), not when this loop got to send it: a
                        // driver running late on a busy machine must not bend the app's velocities.
                        let plan = gestures(vertical: vertical, seconds: seconds)
                        let t0 = phoneMs()
                        for sample in plan {
                            let due = t0 + sample.at * 1000
                            let wait = due - phoneMs()
                            if wait > 0 { try await Task.sleep(for: .microseconds(Int(wait * 1000))) }
                            try await exchange()
                            try await outbound.write(.text(touchJSON(sample.phase, sample.point, t: due)))
                            marks.state.withLock { $0.touches += 1 }
                        }
                        // The last frames drawn, then a normal close.
                        try await Task.sleep(for: .milliseconds(500))
                        try await outbound.close(.normalClosure, reason: nil)
                        group.cancelAll()
                    }
                }
                outcome = .success(close.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) })
            } catch {
                outcome = .failure(error)
            }
            done.signal()
        }
        // A stop (the bench ending this child, or a signal) ends the phone within 50 ms.
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            try stopPoint()
        }
        let code = try outcome.get()
        let s = marks.state.withLock { $0 }
        let report = PhoneClientReport(touches: s.touches, frames: s.frames, bytes: s.bytes, closeCode: code)
        let data = try JSONEncoder().encode(report)
        print(String(decoding: data, as: UTF8.self))
    }

    struct Sample {
        var at: Double
        var phase: PointerEvent.Phase
        var point: Point
    }

    /// The gestures of `seconds`: a slow drag (300 pt in 0.6 s, held still 0.1 s, lifted), a
    /// pause, a fling (240 pt in 0.1 s, lifted while moving), a pause; each pair the other way.
    static func gestures(vertical: Bool, seconds: Double) -> [Sample] {
        var out: [Sample] = []
        var t = 0.0
        let step = 1 / touchRate
        let c = Point(x: PhoneBench.viewport.width / 2, y: PhoneBench.viewport.height / 2)
        var direction = 1.0
        func stroke(length: Double, duration: Double, hold: Double) {
            let from = vertical ? Point(x: c.x, y: c.y + direction * length / 2) : Point(x: c.x + direction * length / 2, y: c.y)
            func at(_ f: Double) -> Point {
                vertical ? Point(x: from.x, y: from.y - direction * length * f) : Point(x: from.x - direction * length * f, y: from.y)
            }
            out.append(Sample(at: t, phase: .down, point: from))
            let moves = max(1, Int((duration / step).rounded()))
            for i in 1...moves {
                t += step
                out.append(Sample(at: t, phase: .move, point: at(Double(i) / Double(moves))))
            }
            var held = 0.0
            while held + step <= hold {
                held += step
                t += step
                out.append(Sample(at: t, phase: .move, point: at(1)))
            }
            t += step
            out.append(Sample(at: t, phase: .up, point: at(1)))
        }
        while t < seconds {
            stroke(length: 300, duration: 0.6, hold: 0.1)
            t += 0.3
            guard t < seconds else { break }
            stroke(length: 240, duration: 0.1, hold: 0)
            t += 0.6
            direction = -direction
        }
        return out
    }

    static func helloJSON() -> String {
        "{\"type\":\"hello\",\"v\":\(PhoneProtocol.version),\"viewport\":{\"width\":\(Int(PhoneBench.viewport.width)),"
            + "\"height\":\(Int(PhoneBench.viewport.height))},\"pixelRatio\":3,\"userAgent\":\"flick-bench scripted phone\",\"touch\":true}"
    }

    static func touchJSON(_ phase: PointerEvent.Phase, _ p: Point, t: Double) -> String {
        "{\"type\":\"touch\",\"id\":1,\"phase\":\"\(phase.rawValue)\",\"x\":\(PhoneProtocol.number(p.x, places: 2)),"
            + "\"y\":\(PhoneProtocol.number(p.y, places: 2)),\"t\":\(PhoneProtocol.number(t, places: 3))}"
    }

    /// `n` of a frame (the host writes it second, right after the type).
    static func frameNumber(_ text: String) -> Int {
        guard let range = text.range(of: "\"n\":") else { return -1 }
        return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? -1
    }

    private struct ClockWire: Decodable {
        var t0: Double
        var s: Double
    }

    private struct WelcomeWire: Decodable {
        var clockInterval: Double?
    }

    static func syncReply(_ text: String, t1: Double) -> String? {
        guard let m = try? JSONDecoder().decode(ClockWire.self, from: Data(text.utf8)) else { return nil }
        return "{\"type\":\"sync\",\"t0\":\(PhoneProtocol.number(m.t0, places: 3)),\"t1\":\(PhoneProtocol.number(t1, places: 3)),"
            + "\"s\":\(PhoneProtocol.number(m.s, places: 6))}"
    }

    static func clockInterval(_ text: String) -> Double {
        let every = (try? JSONDecoder().decode(WelcomeWire.self, from: Data(text.utf8)))?.clockInterval ?? 3
        return every.isFinite && every > 0 ? every : 3
    }
}
