/// How one card moves on its own: held under the pointer, flying along a throw (or home), or
/// springing back. Closed-form in time like every motion in the engine, so where a card is
/// drawn depends only on when it was released and the time asked about.
public struct CardMotion: Sendable {
    /// Where the motion is at: held, flying, or springing.
    public enum Phase: Sendable {
        /// Under the pointer at this offset from its place, points.
        case held(Vector)
        /// Flying to the animation's target.
        case flight(ThrowAnimation)
        /// Springing to its place (or another rest offset).
        case spring(SnapBack)
    }

    /// What happens when the motion ends.
    enum Ending: Hashable, Sendable {
        /// Thrown: the card is deleted and a `deleted` event goes out.
        case delete
        /// Dragged and let go: a `snappedBack` event goes out.
        case snapBack
        /// Arrived home after an undo or a stack bring-back (or, for the returning card, back
        /// on the thrown pile): nothing more to say.
        case rest
    }

    var card: CardID
    var phase: Phase
    var ending: Ending
    /// Sign of the tilt the layout gives the card (-1 when the interaction flips it, e.g. a
    /// card grabbed in its lower half), set when the card is grabbed.
    var tiltSign: Double = 1

    /// Offset from the card's laid-out place at `time` (seconds), points.
    func offset(at time: Double) -> Vector {
        switch phase {
        case .held(let v): return v
        case .flight(let a): return a.offset(at: time)
        case .spring(let s): return s.offset(at: time)
        }
    }

    /// Velocity at `time` (seconds), pt/s; 0 while held (the pointer's velocity is the pan's).
    func velocity(at time: Double) -> Vector {
        switch phase {
        case .held: return .zero
        case .flight(let a): return a.velocity(at: time)
        case .spring(let s): return s.velocity(at: time)
        }
    }

    /// Absolute time (seconds) at which the motion ends; nil while held.
    var endTime: Double? {
        switch phase {
        case .held: return nil
        case .flight(let a): return a.startTime + max(0, a.duration)
        case .spring(let s): return max(s.x.settleTime, s.y.settleTime)
        }
    }

    var isHeld: Bool {
        if case .held = phase { return true }
        return false
    }
}

/// The slide of the cards after a deleted (or restored) one into their places: a fraction of a
/// card place, eased from `from` to 0 over `duration` seconds (cubic ease-out: quick, then soft).
/// With `before`, the cards before `index` slide instead (see `GapClosing`).
struct GapMotion: Sendable {
    var index: Int
    var before: Bool = false
    var from: Double
    var startTime: Double
    var duration: Double

    func fraction(at time: Double) -> Double {
        guard duration > 0 else { return 0 }
        let u = min(max((time - startTime) / duration, 0), 1)
        let r = 1 - u
        return from * r * r * r
    }

    var endTime: Double { startTime + max(0, duration) }

    /// The layout's view of the slide at `time`.
    func closing(at time: Double) -> GapClosing {
        GapClosing(index: index, fraction: fraction(at: time), before: before)
    }
}
