/// Why an input was refused. The state of whatever refused it is unchanged, and the caller
/// can log `description`: a bad sample from a driver should be visible, not silently absorbed.
public enum InputRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The time (seconds) was NaN or infinite.
    case nonFiniteTime(Double)
    /// A coordinate (pt) was NaN or infinite.
    case nonFinitePosition(Point)
    /// The time (seconds) was earlier than one already accepted: clocks here only go forward.
    case timeWentBackwards(previous: Double, received: Double)
    /// The time (seconds) was older than the last frame by more than the scene's late-input
    /// window: `earliest` was the oldest time it could still take.
    case tooLate(earliest: Double, received: Double)
    /// A named quantity (a translation in pt, a velocity in pt/s, a size in pt …) was NaN or infinite.
    case nonFiniteValue(name: String, value: Double)
    /// A named quantity was finite but meaningless, e.g. a negative viewport extent.
    case invalidValue(name: String, value: Double)

    /// One line for a log.
    public var description: String {
        switch self {
        case let .nonFiniteTime(t): return "rejected: time \(t) s is not finite"
        case let .nonFinitePosition(p): return "rejected: position (\(p.x), \(p.y)) pt is not finite"
        case let .timeWentBackwards(previous, received):
            return "rejected: time went backwards from \(previous) s to \(received) s"
        case let .tooLate(earliest, received):
            return "rejected: time \(received) s is too late (the oldest input still accepted is at \(earliest) s)"
        case let .nonFiniteValue(name, value): return "rejected: \(name) \(value) is not finite"
        case let .invalidValue(name, value): return "rejected: \(name) \(value) is out of range"
        }
    }
}
