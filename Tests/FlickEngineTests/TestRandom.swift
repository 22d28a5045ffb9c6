import FlickEngineTesting
/// Deterministic random numbers for tests, so a failing case replays exactly from its seed.

/// SplitMix64, the one FlickEngineTesting keeps (a full `RandomNumberGenerator`).
typealias SplitMix = SeededRandom

/// A 64-bit linear congruential generator giving doubles: cheap noise and dice.
struct LCG {
    var state: UInt64
    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    /// Uniform in [-1, 1).
    mutating func signed() -> Double { unit() * 2 - 1 }
    /// One of `xs`, uniformly.
    mutating func pick<T>(_ xs: [T]) -> T { xs[Int(unit() * Double(xs.count)) % xs.count] }
}
