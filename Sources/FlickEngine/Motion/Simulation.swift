/// A one-dimensional motion solved in closed form and queried at absolute times.
///
/// Implementations are immutable values: the state at time `t` depends only on the
/// construction parameters and `t`, never on how often it was asked. That is what keeps
/// every animation in Flick independent of the frame rate.
public protocol Simulation: Sendable {
    /// Position at absolute time `time` (seconds), in points.
    func position(at time: Double) -> Double
    /// Velocity at absolute time `time` (seconds), in points per second.
    func velocity(at time: Double) -> Double
    /// True once the motion has come to rest at `time` (seconds).
    func isDone(at time: Double) -> Bool
}
