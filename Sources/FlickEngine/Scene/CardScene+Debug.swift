/// One threshold of the current interaction's throw rule along one direction: what a debug
/// overlay draws as the throw boundary.
public struct ThrowBoundary: Hashable, Sendable {
    /// `.card` for a throw; `.bringBack` for the stack's pull of the last thrown card home.
    public var kind: GestureKind
    /// Unit vector (screen axes, y down) the card must move along.
    public var direction: Vector
    /// Offset from the card's place (points) where distances are counted from: zero for a
    /// throw, where the returning card waits at the left edge for a bring-back.
    public var origin: Vector
    /// How far along `direction` from `origin` (points) a card let go at rest crosses the rule;
    /// nil when distance alone never does.
    public var distance: Double?
    /// Release speed along `direction` (pt/s) above which a card at `origin` crosses the rule;
    /// nil when speed alone never does.
    public var speed: Double?
}

/// Queries for a debug overlay. Nothing here runs unless asked, and nothing changes the scene.
extension CardScene {
    /// True when the content scrolls round endlessly (the switcher's row): indices past the ends
    /// show the same cards again. False for lists that stop at their ends and for the stack.
    public var scrollWrapsAround: Bool { content.wrapsAround(axis) }

    /// The throw rule of the current interaction as boundaries, found by asking the rule
    /// itself (bisection over distance, then over speed, along each axis direction), so the
    /// overlay shows what the engine decides, not a copy of its formulas.
    public var throwBoundaries: [ThrowBoundary] {
        let directions = [Vector(dx: 1, dy: 0), Vector(dx: -1, dy: 0), Vector(dx: 0, dy: -1), Vector(dx: 0, dy: 1)]
        let peek = mode.returnPeekOffset(viewport: viewport)
        let kinds: [GestureKind] = peek == nil ? [.card] : [.card, .bringBack]
        let far = 4 * max(viewport.width, viewport.height, 1)
        let fastest = 100_000.0
        var out: [ThrowBoundary] = []
        for kind in kinds {
            let origin = kind == .bringBack ? (peek ?? thrownRestOffset) : Vector.zero
            for d in directions {
                func crosses(_ distance: Double, _ speed: Double) -> Bool {
                    let decision = mode.decide(kind: kind, offset: origin + d * distance, velocity: d * speed,
                                               viewport: viewport).decision
                    return kind == .bringBack ? decision == .bringBack : decision.isThrow
                }
                guard !crosses(0, 0) else { continue }
                let distance = crosses(far, 0) ? Self.bisect(0, far) { crosses($0, 0) } : nil
                let speed = crosses(0, fastest) ? Self.bisect(0, fastest) { crosses(0, $0) } : nil
                if distance != nil || speed != nil {
                    out.append(ThrowBoundary(kind: kind, direction: d, origin: origin, distance: distance, speed: speed))
                }
            }
        }
        return out
    }

    /// The smallest x in lo...hi with `yes(x)`, to 1e-6 of the span (`yes(hi)` must hold).
    private static func bisect(_ lo: Double, _ hi: Double, _ yes: (Double) -> Bool) -> Double {
        var a = lo, b = hi
        for _ in 0..<60 where b - a > (hi - lo) * 1e-9 {
            let m = (a + b) / 2
            if yes(m) { b = m } else { a = m }
        }
        return b
    }

    /// The card being dragged now, its offset from its place (points) and the gesture's kind.
    public var draggedCard: (card: CardID, offset: Vector, kind: GestureKind)? {
        guard case .card(let card, _, let kind) = gesture, let i = motionIndex(of: card) else { return nil }
        return (card, motions[i].offset(at: time), kind)
    }

    /// Which way the content scrolls; nil for the stack (no scroll axis).
    public var scrollDirection: LayoutDirection? {
        content.scrollDirection(of: layout)
    }

    /// The scroll position (`scrollPosition`) at which card `index` is the current card.
    public func restingPosition(ofIndex index: Int) -> Double? {
        content.restingPosition(ofIndex: index, in: contentContext, at: time)
    }

    /// Where a coasting fling (or a settling spring) will come to rest: the scroll position and
    /// the card index there; nil while dragging, at rest, or without a scroll axis.
    public var projectedLanding: (index: Int, position: Double)? {
        content.projectedLanding(in: contentContext, at: time)
    }
}

extension CardScene {
    /// What the rule would decide if the dragged card were let go now, at the pointer's
    /// current velocity; nil when no card is dragged.
    public var releaseDecisionNow: ThrowDecision? {
        guard let drag = draggedCard else { return nil }
        return mode.decide(kind: drag.kind, offset: drag.offset, velocity: pointerVelocity, viewport: viewport).decision
    }

    /// The full verdict the rule would give if the dragged card were let go now (direction,
    /// distance and speed as fractions of the thresholds); nil when no card is dragged.
    public var releaseVerdictNow: ThrowOutcome? {
        guard let drag = draggedCard else { return nil }
        return mode.decide(kind: drag.kind, offset: drag.offset, velocity: pointerVelocity, viewport: viewport)
    }
}
