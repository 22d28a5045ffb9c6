// The part of the differential test that runs on both targets: seeded inputs for each
// function and the results' bit patterns. Compiled with Sources/FlickMath/*.swift into one
// module, natively and for wasm32 with Embedded Swift, so it uses nothing Embedded lacks.


/// SplitMix64: the same integer arithmetic on both targets, so the same inputs.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * (Double(next() >> 11) * 0x1p-53)
    }

    /// A double with a random significand and a binary exponent uniform in `exponents`
    /// (-1074 ... 1023; below -1022 the result is subnormal, with fewer random bits).
    mutating func logUniform(_ exponents: ClosedRange<Int>, signed: Bool = false) -> Double {
        let e = exponents.lowerBound + Int(next() % UInt64(exponents.count))
        let significand = next() & 0x000F_FFFF_FFFF_FFFF
        let sign: UInt64 = signed ? next() & 0x8000_0000_0000_0000 : 0
        if e < -1022 {
            return Double(bitPattern: sign | (0x0010_0000_0000_0000 | significand) >> UInt64(-1022 - e))
        }
        return Double(bitPattern: sign | UInt64(e + 1023) << 52 | significand)
    }

    /// Any bit pattern: NaNs, infinities, zeros, subnormals and everything else.
    mutating func anyDouble() -> Double {
        Double(bitPattern: next())
    }
}

/// Values every function meets first, in order: the special cases and boundaries.
let specialValues: [Double] = [
    0, -0.0, .infinity, -.infinity, .nan, 1, -1, 2, 0.5, 10, -2, 3, 1e22, -1e22,
    .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
    709.782712893384, 709.7827128933841, -745.1332191019411, -745.1332191019412, -708.4,
    0x1.921fb54442d18p0, 0x1.921fb54442d18p1, 1e5, 6.6e6, 1e300, 0x1p-26, 0x1p-27,
]

/// The functions by number, as the JavaScript side and the native main name them.
let functionNames = ["exp", "log", "sin", "cos", "pow", "atan2"]

/// The `index`th input pair for function `function` (the second is unused by one-argument
/// functions): special values first, then ranges the engine uses and wide sweeps in turn.
func input(function: Int, index: Int, generator g: inout SplitMix64) -> (Double, Double) {
    let n = specialValues.count
    if index < n * n {
        return (specialValues[index / n], specialValues[index % n])
    }
    switch (function, index % 4) {
    case (0, 0): return (g.uniform(-50, 5), 0)
    case (0, 1): return (g.uniform(-746, 710), 0)
    case (0, 2): return (g.logUniform(-70 ... 9, signed: true), 0)
    case (1, 0): return (g.uniform(0.99, 0.999), 0)
    case (1, 1): return (g.uniform(0.5, 2), 0)
    case (1, 2): return (g.logUniform(-1074 ... 1023), 0)
    case (2, 0), (3, 0): return (g.uniform(-7, 7), 0)
    case (2, 1), (3, 1): return (g.uniform(-1e5, 1e5), 0)
    case (2, 2), (3, 2): return (g.logUniform(-60 ... 1023, signed: true), 0)
    case (4, 0): return (10, Double(Int(g.next() % 641) - 330))
    case (4, 1): return (g.logUniform(-10 ... 10), g.uniform(-50, 50))
    case (4, 2): return (g.logUniform(-1074 ... 1023, signed: true), g.uniform(-2, 2) * Double(Int(g.next() % 1000)))
    case (5, 0): return (g.uniform(-10, 10), g.uniform(-10, 10))
    case (5, 1): return (g.logUniform(-1074 ... 1023, signed: true), g.logUniform(-1074 ... 1023, signed: true))
    default: return (g.anyDouble(), g.anyDouble())
    }
}

func evaluate(function: Int, _ x: Double, _ y: Double) -> Double {
    switch function {
    case 0: return Elementary.exp(x)
    case 1: return Elementary.log(x)
    case 2: return Elementary.sin(x)
    case 3: return Elementary.cos(x)
    case 4: return Elementary.pow(x, y)
    default: return Elementary.atan2(y: x, x: y)
    }
}

/// Fills `buffer` with `count` triples (x, y, result) as bit patterns for function `function`,
/// the inputs drawn from SplitMix64 seeded with `seed`.
@_cdecl("flick_math_fill")
public func fill(function: Int32, count: Int32, seed: UInt64, buffer: UnsafeMutablePointer<UInt64>) {
    var generator = SplitMix64(state: seed &+ UInt64(function))
    for index in 0 ..< Int(count) {
        let (x, y) = input(function: Int(function), index: index, generator: &generator)
        let result = evaluate(function: Int(function), x, y)
        buffer[3 * index] = x.bitPattern
        buffer[3 * index + 1] = y.bitPattern
        buffer[3 * index + 2] = result.bitPattern
    }
}

/// Room for `count` triples, for the JavaScript side (the native side allocates its own).
@_cdecl("flick_math_allocate")
public func allocate(count: Int32) -> UnsafeMutablePointer<UInt64> {
    UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * Int(count))
}
