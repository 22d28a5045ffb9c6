import FlickEngine
import FlickSession

/// One input the page gave its own engine (`--phone-engine`), as it recorded it: `EngineInput`'s
/// numbers and the session time it gave them at.
package struct PageRecord: Equatable, Sendable {
    package var kind: Int32
    package var a: Double
    package var b: Double
    package var c: Double
    package var t: Double

    package init(kind: Int32, a: Double, b: Double, c: Double, t: Double) {
        (self.kind, self.a, self.b, self.c, self.t) = (kind, a, b, c, t)
    }

    package init(_ input: EngineInput, t: Double) {
        let n = input.numbers
        self.init(kind: n.kind, a: n.a, b: n.b, c: n.c, t: t)
    }
}

/// What one of the page's records stands for: an input its engine took (`EngineInput`, kinds 0
/// to 9), or the participant's answer on the page's side (kind 100: a = 0 Done, 1 Give up,
/// 2 SEQ, 3 SUS; b = the value; c = the task a Done, Give up or SEQ answers, or the SUS item),
/// which the page's engine never sees. An answer in the page's own stream keeps its place
/// among the touches around it, at the page's time.
package enum PageInput: Equatable, Sendable {
    case engine(EngineInput)
    case answer(PhoneAnswer)
    /// A page by link (`flick host`) starts its session's task `number` (1-based) itself (kind
    /// 101, a = the number): the facilitator's start marker, at the page's time.
    case taskStart(number: Int)
    /// A page by link puts the SUS up itself (kind 102): the facilitator's ask.
    case askSUS

    package static let answerKind: Int32 = 100
    package static let taskStartKind: Int32 = 101
    package static let askSUSKind: Int32 = 102

    /// The record's input, or nil for numbers that are none.
    package init?(_ r: PageRecord) {
        if r.kind == Self.taskStartKind {
            guard r.a.isFinite, r.a == r.a.rounded(.down), r.a >= 1, r.a <= 1000, r.b == 0, r.c == 0 else { return nil }
            self = .taskStart(number: Int(r.a))
            return
        }
        if r.kind == Self.askSUSKind {
            guard r.a == 0, r.b == 0, r.c == 0 else { return nil }
            self = .askSUS
            return
        }
        guard r.kind == Self.answerKind else {
            guard let input = EngineInput(kind: r.kind, a: r.a, b: r.b, c: r.c, deckCount: Int.max - 1) else { return nil }
            self = .engine(input)
            return
        }
        func whole(_ x: Double, _ range: ClosedRange<Int>) -> Int? {
            guard x.isFinite, x == x.rounded(.down), x >= Double(range.lowerBound), x <= Double(range.upperBound) else { return nil }
            return Int(x)
        }
        guard let code = whole(r.a, 0...3), let value = whole(r.b, 0...10), let c = whole(r.c, 0...100_000) else { return nil }
        let answer: ParticipantAnswer
        switch code {
        case 0: answer = .done
        case 1: answer = .giveUp
        case 2: answer = .seq(value)
        default: answer = .sus(item: c, value: value)
        }
        guard answer.problem == nil, code >= 2 || value == 0 else { return nil }
        self = .answer(PhoneAnswer(answer, task: code == 3 ? nil : c, time: r.t))
    }
}

/// A batch of the page's records, numbered from `first` on, and the page's events after the
/// last of them: how many were committed and their digest (`SceneDigest`).
package struct PhoneRecords: Equatable, Sendable {
    package var first: Int
    package var records: [PageRecord]
    package var events: Int
    package var digest: UInt64

    package init(first: Int, records: [PageRecord], events: Int, digest: UInt64) {
        (self.first, self.records, self.events, self.digest) = (first, records, events, digest)
    }
}

/// What the host's engine makes of the page's records: each record once, in the page's order,
/// and the page's event digests checked against its own. The host gives the inputs it returns to
/// its `SessionRunner`, so its window, log and recording are the page's session; it adds the
/// events the runner lets out (`hostEvent`) and the feed compares.
///
/// - A record already taken (a resend after a reconnect) is skipped and said, never taken twice.
/// - A batch that starts past the next record expected (a gap) is refused whole; the host asks
///   the page to send again from the record it expects (`resendFrom`).
/// - A record whose numbers are no input, or a frame earlier than the last, is refused and said.
/// - A page digest that differs from the host's after as many events is a divergence, said with
///   both digests and the record that carried it.
package struct PageFeed: Sendable {
    /// One input to give the host's session, with its record's number.
    package struct Step: Equatable, Sendable {
        package var number: Int
        package var input: PageInput
        package var t: Double
    }

    /// What a batch came to.
    package struct Taken: Equatable, Sendable {
        package var steps: [Step] = []
        /// Lines for the log, one a problem.
        package var problems: [String] = []
        /// Ask the page to send again from this record (after a gap).
        package var resendFrom: Int?
    }

    /// The number of the next record expected: how many have been taken.
    package private(set) var next = 0
    /// Every record so far, taken or refused, in order (`history`): what a reloaded page gives a
    /// new engine to be where the session is.
    package private(set) var history: [PageRecord] = []
    /// The session time of the last frame record taken (nil before the first).
    package private(set) var lastFrame: Double?
    /// Records skipped as already taken, refused as no input, batches refused for a gap.
    package private(set) var duplicates = 0
    package private(set) var refusedRecords = 0
    package private(set) var gaps = 0
    /// Page digests compared with the host's, and how many differed.
    package private(set) var compared = 0
    package private(set) var divergences = 0
    /// The host's digest after each number of its events (index 0: none yet).
    private var hostDigests: [UInt64] = [SceneDigest().value]
    private var digest = SceneDigest()
    /// The page's digests not yet comparable (the host has fewer events so far), oldest first.
    private var pending: [(events: Int, digest: UInt64, record: Int)] = []
    /// Page digests kept waiting at most (a page that claims events the host never has).
    package static let pendingLimit = 4096

    package init() {}

    /// The events the host's session has let out so far.
    package var hostEvents: Int { hostDigests.count - 1 }

    /// Takes one batch from the page. A deck index is not checked here (the host's session
    /// gives no insert or delete of the page's).
    package mutating func take(_ batch: PhoneRecords) -> Taken {
        var out = Taken()
        let last = batch.first + batch.records.count - 1
        if batch.first > next {
            gaps += 1
            out.problems.append("records \(next) to \(batch.first - 1) never came before record \(batch.first): the batch \(batch.first)-\(last) was refused and the page asked to send again from \(next)")
            out.resendFrom = next
            return out
        }
        if batch.first < next, !batch.records.isEmpty {
            let twice = min(next, last + 1) - batch.first
            duplicates += twice
            out.problems.append(twice == 1 ? "record \(batch.first) came twice: the copy was skipped"
                                : "records \(batch.first)-\(batch.first + twice - 1) came twice: the copies were skipped")
        }
        for (offset, record) in batch.records.enumerated() {
            let number = batch.first + offset
            guard number >= next else { continue }
            next = number + 1
            history.append(record)
            guard record.t.isFinite, let input = PageInput(record) else {
                refusedRecords += 1
                out.problems.append("record \(number) (kind \(record.kind), \(record.a), \(record.b), \(record.c) at \(record.t) s) is no input: refused")
                continue
            }
            if case .engine(.frame) = input {
                if let lastFrame, record.t < lastFrame {
                    refusedRecords += 1
                    out.problems.append("record \(number): a frame at \(record.t) s, before the last frame at \(lastFrame) s: refused")
                    continue
                }
                lastFrame = record.t
            }
            out.steps.append(Step(number: number, input: input, t: record.t))
        }
        if last >= batch.first, pending.count < Self.pendingLimit {
            pending.append((batch.events, batch.digest, last))
        }
        out.problems += compare()
        return out
    }

    /// One event the host's session let out, with its notes.
    package mutating func hostEvent(_ event: SceneEvent, notes: LoggedSceneEvent.Notes) {
        digest.add(event, notes: notes)
        hostDigests.append(digest.value)
    }

    /// Compares the page's digests the host has caught up with; a line for each that differs.
    package mutating func compare() -> [String] {
        var lines: [String] = []
        while let claim = pending.first, claim.events <= hostEvents {
            pending.removeFirst()
            compared += 1
            let host = hostDigests[max(0, claim.events)]
            if host != claim.digest {
                divergences += 1
                lines.append("diverged: after \(claim.events) events (record \(claim.record)) the page's digest is \(PhoneProtocol.hex(claim.digest)), the host's \(PhoneProtocol.hex(host))")
            }
        }
        return lines
    }

    /// At the session's end: the page's digests the host never caught up with.
    package mutating func finish() -> [String] {
        let lines = compare()
        let left = pending
        pending.removeAll()
        divergences += left.count
        return lines + left.prefix(1).map {
            "diverged: the page counted \($0.events) events by record \($0.record); the host's session let out \(hostEvents)"
                + (left.count > 1 ? " (and \(left.count - 1) later digests alike)" : "")
        }
    }
}

/// The scene the page's engine starts (the welcome's `engine`), as the host's session started
/// it, and where its records stand: a page that connects again sends from `next` on.
package struct PhoneEngineSetup: Encodable, Equatable, Sendable {
    /// Where the page loads the engine's script (it loads the module beside it).
    package var script = "/flick-engine.mjs"
    /// `Interaction.allCases` order.
    package var interaction: Int
    package var count: Int
    /// The scene's viewport when it started, points.
    package var viewport: Size
    package var lateWindow: Double
    /// [key number, value] for every numeric key of the session's config (`SceneConfig.keys`).
    package var config: [[Double]]
    /// The text keys that differ from the defaults (`SceneConfig.textKeys` numbers).
    package var configText: [TextEdit]
    /// The session time the page's clock starts at (its first frame's).
    package var start: Double
    /// The number of the next record the host expects.
    package var next: Int
    /// The stage's colour (#rrggbb) of each interaction (`Interaction.allCases` order): the page
    /// paints the one its engine shows.
    package var stages: [String]
    /// The stamp's colour (#rrggbb) for each throw direction, by name (`left`, `right`, ...).
    package var stamps: [String: String]
    /// What the stage says on an empty deck at rest.
    package var hint: String
    /// The number of the undo command (`CardScene.Command.allCases` order): the participant's
    /// Undo on the page is a command record of the page's own.
    package var undo = CardScene.Command.allCases.firstIndex(of: .undo) ?? 0

    /// A text key's number and its text.
    package struct TextEdit: Encodable, Equatable, Sendable {
        package var key: Int
        package var text: String
        package init(key: Int, text: String) {
            self.key = key
            self.text = text
        }
    }

    package init(interaction: Int, count: Int, viewport: Size, lateWindow: Double, config: [[Double]], configText: [TextEdit],
                 start: Double, next: Int, stages: [String], stamps: [String: String], hint: String) {
        self.configText = configText
        self.stages = stages
        self.stamps = stamps
        self.hint = hint
        self.interaction = interaction
        self.count = count
        self.viewport = viewport
        self.lateWindow = lateWindow
        self.config = config
        self.start = start
        self.next = next
    }
}

extension PhoneProtocol {
    /// The session's records from `first` on, for a reloaded page (`{"type": "history"}` with
    /// `first`, `records` and `last`: the final message of the history).
    package static func history(first: Int, _ records: ArraySlice<PageRecord>, last: Bool) -> String {
        var s = "{\"type\":\"history\",\"first\":\(first),\"last\":\(last),\"records\":["
        s.reserveCapacity(records.count * 48 + 64)
        for (i, r) in records.enumerated() {
            if i > 0 { s += "," }
            s += "[\(r.kind),\(exact(r.a)),\(exact(r.b)),\(exact(r.c)),\(exact(r.t))]"
        }
        return s + "]}"
    }

    /// A finite number as JSON that reads back to the same bits (Swift's shortest round-trip
    /// form; -0 as 0, which a record never holds: the page sends none).
    package static func exact(_ x: Double) -> String {
        if x == x.rounded(.towardZero), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// Asks the page to send its records again from record `from` on (after a gap).
    package static func resend(from: Int) -> String { "{\"type\":\"resend\",\"from\":\(from)}" }

    /// Tells the page the host has every record before `next`: it keeps only those after
    /// (what it saves across a reload).
    package static func ack(next: Int) -> String { "{\"type\":\"ack\",\"next\":\(next)}" }

    /// An input the host gives the page's engine (the stage's size when the phone connects): the
    /// page gives it at its own time and records it like its own.
    /// `faces`: a task start's deck, the image each card shows in deck order (the page gives
    /// the cards its engine deals these faces at once).
    package static func input(_ input: EngineInput, faces: [Int]? = nil) -> String {
        let n = input.numbers
        let list = faces.map { ",\"faces\":[" + $0.map(String.init).joined(separator: ",") + "]" } ?? ""
        return "{\"type\":\"input\",\"kind\":\(n.kind),\"a\":\(exact(n.a)),\"b\":\(exact(n.b)),\"c\":\(exact(n.c))\(list)}"
    }

    /// The cards that show an image of their own (a task's start deck), as [card id, image
    /// index] pairs: every other card shows its id modulo the session's first images.
    package static func faces(_ assigned: [CardID: Int]) -> String {
        let pairs = assigned.sorted { $0.key.value < $1.key.value }.map { "[\($0.key.value),\($0.value)]" }
        return "{\"type\":\"faces\",\"assigned\":[" + pairs.joined(separator: ",") + "]}"
    }
}
