import FlickMath

/// Momentum after a fling, UIKit style: the velocity shrinks by a fixed factor every
/// millisecond, v(t) = v0 · rate^(1000 t), so its position is known in closed form at any time.
///
/// An immutable value queried at absolute times: frame rate cannot change where it goes.
public struct Decay: Simulation, Hashable, Sendable {
    /// UIKit's `.normal` deceleration, per millisecond: a long glide for lists.
    public static let normalRate = 0.998
    /// UIKit's `.fast` deceleration, per millisecond: a short glide, for paged content.
    public static let fastRate = 0.99
    /// Default remaining distance (pt) below which the motion counts as done: under half a
    /// point is invisible. `ScrollPhysics.restingDistance` sets it for scrolling.
    public static let defaultRestingDistance = 0.5

    /// Position where the motion starts, pt.
    public let startPosition: Double
    /// Velocity at `startTime`, pt/s.
    public let startVelocity: Double
    /// Fraction of velocity kept after each millisecond, in (0, 1); per millisecond.
    public let rate: Double
    /// Absolute time the motion starts, seconds; earlier queries see the start state.
    public let startTime: Double
    /// 1000 · ln(rate): the exponential's coefficient, per second (negative).
    public let coefficient: Double
    /// Below this remaining distance the motion counts as done, pt.
    public let restingDistance: Double

    /// Starts a decay. A `rate` outside (0, 1) or non-finite falls back to `normalRate`,
    /// and a non-finite position or velocity to 0, so the motion can never produce NaN.
    /// - Parameters:
    ///   - position: start position, pt.
    ///   - velocity: start velocity, pt/s.
    ///   - rate: velocity kept per millisecond (0.998 normal, 0.99 fast).
    ///   - time: absolute start time, seconds.
    ///   - restingDistance: remaining distance (pt) below which it is done; non-positive or
    ///     non-finite values fall back to the default.
    public init(position: Double, velocity: Double, rate: Double = Decay.normalRate, time: Double = 0,
                restingDistance: Double = Decay.defaultRestingDistance) {
        self.restingDistance = restingDistance > 0 && restingDistance.isFinite ? restingDistance
                                                                               : Decay.defaultRestingDistance
        startPosition = position.isFinite ? position : 0
        startVelocity = velocity.isFinite ? velocity : 0
        self.rate = (rate > 0 && rate < 1) ? rate : Decay.normalRate
        startTime = time.isFinite ? time : 0
        coefficient = 1000 * Elementary.log(self.rate)
    }

    /// The distance a fling at `velocity` (pt/s) travels before it stops, pt, with the
    /// continuous limit -v / (1000 ln rate); the scene uses it to predict where a fling lands.
    public static func projectedDistance(velocity: Double, rate: Double = Decay.normalRate) -> Double {
        Decay(position: 0, velocity: velocity, rate: rate).endPosition
    }

    /// Seconds since the start, never negative (a query before the start sees the start);
    /// a NaN time reads as the start, so no query can produce NaN.
    @inline(__always) func elapsed(_ time: Double) -> Double {
        let t = time - startTime
        return t.isNaN ? 0 : max(t, 0)
    }

    /// Position at absolute `time` (seconds), pt.
    public func position(at time: Double) -> Double {
        let factor = Elementary.exp(coefficient * elapsed(time))
        return startPosition + startVelocity * (factor - 1) / coefficient
    }

    /// Velocity at absolute `time` (seconds), pt/s.
    public func velocity(at time: Double) -> Double {
        startVelocity * Elementary.exp(coefficient * elapsed(time))
    }

    /// Where the motion comes to rest (its limit at infinite time), pt.
    public var endPosition: Double { startPosition - startVelocity / coefficient }

    /// Distance still to travel at `time` (seconds), pt, signed like the velocity.
    public func remainingDistance(at time: Double) -> Double { -velocity(at: time) / coefficient }

    /// Absolute time (seconds) at which the speed has fallen to `speed` (pt/s, magnitude),
    /// the start time if it is already that slow, nil if `speed` is not positive or finite.
    public func time(toReachSpeed speed: Double) -> Double? {
        guard speed > 0, speed.isFinite else { return nil }
        let v0 = abs(startVelocity)
        guard v0 > speed else { return startTime }
        return startTime + Elementary.log(speed / v0) / coefficient
    }

    /// Absolute time (seconds) at which the motion passes `position` (pt), solved in closed
    /// form; nil when it never gets there. This is how a fling hands over to a bounce exactly
    /// at the edge, whatever the frame rate.
    public func time(toReach position: Double) -> Double? {
        guard position.isFinite else { return nil }
        if position == startPosition { return startTime }
        guard startVelocity != 0 else { return nil }
        // rate^(1000 τ) = 1 + (x - x0) k / v0 =: q, which must lie in (0, 1].
        let q = 1 + (position - startPosition) * coefficient / startVelocity
        guard q > 0, q <= 1 else { return nil }
        return startTime + Elementary.log(q) / coefficient
    }

    /// Absolute time (seconds) from which the remaining distance is under `restingDistance`.
    public var settleTime: Double {
        time(toReachSpeed: restingDistance * abs(coefficient)) ?? startTime
    }

    /// True once less than half a point is left to travel at `time` (seconds).
    public func isDone(at time: Double) -> Bool { elapsed(time) >= settleTime - startTime }
}
