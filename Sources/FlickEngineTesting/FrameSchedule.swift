import FlickEngine

/// When frames are drawn: a steady display or a jittery one. Every schedule ends on the same
/// instant, so runs on different schedules can be compared frame for frame at the end.
public enum FrameSchedule: Hashable, Sendable, CustomStringConvertible {
    /// A steady display, frames at k / hz seconds.
    case hz(Double)
    /// Jittered frames 2 ... 45 ms apart, from a seeded generator (the same seed, the same frames).
    case random(seed: UInt64)

    /// Frame times from 0 to `end` seconds; `end` itself is always the last frame.
    public func times(until end: Double) -> [Double] {
        var out: [Double] = []
        switch self {
        case .hz(let hz):
            guard hz > 0, hz.isFinite else { return [end] }
            var k = 0
            while Double(k) / hz < end { out.append(Double(k) / hz); k += 1 }
        case .random(let seed):
            var rng = SeededRandom(seed: seed)
            var t = 0.0
            while t < end { out.append(t); t += Double.random(in: 0.002...0.045, using: &rng) }
        }
        out.append(end)
        return out
    }

    public var description: String {
        switch self {
        case .hz(let hz): return "\(Int(hz)) Hz"
        case .random(let seed): return "random frames (seed \(seed))"
        }
    }

    /// The schedules every determinism test runs: 30, 60 and 144 Hz, and jittered frames.
    public static let all: [FrameSchedule] = [.hz(30), .hz(60), .hz(144), .random(seed: 0x5EED)]
}

/// SplitMix64: small, fast, and the same sequence on every platform for a seed, so a random
/// session (a test, a soak) replays exactly from its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    public var state: UInt64
    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
