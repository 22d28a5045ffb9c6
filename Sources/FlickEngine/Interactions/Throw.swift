import RealModule

/// What a released card does: a pure function of the release, so the log can record it and a
/// replay reaches the same verdict.
public enum ThrowDecision: Hashable, Sendable, Codable {
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

/// A decision plus how close the release came to the other outcome.
public struct ThrowOutcome: Hashable, Sendable, Codable {
    /// What happens.
    public var decision: ThrowDecision
    /// Progress toward the throw (or bring-back) threshold, unitless: 0 at rest, 1 at the
    /// threshold, more beyond it. The larger of the distance and speed ratios, so an overlay can
    /// show "let go now" and the log shows how near a miss was.
    public var intent: Double

    /// - Parameters:
    ///   - decision: the outcome.
    ///   - intent: unitless, ≥ 0.
    public init(decision: ThrowDecision, intent: Double) {
        self.decision = decision
        self.intent = intent
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
    let intent = max(q, safeRatio(-v.dy, speed))
    let thrown = v.dy < -speed || (q >= 1 && v.dy <= 0)
    return ThrowOutcome(decision: thrown ? .throwAway(direction: Vector(dx: 0, dy: -1)) : .snapBack, intent: intent)
}

func clampedFlightDuration(distance: Double, speed: Double, min lo: Double, max hi: Double) -> Double {
    let s = abs(speed)
    guard distance.isFinite, s > 0, s.isFinite else { return hi }
    return Swift.min(Swift.max(distance / s, lo), hi)
}

