/// A small seeded generator (SplitMix64, Steele et al. 2014): the same seed gives the same
/// plan on every machine and Swift version, which `SystemRandomNumberGenerator` does not.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Fisher-Yates shuffle drawing from this generator only (the standard library's
    /// `shuffle(using:)` may change its algorithm between releases).
    package mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int(next() % UInt64(i + 1))
            items.swapAt(i, j)
        }
    }
}
