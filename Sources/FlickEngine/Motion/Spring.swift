import FlickMath

/// How a spring feels, in the designer's terms rather than stiffness and damping.
///
/// stiffness = (2π / response)², damping = 4π · ratio / response, mass 1: so `response`
/// is the period of the undamped oscillation and `dampingRatio` 1 is the fastest return
/// without overshoot from rest.
public struct SpringParameters: Hashable, Sendable {
    /// 1 = critically damped (no overshoot from rest), < 1 bouncy, > 1 sluggish; unitless.
    public var dampingRatio: Double
    /// Period of the undamped oscillation, seconds: smaller is snappier.
    public var response: Double

    /// - Parameters:
    ///   - dampingRatio: unitless, 1 for critically damped.
    ///   - response: seconds.
    public init(dampingRatio: Double, response: Double) {
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// Stiffness for mass 1, per second squared.
    public var stiffness: Double {
        let w = 2 * Double.pi / response
        return w * w
    }
    /// Damping coefficient for mass 1, per second.
    public var damping: Double { 4 * Double.pi * dampingRatio / response }

    /// Whether both numbers describe a real spring (positive and finite).
    public var isValid: Bool {
        dampingRatio > 0 && dampingRatio.isFinite && response > 0 && response.isFinite
    }
}

/// A damped spring pulling toward `target`, solved in closed form.
///
/// The under-, critically or over-damped solution is picked once, at construction, so every
/// query is a few exponentials. Position and velocity carry over from whatever moved before
/// (`from` and `velocity`), which is what makes retargeting and hand-overs seamless.
public struct Spring: Simulation, Hashable, Sendable {
    /// The closed-form solution of x'' + c x' + k x = 0 for the displacement x from the target.
    enum Solution: Hashable, Sendable {
        /// x = e^(-σt) (a cos ωd t + b sin ωd t).
        case underdamped(sigma: Double, omegaD: Double, a: Double, b: Double)
        /// x = (a + b t) e^(-ω t).
        case critical(omega: Double, a: Double, b: Double)
        /// x = a e^(r1 t) + b e^(r2 t), r1 and r2 negative.
        case overdamped(r1: Double, r2: Double, a: Double, b: Double)
    }

    /// Rest position, pt.
    public let target: Double
    /// Displacement from the target at `startTime`, pt.
    public let initialDisplacement: Double
    /// Velocity at `startTime`, pt/s.
    public let initialVelocity: Double
    /// Absolute start time, seconds; earlier queries see the start state.
    public let startTime: Double
    /// The feel of the spring.
    public let parameters: SpringParameters
    /// Done once the displacement stays under this, pt (half a point: invisible).
    public let restingDistance: Double
    /// Done once the speed stays under this, pt/s (slow enough that stopping is not seen).
    public let restingSpeed: Double
    /// Absolute time (seconds) from which |x| < `restingDistance` and |v| < `restingSpeed`
    /// hold for good; found once at construction, so `isDone` is monotonic in time.
    public let settleTime: Double
    let solution: Solution

    /// Starts a spring. Non-finite numbers fall back to 0 (position at the target, at rest)
    /// and invalid parameters to a critically damped 0.4 s spring, so nothing yields NaN.
    /// - Parameters:
    ///   - position: start position, pt.
    ///   - target: rest position, pt.
    ///   - velocity: start velocity, pt/s.
    ///   - parameters: damping ratio and response (seconds).
    ///   - time: absolute start time, seconds.
    ///   - restingDistance: pt, default 0.5.
    ///   - restingSpeed: pt/s, default 5.
    public init(from position: Double, to target: Double, velocity: Double = 0,
                parameters: SpringParameters, time: Double = 0,
                restingDistance: Double = 0.5, restingSpeed: Double = 5) {
        let target = target.isFinite ? target : (position.isFinite ? position : 0)
        let position = position.isFinite ? position : target
        self.target = target
        self.initialDisplacement = position - target
        self.initialVelocity = velocity.isFinite ? velocity : 0
        self.startTime = time.isFinite ? time : 0
        let p = parameters.isValid ? parameters : SpringParameters(dampingRatio: 1, response: 0.4)
        self.parameters = p
        self.restingDistance = restingDistance > 0 ? restingDistance : 0.5
        self.restingSpeed = restingSpeed > 0 ? restingSpeed : 5
        solution = Spring.solve(x0: initialDisplacement, v0: initialVelocity, parameters: p)
        settleTime = startTime + Spring.settleDelay(of: solution, step: p.response / 64,
                                                    restingDistance: self.restingDistance,
                                                    restingSpeed: self.restingSpeed)
    }

    static func solve(x0: Double, v0: Double, parameters p: SpringParameters) -> Solution {
        let omega = 2 * Double.pi / p.response
        let zeta = p.dampingRatio
        if abs(zeta - 1) < 1e-6 {
            return .critical(omega: omega, a: x0, b: v0 + omega * x0)
        } else if zeta < 1 {
            let sigma = zeta * omega
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return .underdamped(sigma: sigma, omegaD: omegaD, a: x0, b: (v0 + sigma * x0) / omegaD)
        } else {
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root, r2 = -zeta * omega - root
            let a = (v0 - r2 * x0) / (r1 - r2)
            return .overdamped(r1: r1, r2: r2, a: a, b: x0 - a)
        }
    }

    /// Displacement (pt) and velocity (pt/s) `t` seconds after the start.
    func state(afterDelay t: Double) -> (x: Double, v: Double) { Spring.state(of: solution, afterDelay: t) }

    static func state(of solution: Solution, afterDelay t: Double) -> (x: Double, v: Double) {
        switch solution {
        case let .underdamped(sigma, omegaD, a, b):
            let e = Elementary.exp(-sigma * t), c = Elementary.cos(omegaD * t), s = Elementary.sin(omegaD * t)
            return (e * (a * c + b * s), e * ((b * omegaD - sigma * a) * c - (a * omegaD + sigma * b) * s))
        case let .critical(omega, a, b):
            let e = Elementary.exp(-omega * t)
            return ((a + b * t) * e, (b - omega * (a + b * t)) * e)
        case let .overdamped(r1, r2, a, b):
            let e1 = Elementary.exp(r1 * t), e2 = Elementary.exp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
    }

    /// Upper bounds on |x| and |v| that hold from `t` seconds on (each bound shrinks with t).
    static func envelope(of solution: Solution, afterDelay t: Double) -> (x: Double, v: Double) {
        switch solution {
        case let .underdamped(sigma, omegaD, a, b):
            let e = Elementary.exp(-sigma * t)
            let vx = b * omegaD - sigma * a, vy = a * omegaD + sigma * b
            return (e * (a * a + b * b).squareRoot(), e * (vx * vx + vy * vy).squareRoot())
        case let .critical(omega, a, b):
            // t e^(-ωt) <= 2/(e ω) · e^(-ωt/2) for all t >= 0.
            let e = Elementary.exp(-omega * t / 2)
            let k = 2 / (Elementary.exp(1) * omega)
            return ((abs(a) + abs(b) * k) * e, (abs(b) + omega * (abs(a) + abs(b) * k)) * e)
        case let .overdamped(r1, r2, a, b):
            let e = Elementary.exp(max(r1, r2) * t)
            return ((abs(a) + abs(b)) * e, (abs(a * r1) + abs(b * r2)) * e)
        }
    }

    /// Seconds after the start from which the spring stays at rest: scan forward until the
    /// envelope guarantees rest, remember the last sample that was not at rest, then bisect.
    static func settleDelay(of solution: Solution, step: Double,
                            restingDistance: Double, restingSpeed: Double) -> Double {
        func atRest(_ t: Double) -> Bool {
            let s = state(of: solution, afterDelay: t)
            return abs(s.x) < restingDistance && abs(s.v) < restingSpeed
        }
        var t = 0.0
        var lastMoving: Double? = nil
        var steps = 0
        while steps < 1_000_000 {
            let env = envelope(of: solution, afterDelay: t)
            if env.x < restingDistance && env.v < restingSpeed { break }
            if !atRest(t) { lastMoving = t }
            t += step
            steps += 1
        }
        guard let moving = lastMoving else { return 0 }
        var lo = moving, hi = moving + step
        if !atRest(hi) { return hi }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if atRest(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// Seconds since the start, in [0, 10⁶]: a NaN time reads as the start and an infinite
    /// one as long after the end, so no query can produce NaN.
    @inline(__always) func elapsed(_ time: Double) -> Double {
        let t = time - startTime
        return t.isNaN ? 0 : min(max(t, 0), 1e6)
    }

    /// Position at absolute `time` (seconds), pt.
    public func position(at time: Double) -> Double { target + state(afterDelay: elapsed(time)).x }

    /// Velocity at absolute `time` (seconds), pt/s.
    public func velocity(at time: Double) -> Double { state(afterDelay: elapsed(time)).v }

    /// True from `settleTime` on: within 0.5 pt of the target and slower than 5 pt/s (by default)
    /// for good, so a caller may snap to the target without a visible jump.
    public func isDone(at time: Double) -> Bool { time >= settleTime }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension SpringParameters: Codable {}
#endif
