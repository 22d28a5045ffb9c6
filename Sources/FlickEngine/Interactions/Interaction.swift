/// Which of the card interactions a scene shows: the public list of names. Each name maps to the
/// type that owns everything specific to it (`type`); a new interaction is one new type in this
/// folder plus one case here and one line in `type`.
public enum Interaction: String, CaseIterable, Hashable, Sendable, Codable {
    /// Google Now: a vertical list, swipe a card sideways to dismiss it.
    case now
    /// iOS 9 task switcher: an endless horizontal row, flick a card up to dismiss it.
    case switcher
    /// A card stack: throw the top card left, drag right to bring the last one back.
    case stack
    /// iOS 7 app switcher: horizontal pages, flick a card up to delete it.
    case carousel
    /// The decision deck of the card libraries: swipe the top card left (nope), right (like) or
    /// up (super); undo brings it back from the side it left.
    case swipe

    /// The type that owns this interaction's layout, routing, throw rules and flights.
    var type: any CardInteraction.Type {
        switch self {
        case .now: return NowInteraction.self
        case .switcher: return SwitcherInteraction.self
        case .stack: return StackInteraction.self
        case .carousel: return CarouselInteraction.self
        case .swipe: return SwipeInteraction.self
        }
    }

    /// This interaction under `config`.
    func rules(_ config: SceneConfig) -> any CardInteraction { type.init(config: config) }
}

extension Interaction {
    /// The throw rule's verdict on a card release of `kind` whose pan moved `translation`
    /// (points, since the slop) and let go at `velocity` (pt/s), under `config` on a `viewport`
    /// (points): the fields a log line written before the verdict was logged lacks, decided by
    /// the interaction itself so no study tool restates its thresholds. Nil for scrolls and taps.
    public func verdict(kind: GestureKind, translation: Vector, velocity: Vector, config: SceneConfig,
                        viewport: Size) -> ReleaseRecord? {
        guard kind == .card || kind == .bringBack else { return nil }
        let rule = rules(config)
        var offset = rule.cardTranslation(translation)
        // A card pulled back starts where it peeks in, as the scene's returning card does.
        if kind == .bringBack { offset = offset + (rule.returnPeekOffset(viewport: viewport) ?? .zero) }
        let o = rule.decide(kind: kind, offset: offset, velocity: velocity, viewport: viewport)
        return ReleaseRecord(direction: o.direction, label: o.direction.flatMap { rule.label(for: $0) },
                             distanceFraction: o.distanceFraction, speedFraction: o.speedFraction)
    }
}
