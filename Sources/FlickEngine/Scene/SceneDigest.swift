/// A 64-bit digest of what a scene emitted and drew: every event with its notes, every field of
/// every card of a render list, numbers by their bits. Two engines that ran the same inputs
/// (natively and in WebAssembly, on the host and on the phone) have equal digests exactly when
/// their events and frames are equal, short of a hash collision (FNV-1a, 64 bits).
///
/// Each value is fed in a fixed order with a tag, so the digest of a stream does not depend on
/// how it was cut into calls: `add` the events as they come, frame by frame.
public struct SceneDigest: Hashable, Sendable {
    /// The digest so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The digest of nothing.
    public init() {}

    /// Adds one event and the notes the log writes beside it.
    public mutating func add(_ event: SceneEvent, notes: LoggedSceneEvent.Notes = .init()) {
        text(event.name)
        number(event.time)
        switch event {
        case .gestureBegan(_, let kind, let card):
            text(kind.rawValue)
            card.map { word(1); integer($0.value) } ?? word(0)
        case .gestureEnded(_, let kind, let translation, let velocity, let outcome, let card):
            text(kind.rawValue)
            vector(translation)
            vector(velocity)
            text(outcome.rawValue)
            card.map { word(1); integer($0.value) } ?? word(0)
        case .paged(_, let from, let to):
            integer(from)
            integer(to)
        case .deleted(_, let card, let index), .restored(_, let card, let index), .inserted(_, let card, let index):
            integer(card.value)
            integer(index)
        case .snappedBack(_, let card), .selected(_, let card):
            integer(card.value)
        case .reset:
            break
        case .interactionChanged(_, let from, let to):
            text(from.rawValue)
            text(to.rawValue)
        }
        add(notes)
    }

    /// Adds the notes of an event.
    mutating func add(_ notes: LoggedSceneEvent.Notes) {
        if let r = notes.release {
            word(1)
            optionalText(r.direction?.rawValue)
            optionalText(r.label)
            number(r.distanceFraction)
            number(r.speedFraction)
        } else {
            word(0)
        }
        if let o = notes.origin {
            word(1)
            text(o.cause.rawValue)
            optionalText(o.direction?.rawValue)
            optionalText(o.label)
        } else {
            word(0)
        }
        optionalText(notes.velocityEstimate?.rawValue)
        if let p = notes.press {
            word(1)
            number(p.point.x)
            number(p.point.y)
            word(p.onSurround ? 1 : 0)
        } else {
            word(0)
        }
    }

    /// Adds every event `scene` holds from `start` on, with its notes.
    public mutating func addEvents(of scene: CardScene, from start: Int = 0) {
        let logged = scene.loggedEvents
        guard start < logged.count else { return }
        for i in max(0, start)..<logged.count { add(logged[i].event, notes: logged[i].notes) }
    }

    /// Adds a frame: its card count, then every field of every card, back to front.
    public mutating func add(frame: [CardAttributes]) {
        word(0xF7A3E)
        integer(frame.count)
        for a in frame {
            integer(a.card.value)
            integer(a.index)
            integer(a.slot)
            number(a.size.width)
            number(a.size.height)
            let t = a.transform
            number(t.a)
            number(t.b)
            number(t.c)
            number(t.d)
            number(t.tx)
            number(t.ty)
            number(a.alpha)
            number(a.zIndex)
        }
    }

    private mutating func byte(_ b: UInt8) {
        value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3
    }

    private mutating func word(_ w: UInt64) {
        var w = w
        for _ in 0..<8 {
            byte(UInt8(truncatingIfNeeded: w))
            w >>= 8
        }
    }

    private mutating func number(_ x: Double) { word(x.bitPattern) }
    private mutating func integer(_ i: Int) { word(UInt64(bitPattern: Int64(i))) }
    private mutating func vector(_ v: Vector) {
        number(v.dx)
        number(v.dy)
    }

    private mutating func text(_ s: String) {
        integer(s.utf8.count)
        for b in s.utf8 { byte(b) }
    }

    private mutating func optionalText(_ s: String?) {
        if let s { word(1); text(s) } else { word(0) }
    }
}
