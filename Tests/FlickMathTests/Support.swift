import FlickMath
import Glibc

/// SplitMix64 (Steele, Lea and Flood): a tiny generator with a fixed seed, so that a failing
/// input is the same on every run and every machine.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), on a grid of 2^-53.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// Log-uniform in [low, high] (both positive): every binade about equally often.
    mutating func logUniform(_ low: Double, _ high: Double) -> Double {
        Glibc.exp(uniform(Glibc.log(low), Glibc.log(high)))
    }

    /// +1 or -1, evenly.
    mutating func sign() -> Double {
        next() & 1 == 0 ? 1 : -1
    }
}

/// The number of doubles from `a` to `b` (0 when equal, or when both are NaN; +0 and -0 are 1
/// apart, which is what "the same bits" needs).
func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
    // Map the bit patterns onto a line where adjacent doubles are adjacent integers.
    func line(_ x: Double) -> Int64 {
        let bits = Int64(bitPattern: x.bitPattern)
        return bits < 0 ? Int64.min &- bits : bits
    }
    return (line(a) &- line(b)).magnitude
}

/// How one function agreed with glibc over a set of inputs.
struct Agreement: CustomStringConvertible {
    var name: String
    var inputs = 0
    /// Inputs where the results differ at all.
    var differing = 0
    var maxUlps: UInt64 = 0
    /// The first input that reached `maxUlps`.
    var worst: (Double, Double) = (0, 0)

    init(_ name: String) {
        self.name = name
    }

    mutating func add(_ ours: Double, _ glibc: Double, input: (Double, Double)) {
        inputs += 1
        let d = ulpDistance(ours, glibc)
        if d > 0 { differing += 1 }
        if d > maxUlps {
            maxUlps = d
            worst = input
        }
    }

    var description: String {
        let share = Double(inputs - differing) / Double(max(inputs, 1)) * 100
        return "\(name): \(inputs) inputs, max \(maxUlps) ulp, \(share)% equal to glibc, worst \(worst)"
    }
}

/// Compares `ours` with `glibc` on `count` inputs from `input`, seeded by `seed`.
func agreement(
    _ name: String, count: Int, seed: UInt64,
    input: (inout SplitMix64) -> (Double, Double),
    ours: (Double, Double) -> Double, glibc: (Double, Double) -> Double
) -> Agreement {
    var generator = SplitMix64(state: seed)
    var result = Agreement(name)
    for _ in 0 ..< count {
        let x = input(&generator)
        result.add(ours(x.0, x.1), glibc(x.0, x.1), input: x)
    }
    return result
}
