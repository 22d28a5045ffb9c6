/// The event names of the wire form, and the grain of its times.
extension SceneEvent {
    /// Every event name, as `event` spells it.
    public static let names: [String] = Name.allCases.map { $0.rawValue }

    /// The names, one per case (the `event` field).
    enum Name: String, CaseIterable {
        case gestureBegan = "gesture_began"
        case gestureEnded = "gesture_ended"
        case paged
        case deleted
        case restored
        case snappedBack = "snapped_back"
        case selected
        case inserted
        case reset
        case interactionChanged = "interaction_changed"
    }

    var wireName: Name {
        switch self {
        case .gestureBegan: return .gestureBegan
        case .gestureEnded: return .gestureEnded
        case .paged: return .paged
        case .deleted: return .deleted
        case .restored: return .restored
        case .snappedBack: return .snappedBack
        case .selected: return .selected
        case .inserted: return .inserted
        case .reset: return .reset
        case .interactionChanged: return .interactionChanged
        }
    }

    /// `t` rounded to the microsecond: the grain of the log, and of replays that compare to it.
    public static func microseconds(_ t: Double) -> Double { (t * 1_000_000).rounded() / 1_000_000 }
}

extension SceneEvent: CustomStringConvertible {
    /// One line for a HUD or a test failure: `deleted t=1.250000 card=#5 index=3`.
    public var description: String {
        var s = "\(name) t=\(Self.fixed6(time))"
        switch self {
        case .gestureBegan(_, let kind, let card):
            s += " kind=\(kind)"
            if let card { s += " card=\(card)" }
        case .gestureEnded(_, let kind, let translation, let velocity, let outcome, let card):
            s += " kind=\(kind) translation=\(translation) velocity=\(velocity) outcome=\(outcome)"
            if let card { s += " card=\(card)" }
        case .paged(_, let from, let to):
            s += " from=\(from) to=\(to)"
        case .deleted(_, let card, let index), .restored(_, let card, let index), .inserted(_, let card, let index):
            s += " card=\(card) index=\(index)"
        case .snappedBack(_, let card), .selected(_, let card):
            s += " card=\(card)"
        case .reset:
            break
        case .interactionChanged(_, let from, let to):
            s += " from=\(from) to=\(to)"
        }
        return s
    }

    /// `x` with six decimals, without Foundation's formatting.
    static func fixed6(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        let micro = Int64((abs(x) * 1_000_000).rounded())
        let frac = String(micro % 1_000_000)
        return (x < 0 && micro != 0 ? "-" : "") + "\(micro / 1_000_000)."
            + String(repeating: "0", count: 6 - frac.count) + frac
    }
}

extension GestureKind: CustomStringConvertible {
    /// The log's spelling, e.g. `bring_back`.
    public var description: String { rawValue }
}

extension GestureOutcome: CustomStringConvertible {
    /// The log's spelling, e.g. `snapped_back`.
    public var description: String { rawValue }
}

extension Interaction: CustomStringConvertible {
    /// The command line's and the log's spelling, e.g. `carousel`.
    public var description: String { rawValue }
}

extension Vector: CustomStringConvertible {
    /// `[dx, dy]` as the log writes it.
    public var description: String { "[\(dx), \(dy)]" }
}

extension CardAttributes: CustomStringConvertible {
    /// One line: card, index, slot, centre, size, alpha and z order.
    public var description: String {
        "card \(card) index \(index) slot \(slot) centre (\(center.x), \(center.y)) size \(size.width)x\(size.height)"
            + " alpha \(alpha) z \(zIndex)"
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
/// The wire form of the engine's events: each `SceneEvent` is one flat JSON object, its name in
/// `event`, its time in `t` (seconds, rounded to the microsecond), then its own fields:
///
///     {"event":"deleted","t":1.25,"card":5,"index":3}
///     {"event":"gesture_ended","t":2.5,"kind":"card","translation":[-180,4],"velocity":[-950.5,12],"outcome":"thrown","card":5}
///
/// Vectors are `[dx, dy]` arrays (points, or points per second for velocities), cards their
/// integer id. Decoding gives back exactly the event that was encoded once its time is on the
/// microsecond (the log's grain). A number that is not finite is refused with an
/// `EncodingError` naming the field, so a log never holds `inf` or `nan` (the engine refuses
/// such input in the first place). docs/schema/log.schema.json defines every event.
extension SceneEvent: Codable {
    /// The JSON keys of every event, in the order they are written.
    enum Key: String, CodingKey {
        case event, t, kind, card, translation, velocity, outcome, from, to, index
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(wireName, forKey: .event)
        try c.encode(try Self.finite(Self.microseconds(time), .t, in: c), forKey: .t)
        switch self {
        case .gestureBegan(_, let kind, let card):
            try c.encode(kind, forKey: .kind)
            try c.encodeIfPresent(card, forKey: .card)
        case .gestureEnded(_, let kind, let translation, let velocity, let outcome, let card):
            try c.encode(kind, forKey: .kind)
            try c.encode(try Self.pair(translation, .translation, in: c), forKey: .translation)
            try c.encode(try Self.pair(velocity, .velocity, in: c), forKey: .velocity)
            try c.encode(outcome, forKey: .outcome)
            try c.encodeIfPresent(card, forKey: .card)
        case .paged(_, let from, let to):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .deleted(_, let card, let index), .restored(_, let card, let index), .inserted(_, let card, let index):
            try c.encode(card, forKey: .card)
            try c.encode(index, forKey: .index)
        case .snappedBack(_, let card), .selected(_, let card):
            try c.encode(card, forKey: .card)
        case .reset:
            break
        case .interactionChanged(_, let from, let to):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let name = try c.decode(Name.self, forKey: .event)
        let t = try c.decode(Double.self, forKey: .t)
        guard t.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .t, in: c, debugDescription: "time \(t) s is not finite")
        }
        switch name {
        case .gestureBegan:
            self = .gestureBegan(time: t, kind: try c.decode(GestureKind.self, forKey: .kind),
                                 card: try c.decodeIfPresent(CardID.self, forKey: .card))
        case .gestureEnded:
            self = .gestureEnded(time: t, kind: try c.decode(GestureKind.self, forKey: .kind),
                                 translation: try Self.vector(.translation, in: c),
                                 velocity: try Self.vector(.velocity, in: c),
                                 outcome: try c.decode(GestureOutcome.self, forKey: .outcome),
                                 card: try c.decodeIfPresent(CardID.self, forKey: .card))
        case .paged:
            self = .paged(time: t, from: try c.decode(Int.self, forKey: .from), to: try c.decode(Int.self, forKey: .to))
        case .deleted:
            self = .deleted(time: t, card: try c.decode(CardID.self, forKey: .card),
                            index: try c.decode(Int.self, forKey: .index))
        case .restored:
            self = .restored(time: t, card: try c.decode(CardID.self, forKey: .card),
                             index: try c.decode(Int.self, forKey: .index))
        case .snappedBack:
            self = .snappedBack(time: t, card: try c.decode(CardID.self, forKey: .card))
        case .selected:
            self = .selected(time: t, card: try c.decode(CardID.self, forKey: .card))
        case .inserted:
            self = .inserted(time: t, card: try c.decode(CardID.self, forKey: .card),
                             index: try c.decode(Int.self, forKey: .index))
        case .reset:
            self = .reset(time: t)
        case .interactionChanged:
            self = .interactionChanged(time: t, from: try c.decode(Interaction.self, forKey: .from),
                                       to: try c.decode(Interaction.self, forKey: .to))
        }
    }

    // MARK: Helpers

    static func finite(_ x: Double, _ key: Key, in c: KeyedEncodingContainer<Key>) throws -> Double {
        guard x.isFinite else {
            throw EncodingError.invalidValue(x, EncodingError.Context(
                codingPath: c.codingPath + [key], debugDescription: "\(key.rawValue) \(x) is not finite"))
        }
        return x
    }

    static func pair(_ v: Vector, _ key: Key, in c: KeyedEncodingContainer<Key>) throws -> [Double] {
        [try finite(v.dx, key, in: c), try finite(v.dy, key, in: c)]
    }

    static func vector(_ key: Key, in c: KeyedDecodingContainer<Key>) throws -> Vector {
        let xs = try c.decode([Double].self, forKey: key)
        guard xs.count == 2, xs[0].isFinite, xs[1].isFinite else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c,
                                                   debugDescription: "expected [dx, dy], two finite numbers")
        }
        return Vector(dx: xs[0], dy: xs[1])
    }
}

extension SceneEvent.Name: Codable {}

extension CardID {
    /// A card is its bare integer id on the wire: `"card":5`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}

extension CardAttributes: Codable {
    enum Key: String, CodingKey { case card, index, slot, size, transform, alpha, zIndex }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(card: try c.decode(CardID.self, forKey: .card), index: try c.decode(Int.self, forKey: .index),
                  slot: try c.decode(Int.self, forKey: .slot), size: try c.decode(Size.self, forKey: .size),
                  transform: try c.decode(AffineTransform.self, forKey: .transform),
                  alpha: try c.decode(Double.self, forKey: .alpha), zIndex: try c.decode(Double.self, forKey: .zIndex))
    }

    /// Refuses (with an `EncodingError`) attributes holding a non-finite number.
    public func encode(to encoder: any Encoder) throws {
        guard isFinite else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "card \(card.value): attributes are not finite"))
        }
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(card, forKey: .card)
        try c.encode(index, forKey: .index)
        try c.encode(slot, forKey: .slot)
        try c.encode(size, forKey: .size)
        try c.encode(transform, forKey: .transform)
        try c.encode(alpha, forKey: .alpha)
        try c.encode(zIndex, forKey: .zIndex)
    }
}
#endif
