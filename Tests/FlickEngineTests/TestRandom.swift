/// Deterministic random numbers for tests, so a failing case replays exactly from its seed.

/// SplitMix64: a full `RandomNumberGenerator` (for `Int.random(in:using:)`, `shuffled(using:)`).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
