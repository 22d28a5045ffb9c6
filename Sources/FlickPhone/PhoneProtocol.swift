import FlickEngine
import FlickSession
import Foundation

/// Why the host closed a phone's WebSocket: the close code the page gets (and the log says).
/// 1009 is WebSocket's own "message too big" (sent by the frame decoder before any of this
/// runs) and 1002 its "protocol error" (a frame from the page without the mask bit); the 44xx codes are Flick's, in the range RFC 6455 leaves to applications.
package enum PhoneCloseCode: UInt16, Sendable, CaseIterable {
    /// A message that is not one of the protocol's (not JSON, an unknown type, a field missing,
    /// out of range or of the wrong type), or binary data.
    case malformed = 4400
    /// The first message was not a `hello`, or it came too late.
    case noHello = 4401
    /// Nothing came from the page for too long (the page's clock exchange runs every few seconds).
    case idle = 4408
    /// Another device is connected: one participant device at a time.
    case busy = 4409
    /// The page did not take the frames sent to it in time (a stalled reader).
    case slow = 4410
    /// More messages than a finger can make.
    case rate = 4429
    /// The session is over (the window quit).
    case sessionOver = 4000
    case messageTooLarge = 1009
    case protocolError = 1002

    package var reason: String {
        switch self {
        case .malformed: return "malformed message"
        case .noHello: return "expected hello first"
        case .idle: return "idle too long"
        case .busy: return "another device is connected"
        case .slow: return "not reading frames"
        case .rate: return "too many messages"
        case .sessionOver: return "session over"
        case .messageTooLarge: return "message too large"
        case .protocolError: return "protocol error"
        }
    }
}

/// What the page says once connected: its screen. The first message of every connection.
package struct PhoneHello: Equatable, Sendable {
    package var viewport: Size
    package var pixelRatio: Double
    package var userAgent: String
    package var touch: Bool

    package init(viewport: Size, pixelRatio: Double, userAgent: String, touch: Bool) {
        self.viewport = viewport
        self.pixelRatio = pixelRatio
        self.userAgent = userAgent
        self.touch = touch
    }

    package var device: SessionDevice {
        SessionDevice(input: touch ? .touch : .mouse, viewport: viewport, pixelRatio: pixelRatio, userAgent: userAgent)
    }
}

/// One touch sample as the page saw it: CSS pixels of the stage (the scene's points), the
/// event's own `timeStamp` (phone milliseconds).
package struct PhoneTouch: Equatable, Sendable {
    package var id: Int
    package var phase: PointerEvent.Phase
    package var position: Point
    package var time: Double

    package init(id: Int, phase: PointerEvent.Phase, position: Point, time: Double) {
        self.id = id
        self.phase = phase
        self.position = position
        self.time = time
    }
}

/// A message from the page, parsed and checked.
package enum PhoneMessage: Equatable, Sendable {
    case hello(PhoneHello)
    case touch(PhoneTouch)
    /// A clock exchange asked for at phone time `t0` (ms): the host answers with its time.
    case clock(t0: Double)
    /// A finished exchange: asked at `t0`, answered with host time `s`, received at `t1`.
    case sync(t0: Double, t1: Double, host: Double)
    /// The page drew frame `frame` at phone time `t` (ms).
    case drawn(frame: Int, t: Double)
}

/// A message that is not one of the protocol's: the close code and a short reason for the log.
package struct PhoneProtocolError: Error, Equatable, CustomStringConvertible {
    package var code: PhoneCloseCode
    package var reason: String
    package var description: String { "\(code.rawValue) \(code.reason): \(reason)" }
    package init(code: PhoneCloseCode, reason: String) {
        self.code = code
        self.reason = reason
    }
}

/// The phone protocol's limits and parsing: the page's messages (JSON text, one object a
/// message, `type` first among equals) and the host's (`PhoneFrame`, `welcome`, `clock`).
package enum PhoneProtocol {
    /// Version of the protocol: the page sends it in `hello`, the host refuses another.
    package static let version = 1
    /// Largest message from the page, bytes (a hello with a long user agent fits many times).
    package static let maxMessageBytes = 2048
    /// Largest frame the host sends, bytes (a render list of a few dozen cards is ~3 KB).
    package static let maxOutboundBytes = 1 << 20
    /// Viewport sides the host accepts, CSS pixels.
    package static let viewportSides = 100.0...4096.0
    package static let pixelRatios = 0.5...8.0
    /// Touch coordinates beyond this (either way) are no finger's.
    package static let coordinateLimit = 100_000.0
    /// Phone clock values (ms): `performance.now()` of a page open for up to ~115 days.
    package static let phoneTimes = 0.0...1e10

    private struct Wire: Decodable {
        var type: String
        var v: Int?
        var viewport: Size?
        var pixelRatio: Double?
        var userAgent: String?
        var touch: Bool?
        var id: Int?
        var phase: String?
        var x: Double?
        var y: Double?
        var t: Double?
        var t0: Double?
        var t1: Double?
        var s: Double?
        var frame: Int?
    }

    /// Parses one text message; a `PhoneProtocolError` (close code `malformed`) names what is wrong.
    package static func parse(_ text: String) throws -> PhoneMessage {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxMessageBytes else {
            throw PhoneProtocolError(code: .messageTooLarge, reason: "\(bytes.count) bytes (at most \(maxMessageBytes))")
        }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(bytes))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            guard !context.codingPath.isEmpty else { throw bad("not a JSON object") }
            throw bad("field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type")
        } catch DecodingError.keyNotFound(let key, _) {
            throw bad("no '\(key.stringValue)'")
        } catch {
            throw bad("not a JSON object")
        }
        switch wire.type {
        case "hello":
            guard wire.v == version else { throw bad("protocol version \(wire.v.map(String.init) ?? "missing") (expected \(version))") }
            guard let viewport = wire.viewport, viewportSides.contains(viewport.width), viewportSides.contains(viewport.height)
            else { throw bad("viewport missing or outside 100 to 4096 CSS pixels a side") }
            guard let ratio = wire.pixelRatio, pixelRatios.contains(ratio) else { throw bad("pixelRatio missing or outside 0.5 to 8") }
            let agent = wire.userAgent ?? ""
            guard agent.utf8.count <= SessionDevice.userAgentLimit,
                  !agent.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw bad("userAgent longer than \(SessionDevice.userAgentLimit) bytes or with control characters")
            }
            return .hello(PhoneHello(viewport: viewport, pixelRatio: ratio, userAgent: agent, touch: wire.touch ?? true))
        case "touch":
            guard let id = wire.id, (0...1_000_000).contains(id) else { throw bad("touch without an id from 0 to 1000000") }
            guard let name = wire.phase, let phase = PointerEvent.Phase(rawValue: name) else {
                throw bad("touch phase \(wire.phase.map { "'\($0.prefix(16))'" } ?? "missing") (expected down, move, up or cancel)")
            }
            guard let x = wire.x, let y = wire.y, abs(x) <= coordinateLimit, abs(y) <= coordinateLimit else {
                throw bad("touch without finite x and y within ±\(Int(coordinateLimit))")
            }
            return .touch(PhoneTouch(id: id, phase: phase, position: Point(x: x, y: y), time: try phoneTime(wire.t, "t")))
        case "clock":
            return .clock(t0: try phoneTime(wire.t0, "t0"))
        case "sync":
            guard let s = wire.s, s.isFinite else { throw bad("sync without a finite s") }
            return .sync(t0: try phoneTime(wire.t0, "t0"), t1: try phoneTime(wire.t1, "t1"), host: s)
        case "drawn":
            guard let frame = wire.frame, frame >= 0 else { throw bad("drawn without a frame number") }
            return .drawn(frame: frame, t: try phoneTime(wire.t, "t"))
        default:
            throw bad("unknown type '\(wire.type.prefix(24))'")
        }
    }

    private static func phoneTime(_ value: Double?, _ name: String) throws -> Double {
        guard let value, phoneTimes.contains(value) else { throw bad("'\(name)' missing or not a phone time (0 to 1e10 ms)") }
        return value
    }

    private static func bad(_ reason: String) -> PhoneProtocolError {
        PhoneProtocolError(code: .malformed, reason: reason)
    }

    // MARK: - The host's messages

    /// The answer to a clock request.
    package static func clockReply(t0: Double, host s: Double) -> String {
        "{\"type\":\"clock\",\"t0\":\(number(t0, places: 3)),\"s\":\(number(s, places: 6))}"
    }

    /// `value` rounded to `places` decimals, as JSON (shortest form; never NaN or infinite).
    package static func number(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][min(6, max(0, places))]
        let r = (value * scale).rounded() / scale
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return "\(r)"
    }

    /// `#rrggbb`.
    package static func hex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([r, g, b].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }
}

/// What the host tells a page when it connects: the session, the card faces by content hash
/// and how to draw them (colours, corner radius, shadow).
package struct PhoneWelcome: Encodable, Equatable, Sendable {
    package struct Face: Encodable, Equatable, Sendable {
        /// Content hash of the image file: the page asks for `/face/HASH` and caches by it.
        package var hash: String
        package var title: String?
        package init(hash: String, title: String? = nil) {
            self.hash = hash
            self.title = title
        }
    }

    package struct Shadow: Encodable, Equatable, Sendable {
        package var blur: Double
        package var dx: Double
        package var dy: Double
        package var opacity: Double
        package init(blur: Double, dx: Double, dy: Double, opacity: Double) {
            (self.blur, self.dx, self.dy, self.opacity) = (blur, dx, dy, opacity)
        }
    }

    package var type = "welcome"
    package var session: String
    /// The scene's viewport, points: the page's stage is drawn at this size, fitted.
    package var viewport: Size
    package var faces: [Face]
    package var cardBackground: String
    package var cornerRadius: Double
    package var shadow: Shadow
    /// Seconds between the page's clock exchanges.
    package var clockInterval: Double
    /// The device already connected before (a reconnect resumes the session).
    package var resumed: Bool

    package init(session: String, viewport: Size, faces: [Face], cardBackground: String, cornerRadius: Double,
                 shadow: Shadow, clockInterval: Double = PhoneLimits.clockInterval, resumed: Bool) {
        self.session = session
        self.viewport = viewport
        self.faces = faces
        self.cardBackground = cardBackground
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.clockInterval = clockInterval
        self.resumed = resumed
    }

    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"type\":\"welcome\"}"
    }
}

/// One frame of the render list as the page draws it: cards back to front, each with its face,
/// size, affine transform (canvas `setTransform` order a, b, c, d, e, f; points) and alpha; the
/// stage's colour; the swipe deck's stamp (text, colour, opacity) on the card it labels.
package struct PhoneFrame: Equatable, Sendable {
    package struct Card: Equatable, Sendable {
        /// Index into the welcome's faces, -1 for a card without an image (a placeholder).
        package var face: Int
        package var attributes: CardAttributes
        package init(face: Int, attributes: CardAttributes) {
            self.face = face
            self.attributes = attributes
        }
    }

    package struct Label: Equatable, Sendable {
        /// Index of the labelled card in `cards`.
        package var card: Int
        package var text: String
        package var color: String
        package var opacity: Double
        package var direction: String
        package init(card: Int, text: String, color: String, opacity: Double, direction: String) {
            (self.card, self.text, self.color, self.opacity, self.direction) = (card, text, color, opacity, direction)
        }
    }

    package var number: Int
    /// Scene time of the frame, seconds.
    package var sceneTime: Double
    package var stage: String
    package var cards: [Card]
    package var label: Label?
    /// A line for an empty deck ("No cards left ...").
    package var hint: String?

    package init(number: Int, sceneTime: Double, stage: String, cards: [Card], label: Label? = nil, hint: String? = nil) {
        self.number = number
        self.sceneTime = sceneTime
        self.stage = stage
        self.cards = cards
        self.label = label
        self.hint = hint
    }

    /// The frame as the page reads it (compact: a card is an array of 10 numbers).
    package func json() -> String {
        var s = "{\"type\":\"frame\",\"n\":\(number),\"t\":\(PhoneProtocol.number(sceneTime, places: 6)),\"stage\":\"\(stage)\",\"cards\":["
        s.reserveCapacity(80 + cards.count * 72)
        for (i, card) in cards.enumerated() {
            let a = card.attributes, m = a.transform
            if i > 0 { s += "," }
            s += "[\(card.face),"
            s += PhoneProtocol.number(a.size.width, places: 2) + "," + PhoneProtocol.number(a.size.height, places: 2) + ","
            s += PhoneProtocol.number(m.a, places: 5) + "," + PhoneProtocol.number(m.b, places: 5) + ","
            s += PhoneProtocol.number(m.c, places: 5) + "," + PhoneProtocol.number(m.d, places: 5) + ","
            s += PhoneProtocol.number(m.tx, places: 2) + "," + PhoneProtocol.number(m.ty, places: 2) + ","
            s += PhoneProtocol.number(a.alpha, places: 3) + "]"
        }
        s += "]"
        if let l = label {
            s += ",\"label\":{\"card\":\(l.card),\"text\":\(Self.quoted(l.text)),\"color\":\"\(l.color)\",\"opacity\":"
            s += PhoneProtocol.number(l.opacity, places: 3) + ",\"direction\":\"\(l.direction)\"}"
        }
        if let hint { s += ",\"hint\":\(Self.quoted(hint))" }
        return s + "}"
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
