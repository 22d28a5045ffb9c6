/// The throw rule's verdict on one card release, kept with its `gesture_ended` event so a log
/// (and the report that reads it) never restates the rule: which way it was judged, under what
/// name, and how far and how fast it went as fractions of the thresholds.
public struct ReleaseRecord: Hashable, Sendable {
    /// The direction judged along; nil when the card did not move.
    public var direction: ThrowDirection?
    /// The interaction's name for that direction (`like`, `nope`), if it has one.
    public var label: String?
    /// Release distance as a fraction of the distance threshold (1 = at it), unitless.
    public var distanceFraction: Double
    /// Release speed as a fraction of the speed threshold, unitless.
    public var speedFraction: Double

    /// Memberwise; see the properties.
    public init(direction: ThrowDirection?, label: String? = nil, distanceFraction: Double, speedFraction: Double) {
        self.direction = direction
        self.label = label
        self.distanceFraction = distanceFraction
        self.speedFraction = speedFraction
    }
}

/// Where the press of a `missed` gesture landed: the point in scene (stage) points, and whether
/// it was on the stage (no card there, or nothing to act on) or on the surround around it.
public struct MissedPress: Hashable, Sendable {
    /// Scene points; outside the viewport on the surround.
    public var point: Point
    /// Pressed outside the stage (the scene's viewport).
    public var onSurround: Bool

    /// Memberwise; see the properties.
    public init(point: Point, onSurround: Bool) {
        self.point = point
        self.onSurround = onSurround
    }
}

/// A scene event as the interaction log writes it: the event's own fields, plus for a card
/// release the rule's verdict (`direction`, `label`, `distanceFraction`, `speedFraction`), for
/// a deck change what made it (`cause`, and for a throw `direction` and `label`), and for a
/// release whose velocity is not the plain fit how it was estimated (`velocityEstimate`). Lines
/// written before those fields existed read back with them nil.
public struct LoggedSceneEvent: Hashable, Sendable {
    /// What the log writes beside an event's own fields.
    public struct Notes: Hashable, Sendable {
        /// The verdict on a card release; nil for every other event.
        public var release: ReleaseRecord?
        /// What made a deck change (`deleted`, `restored`, `inserted`, `reset`); nil for the rest.
        public var origin: DeckChangeOrigin?
        /// How a `gesture_ended`'s velocity was estimated when not by the plain fit; nil for
        /// the plain fit and every other event.
        public var velocityEstimate: VelocityEstimate?
        /// Where the press of a `missed` gesture landed; nil for every other event.
        public var press: MissedPress?

        /// Memberwise; see the properties.
        public init(release: ReleaseRecord? = nil, origin: DeckChangeOrigin? = nil, velocityEstimate: VelocityEstimate? = nil,
                    press: MissedPress? = nil) {
            self.release = release
            self.origin = origin
            self.velocityEstimate = velocityEstimate
            self.press = press
        }
    }

    /// The event.
    public var event: SceneEvent
    /// What the log writes beside it.
    public var notes: Notes
    /// The verdict on a card release; nil for every other event.
    public var release: ReleaseRecord? {
        get { notes.release }
        set { notes.release = newValue }
    }
    /// What made a deck change (`deleted`, `restored`, `inserted`, `reset`); nil for the rest.
    public var origin: DeckChangeOrigin? {
        get { notes.origin }
        set { notes.origin = newValue }
    }
    /// How a release's velocity was estimated when not by the plain fit.
    public var velocityEstimate: VelocityEstimate? {
        get { notes.velocityEstimate }
        set { notes.velocityEstimate = newValue }
    }

    /// - Parameters:
    ///   - event: the event.
    ///   - release: its verdict, for a `gesture_ended` of a card.
    ///   - origin: what made it, for a deck change.
    ///   - velocityEstimate: how a release's velocity was estimated, when not by the plain fit.
    ///   - press: where the press of a `missed` gesture landed.
    public init(_ event: SceneEvent, release: ReleaseRecord? = nil, origin: DeckChangeOrigin? = nil,
                velocityEstimate: VelocityEstimate? = nil, press: MissedPress? = nil) {
        self.init(event, notes: Notes(release: release, origin: origin, velocityEstimate: velocityEstimate, press: press))
    }

    /// - Parameters:
    ///   - event: the event.
    ///   - notes: what the log writes beside it.
    public init(_ event: SceneEvent, notes: Notes) {
        self.event = event
        self.notes = notes
    }

    /// Where the press of a `missed` gesture landed; nil for every other event.
    public var press: MissedPress? {
        get { notes.press }
        set { notes.press = newValue }
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension LoggedSceneEvent: Codable {
    private enum Key: String, CodingKey { case direction, label, distanceFraction, speedFraction, cause, velocityEstimate, at, on }

    public func encode(to encoder: any Encoder) throws {
        try event.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encodeIfPresent(velocityEstimate?.rawValue, forKey: .velocityEstimate)
        if let press {
            guard press.point.isFinite else {
                throw EncodingError.invalidValue(press.point, EncodingError.Context(
                    codingPath: c.codingPath + [Key.at], debugDescription: "at \(press.point) is not finite"))
            }
            // To the microsecond; a tiny negative rounds to 0, not -0.
            let at = [press.point.x, press.point.y].map { SceneEvent.microseconds($0) == 0 ? 0 : SceneEvent.microseconds($0) }
            try c.encode(at, forKey: .at)
            try c.encode(press.onSurround ? "surround" : "stage", forKey: .on)
        }
        if let o = origin {
            try c.encode(o.cause, forKey: .cause)
            try c.encodeIfPresent(o.direction, forKey: .direction)
            try c.encodeIfPresent(o.label, forKey: .label)
        }
        guard let r = release else { return }
        try c.encodeIfPresent(r.direction, forKey: .direction)
        try c.encodeIfPresent(r.label, forKey: .label)
        for (key, x) in [(Key.distanceFraction, r.distanceFraction), (.speedFraction, r.speedFraction)] {
            guard x.isFinite else {
                throw EncodingError.invalidValue(x, EncodingError.Context(
                    codingPath: c.codingPath + [key], debugDescription: "\(key.rawValue) \(x) is not finite"))
            }
            // To the millionth; a tiny negative rounds to 0, not -0.
            let rounded = (x * 1_000_000).rounded() / 1_000_000
            try c.encode(rounded == 0 ? 0 : rounded, forKey: key)
        }
    }

    public init(from decoder: any Decoder) throws {
        event = try SceneEvent(from: decoder)
        notes = Notes()
        let c = try decoder.container(keyedBy: Key.self)
        if let raw = try c.decodeIfPresent(String.self, forKey: .velocityEstimate) {
            guard let estimate = VelocityEstimate(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(forKey: .velocityEstimate, in: c, debugDescription:
                    "velocityEstimate \"\(raw)\" is not one of \(VelocityEstimate.allCases.map { $0.rawValue }.joined(separator: ", "))")
            }
            velocityEstimate = estimate
        }
        if let at = try c.decodeIfPresent([Double].self, forKey: .at) {
            guard at.count == 2, at.allSatisfy({ $0.isFinite }) else {
                throw DecodingError.dataCorruptedError(forKey: .at, in: c, debugDescription: "at must be [x, y], two finite numbers")
            }
            let on = try c.decode(String.self, forKey: .on)
            guard on == "stage" || on == "surround" else {
                throw DecodingError.dataCorruptedError(forKey: .on, in: c, debugDescription: "on \"\(on)\" is not stage or surround")
            }
            press = MissedPress(point: Point(x: at[0], y: at[1]), onSurround: on == "surround")
        }
        if let d = try c.decodeIfPresent(Double.self, forKey: .distanceFraction),
           let s = try c.decodeIfPresent(Double.self, forKey: .speedFraction) {
            release = ReleaseRecord(direction: try c.decodeIfPresent(ThrowDirection.self, forKey: .direction),
                                    label: try c.decodeIfPresent(String.self, forKey: .label),
                                    distanceFraction: d, speedFraction: s)
        } else {
            release = nil
        }
        if let cause = try c.decodeIfPresent(DeckChangeCause.self, forKey: .cause) {
            origin = DeckChangeOrigin(cause: cause, direction: try c.decodeIfPresent(ThrowDirection.self, forKey: .direction),
                                      label: try c.decodeIfPresent(String.self, forKey: .label))
        } else {
            origin = nil
        }
    }
}
#endif
