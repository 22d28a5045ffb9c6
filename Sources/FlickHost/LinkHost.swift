import FlickEngine
import FlickIO
import FlickPhone
import FlickSDL
import FlickSession
import FlickStage
import Foundation

/// Who a request's token names.
package enum LinkCaller: Equatable, Sendable {
    case participant(String)
    case researcher
}

/// The study by link's state: the host folder, every participant's sessions, the tokens, the
/// upload budgets and the refusals' log. The server's handlers call it under its lock; nothing
/// here waits on the network.
package final class LinkHost: @unchecked Sendable {
    package let folder: String
    package let consent: String
    package private(set) var file: HostFile
    /// Sessions by participant, in the plan's order.
    private let sessions: [String: [LinkSession]]
    private let lock = NSLock()
    /// Card image paths by content hash, and how their faces are drawn.
    private let facePaths: [String: String]
    private let faceStyle: FaceStyle
    private var faceCache: [String: [UInt8]] = [:]
    private var faceOrder: [String] = []
    /// Upload budgets by token: `burst` chunks, `rate` more a second.
    private var buckets: [String: (tokens: Double, at: Double)] = [:]
    package var rate = 20.0
    package var burst = 60.0
    private let refusals: FileHandle?
    package private(set) var refused = 0
    /// The address participants open, without a path (`http://127.0.0.1:8391`).
    package var base = ""
    /// When the hour is asked (tests move it).
    package var now: @Sendable () -> Date = { Date() }

    /// The cards of every session are kept by content in the folder's card store (`flick-cards`,
    /// as beside a window's recording) before any session starts, and each recording's header
    /// names their hashes.
    package init(folder: String, file: HostFile, setups given: [LinkSetup], consent: String) throws {
        self.folder = folder
        self.file = file
        self.consent = consent
        var setups = given
        var kept: [String: [RecordingHeader.CardFile]] = [:]
        let store = CardStore(besideRecording: folder + "/" + HostFile.name)
        for i in setups.indices {
            let cardFolder = setups[i].cards.folder
            if kept[cardFolder] == nil {
                var files = setups[i].cardFiles
                try store.keep(&files, in: cardFolder)
                kept[cardFolder] = files
            }
            setups[i].cardFiles = kept[cardFolder] ?? setups[i].cardFiles
        }
        var byParticipant: [String: [LinkSession]] = [:]
        for setup in setups { byParticipant[setup.participant, default: []].append(LinkSession(setup: setup, folder: folder)) }
        sessions = byParticipant
        var paths: [String: String] = [:]
        for setup in setups { for (hash, item) in zip(setup.hashes, setup.cards.items) { paths[hash] = item.path } }
        facePaths = paths
        faceStyle = SessionLook().style
        let logPath = folder + "/host-refusals.jsonl"
        if !FileManager.default.fileExists(atPath: logPath) { FileManager.default.createFile(atPath: logPath, contents: nil) }
        refusals = FileHandle(forWritingAtPath: logPath)
        _ = try? refusals?.seekToEnd()
        // Sessions with chunks from a run before are played again from them.
        for list in byParticipant.values { for s in list { s.resume() } }
    }

    // MARK: - Tokens

    /// Who `token` is, or why it is refused (one line for the caller).
    package func caller(_ token: String?) -> Result<LinkCaller, LinkRefusal> {
        lock.withLock {
            guard let token else { return .failure(LinkRefusal(status: 403, "no token (open the link you were sent)")) }
            let (isResearcher, found) = holder(of: token)
            if isResearcher { return .success(.researcher) }
            guard let p = found else { return .failure(LinkRefusal(status: 403, "this link is not one of this study's")) }
            if p.revoked == true { return .failure(LinkRefusal(status: 403, "this link was withdrawn by the researcher")) }
            if let expires = p.expires, let date = HostFile.date(expires), now() > date {
                return .failure(LinkRefusal(status: 403, "this link expired at \(expires)"))
            }
            return .success(.participant(p.id))
        }
    }

    /// Whether `token` is one of the study's (expired or not): its connection is no stranger's.
    package func knows(_ token: String?) -> Bool {
        guard let token else { return false }
        return lock.withLock {
            let (isResearcher, found) = holder(of: token)
            return isResearcher || found != nil
        }
    }

    /// Whose token `token` is. Every token is compared in full, whatever matches, so timing
    /// says nothing. Under the lock.
    private func holder(of token: String) -> (researcher: Bool, participant: HostFile.Participant?) {
        let bytes = Array(token.utf8)
        var found: HostFile.Participant?
        for p in file.participants where PhoneToken.equal(Array(p.token.utf8), bytes) { found = p }
        return (PhoneToken.equal(Array(file.researcher.utf8), bytes), found)
    }

    /// Marks `ids` revoked (or not) and writes the host file.
    package func revoke(_ ids: [String], revoked: Bool = true) throws {
        try lock.withLock {
            for id in ids {
                guard let i = file.participants.firstIndex(where: { $0.id == id }) else {
                    throw UserError("--revoke \(id): no such participant in '\(folder)/\(HostFile.name)' (expected one of \(file.participants.map(\.id).joined(separator: ", ")))")
                }
                file.participants[i].revoked = revoked ? true : nil
            }
            try file.write(to: folder)
        }
    }

    // MARK: - The participant's side

    package func studyJSON(participant: String) -> Data {
        lock.withLock {
            struct Study: Encodable {
                var participant: String
                var consent: String
                var sessions: [LinkSetup.Page]
            }
            let list = sessions[participant] ?? []
            let study = Study(participant: participant, consent: consent, sessions: list.map {
                $0.setup.page(status: $0.status.rawValue, next: $0.records, error: $0.error)
            })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(study)) ?? Data("{}".utf8)
        }
    }

    /// The records the host has of one of `participant`'s sessions, for a page that lost its own.
    /// `browser`: the page that asks takes the session up (`LinkSession.takeOver`).
    package func recordsJSON(participant: String, session: Int, browser: String? = nil) -> Data? {
        lock.withLock {
            guard let s = sessions[participant]?.first(where: { $0.setup.session == session }) else { return nil }
            if let browser { s.takeOver(by: browser) }
            var out = "{\"session\":\(session),"
            if let stage = s.stage { out += "\"stage\":{\"width\":\(PhoneProtocol.exact(stage.width)),\"height\":\(PhoneProtocol.exact(stage.height))}," }
            out += "\"records\":["
            for (i, r) in s.feed.history.enumerated() {
                if i > 0 { out += "," }
                out += "[\(r.kind),\(PhoneProtocol.exact(r.a)),\(PhoneProtocol.exact(r.b)),\(PhoneProtocol.exact(r.c)),\(PhoneProtocol.exact(r.t))]"
            }
            return Data((out + "]}").utf8)
        }
    }

    /// A chunk from `participant`'s page: bounded, well formed, for one of their own sessions.
    package func takeChunk(participant: String, token: String, body: Data) -> ChunkAnswer {
        lock.withLock {
            let t = now().timeIntervalSince1970
            var bucket = buckets[token] ?? (burst, t)
            bucket.tokens = min(burst, bucket.tokens + (t - bucket.at) * rate)
            bucket.at = t
            guard bucket.tokens >= 1 else {
                buckets[token] = bucket
                return refuse(participant, ChunkAnswer(status: 429, next: -1, error: "too many chunks (at most \(Int(rate)) a second): send again in a second", sessionStatus: .uploading))
            }
            bucket.tokens -= 1
            buckets[token] = bucket
            guard body.count <= LinkChunk.maxBytes else {
                return refuse(participant, ChunkAnswer(status: 413, next: -1, error: "a chunk of \(body.count) bytes (at most \(LinkChunk.maxBytes))", sessionStatus: .uploading))
            }
            let chunk: LinkChunk
            do { chunk = try JSONDecoder().decode(LinkChunk.self, from: body) } catch {
                return refuse(participant, ChunkAnswer(status: 400, next: -1, error: "malformed chunk: \(DecodingProblem.describe(error))", sessionStatus: .uploading))
            }
            guard let session = sessions[participant]?.first(where: { $0.setup.session == chunk.session }) else {
                return refuse(participant, ChunkAnswer(status: 400, next: -1, error: "session \(chunk.session) is not one of \(participant)'s", sessionStatus: .uploading))
            }
            guard chunk.records.count <= LinkChunk.maxRecords else {
                return refuse(participant, ChunkAnswer(status: 413, next: session.records, error: "\(chunk.records.count) records (at most \(LinkChunk.maxRecords) a chunk)", sessionStatus: session.status))
            }
            if let problem = chunk.problem {
                return refuse(participant, ChunkAnswer(status: 400, next: -1, error: "malformed chunk: \(problem)", sessionStatus: .uploading))
            }
            let answer = session.take(chunk, bytes: body)
            if answer.status != 200 { return refuse(participant, answer) }
            return answer
        }
    }

    /// Logs a refused chunk (the first 10,000) and returns its answer.
    private func refuse(_ participant: String, _ answer: ChunkAnswer) -> ChunkAnswer {
        refused += 1
        if refused <= 10_000 {
            let line = "{\"at\":\"\(HostFile.iso(now()))\",\"participant\":\(LinkJSON.quoted(participant)),\"status\":\(answer.status),\"error\":\(LinkJSON.quoted(answer.error ?? ""))}\n"
            try? refusals?.write(contentsOf: Data(line.utf8))
        }
        return answer
    }

    /// A refusal the server makes itself (a bad token, a slow or oversized request): logged too.
    package func logRefusal(_ what: String, participant: String = "", status: Int = 403) {
        lock.withLock { _ = refuse(participant, ChunkAnswer(status: status, next: -1, error: String(what.prefix(200)), sessionStatus: .refused)) }
    }

    /// The face of the card image with content hash `hash`, `w`×`h` pixels, as PNG (the newest
    /// 64 kept).
    package func face(hash: String, width: Int, height: Int) -> [UInt8]? {
        let key = "\(hash)/\(width)x\(height)"
        if let hit = lock.withLock({ faceCache[key] }) { return hit }
        guard let path = facePaths[hash], let image = try? ImageLoader.loadSurface(path: path),
              let face = try? CardFace.compose(image, width: width, height: height, style: faceStyle, cornerRadius: 0),
              let png = try? face.pngData() else { return nil }
        lock.withLock {
            faceCache[key] = png
            faceOrder.append(key)
            if faceOrder.count > 64 { faceCache[faceOrder.removeFirst()] = nil }
        }
        return png
    }

    // MARK: - The researcher's side

    package struct Overview: Encodable {
        struct Session: Encodable {
            struct Task: Encodable {
                var number: Int
                var name: String
                var state: String
            }
            var session: Int
            var condition: String
            var status: String
            var records: Int
            var divergences: Int
            var error: String?
            var problems: Int
            var tasks: [Task]
        }
        struct Participant: Encodable {
            var id: String
            var link: String
            var status: String
            var expires: String?
            var revoked: Bool
            var sessions: [Session]
        }
        var folder: String
        var plan: String
        var participants: [Participant]
    }

    package func overview() -> Overview {
        lock.withLock {
            let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
            return Overview(folder: absolute, plan: file.plan, participants: file.participants.map { p in
                let list = sessions[p.id] ?? []
                let states = list.map(\.status)
                let status: String
                if p.revoked == true { status = "refused" }
                else if states.contains(.refused) { status = "refused" }
                else if states.contains(.diverged) { status = "diverged" }
                else if !states.isEmpty, states.allSatisfy({ $0 == .complete }) { status = "complete" }
                else if states.contains(.uploading) { status = list.contains { ($0.lastChunkAt.map { now().timeIntervalSince($0) } ?? 1e9) < 10 } ? "uploading" : "started" }
                else if states.contains(.complete) { status = "started" }
                else { status = "invited" }
                return Overview.Participant(id: p.id, link: "\(base)/p?t=\(p.token)", status: status, expires: p.expires,
                                            revoked: p.revoked == true, sessions: list.map { s in
                    Overview.Session(session: s.setup.session, condition: s.setup.condition, status: s.status.rawValue,
                                     records: s.records, divergences: s.divergences, error: s.error, problems: s.problemCount,
                                     tasks: (s.setup.tasks?.tasks ?? []).enumerated().map { i, t in
                                         Overview.Session.Task(number: i + 1, name: t.name, state: s.taskStates[i])
                                     })
                })
            })
        }
    }

    package func overviewJSON() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(overview())) ?? Data("{}".utf8)
    }

    /// `participant`'s link as a QR code, SVG.
    package func qrSVG(participant: String) -> String? {
        guard let p = lock.withLock({ file.participants.first { $0.id == participant } }), let qr = PhoneQR("\(base)/p?t=\(p.token)") else { return nil }
        let quiet = 2, side = qr.size + 2 * quiet
        var path = ""
        for y in 0..<qr.size { for x in 0..<qr.size where qr[x, y] { path += "M\(x + quiet) \(y + quiet)h1v1h-1z" } }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
    }

    /// Writes `links.csv` (whole, renamed over the old one).
    package func writeLinks() throws {
        let csv = lock.withLock { file.linksCSV(base: base) }
        try AtomicFile.write(Data(csv.utf8), to: folder + "/links.csv", what: "the links")
    }
}

/// A request refused before it reaches a session: its status and a line for the caller.
package struct LinkRefusal: Error, Equatable, Sendable {
    package var status: Int
    package var line: String
    package init(status: Int, _ line: String) {
        self.status = status
        self.line = line
    }
}
