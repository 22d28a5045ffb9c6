import Dispatch
import FlickEngine
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

/// What happened on the phone's side, for the app's frame loop to take (`PhoneServer.drain`).
/// Each names the connection it came from; the app ignores a connection's events once it is gone.
package enum PhoneEvent: Equatable, Sendable {
    /// A page said hello and is the participant's device now; `resumed` when one was before.
    case connected(connection: Int, hello: PhoneHello, resumed: Bool)
    /// A touch, with its phone time mapped to the host clock (`PhoneServer.now`'s seconds).
    case touch(connection: Int, PhoneTouch, hostTime: Double)
    /// The page drew frame `frame` at phone time `t` (ms).
    case drawn(connection: Int, frame: Int, t: Double)
    /// An answer of the participant's side tapped on the page, its time mapped as a touch's.
    case answer(connection: Int, PhoneAnswer, hostTime: Double)
    /// The page's Undo, its time mapped as a touch's.
    case undo(connection: Int, hostTime: Double)
    /// Inputs the page gave its own engine (`--phone-engine`), at the page's session times.
    case records(connection: Int, PhoneRecords)
    /// The page asks for the session's records so far (it was reloaded and lost its engine).
    case history(connection: Int)
    /// A clock exchange finished: the mapping in force.
    case synced(connection: Int, offset: Double, roundTrip: Double)
    /// The participant's device went (closed, dropped, timed out, refused for a fault).
    case disconnected(connection: Int, reason: String)
    /// A request or connection refused (no token, a second device, a malformed message ...):
    /// its kind (`token`, `closed`, `stalled`) and a line for the terminal.
    case refused(kind: String, line: String)
}

/// The phone's server: the page, its script, the card faces by content hash and one
/// WebSocket, over HTTP/1.1 (Hummingbird), on its own tasks. Every route wants the session's
/// token. The app never waits on it: it takes the phone's events once a frame (`drain`) and
/// hands it text to send (`send`); nothing here touches the session.
package final class PhoneServer: Sendable {
    package struct Configuration: Sendable {
        package var host: String
        /// 0: any free port.
        package var port: Int
        package var idle: Double = PhoneLimits.idle
        package var helloWithin: Double = PhoneLimits.helloWithin
        package var slowWrite: Double = PhoneLimits.slowWrite
        package var httpIdle: Int64 = PhoneLimits.httpIdle
        package var connections: Int = PhoneLimits.connections
        package var pendingPerAddress: Int = PhoneLimits.pendingPerAddress
        package var backlog: Int = PhoneLimits.backlog
        package var messagesPerSecond: Double = PhoneLimits.messagesPerSecond
        package var burst: Double = PhoneLimits.burst
        /// The engine the page runs (`--phone-engine`): served as `/flick-engine.wasm` and
        /// `/flick-engine.mjs`; nil: the page draws the host's frames.
        package var engine: EngineFiles?

        package init(host: String = "127.0.0.1", port: Int = 0) {
            self.host = host
            self.port = port
        }
    }

    /// The page's engine: the WebAssembly module and its JavaScript interface (`make wasm`).
    package struct EngineFiles: Sendable {
        package var module: [UInt8]
        package var script: [UInt8]
        package init(module: [UInt8], script: [UInt8]) {
            self.module = module
            self.script = script
        }
    }

    /// A card face: PNG bytes of the image with content hash `hash` at `width`×`height` pixels,
    /// nil when there is no such image. Called off the main thread.
    package typealias FaceMaker = @Sendable (_ hash: String, _ width: Int, _ height: Int) -> [UInt8]?

    package let token: PhoneToken
    package let configuration: Configuration
    /// The host clock, seconds (the window passes SDL's, the clock of its mouse events).
    package let now: @Sendable () -> Double
    private let faces: FaceMaker
    private let gate: ConnectionGate
    private let state = Mutex(State())
    private let started = DispatchSemaphore(value: 0)

    private struct State {
        var events: [PhoneEvent] = []
        var nextConnection = 1
        /// The participant's device, once it said hello.
        var active: Int?
        var activeChannel: (any Channel)?
        var outbox: Outbox?
        var everConnected = false
        var port: Int?
        /// The kernel's id of the server's own thread, from `start`.
        var threadID: Int32?
        var failure: String?
        var task: Task<Void, Never>?
        var refusals = 0
        var openConnections = 0
        var connectionsSeen = 0
        /// Seconds spent handling the phone's messages (parsing, clock, queueing).
        var busy = 0.0
        var messages = 0
        var sentBytes = 0
        var sentFrames = 0
        var faceCache: [String: [UInt8]] = [:]
        var faceOrder: [String] = []
    }

    package init(token: PhoneToken = .random(), configuration: Configuration, now: @escaping @Sendable () -> Double,
                 faces: @escaping FaceMaker) {
        self.token = token
        self.configuration = configuration
        self.now = now
        self.faces = faces
        gate = ConnectionGate(total: configuration.connections, perAddress: configuration.pendingPerAddress, accepts: { [token] in token.matches($0) })
    }

    // MARK: - Running

    /// Binds and starts serving; returns the port (the one asked for, or the one the system
    /// chose for 0). Throws a one-line problem when the address cannot be bound.
    package func start(timeout: Double = 10) throws -> Int {
        let app = makeApplication()
        // Its own thread: this call blocks until the server is bound (`ServerThread`).
        let thread = ServerThread(name: "flick-phone")
        state.withLock { $0.threadID = thread.threadID }
        let task = Task.detached(executorPreference: thread) { [self] in
            do {
                try await app.run()
            } catch {
                state.withLock { $0.failure = $0.failure ?? "\(error)" }
            }
            started.signal()
            thread.stop()
        }
        state.withLock { $0.task = task }
        if started.wait(timeout: .now() + timeout) == .timedOut {
            task.cancel()
            throw PhoneServerError("the phone server did not start within \(Int(timeout)) s on \(configuration.host):\(configuration.port)")
        }
        let (port, failure) = state.withLock { ($0.port, $0.failure) }
        guard let port else {
            let why = failure.map { $0.contains("errno: 98") ? "the address is in use" : $0.contains("errno: 99") ? "not an address of this machine" : $0 }
            throw PhoneServerError("cannot serve the phone on \(configuration.host):\(configuration.port) (\(why ?? "the server stopped"))")
        }
        return port
    }

    /// The kernel's id of the server's own thread (`/proc/self/task/ID`), once started.
    package var threadID: Int32? { state.withLock { $0.threadID } }

    /// Closes the device's connection (`sessionOver`) and stops serving.
    package func stop() {
        let (channel, outbox, task) = state.withLock { s in
            defer { s.outbox = nil; s.activeChannel = nil; s.task = nil }
            return (s.activeChannel, s.outbox, s.task)
        }
        outbox?.finish()
        channel?.close(promise: nil)
        task?.cancel()
    }

    /// The URL the phone opens (with the token).
    package func url(host: String, port: Int) -> String {
        let h = host.contains(":") ? "[\(host)]" : host
        return "http://\(h):\(port)/?t=\(token.value)"
    }

    // MARK: - The app's side

    /// Everything that happened since the last call, in order.
    package func drain() -> [PhoneEvent] {
        state.withLock { s in
            defer { s.events.removeAll(keepingCapacity: true) }
            return s.events
        }
    }

    /// Sends `text` to the device (dropped when none is connected, or when it is not keeping up:
    /// only the newest frames wait).
    package func send(_ text: String, isFrame: Bool = false) {
        state.withLock { s in
            guard let outbox = s.outbox else { return }
            outbox.send(text, isFrame: isFrame)
            s.sentBytes += text.utf8.count
            if isFrame { s.sentFrames += 1 }
        }
    }

    /// What the app sends one connection, in order. Frames (the thin client's render lists)
    /// supersede each other: while `framesWaiting` wait unwritten, a new one takes the oldest's
    /// place. Nothing else is ever dropped (the page's engine needs every input, history part,
    /// ack and face map); a page that stops reading is closed by the watchdog instead.
    final class Outbox: Sendable {
        static let framesWaiting = 32
        private struct Queue {
            var items: [(text: String, isFrame: Bool)] = []
            var frames = 0
        }
        private let queue = Mutex(Queue())
        /// Wakes the writer; it then takes everything queued.
        private let wake: AsyncStream<Void>.Continuation
        let woken: AsyncStream<Void>

        init() { (woken, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1)) }

        func send(_ text: String, isFrame: Bool) {
            queue.withLock { q in
                if isFrame {
                    if q.frames >= Self.framesWaiting, let oldest = q.items.firstIndex(where: { $0.isFrame }) {
                        q.items.remove(at: oldest)
                        q.frames -= 1
                    }
                    q.frames += 1
                }
                q.items.append((text, isFrame))
            }
            wake.yield()
        }

        /// The next message to write, oldest first.
        func next() -> String? {
            queue.withLock { q in
                guard !q.items.isEmpty else { return nil }
                let item = q.items.removeFirst()
                if item.isFrame { q.frames -= 1 }
                return item.text
            }
        }

        func finish() { wake.finish() }
    }

    /// Figures for the HUD, the log and flick-bench.
    package struct Statistics: Equatable, Sendable {
        package var connectionsSeen: Int
        package var openConnections: Int
        package var refusals: Int
        package var messages: Int
        /// Seconds of handling (parsing, clock, queueing) since the start.
        package var busy: Double
        package var sentBytes: Int
        package var sentFrames: Int
        package var deviceConnected: Bool
    }

    package var statistics: Statistics {
        state.withLock {
            Statistics(connectionsSeen: $0.connectionsSeen, openConnections: $0.openConnections, refusals: $0.refusals,
                       messages: $0.messages, busy: $0.busy, sentBytes: $0.sentBytes, sentFrames: $0.sentFrames,
                       deviceConnected: $0.active != nil)
        }
    }

    private func post(_ event: PhoneEvent) -> Bool {
        state.withLock { s in
            guard s.events.count < PhoneLimits.inboxCapacity else { return false }
            s.events.append(event)
            return true
        }
    }

    /// Counts a refusal and tells the app, while the inbox is under half full: the other half
    /// stays for the device's touches whatever a flood of refusals does.
    private func refuse(_ kind: String, _ line: String) {
        state.withLock { s in
            s.refusals += 1
            if s.events.count < PhoneLimits.inboxCapacity / 2 { s.events.append(.refused(kind: kind, line: line)) }
        }
    }

    // MARK: - HTTP

    private func makeApplication() -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(Guard(server: self))
        // The page names its script and style with the token (it reached the page with it).
        let token = token.value
        router.get("/") { _, _ in try Self.resource("phone.html", type: "text/html; charset=utf-8", token: token) }
        router.get("/phone.js") { _, _ in try Self.resource("phone.js", type: "text/javascript; charset=utf-8") }
        router.get("/phone.css") { _, _ in try Self.resource("phone.css", type: "text/css; charset=utf-8") }
        router.get("/cards.js") { _, _ in try Self.resource("cards.js", type: "text/javascript; charset=utf-8") }
        if let engine = configuration.engine {
            router.get("/flick-engine.wasm") { _, _ in Self.bytes(engine.module, type: "application/wasm") }
            router.get("/flick-engine.mjs") { _, _ in Self.bytes(engine.script, type: "text/javascript; charset=utf-8") }
        }
        router.get("/face/:hash") { [self] request, context in
            try await face(request, context: context)
        }
        var logger = Logger(label: "flick.phone")
        logger.logLevel = .critical
        let http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(configuration.httpIdle))
        let ws = WebSocketServerConfiguration(maxFrameSize: PhoneProtocol.maxMessageBytes,
                                              autoPing: .disabled, closeTimeout: .seconds(2), validateUTF8: true)
        let address = BindAddress.hostname(configuration.host, port: configuration.port)
        let headLimit = TimeAmount.seconds(configuration.httpIdle)
        let limitText = "\(configuration.httpIdle) s"
        let (total, share) = (configuration.connections, configuration.pendingPerAddress)
        let server = HTTPServerBuilder { [self] responder in
            DeadlinedChannel(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(http1: http1, ws: ws)) { [self] request, channel, _ in
                    upgrade(request, channel: channel)
                },
                limit: headLimit,
                onTimeout: { [self] in refuse("stalled", "closed a connection whose request head did not come whole within \(limitText)") },
                gate: gate,
                onShed: { [self] gone in
                    let why = gone.reason == .full ? "all \(total) connections were taken"
                        : "its address held \(share) connections without one"
                    refuse("crowded", "closed a connection from \(gone.address) that had sent no request with the token: \(why)")
                })
        }
        return Application(
            router: router,
            server: server,
            configuration: .init(address: address, serverName: nil, backlog: configuration.backlog,
                                 availableConnectionsDelegate: Connections(server: self, limit: configuration.connections)),
            onServerRunning: { [self] channel in
                state.withLock { $0.port = channel.localAddress?.port }
                started.signal()
            },
            logger: logger
        )
    }

    /// Counts connections. Every connection is taken as it comes and kept or shed at once
    /// (`ConnectionGate`), so the count stays at the limit; only at twice the limit (sheds not yet
    /// closed) does taking them pause.
    private struct Connections: AvailableConnectionsDelegate {
        let server: PhoneServer
        let limit: Int
        mutating func connectionOpened() {
            server.state.withLock {
                $0.openConnections += 1
                $0.connectionsSeen += 1
            }
        }
        mutating func connectionClosed() { server.state.withLock { $0.openConnections -= 1 } }
        func isAcceptingNewConnections() -> Bool { server.state.withLock { $0.openConnections < 2 * limit } }
    }

    /// The headers of every answer: a strict Content-Security-Policy (the page's own script,
    /// style, faces and WebSocket, nothing else; WebAssembly compiled from the page's own module), no sniffing, no referrer (the token is in the URL).
    package static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    /// Every request: the token first (a short refusal without it, whatever the route), then
    /// the route, then the security headers on whatever answers.
    private struct Guard<Context: RequestContext>: RouterMiddleware {
        let server: PhoneServer
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            var response: Response
            if !server.token.matches(request.uri.queryParameters["t"].map(String.init)) {
                server.refuse("token", "refused \(request.method) \(request.uri.path.prefix(64)): \(request.uri.queryParameters["t"] == nil ? "no token" : "wrong token")")
                response = PhoneServer.text(.forbidden, "Flick: this link needs the session's token. Open the address the facilitator's window shows (or scan its QR code).\n")
            } else {
                do {
                    response = try await next(request, context)
                } catch let error as HTTPError {
                    response = PhoneServer.text(error.status, "Flick: \(error.status.code) \(error.status.reasonPhrase)\n")
                } catch {
                    response = PhoneServer.text(.internalServerError, "Flick: the request failed\n")
                }
            }
            for (name, value) in PhoneServer.securityHeaders {
                if let field = HTTPField.Name(name) { response.headers[field] = value }
            }
            return response
        }
    }

    private static func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// The page's files, read once from the package's resources.
    private static let resources: [String: [UInt8]] = {
        var out: [String: [UInt8]] = [:]
        for name in ["phone.html", "phone.js", "phone.css", "cards.js"] {
            let parts = name.split(separator: ".")
            if let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Resources"),
               let data = try? Data(contentsOf: url) {
                out[name] = Array(data)
            }
        }
        return out
    }()

    /// The bytes of a page file (tests read them too).
    package static func resourceBytes(_ name: String) -> [UInt8]? { resources[name] }

    private static func resource(_ name: String, type: String, token: String? = nil) throws -> Response {
        guard var bytes = resources[name] else { throw HTTPError(.notFound) }
        if let token {
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "__TOKEN__", with: token).utf8)
        }
        return Self.bytes(bytes, type: type)
    }

    private static func bytes(_ bytes: [UInt8], type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `/face/HASH?w=W&h=H`: the face of the image with that content hash at W×H pixels (the
    /// card's size at the device's pixel ratio), made once and kept (the newest 64).
    private func face(_ request: Request, context: some RequestContext) async throws -> Response {
        let hash = context.parameters.get("hash") ?? ""
        guard hash.utf8.count <= 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let w = request.uri.queryParameters["w"].flatMap({ Int($0) }),
              let h = request.uri.queryParameters["h"].flatMap({ Int($0) }),
              (1...PhoneLimits.faceSide).contains(w), (1...PhoneLimits.faceSide).contains(h)
        else { throw HTTPError(.badRequest) }
        let key = "\(hash)/\(w)x\(h)"
        var png = state.withLock { $0.faceCache[key] }
        if png == nil {
            let faces = self.faces
            png = await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: faces(hash, w, h)) }
            }
            guard let made = png else { throw HTTPError(.notFound) }
            state.withLock { s in
                if s.faceCache[key] == nil { s.faceOrder.append(key) }
                s.faceCache[key] = made
                while s.faceOrder.count > 64 { s.faceCache[s.faceOrder.removeFirst()] = nil }
            }
        }
        guard let png else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "private, max-age=86400, immutable"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    // MARK: - WebSocket

    private func upgrade(_ request: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let uri = URI(request.path ?? "/")
        // A refused upgrade falls through to the router, which answers it (403 without the token).
        // A refused upgrade gets a bare 400 from the WebSocket package, before any upgrade.
        guard uri.path == "/ws", token.matches(uri.queryParameters["t"].map(String.init)) else {
            refuse("token", "refused a WebSocket to \(uri.path.prefix(64)): \(uri.queryParameters["t"] == nil ? "no token" : "wrong token")")
            return .dontUpgrade
        }
        let id = state.withLock { s in
            defer { s.nextConnection += 1 }
            return s.nextConnection
        }
        let slot = gate.slot(of: channel)
        return .upgrade([:]) { [self] inbound, outbound, _ in
            await serve(connection: id, slot: slot, inbound: inbound, outbound: outbound, channel: channel)
        }
    }

    /// Why a connection ended, as the page gets it (`code`) and the log says it.
    private struct Ending: Error {
        var code: PhoneCloseCode
        var detail: String
    }

    /// One WebSocket, from its upgrade to its close: a reader (the page's messages, parsed,
    /// rate-limited, timed), a writer (what the app sends) and a watchdog (hello, idle, stalled
    /// writes), each a child task; the first to end ends the others.
    private func serve(connection id: Int, slot: Int?, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
                       channel: any Channel) async {
        let watch = Watch(opened: now())
        let outbox = Outbox()
        let ending: Ending? = await withTaskGroup(of: Ending?.self) { group in
            group.addTask { [self] in
                let ending = await read(id, inbound: inbound, watch: watch, replies: outbox)
                // The connection's front handler closed it for a frame the decoder would take.
                if let slot, let fault = gate.takeFault(slot) { return Ending(code: .protocolError, detail: fault) }
                return ending
            }
            group.addTask {
                for await _ in outbox.woken {
                    while let text = outbox.next() {
                        watch.withLock { $0.writing = self.now() }
                        do { try await outbound.write(.text(text)) } catch { return Ending(code: .sessionOver, detail: "write failed") }
                        watch.withLock { $0.writing = nil }
                    }
                }
                return Ending(code: .sessionOver, detail: "the session ended")
            }
            group.addTask { [self] in await watchdog(watch, channel: channel) }
            let first = await group.next() ?? nil
            outbox.finish()
            if first?.code == .slow {
                // The page stopped reading: a close frame would wait behind the frames it left.
                channel.close(promise: nil)
            } else if let first {
                try? await outbound.close(WebSocketErrorCode(codeNumber: Int(first.code.rawValue)), reason: first.code.reason)
            }
            group.cancelAll()
            return first
        }
        let wasActive = state.withLock { s -> Bool in
            guard s.active == id else { return false }
            s.active = nil
            s.activeChannel = nil
            s.outbox = nil
            return true
        }
        let reason = ending.map { "\($0.code.rawValue) \($0.code.reason)\($0.detail.isEmpty ? "" : ": \($0.detail)")" } ?? "closed"
        if wasActive {
            _ = post(.disconnected(connection: id, reason: reason))
        } else if let ending, ending.code != .sessionOver {
            refuse("closed", "closed a phone connection before it was the device: \(reason)")
        }
    }

    /// What the watchdog of one connection looks at.
    private final class Watch: Sendable {
        struct Marks {
            var opened: Double
            var hello = false
            var lastMessage: Double?
            var writing: Double?
        }
        private let marks: Mutex<Marks>
        init(opened: Double) { marks = Mutex(Marks(opened: opened)) }
        func withLock<R>(_ body: (inout Marks) -> R) -> R { marks.withLock { body(&$0) } }
    }

    /// Ends a connection that says nothing, or that stops taking what is sent: a write still
    /// waiting, or a socket whose outbound buffer stays over its high-water mark (writes can
    /// return once NIO has queued them, so an unwritable channel is the other half of the sign).
    private func watchdog(_ watch: Watch, channel: any Channel) async -> Ending? {
        var unwritableSince: Double?
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            let w = watch.withLock { $0 }
            let t = now()
            if !w.hello, t - w.opened > configuration.helloWithin {
                return Ending(code: .noHello, detail: "no hello within \(configuration.helloWithin) s")
            }
            if let last = w.lastMessage, t - last > configuration.idle {
                return Ending(code: .idle, detail: "nothing for \(configuration.idle) s")
            }
            if channel.isWritable { unwritableSince = nil } else if unwritableSince == nil { unwritableSince = t }
            let stalled = [w.writing, unwritableSince].compactMap { $0 }.min()
            if let stalled, t - stalled > configuration.slowWrite {
                return Ending(code: .slow, detail: "a frame not taken in \(configuration.slowWrite) s")
            }
        }
        return nil
    }

    private func read(_ id: Int, inbound: WebSocketInboundStream, watch: Watch,
                      replies: Outbox) async -> Ending? {
        var clock = PhoneClock()
        var device = DeviceClock()
        var limiter = RateLimiter(rate: configuration.messagesPerSecond, burst: configuration.burst)
        var iterator = inbound.messages(maxSize: PhoneProtocol.maxMessageBytes).makeAsyncIterator()
        var said = false
        while true {
            let message: WebSocketMessage?
            do { message = try await iterator.next() } catch {
                // A frame over the limit is refused by the frame decoder itself, with 1009.
                let text = "\(error)"
                let tooLarge = text.contains("invalidFrameLength") || text.contains("messageTooLarge")
                return Ending(code: tooLarge ? .messageTooLarge : .malformed, detail: String(text.prefix(80)))
            }
            guard let message else { return nil }
            let start = now()
            let cpuStart = DispatchTime.now().uptimeNanoseconds
            watch.withLock { $0.lastMessage = start }
            guard limiter.take(at: start) else {
                return Ending(code: .rate, detail: "more than \(Int(configuration.messagesPerSecond)) a second")
            }
            guard case .text(let text) = message else {
                return Ending(code: .malformed, detail: "binary data")
            }
            let parsed: PhoneMessage
            do { parsed = try PhoneProtocol.parse(text) } catch let error as PhoneProtocolError {
                return Ending(code: error.code, detail: error.reason)
            } catch {
                return Ending(code: .malformed, detail: "\(error)")
            }
            var ending: Ending?
            switch parsed {
            case .hello(let hello):
                guard !said else { ending = Ending(code: .malformed, detail: "a second hello"); break }
                let admitted = state.withLock { s -> Bool? in
                    guard s.active == nil else { return nil }
                    s.active = id
                    s.outbox = replies
                    defer { s.everConnected = true }
                    return s.everConnected
                }
                guard let resumed = admitted else { ending = Ending(code: .busy, detail: ""); break }
                said = true
                watch.withLock { $0.hello = true }
                if !post(.connected(connection: id, hello: hello, resumed: resumed)) {
                    ending = Ending(code: .rate, detail: "the app is not taking events")
                }
            case _ where !said:
                ending = Ending(code: .noHello, detail: "")
            case .touch(let touch):
                // The phone's own time, on the host's clock: the exchange's offset, taken at each
                // press so one gesture keeps one offset, and never later than the touch's arrival
                // (see DeviceClock); never older than a second (the session's own late-input rule
                // does the rest).
                if touch.phase == .down, let best = clock.best { device.rebase(offset: best.offset) }
                let host = max(start - 1, device.map(device: touch.time / 1000, arrived: start))
                if !post(.touch(connection: id, touch, hostTime: host)) {
                    ending = Ending(code: .rate, detail: "the app is not taking events")
                }
            case .clock(let t0):
                replies.send(PhoneProtocol.clockReply(t0: t0, host: now()), isFrame: false)
            case .sync(let t0, let t1, let s):
                if clock.add(t0: t0, t1: t1, host: s), let best = clock.best {
                    _ = post(.synced(connection: id, offset: best.offset, roundTrip: best.roundTrip))
                }
            case .drawn(let frame, let t):
                _ = post(.drawn(connection: id, frame: frame, t: t))
            case .answer(let answer):
                // A tap on a button, mapped like a touch (not a press of the stage: no rebase).
                let host = max(start - 1, device.map(device: answer.time / 1000, arrived: start))
                if !post(.answer(connection: id, answer, hostTime: host)) {
                    ending = Ending(code: .rate, detail: "the app is not taking events")
                }
            case .undo(let t):
                let host = max(start - 1, device.map(device: t / 1000, arrived: start))
                if !post(.undo(connection: id, hostTime: host)) {
                    ending = Ending(code: .rate, detail: "the app is not taking events")
                }
            case .records(let batch):
                guard configuration.engine != nil else { ending = Ending(code: .malformed, detail: "records, but the page runs no engine"); break }
                if !post(.records(connection: id, batch)) {
                    ending = Ending(code: .rate, detail: "the app is not taking events")
                }
            case .history:
                guard configuration.engine != nil else { ending = Ending(code: .malformed, detail: "history, but the page runs no engine"); break }
                if !post(.history(connection: id)) {
                    ending = Ending(code: .rate, detail: "the app is not taking events")
                }
            }
            let spent = Double(DispatchTime.now().uptimeNanoseconds - cpuStart) / 1e9
            state.withLock {
                $0.busy += spent
                $0.messages += 1
            }
            if let ending { return ending }
        }
    }
}

/// The phone server could not start (the address is taken or not this machine's).
package struct PhoneServerError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
