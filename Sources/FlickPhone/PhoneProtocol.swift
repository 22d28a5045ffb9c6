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
    /// CSS pixels at the page's bottom it keeps for the participant's side (the task, Done and
    /// Give up, undo, the waiting line) when the session has one; 0: none.
    package var panel: Double
    /// `--phone-engine`: the page's session time as it says hello (a page that runs the engine
    /// already: when its connection came back).
    package var at: Double?

    package init(viewport: Size, pixelRatio: Double, userAgent: String, touch: Bool, panel: Double = 0, at: Double? = nil) {
        self.at = at
        self.viewport = viewport
        self.pixelRatio = pixelRatio
        self.userAgent = userAgent
        self.touch = touch
        self.panel = panel
    }

    /// The stage the page draws the scene in: the viewport above its panel when the session has a
    /// participant's side (`side`), else the whole viewport.
    package func stage(side: Bool) -> Size {
        side ? Size(width: viewport.width, height: viewport.height - panel) : viewport
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

/// An answer of the participant's side made on the page, with what the page showed when it was
/// made (the task or SUS item it answers), so the host can tell an answer to a panel that has
/// since gone (a second tap) from one to the panel up now.
package struct PhoneAnswer: Equatable, Sendable {
    package var answer: ParticipantAnswer
    /// The task (1-based) a Done, Give up or SEQ answers; nil for a SUS item (it names its item).
    package var task: Int?
    /// The tap's own `timeStamp`, phone milliseconds.
    package var time: Double

    package init(_ answer: ParticipantAnswer, task: Int?, time: Double) {
        self.answer = answer
        self.task = task
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
    /// Done, Give up, a SEQ or a SUS answer tapped on the page.
    case answer(PhoneAnswer)
    /// The page's Undo, tapped at phone time `t` (ms): the Z key's command.
    case undo(t: Double)
    /// Inputs the page gave its own engine (`--phone-engine`), numbered, with its event digest.
    case records(PhoneRecords)
    /// A page that lost its engine (reloaded) asks for the session's records so far.
    case history
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
        var panel: Double?
        var kind: String?
        var task: Int?
        var item: Int?
        var value: Int?
        var first: Int?
        var at: Double?
        var records: [[Double]]?
        var events: Int?
        var digest: String?
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
            let panel = wire.panel ?? 0
            guard panel >= 0, panel <= viewport.height / 2 else {
                throw bad("panel \(number(panel, places: 1)) outside 0 to half the viewport's height (\(number(viewport.height / 2, places: 1)))")
            }
            if let at = wire.at, !recordNumbers.contains(at) { throw bad("at \(at) is not a session time within ±1e9 s") }
            return .hello(PhoneHello(viewport: viewport, pixelRatio: ratio, userAgent: agent, touch: wire.touch ?? true, panel: panel,
                                     at: wire.at))
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
        case "answer":
            return .answer(try answer(wire))
        case "undo":
            return .undo(t: try phoneTime(wire.t, "t"))
        case "records":
            return .records(try records(wire))
        case "history":
            return .history
        default:
            throw bad("unknown type '\(wire.type.prefix(24))'")
        }
    }

    /// The tasks an answer can name (a tasks file has at most 100).
    package static let taskNumbers = 1...100

    /// An `answer`: `kind` done, give_up, seq or sus; `task` (1-100) for all but the SUS, `value`
    /// for a SEQ (1-7) or SUS item (1-5), `item` (1-10) for the SUS; `t` the tap's time.
    private static func answer(_ wire: Wire) throws -> PhoneAnswer {
        let t = try phoneTime(wire.t, "t")
        let kind = wire.kind ?? ""
        func task() throws -> Int {
            guard let n = wire.task, taskNumbers.contains(n) else {
                throw bad("answer '\(kind)' without the task it answers ('task' 1 to 100)")
            }
            return n
        }
        func value() throws -> Int {
            guard let v = wire.value else { throw bad("answer '\(kind)' without a 'value'") }
            return v
        }
        let answer: ParticipantAnswer, number: Int?
        switch kind {
        case "done": (answer, number) = (.done, try task())
        case "give_up": (answer, number) = (.giveUp, try task())
        case "seq": (answer, number) = (.seq(try value()), try task())
        case "sus":
            guard let item = wire.item else { throw bad("answer 'sus' without an 'item'") }
            (answer, number) = (.sus(item: item, value: try value()), nil)
        default:
            throw bad("answer kind \(wire.kind.map { "'\($0.prefix(16))'" } ?? "missing") (expected done, give_up, seq or sus)")
        }
        if let problem = answer.problem { throw bad(problem) }
        return PhoneAnswer(answer, task: number, time: t)
    }

    /// The numbers a page's record may carry: positions, sizes, config values, session seconds.
    package static let recordNumbers = -1e9...1e9

    /// `records`: `first` (the first record's number), `records` (each [kind, a, b, c, t]),
    /// `events` (the page's events so far) and `digest` (their digest, 16 hex digits).
    private static func records(_ wire: Wire) throws -> PhoneRecords {
        guard let first = wire.first, first >= 0, first <= 1 << 40 else { throw bad("records without a 'first' from 0 to 2^40") }
        guard let list = wire.records else { throw bad("records without a 'records' list") }
        guard let events = wire.events, events >= 0, events <= 1 << 40 else { throw bad("records without an 'events' count from 0 to 2^40") }
        guard let text = wire.digest, text.utf8.count == 16, let digest = UInt64(text, radix: 16) else {
            throw bad("records without a 'digest' of 16 hex digits")
        }
        var records: [PageRecord] = []
        records.reserveCapacity(list.count)
        for (i, r) in list.enumerated() {
            guard r.count == 5, r.allSatisfy({ recordNumbers.contains($0) }), r[0] == r[0].rounded(.down), abs(r[0]) < 1000 else {
                throw bad("record \(first + i) is not five finite numbers [kind, a, b, c, t] within ±1e9")
            }
            records.append(PageRecord(kind: Int32(r[0]), a: r[1], b: r[2], c: r[3], t: r[4]))
        }
        return PhoneRecords(first: first, records: records, events: events, digest: digest)
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

    /// 16 hex digits: a content hash, a digest, as the page writes and reads them.
    package static func hex(_ value: UInt64) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
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
    /// CSS pixels at the page's bottom for the participant's side (`PhoneSide`), the stage drawn
    /// above them; 0: the session has no participant's side and the stage takes the whole page.
    package var panel: Double

    /// The engine the page runs and the scene it starts (`--phone-engine`); nil: the page draws
    /// the host's frames.
    package var engine: PhoneEngineSetup?

    package init(session: String, viewport: Size, faces: [Face], cardBackground: String, cornerRadius: Double,
                 shadow: Shadow, clockInterval: Double = PhoneLimits.clockInterval, resumed: Bool, panel: Double = 0,
                 engine: PhoneEngineSetup? = nil) {
        self.engine = engine
        self.panel = panel
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

/// The participant's side as the page shows it (`{"type": "side", ...}`), sent when it changes:
/// the task under way with Done and Give up, the SEQ, a SUS item, or a waiting line; whether
/// Undo is offered. The page shows every text as text (never markup): the task's name comes
/// from the researcher's file.
package struct PhoneSide: Encodable, Equatable, Sendable {
    package enum State: String, Encodable, Sendable {
        /// A task shows its text with Done and Give up.
        case task
        /// A task is under way without text on the participant's screen.
        case running
        case seq
        case sus
        /// No task is under way and no questionnaire is up: a waiting line, never a blank page.
        case waiting
    }

    package var type = "side"
    package var state: State
    /// The line to show: the task ("Task 2 of 5: Find the map"), the SEQ's question, the SUS item,
    /// or the waiting line.
    package var text: String
    /// The task a Done, Give up or SEQ answers (1-based).
    package var task: Int?
    /// The SUS item to answer (1-10) and how many items there are.
    package var item: Int?
    package var items: Int?
    /// A SEQ's task name, or a SUS item's heading ("Question 3 of 10").
    package var title: String?
    /// The questionnaire's scale and the words at its ends.
    package var scale: [Int]?
    package var ends: [String]?
    /// Undo is one of the participant's actions now (the Z key's command).
    package var undo: Bool

    package init(state: State, text: String, task: Int? = nil, item: Int? = nil, items: Int? = nil, title: String? = nil,
                 scale: ClosedRange<Int>? = nil, ends: (String, String)? = nil, undo: Bool) {
        self.state = state
        self.text = text
        self.task = task
        self.item = item
        self.items = items
        self.title = title
        self.scale = scale.map { [$0.lowerBound, $0.upperBound] }
        self.ends = ends.map { [$0.0, $0.1] }
        self.undo = undo
    }

    /// The message as the page reads it (keys sorted; strings JSON-escaped).
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"type\":\"side\",\"state\":\"waiting\",\"text\":\"\",\"undo\":false}"
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
