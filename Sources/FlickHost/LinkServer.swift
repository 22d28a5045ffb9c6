import FlickIO
import FlickPhone
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore

/// The study by link over HTTP (Hummingbird): the participant's page, its engine, the study, the
/// faces and the uploads; the researcher's page and its overview. Every route wants a token;
/// each answer carries the strict security headers of the phone's page.
package struct LinkServer: Sendable {
    package let host: LinkHost
    package let engine: PhoneServer.EngineFiles
    /// Read the pages from this folder on each request (working on them); nil: the package's.
    package let pagesFolder: String?
    package var bodyDeadline: Duration = .seconds(10)
    package var idle: TimeAmount = .seconds(15)
    /// Connections at once (each page holds one or two).
    package static let connections = 2048

    package init(host: LinkHost, engine: PhoneServer.EngineFiles, pagesFolder: String? = nil) {
        self.host = host
        self.engine = engine
        self.pagesFolder = pagesFolder
    }

    /// The TLS configuration of a PEM certificate chain and its private key, or a one-line
    /// error naming the file.
    package static func tls(cert: String, key: String) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let privateKey: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(cert) } catch {
            throw UserError("--tls-cert '\(cert)' is not a PEM certificate chain (\(error))")
        }
        guard !chain.isEmpty else { throw UserError("--tls-cert '\(cert)' holds no certificate (expected a PEM certificate chain)") }
        do { privateKey = try NIOSSLPrivateKey(file: key, format: .pem) } catch {
            throw UserError("--tls-key '\(key)' is not a PEM private key (\(error))")
        }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    }

    /// The application on `address`, over TLS when `tls` is given; `onRunning` gets the bound
    /// port.
    package func application(address: PhoneAddress, tls: TLSConfiguration?,
                             onRunning: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(Headers())
        routes(router)
        var logger = Logger(label: "flick.host")
        logger.logLevel = .critical
        // In front of Hummingbird's HTTP/1.1: a request head must come whole within 10 s, and
        // connections that have not shown a token of the study are shed first when they crowd.
        let gate = ConnectionGate(total: Self.connections, perAddress: Self.connections / 2, accepts: { [host] in host.knows($0) })
        let idle = self.idle
        let http1 = HTTPServerBuilder { [host] responder in
            DeadlinedChannel(inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idle)), limit: .seconds(10),
                             onTimeout: { host.logRefusal("closed a connection whose request head did not come whole within 10 s") },
                             gate: gate,
                             onShed: { host.logRefusal("closed a connection from \($0.address) that had sent no request with a token") })
        }
        let server = try tls.map { try HTTPServerBuilder.tls(http1, tlsConfiguration: $0) } ?? http1
        return Application(router: router, server: server,
                           configuration: .init(address: .hostname(address.host, port: address.port), serverName: nil, backlog: 1024),
                           onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                           logger: logger)
    }

    private func routes(_ router: Router<BasicRequestContext>) {
        router.get("/p") { request, _ in
            let (token, _) = try participant(request)
            return try page("link.html", type: "text/html; charset=utf-8", token: token)
        }
        router.get("/link.js") { request, _ in _ = try participant(request); return try page("link.js", type: "text/javascript; charset=utf-8") }
        router.get("/link.css") { request, _ in _ = try participant(request); return try page("link.css", type: "text/css; charset=utf-8") }
        // The cards are drawn as the phone's page draws them (FlickPhone's cards.js).
        router.get("/cards.js") { request, _ in
            _ = try participant(request)
            guard let bytes = PhoneServer.resourceBytes("cards.js") else { throw HTTPError(.notFound) }
            return Self.bytes(bytes, type: "text/javascript; charset=utf-8")
        }
        router.get("/flick-engine.mjs") { request, _ in _ = try participant(request); return Self.bytes(engine.script, type: "text/javascript; charset=utf-8") }
        router.get("/flick-engine.wasm") { request, _ in _ = try participant(request); return Self.bytes(engine.module, type: "application/wasm") }
        router.get("/api/study") { request, _ in
            let (_, id) = try participant(request)
            return Self.json(host.studyJSON(participant: id))
        }
        router.get("/api/records") { request, _ in
            let (_, id) = try participant(request)
            guard let text = request.uri.queryParameters["session"], let n = Int(String(text)), let data = host.recordsJSON(participant: id, session: n, browser: request.uri.queryParameters["owner"].map(String.init)) else {
                host.logRefusal("GET /api/records: session '\(String(request.uri.queryParameters["session"] ?? "").prefix(40))' is not one of this link's", participant: id, status: 400)
                return Self.json(Data("{\"error\":\"expected session=N, one of this link's sessions\"}".utf8), status: .badRequest)
            }
            return Self.json(data)
        }
        router.post("/api/records") { request, _ in
            let (token, id) = try participant(request)
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > LinkChunk.maxBytes {
                host.logRefusal("a chunk of \(length) bytes (at most \(LinkChunk.maxBytes))", participant: id, status: 413)
                return Self.json(Data("{\"error\":\"a chunk of \(length) bytes (at most \(LinkChunk.maxBytes))\",\"next\":-1}".utf8), status: .contentTooLarge)
            }
            let body: ByteBuffer
            do { body = try await collect(request.body) } catch let refusal as LinkRefusal {
                host.logRefusal(refusal.line, participant: id, status: refusal.status)
                return Self.json(Data("{\"error\":\(LinkJSON.quoted(refusal.line)),\"next\":-1}".utf8), status: .init(code: refusal.status))
            }
            let answer = host.takeChunk(participant: id, token: token, body: Data(buffer: body))
            return Self.json(Data(answer.json.utf8), status: .init(code: answer.status))
        }
        router.get("/face/:hash") { request, context in
            _ = try caller(request)
            guard let hash = context.parameters.get("hash"), hash.utf8.count == 16, UInt64(hash, radix: 16) != nil,
                  let w = request.uri.queryParameters["w"].flatMap({ Int(String($0)) }), let h = request.uri.queryParameters["h"].flatMap({ Int(String($0)) }),
                  (1...4096).contains(w), (1...4096).contains(h) else { throw HTTPError(.badRequest) }
            guard let png = host.face(hash: hash, width: w, height: h) else { throw HTTPError(.notFound) }
            var response = Self.bytes(png, type: "image/png")
            response.headers[.cacheControl] = "private, max-age=31536000, immutable"
            return response
        }
        router.get("/r") { request, _ in
            let token = try researcher(request)
            return try page("researcher.html", type: "text/html; charset=utf-8", token: token)
        }
        router.get("/researcher.js") { request, _ in _ = try researcher(request); return try page("researcher.js", type: "text/javascript; charset=utf-8") }
        router.get("/researcher.css") { request, _ in _ = try researcher(request); return try page("researcher.css", type: "text/css; charset=utf-8") }
        router.get("/api/participants") { request, _ in _ = try researcher(request); return Self.json(host.overviewJSON()) }
        router.get("/qr") { request, _ in
            _ = try researcher(request)
            guard let id = request.uri.queryParameters["p"], let svg = host.qrSVG(participant: String(id)) else { throw HTTPError(.notFound) }
            return Self.bytes(Array(svg.utf8), type: "image/svg+xml")
        }
    }

    /// The request's body, at most a chunk's bytes, within `bodyDeadline` (a client that sends
    /// it a byte at a time is cut off).
    private func collect(_ body: RequestBody) async throws -> ByteBuffer {
        let deadline = bodyDeadline
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                do { return try await body.collect(upTo: LinkChunk.maxBytes) } catch {
                    throw LinkRefusal(status: 413, "a chunk over \(LinkChunk.maxBytes) bytes")
                }
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else {
                throw LinkRefusal(status: 408, "the chunk did not come whole within \(deadline.components.seconds) s")
            }
            return buffer
        }
    }

    // MARK: - Tokens

    private func caller(_ request: Request) throws -> LinkCaller {
        let token = request.uri.queryParameters["t"].map(String.init)
        switch host.caller(token) {
        case .success(let who): return who
        case .failure(let refusal):
            host.logRefusal("\(request.method) \(request.uri.path.prefix(64)): \(refusal.line)")
            throw refusal
        }
    }

    private func participant(_ request: Request) throws -> (token: String, id: String) {
        guard case .participant(let id) = try caller(request) else { throw LinkRefusal(status: 403, "this is the researcher's link, not a participant's") }
        return (String(request.uri.queryParameters["t"] ?? ""), id)
    }

    private func researcher(_ request: Request) throws -> String {
        guard case .researcher = try caller(request) else { throw LinkRefusal(status: 403, "this page is the researcher's") }
        return String(request.uri.queryParameters["t"] ?? "")
    }

    // MARK: - Answers

    private func page(_ name: String, type: String, token: String? = nil) throws -> Response {
        var bytes: [UInt8]
        if let pagesFolder {
            guard let data = FileManager.default.contents(atPath: pagesFolder + "/" + name) else { throw HTTPError(.notFound) }
            bytes = Array(data)
        } else {
            guard let cached = Self.resources[name] else { throw HTTPError(.notFound) }
            bytes = cached
        }
        if let token { bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "__TOKEN__", with: token).utf8) }
        return Self.bytes(bytes, type: type)
    }

    static let pageNames = ["link.html", "link.js", "link.css", "researcher.html", "researcher.js", "researcher.css"]

    /// The pages, read once from the package's resources.
    static let resources: [String: [UInt8]] = {
        var out: [String: [UInt8]] = [:]
        for name in pageNames {
            let parts = name.split(separator: ".")
            if let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Resources"),
               let data = try? Data(contentsOf: url) {
                out[name] = Array(data)
            }
        }
        return out
    }()

    static func bytes(_ bytes: [UInt8], type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A refusal as a short text, and the security headers on every answer.
    private struct Headers<Context: RequestContext>: RouterMiddleware {
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            var response: Response
            do {
                response = try await next(request, context)
            } catch let refusal as LinkRefusal {
                var headers = HTTPFields()
                headers[.contentType] = "text/plain; charset=utf-8"
                headers[.cacheControl] = "no-store"
                response = Response(status: .init(code: refusal.status), headers: headers,
                                    body: .init(byteBuffer: ByteBuffer(string: "Flick: \(refusal.line)\n")))
            } catch let error as HTTPError {
                response = Response(status: error.status, headers: [.contentType: "text/plain; charset=utf-8"],
                                    body: .init(byteBuffer: ByteBuffer(string: "Flick: \(error.status.code) \(error.status.reasonPhrase)\n")))
            }
            for (name, value) in PhoneServer.securityHeaders {
                if let field = HTTPField.Name(name) { response.headers[field] = value }
            }
            return response
        }
    }
}
