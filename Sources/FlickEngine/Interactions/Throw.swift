
/// What a released card does: a pure function of the release, so the log can record it and a
/// replay reaches the same verdict.
public enum ThrowDecision: Hashable, Sendable {
    /// The card flies off along `direction` (a unit vector, screen axes, y down) and is then
    /// deleted (stack: joins the thrown pile).
    case throwAway(direction: Vector)
    /// The card springs back to its place.
    case snapBack
    /// Stack: the returning card comes home on top of the stack.
    case bringBack
    /// Stack: the returning card goes back out to the left.
    case sendBackOut

    /// True for `throwAway`.
    public var isThrow: Bool {
        if case .throwAway = self { return true }
        return false
    }
}

/// One of the four ways a card can leave (screen axes, y down).
public enum ThrowDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down

    /// The unit vector of this direction, screen axes (y down).
    public var unit: Vector {
        switch self {
        case .left: return Vector(dx: -1, dy: 0)
        case .right: return Vector(dx: 1, dy: 0)
        case .up: return Vector(dx: 0, dy: -1)
        case .down: return Vector(dx: 0, dy: 1)
        }
    }

    /// The direction nearest a vector (the larger component wins; ties go to the horizontal
    /// axis); nil for a zero or non-finite vector.
    public init?(nearest v: Vector) {
        guard v.isFinite, v.dx != 0 || v.dy != 0 else { return nil }
        if abs(v.dx) >= abs(v.dy) { self = v.dx < 0 ? .left : .right } else { self = v.dy < 0 ? .up : .down }
    }
}

/// A decision plus what a log needs to judge it without restating the rule: the direction it
/// was judged along, and the release distance and speed as fractions of their thresholds.
public struct ThrowOutcome: Hashable, Sendable {
    /// What happens.
    public var decision: ThrowDecision
    /// Progress toward the throw (or bring-back) threshold, unitless: 0 at rest, 1 at the
    /// threshold, more beyond it. The larger of the distance and speed ratios, so an overlay can
    /// show "let go now" and the log shows how near a miss was.
    public var intent: Double
    /// The direction the release was judged along (the way it was thrown, or the way it leaned
    /// for a miss); nil when the rule saw no movement at all.
    public var direction: ThrowDirection?
    /// Release distance along `direction` as a fraction of the distance threshold, unitless
    /// (1 = at the threshold); 0 when distance alone can never decide.
    public var distanceFraction: Double
    /// Release speed along `direction` as a fraction of the speed threshold, unitless.
    public var speedFraction: Double

    /// - Parameters:
    ///   - decision: the outcome.
    ///   - intent: unitless, ≥ 0 (defaults to the larger fraction).
    ///   - direction: the direction judged along.
    ///   - distanceFraction: unitless, ≥ 0.
    ///   - speedFraction: unitless, ≥ 0.
    public init(decision: ThrowDecision, intent: Double? = nil, direction: ThrowDirection? = nil,
                distanceFraction: Double = 0, speedFraction: Double = 0) {
        self.decision = decision
        self.intent = intent ?? max(distanceFraction, speedFraction)
        self.direction = direction
        self.distanceFraction = distanceFraction
        self.speedFraction = speedFraction
    }
}

/// Ratio a / b that is 0 instead of NaN or infinite when b is not positive.
@inline(__always)
func safeRatio(_ a: Double, _ b: Double) -> Double {
    guard b > 0, a.isFinite else { return 0 }
    return max(0, a / b)
}

/// Release of a card dragged vertically in the carousel or the switcher: throw up if released
/// upward beyond `distanceRatio` × H, or faster than `speed` upward; every other release returns.
/// Moving down at release (vy > 0) never throws, whatever the offset.
func decideVerticalThrow(translation: Vector, velocity: Vector, viewportHeight: Double,
                         distanceRatio: Double, speed: Double) -> ThrowOutcome {
    let t = finite(translation), v = finite(velocity)
    let q = safeRatio(-t.dy, distanceRatio * viewportHeight)
    let s = safeRatio(-v.dy, speed)
    let thrown = v.dy < -speed || (q >= 1 && v.dy <= 0)
    return ThrowOutcome(decision: thrown ? .throwAway(direction: Vector(dx: 0, dy: -1)) : .snapBack, intent: max(q, s),
                        direction: .up, distanceFraction: q, speedFraction: s)
}

func clampedFlightDuration(distance: Double, speed: Double, min lo: Double, max hi: Double) -> Double {
    let s = abs(speed)
    guard distance.isFinite, s > 0, s.isFinite else { return hi }
    return Swift.min(Swift.max(distance / s, lo), hi)
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension ThrowDecision: Codable {}
extension ThrowDirection: Codable {}
extension ThrowOutcome: Codable {}
#endif
