import FlickEngine
import FlickIO
import FlickPhone
import FlickSDL
import FlickSession
import FlickStage
import Foundation

/// `--phone`: the participant's own phone as the session's device. The server (FlickPhone)
/// runs on its own tasks; once a frame the app takes what it received (`pumpPhone`), turns
/// touches into recorded inputs through the same `submit` as the mouse, and after drawing
/// sends the frame's render list (`publishPhoneFrame`). Nothing of the server touches the session.
@MainActor
final class PhoneLink {
    let server: PhoneServer
    let url: String
    let address: PhoneAddress
    /// The images' content hashes, by image index (the page asks for faces by hash).
    let hashes: [String]
    /// The device's connection, touches, frames, latency, clock and drops (shared with
    /// flick-bench's scripted host).
    var stream = PhoneStream()
    var device: SessionDevice?
    /// The URL as a QR code (facilitator window, terminal).
    let qr: PhoneQR?
    /// Refusals said on the terminal, by kind (the rest are counted).
    private var refusalsSaid: [String: Int] = [:]
    /// Refusals the log kept.
    private var refusalsLogged = 0
    /// `--phone-engine`: the page runs the engine; nil: it draws the host's frames.
    let engine: PageEngineLink?
    /// CSS pixels the page keeps below the stage for the participant's side (0: none this session).
    var panel = 0.0
    /// The last participant's side sent (`PhoneSide`), to send only changes.
    var lastSide: String?
    /// The phone's viewport, the stage once it connected (when no --stage was given).
    var stage: Size?
    /// A failed write when the phone connected (the recording's header) or of its log lines:
    /// ends the session.
    var failure: Error?

    init(address: PhoneAddress, images: [CardImage], style: FaceStyle, engine files: PhoneServer.EngineFiles? = nil) throws {
        self.address = address
        engine = files.map { _ in PageEngineLink() }
        var byHash: [String: String] = [:]
        hashes = images.map { image in
            let hash = ContentHash.ofFile(image.path) ?? ContentHash.of(Array(image.path.utf8))
            byHash[hash] = image.path
            return hash
        }
        let paths = byHash
        var configuration = PhoneServer.Configuration(host: address.host, port: address.port)
        configuration.engine = files
        server = PhoneServer(configuration: configuration,
                             now: { SDLContext.now }, faces: { hash, w, h in
            guard let path = paths[hash], let image = try? ImageLoader.loadSurface(path: path),
                  let face = try? CardFace.compose(image, width: w, height: h, style: style, cornerRadius: 0)
            else { return nil }
            return try? face.pngData()
        })
        let port: Int
        do { port = try server.start() } catch { throw UserError("--phone \(address): \(error)") }
        url = server.url(host: address.shownHost, port: port)
        qr = PhoneQR(url)
    }

    /// `--phone`'s link, listening, its URL said on the terminal (with its QR code there when
    /// standard error is one); nil without `--phone`.
    static func open(_ options: AppOptions) throws -> PhoneLink? {
        guard let address = options.phone else { return nil }
        let link = try PhoneLink(address: address, images: options.cards.items, style: options.look.style,
                                 engine: options.phoneEngine ? try PhoneServer.EngineFiles.find(for: "--phone-engine") : nil)
        note("phone: open \(link.url) on the participant's phone (the token in it is this session's; the facilitator window shows it as a QR code)")
        if isatty(STDERR_FILENO) != 0, let qr = link.qr {
            let block = qr.terminalLines().joined(separator: "\n") + "\n"
            try? FileHandle.standardError.write(contentsOf: Data(block.utf8))
        }
        return link
    }

    var isConnected: Bool { stream.isConnected }
    private var frames: PhoneFrames { stream.frames }

    /// A refusal of the server (`kind`, its line): what the terminal says of it (the first ten
    /// of each kind, then that the rest are counted; the summary counts all), and whether the
    /// log keeps it (the first hundred, so that a flood of them cannot fill the disk).
    func refusal(_ kind: String, _ line: String) -> (say: String?, log: Bool) {
        let said = refusalsSaid[kind, default: 0]
        refusalsSaid[kind] = said + 1
        let say = said < 10 ? "phone: \(line)"
            : said == 10 ? "phone: further refusals of this kind (\(kind)) are counted, not said" : nil
        guard refusalsLogged < 100 else { return (say, false) }
        refusalsLogged += 1
        return (say, true)
    }

    /// The frame to send when it differs from the last one sent (or `force`), as JSON: the
    /// render list with the swipe deck's stamp and the empty deck's hint.
    func frame(list: [CardAttributes], scene: CardScene, faceOf: (CardID) -> Int?, stage: String, force: Bool) -> String? {
        var label: PhoneFrame.Label?
        if let l = scene.directionLabel, let i = list.lastIndex(where: { $0.card == l.card }) {
            label = PhoneFrame.Label(card: i, text: l.label, color: DirectionStamp.colour(l.direction).hex,
                                     opacity: l.opacity, direction: l.direction.rawValue)
        }
        let hint = scene.deck.count == 0 && scene.isAtRest ? DirectionStamp.emptyDeckHint : nil
        return stream.frames.frame(list: list, faceOf: { faceOf($0) ?? -1 }, stage: stage, sceneTime: scene.time, label: label, hint: hint, force: force)
    }

    /// The HUD's phone lines.
    func hudLines() -> [String] {
        var lines: [String] = []
        if let p = frames.latency.percentiles {
            lines.append(String(format: "touch to phone frame %.0f ms median, %.0f p99 (%d touches)", p.median * 1000, p.p99 * 1000,
                                frames.latency.count))
        } else {
            lines.append(isConnected ? "touch to phone frame: no touch yet" : "phone: waiting for \(url)")
        }
        let stats = server.statistics
        lines.append(String(format: "phone frames %d, %d bytes each; server %.1f ms handling, %d msgs; clock ±%.1f ms",
                            frames.sent, frames.bytesPerFrame, stats.busy * 1000, stats.messages, (stream.clock?.roundTrip ?? 0) * 500))
        return lines
    }

    /// The log's last phone line: the session's figures.
    func summaryLine(at t: Double) -> LogPhone {
        var line = LogPhone(t: t, what: .summary, detail: device?.summary)
        if let p = frames.latency.percentiles {
            line.latencyMedianMs = (p.median * 10_000).rounded() / 10
            line.latencyP99Ms = (p.p99 * 10_000).rounded() / 10
        }
        line.touches = frames.latency.count
        line.frames = frames.sent
        line.frameBytes = frames.bytesPerFrame
        line.refused = server.statistics.refusals
        if let engine {
            line.records = engine.feed.next
            line.digests = engine.feed.compared
            line.divergences = engine.feed.divergences
        }
        return line
    }

    /// The session's phone figures in one line (terminal at the end; docs/phone.md explains them).
    func summary() -> String {
        let stats = server.statistics
        var s = "phone: \(device?.summary ?? "no device connected")"
        if let p = frames.latency.percentiles {
            s += String(format: "; touch to phone frame %.1f ms median, %.1f ms p99 over %d touches", p.median * 1000, p.p99 * 1000,
                        frames.latency.count)
        }
        s += "; \(frames.sent) frames sent, \(frames.bytesPerFrame) bytes each; \(stats.messages) messages handled in "
        s += String(format: "%.1f ms", stats.busy * 1000)
        s += "; \(stats.connectionsSeen) connections, \(stats.refusals) refused, \(stream.drops) drops"
        if let engine {
            let f = engine.feed
            s += "; engine on the page: \(f.next) records, \(f.compared) digests compared, \(f.divergences) divergences"
            if f.duplicates + f.refusedRecords + f.gaps > 0 {
                s += " (\(f.duplicates) records twice, \(f.refusedRecords) refused, \(f.gaps) gaps)"
            }
        }
        return s
    }
}
