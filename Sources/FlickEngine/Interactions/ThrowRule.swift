/// When a card let go goes, which way and under what name, and what the keys throw: the part
/// of an interaction that judges a release. One of the four small contracts a `CardInteraction`
/// is made of; only the decision itself and the keys' throw velocity have no default.
public protocol ThrowRule: Sendable {
    /// The throw rule for a card of gesture `kind` released at `offset` (points from its
    /// place) moving at `velocity` (pt/s): the decision with its direction and the distance and
    /// speed as fractions of their thresholds, as the log keeps it.
    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome

    /// The name under which a gesture or key throwing a card `direction` is logged and
    /// labelled on the card (`like`, `nope`), or nil for a direction without one.
    func label(for direction: ThrowDirection) -> String?

    /// True when the card at `index` of `count` may be thrown away.
    func canThrow(index: Int, count: Int) -> Bool

    /// The velocity of a throw asked for by a key (pt/s): a brisk flick the design's way.
    var keyThrowVelocity: Vector { get }

    /// The directions arrow keys throw the current card in (empty: arrows page or step).
    var keyThrowDirections: Set<ThrowDirection> { get }

    /// The velocity (pt/s) of a throw `direction` asked for by a key, or nil when this
    /// interaction does not throw that way.
    func keyThrowVelocity(toward direction: ThrowDirection) -> Vector?
}

extension ThrowRule {
    /// No names.
    public func label(for direction: ThrowDirection) -> String? { nil }

    /// Any card may go.
    public func canThrow(index: Int, count: Int) -> Bool { true }

    /// Arrows do not throw.
    public var keyThrowDirections: Set<ThrowDirection> { [] }

    /// Only the directions in `keyThrowDirections`, at `keyThrowVelocity`'s speed.
    public func keyThrowVelocity(toward direction: ThrowDirection) -> Vector? {
        keyThrowDirections.contains(direction) ? direction.unit * keyThrowVelocity.length : nil
    }
}
