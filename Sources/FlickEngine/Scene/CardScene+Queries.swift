import FlickMath

/// What a front end needs to know to draw the scene.
extension CardScene {
    /// Untransformed card size in this interaction and viewport, points: front ends make card
    /// textures this size (times their pixel scale) once, not per frame.
    public var cardSize: Size { layout.cardSize(viewport: viewport) }

    /// Where a card thrown away in this interaction comes to rest, as an offset from its place
    /// (points). Throws fly there; undo and the stack's bring-back start there.
    var thrownRestOffset: Vector { mode.thrownRestOffset(viewport: viewport) }
}

extension CardScene {
    /// The directions arrow keys throw the current card in (`Command.throwLeft` ...), as the
    /// interaction on show has them; empty when arrows page.
    public var keyThrowDirections: Set<ThrowDirection> { mode.keyThrowDirections }

    /// The interaction's name for a throw `direction` (`like`, `nope`), if it has one.
    public func label(for direction: ThrowDirection) -> String? { mode.label(for: direction) }

    /// The label to show on the top card while it is dragged or flies away: the name of the
    /// direction it leans toward and an opacity 0...1 that rises with its distance toward that
    /// direction's threshold (1 at it). Nil when the card is at home or the direction has no
    /// name. Read from the rule itself (its `distanceFraction`), not restated.
    public var directionLabel: (card: CardID, label: String, direction: ThrowDirection, opacity: Double)? {
        for m in motions.reversed() {
            guard let i = deck.index(of: m.card), content.showsLabel(index: i, top: top) else { continue }
            let o = m.offset(at: time)
            let verdict = mode.decide(kind: .card, offset: o, velocity: .zero, viewport: viewport)
            guard let d = verdict.direction, let name = mode.label(for: d) else { continue }
            let opacity = min(1, max(0, verdict.distanceFraction))
            guard opacity > 0 else { continue }
            return (m.card, name, d, opacity)
        }
        return nil
    }
}

/// Where one card is and how it moves, as the scene has it at its time: for a plug-in's tests
/// and a front end, without deriving it from the render list (and for a card off screen too).
public struct CardMotionState: Hashable, Sendable {
    /// What moves the card.
    public enum Phase: String, Hashable, Sendable {
        /// In its place, moving with the content only.
        case resting
        /// Under the pointer.
        case held
        /// Flying: thrown away, or coming back (undo, bring-back).
        case flying
        /// Springing back to its place.
        case springing
    }

    /// The card.
    public var card: CardID
    /// Offset from its laid-out place, points.
    public var offset: Vector
    /// Velocity of that offset, pt/s (0 while held: the pointer's is the pan's).
    public var velocity: Vector
    /// Where the offset comes to rest when the motion ends, points (its place, or where a
    /// thrown card flies to); nil while held.
    public var restOffset: Vector?
    /// What moves it.
    public var phase: Phase
    /// True while it is on its way out of the deck.
    public var isLeaving: Bool
    /// Sign of the tilt its layout gives it (-1 when grabbed where the interaction flips it).
    public var tiltSign: Double
    /// Its rotation on screen as drawn at the scene's time, radians (positive clockwise); nil
    /// when it is not drawn (off screen, set aside).
    public var tilt: Double?
    /// Its drawn attributes at the scene's time; nil when it is not drawn.
    public var drawn: CardAttributes?
}

extension CardScene {
    /// Where `card` is and how it moves at the scene's time; nil when it is neither in the deck
    /// nor the thrown card shown ready to be pulled back.
    public func motionState(of card: CardID) -> CardMotionState? {
        let moving = motions.first { $0.card == card } ?? (state.bringBack.card == card ? state.bringBack.motion : nil)
        guard deck.contains(card) || moving != nil else { return nil }
        let drawn = renderList.first { $0.card == card }
        let tilt = drawn.map { Elementary.atan2(y: $0.transform.b, x: $0.transform.a) }
        guard let m = moving else {
            return CardMotionState(card: card, offset: .zero, velocity: .zero, restOffset: .zero, phase: .resting,
                                   isLeaving: deck.isLeaving(card), tiltSign: 1, tilt: tilt, drawn: drawn)
        }
        let phase: CardMotionState.Phase
        var rest: Vector? = m.offset(at: .infinity)
        switch m.phase {
        case .held: phase = .held; rest = nil
        case .flight: phase = .flying
        case .spring: phase = .springing
        }
        return CardMotionState(card: card, offset: m.offset(at: time), velocity: m.velocity(at: time), restOffset: rest,
                               phase: phase, isLeaving: deck.isLeaving(card), tiltSign: m.tiltSign, tilt: tilt,
                               drawn: drawn)
    }
}
