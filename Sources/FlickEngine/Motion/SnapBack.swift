/// A 2-D critically damped return to offset zero: what a cancelled drag does (snap back, or
/// the stack card sent back by a spring), built from the Motion layer's closed-form `Spring`
/// so it carries the release velocity and can be caught mid-way.
public struct SnapBack: Hashable, Sendable {
    /// Horizontal motion of the offset, points.
    public let x: Spring
    /// Vertical motion of the offset, points.
    public let y: Spring

    /// - Parameters:
    ///   - offset: where the card is, points from its place.
    ///   - velocity: its velocity, pt/s.
    ///   - target: where it settles, points from its place (zero: home).
    ///   - parameters: the spring's feel; critically damped, 0.4 s response by default.
    ///   - time: absolute start time, seconds.
    public init(from offset: Vector, velocity: Vector, to target: Vector = .zero,
                parameters: SpringParameters = SpringParameters(dampingRatio: 1, response: 0.4),
                time: Double) {
        x = Spring(from: offset.dx, to: target.dx, velocity: velocity.dx, parameters: parameters, time: time)
        y = Spring(from: offset.dy, to: target.dy, velocity: velocity.dy, parameters: parameters, time: time)
    }

    /// Offset at `time` (seconds), points.
    public func offset(at time: Double) -> Vector {
        Vector(dx: x.position(at: time), dy: y.position(at: time))
    }

    /// Velocity at `time` (seconds), pt/s.
    public func velocity(at time: Double) -> Vector {
        Vector(dx: x.velocity(at: time), dy: y.velocity(at: time))
    }

    /// True once both axes have settled, at `time` (seconds).
    public func isDone(at time: Double) -> Bool { x.isDone(at: time) && y.isDone(at: time) }
}
