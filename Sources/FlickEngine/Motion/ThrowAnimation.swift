
/// A card's flight from its release to a target offset, in closed form.
///
/// The card moves on the straight line from `from` to `to` along a cubic Hermite curve whose
/// start speed is the release velocity's component along that line (clamped to [0, 3L/T] so
/// the curve never overshoots or backs up) and whose end speed is 0. So the card leaves the
/// finger at the speed it was thrown and eases out of sight; a zero-speed release is a smooth
/// ease-in-out. Like every motion in Flick it is queried by absolute time.
public struct ThrowAnimation: Hashable, Sendable {
    /// Offset at `startTime`, points.
    public var from: Vector
    /// Release velocity, pt/s.
    public var velocity: Vector
    /// Offset at the end, points.
    public var to: Vector
    /// Absolute start time, seconds.
    public var startTime: Double
    /// Seconds from start to end (0 jumps straight to `to`).
    public var duration: Double

    /// Non-finite numbers fall back to safe values so a flight never yields NaN.
    /// - Parameters:
    ///   - from: points.
    ///   - velocity: pt/s.
    ///   - to: points.
    ///   - startTime: seconds.
    ///   - duration: seconds.
    public init(from: Vector, velocity: Vector, to: Vector, startTime: Double, duration: Double) {
        self.from = finite(from)
        self.velocity = finite(velocity)
        self.to = to.isFinite ? to : finite(from)
        self.startTime = startTime.isFinite ? startTime : 0
        self.duration = duration.isFinite && duration > 0 ? duration : 0
    }

    /// Fraction of the duration elapsed at `time`, 0...1.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return time >= startTime ? 1 : 0 }
        return min(max((time - startTime) / duration, 0), 1)
    }

    /// True once the card has arrived, at `time` (seconds).
    public func isDone(at time: Double) -> Bool { time >= startTime + duration }

    /// Length of the path, points, and its unit direction (zero for no path).
    private var path: (length: Double, direction: Vector) {
        let d = to - from
        let l = d.length
        return l > 0 && l.isFinite ? (l, d * (1 / l)) : (0, .zero)
    }

    /// Start speed along the path, pt/s, clamped so the curve is monotonic.
    private var startSpeed: Double {
        let (l, e) = path
        guard duration > 0 else { return 0 }
        let along = velocity.dx * e.dx + velocity.dy * e.dy
        return min(max(along, 0), 3 * l / duration)
    }

    /// Offset at `time` (seconds), points.
    public func offset(at time: Double) -> Vector {
        let u = progress(at: time)
        let (l, e) = path
        guard l > 0 else { return u >= 1 ? to : from }
        let s = l * (3 * u * u - 2 * u * u * u) + duration * startSpeed * (u - 2 * u * u + u * u * u)
        return u >= 1 ? to : from + e * s
    }

    /// Velocity at `time` (seconds), pt/s: what a catch or a hand-over carries on with.
    public func velocity(at time: Double) -> Vector {
        guard duration > 0, time >= startTime, time < startTime + duration else { return .zero }
        let u = progress(at: time)
        let (l, e) = path
        let ds = (l * (6 * u - 6 * u * u) + duration * startSpeed * (1 - 4 * u + 3 * u * u)) / duration
        return e * ds
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension ThrowAnimation: Codable {}
#endif
