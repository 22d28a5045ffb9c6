import FlickMath
import Glibc
import Testing

/// Each function against glibc on 10^6 seeded random inputs, spread over the ranges the engine
/// uses plus a wide log-uniform sweep: at most 1 ulp apart. glibc is itself not always
/// correctly rounded, so "equal to glibc" is a lower bound on our correctly rounded share.
///
/// 10^6 inputs per function take a few seconds in a debug build; kept, because a rare bad case
/// in a polynomial or a reduction shows up only with many inputs.
@Suite struct GlibcAgreementTests {
    /// Ranges of one function: (share of the 10^6 inputs, name, input generator).
    typealias Range = (count: Int, name: String, input: (inout SplitMix64) -> (Double, Double))

    func check(
        _ ranges: [Range], ours: (Double, Double) -> Double, glibc: (Double, Double) -> Double
    ) {
        for (index, range) in ranges.enumerated() {
            let result = agreement(
                range.name, count: range.count, seed: 0x466C_6963_6B00 + UInt64(index),
                input: range.input, ours: ours, glibc: glibc)
            print(result)
            #expect(result.maxUlps <= 1, "\(result)")
        }
    }

    @Test func exp() {
        check([
            (400_000, "exp, springs and decay [-50, 5]", { g in (g.uniform(-50, 5), 0) }),
            (300_000, "exp, whole range [-746, 710]", { g in (g.uniform(-746, 710), 0) }),
            (200_000, "exp, log-uniform ±[1e-20, 700]", { g in (g.sign() * g.logUniform(1e-20, 700), 0) }),
            (100_000, "exp, subnormal results [-745.2, -708]", { g in (g.uniform(-745.2, -708), 0) }),
        ], ours: { x, _ in Elementary.exp(x) }, glibc: { x, _ in Glibc.exp(x) })
    }

    @Test func log() {
        check([
            (300_000, "log, decay rates [0.99, 0.999]", { g in (g.uniform(0.99, 0.999), 0) }),
            (200_000, "log, near 1 [0.9, 1.1]", { g in (g.uniform(0.9, 1.1), 0) }),
            (300_000, "log, log-uniform [5e-324, 1e300]", { g in (g.logUniform(0x1p-1074, 1e300), 0) }),
            (200_000, "log, every positive bit pattern", { g in (Double(bitPattern: g.next() % 0x7FF0_0000_0000_0000), 0) }),
        ], ours: { x, _ in Elementary.log(x) }, glibc: { x, _ in Glibc.log(x) })
    }

    @Test func sin() {
        check(angleRanges("sin"), ours: { x, _ in Elementary.sin(x) }, glibc: { x, _ in Glibc.sin(x) })
    }

    @Test func cos() {
        check(angleRanges("cos"), ours: { x, _ in Elementary.cos(x) }, glibc: { x, _ in Glibc.cos(x) })
    }

    func angleRanges(_ name: String) -> [Range] {
        [
            (400_000, "\(name), angles [-2π, 2π]", { g in (g.uniform(-2 * .pi, 2 * .pi), 0) }),
            (300_000, "\(name), [-1e5, 1e5]", { g in (g.uniform(-1e5, 1e5), 0) }),
            (300_000, "\(name), log-uniform ±[1e-30, 6.5e6]", { g in (g.sign() * g.logUniform(1e-30, 6.5e6), 0) }),
        ]
    }

    @Test func pow() {
        check([
            (100_000, "pow, 10 to integers [-330, 310]", { g in (10, Double(Int(g.next() % 641) - 330)) }),
            (400_000, "pow, [1e-3, 1e3] to [-50, 50]", { g in (g.logUniform(1e-3, 1e3), g.uniform(-50, 50)) }),
            (300_000, "pow, [1e-300, 1e300], |result| up to 2^±1100", { g in
                let x = g.logUniform(1e-300, 1e300)
                return (x, g.uniform(-1100, 1100) / Glibc.log2(x))
            }),
            (100_000, "pow, near 1 to large [-7e5, 7e5]", { g in (1 + g.uniform(-1e-3, 1e-3), g.uniform(-7e5, 7e5)) }),
            (100_000, "pow, negative bases to integers", { g in (-g.logUniform(1e-3, 1e3), Double(Int(g.next() % 101) - 50)) }),
        ], ours: { x, y in Elementary.pow(x, y) }, glibc: { x, y in Glibc.pow(x, y) })
    }

    @Test func atan2() {
        check([
            (500_000, "atan2, all quadrants [-10, 10]^2", { g in (g.uniform(-10, 10), g.uniform(-10, 10)) }),
            (200_000, "atan2, ratios log-uniform [1e-5, 1e5]", { g in (g.sign() * g.logUniform(1e-5, 1e5), g.sign()) }),
            (300_000, "atan2, log-uniform ±[1e-300, 1e300]^2", { g in
                (g.sign() * g.logUniform(1e-300, 1e300), g.sign() * g.logUniform(1e-300, 1e300))
            }),
        ], ours: { y, x in Elementary.atan2(y: y, x: x) }, glibc: { y, x in Glibc.atan2(y, x) })
    }
}
