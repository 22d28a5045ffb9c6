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

@inline(__always)
func finite(_ v: Vector) -> Vector {
    Vector(dx: v.dx.isFinite ? v.dx : 0, dy: v.dy.isFinite ? v.dy : 0)
}

extension NowConfig {
    /// Sideways release of a Now card: throw if |dx| / width > `throwDistanceRatio` or
    /// |vx| > `throwSpeed`, toward the velocity when it decided, else toward the offset.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: release velocity, pt/s.
    ///   - cardWidth: points.
    public func decideThrow(translation: Vector, velocity: Vector, cardWidth: Double) -> ThrowOutcome {
        let t = finite(translation), v = finite(velocity)
        let distance = safeRatio(abs(t.dx), cardWidth)
        let intent = max(safeRatio(distance, throwDistanceRatio), safeRatio(abs(v.dx), throwSpeed))
        if abs(v.dx) > throwSpeed {
            return ThrowOutcome(decision: .throwAway(direction: Vector(dx: v.dx < 0 ? -1 : 1, dy: 0)), intent: intent)
        }
        if distance > throwDistanceRatio {
            return ThrowOutcome(decision: .throwAway(direction: Vector(dx: t.dx < 0 ? -1 : 1, dy: 0)), intent: intent)
        }
        return ThrowOutcome(decision: .snapBack, intent: intent)
    }

    /// Throw duration for a sideways release speed, seconds: `throwDurationDistance` / |v|
    /// clamped to [min, max] (the original's 1000 / |v| in [0.2, 2]).
    public func throwDuration(speed: Double) -> Double {
        let s = abs(speed)
        guard s > 0, s.isFinite else { return s.isInfinite ? minThrowDuration : maxThrowDuration }
        return min(max(throwDurationDistance / s, minThrowDuration), maxThrowDuration)
    }

    /// The flight of a thrown Now card to `throwTargetWidths` card widths in `direction` (±1),
    /// starting from its offset and velocity at release.
    public func throwAnimation(from offset: Vector, velocity: Vector, direction: Double, cardWidth: Double,
                               startTime: Double) -> ThrowAnimation {
        let target = Vector(dx: (direction < 0 ? -1 : 1) * throwTargetWidths * max(0, cardWidth), dy: 0)
        return ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime,
                              duration: throwDuration(speed: velocity.dx))
    }
}

extension StackConfig {
    /// Release of the top card dragged left: throw left if vx < −`throwSpeed` or
    /// dx < −`throwDistance`, else snap back.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: pt/s.
    public func decideTopCard(translation: Vector, velocity: Vector) -> ThrowOutcome {
        let t = finite(translation), v = finite(velocity)
        let intent = max(safeRatio(-t.dx, throwDistance), safeRatio(-v.dx, throwSpeed))
        let thrown = v.dx < -throwSpeed || t.dx < -throwDistance
        return ThrowOutcome(decision: thrown ? .throwAway(direction: Vector(dx: -1, dy: 0)) : .snapBack,
                            intent: intent)
    }

    /// Release of the returning card dragged right (translation counted from where the drag
    /// began, not from home): home if vx > `returnSpeed` or dx > `returnDistance`, else back out.
    /// - Parameters:
    ///   - translation: points.
    ///   - velocity: pt/s.
    public func decideReturningCard(translation: Vector, velocity: Vector) -> ThrowOutcome {
        let t = finite(translation), v = finite(velocity)
        let intent = max(safeRatio(t.dx, returnDistance), safeRatio(v.dx, returnSpeed))
        let home = v.dx > returnSpeed || t.dx > returnDistance
        return ThrowOutcome(decision: home ? .bringBack : .sendBackOut, intent: intent)
    }

    /// Duration of a stack flight: the remaining distance at the release speed, clamped, seconds.
    public func flightDuration(distance: Double, speed: Double) -> Double {
        clampedFlightDuration(distance: distance, speed: speed, min: minThrowDuration, max: maxThrowDuration)
    }

    /// Flight of the top card (throw) or the returning card (back out) from `offset` to the
    /// resting place off the left edge (`StackLayout.thrownOffset`), or home (`.zero`) for a
    /// bring-back. Offsets are from the top-of-stack place, points.
    public func flight(from offset: Vector, velocity: Vector, to target: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime,
                       duration: flightDuration(distance: (target - offset).length, speed: velocity.length))
    }
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

extension CarouselConfig {
    /// Vertical release: throw up if dy ≤ −H/2 (q ≥ 1) or vy < −`throwSpeed`; else return.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: pt/s.
    ///   - viewportHeight: H, points.
    public func decideThrow(translation: Vector, velocity: Vector, viewportHeight: Double) -> ThrowOutcome {
        decideVerticalThrow(translation: translation, velocity: velocity, viewportHeight: viewportHeight,
                            distanceRatio: throwDistanceRatio, speed: throwSpeed)
    }

    /// The flight off the top (`CarouselLayout.throwTarget`) in `throwDuration` seconds.
    public func throwAnimation(from offset: Vector, velocity: Vector, to target: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime, duration: throwDuration)
    }

    /// The return of a card not thrown, in `returnDuration` seconds (the design's fixed 0.3 s).
    public func returnAnimation(from offset: Vector, velocity: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: .zero, startTime: startTime, duration: returnDuration)
    }
}

extension SwitcherConfig {
    /// Vertical release, the carousel's rule with this config's thresholds.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: pt/s.
    ///   - viewportHeight: H, points.
    public func decideThrow(translation: Vector, velocity: Vector, viewportHeight: Double) -> ThrowOutcome {
        decideVerticalThrow(translation: translation, velocity: velocity, viewportHeight: viewportHeight,
                            distanceRatio: throwDistanceRatio, speed: throwSpeed)
    }

    /// The flight off the top (`SwitcherLayout.throwTarget`): remaining distance at the release
    /// speed, clamped to [min, max] seconds.
    public func throwAnimation(from offset: Vector, velocity: Vector, to target: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime,
                       duration: clampedFlightDuration(distance: (target - offset).length, speed: velocity.length,
                                                       min: minThrowDuration, max: maxThrowDuration))
    }
}
