/// A depth stack's bring-back (the stack's drag to the right): the last thrown card shown
/// without being in the deck, peeking in at the press of a pointer, pulled back by a drag, or
/// going back out. It joins the deck (with a `restored` event) only when it is let go home, so
/// the deck and the events never differ. It exists only where the interaction shows a thrown
/// card ready to be pulled back (`CardInteraction.returnPeekOffset`).
///
/// It decides where the card is and where it goes; the scene, which owns the deck and the
/// events, applies a homecoming (`release` answering `home`).
struct BringBack: Sendable {
    /// The card shown, and how it moves; nil when none is shown.
    private(set) var motion: CardMotion?

    /// The card shown, if any.
    var card: CardID? { motion?.card }
    /// When its flight (home or back out) ends; nil while held or when none is shown.
    var endTime: Double? { motion?.endTime }
    /// Its offset from the top card's place at `t`, points.
    func offset(at t: Double) -> Vector? { motion?.offset(at: t) }

    /// A pointer went down at `t`: a card on its way back out is caught where it is; else the
    /// last thrown card (`lastThrown`) shows at `peek`, where the interaction shows one (nil:
    /// it does not, or a throw or an undo is still under way).
    mutating func press(at t: Double, peek: Vector?, lastThrown: CardID?) {
        if var r = motion {
            r.phase = .held(r.offset(at: t))
            motion = r
        } else if let peek, let lastThrown {
            motion = CardMotion(card: lastThrown, phase: .held(peek), ending: .rest)
        }
    }

    /// Held without being pulled, it flies back out to where thrown cards rest (`restOffset`).
    mutating func sendOut(at t: Double, rules: any InteractionRules, restOffset: Vector) {
        guard var r = motion, r.isHeld else { return }
        r.phase = .flight(rules.returnFlight(from: r.offset(at: t), velocity: .zero, to: restOffset, at: t))
        motion = r
    }

    /// A drag takes hold of it at `t`: its card and the offset the drag starts from; nil when
    /// none is shown.
    mutating func grab(at t: Double) -> (card: CardID, base: Vector)? {
        guard var r = motion else { return nil }
        let base = r.offset(at: t)
        r.phase = .held(base)
        motion = r
        return (r.card, base)
    }

    /// Held at `offset` (points from the top card's place).
    mutating func hold(at offset: Vector) {
        motion?.phase = .held(offset)
    }

    /// The verdict on letting it go at `t` at `velocity` (cancelled: none): its card, its
    /// offset, the interaction's verdict and whether that takes it home (the scene then restores
    /// it on top and `clear`s it; else it goes back out with `flyOut`). Nil when none is shown.
    func release(velocity: Vector, cancelled: Bool, at t: Double, rules: any InteractionRules,
                 viewport: Size) -> (card: CardID, offset: Vector, verdict: ThrowOutcome?, home: Bool)? {
        guard let r = motion else { return nil }
        let offset = r.offset(at: t)
        let verdict = cancelled ? nil : rules.decide(kind: .bringBack, offset: offset, velocity: velocity, viewport: viewport)
        return (r.card, offset, verdict, (verdict?.decision ?? .sendBackOut) == .bringBack)
    }

    /// Back out from `offset` at `velocity` at `t` to where thrown cards rest, quietly (it never
    /// joined the deck).
    mutating func flyOut(from offset: Vector, velocity: Vector, at t: Double, rules: any InteractionRules,
                         restOffset: Vector) {
        motion?.phase = .flight(rules.returnFlight(from: offset, velocity: velocity, to: restOffset, at: t))
    }

    /// Back on the thrown pile (its flight out ended), or gone with everything else (a reset, a
    /// switch): nothing shown.
    mutating func clear() { motion = nil }
}
