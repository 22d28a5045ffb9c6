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
            guard let i = deck.index(of: m.card), i == top || content.scrolls else { continue }
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
