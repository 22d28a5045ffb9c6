import FlickMath
import Glibc
import Testing

/// The same double, bit for bit; any NaN equals any NaN.
func same(_ a: Double, _ b: Double) -> Bool {
    a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
}

/// Zeros, infinities, NaN, subnormals, the overflow and underflow boundaries and exact cases,
/// typed out (IEEE 754 and C's Annex F) and, where a boundary is a matter of rounding, checked
/// against glibc.
@Suite struct SpecialValueTests {
    let inf = Double.infinity
    let nan = Double.nan
    let tiny = Double.leastNonzeroMagnitude  // 2^-1074
    let pi = 0x1.921fb54442d18p1, halfPi = 0x1.921fb54442d18p0

    @Test func exp() {
        for (x, expected) in [
            (0.0, 1.0), (-0.0, 1), (inf, inf), (-inf, 0), (nan, nan), (1, 2.718281828459045),
            (0x1p-60, 1), (-0x1p-60, 1), (tiny, 1),
            (709.782712893384, 0x1.fffffffffff2ap1023), (709.7827128933841, inf), (1e308, inf),
            (-745.1332191019411, tiny), (-745.1332191019412, 0), (-1e308, 0),
        ] {
            #expect(same(Elementary.exp(x), expected), "exp(\(x))")
        }
        for x in [-708.4, -720, -730.5, -740, -744.44007192138126, -745, -745.13, 709.78, 709.7] {
            #expect(same(Elementary.exp(x), Glibc.exp(x)), "exp(\(x))")
        }
    }

    @Test func log() {
        for (x, expected) in [
            (1.0, 0.0), (0, -inf), (-0.0, -inf), (inf, inf), (-inf, nan), (-1, nan), (nan, nan),
            (tiny, -744.4400719213812), (0x1p-1022, -708.3964185322641),
            (.greatestFiniteMagnitude, 709.782712893384), (2.718281828459045, 1),
            (2, 0.6931471805599453), (0.5, -0.6931471805599453), (1024, 6.931471805599453),
        ] {
            #expect(same(Elementary.log(x), expected), "log(\(x))")
        }
        #expect(Elementary.log(1).sign == .plus)
    }

    @Test func sinAndCos() {
        for (x, sine, cosine) in [
            (0.0, 0.0, 1.0), (-0.0, -0.0, 1), (tiny, tiny, 1), (-tiny, -tiny, 1),
            (0x1p-30, 0x1p-30, 1), (inf, nan, nan), (-inf, nan, nan), (nan, nan, nan),
            (pi, 1.2246467991473532e-16, -1), (halfPi, 1, 6.123233995736766e-17),
            (1e22, -0.8522008497671888, 0.5232147853951389),
        ] {
            #expect(same(Elementary.sin(x), sine), "sin(\(x))")
            #expect(same(Elementary.cos(x), cosine), "cos(\(x))")
        }
        // Near multiples of π/2 the reduction cancels the most; glibc is correctly rounded there.
        for k in [1.0, 2, 3, 4, 100, 1000, 10_000, 63_662] {
            let x = k * halfPi
            for near in [x.nextDown, x, x.nextUp] {
                #expect(ulpDistance(Elementary.sin(near), Glibc.sin(near)) <= 1, "sin(\(near))")
                #expect(ulpDistance(Elementary.cos(near), Glibc.cos(near)) <= 1, "cos(\(near))")
            }
        }
    }

    @Test func pow() {
        for (x, y, expected) in [
            (nan, 0.0, 1.0), (inf, -0.0, 1), (1, nan, 1), (1, inf, 1), (-1, inf, 1), (-1, -inf, 1),
            (nan, 1, nan), (2, nan, nan),
            (0, -3, inf), (-0.0, -3, -inf), (-0.0, -2, inf), (0, -0.5, inf), (-0.0, -inf, inf),
            (0, 3, 0), (-0.0, 3, -0.0), (-0.0, 2, 0), (-0.0, 0.5, 0), (-0.0, inf, 0),
            (0.5, -inf, inf), (2, -inf, 0), (0.5, inf, 0), (2, inf, inf),
            (inf, -1, 0), (inf, 0.5, inf), (-inf, -3, -0.0), (-inf, -2, 0), (-inf, 3, -inf),
            (-inf, 2, inf), (-inf, 0.5, inf),
            (-8, 1.0 / 3, nan), (-2, 3, -8), (-2, -3, -0.125), (-2, 4, 16),
            (2, 1024, inf), (2, 1023, 0x1p1023), (2, -1074, tiny), (2, -1075, 0), (-2, -1075, -0.0),
            (2, 0.5, 1.4142135623730951), (3, 1, 3), (tiny, 1, tiny), (0x1p-537, 2, 0x1p-1074),
            (10, 22, 1e22), (10, 308, 1e308), (10, 309, inf), (10, -323, 1e-323), (10, -324, 0),
        ] {
            #expect(same(Elementary.pow(x, y), expected), "pow(\(x), \(y))")
        }
        // 10^n for the exponents ConfigKey rounds with: exact up to 10^22, within 1 ulp after.
        for n in -30 ... 30 {
            let ours = Elementary.pow(10, Double(n)), glibc = Glibc.pow(10, Double(n))
            #expect(ulpDistance(ours, glibc) <= 1, "pow(10, \(n))")
            if (0 ... 22).contains(n) { #expect(same(ours, glibc), "pow(10, \(n))") }
        }
    }

    @Test func atan2() {
        let quarterPi = 0x1.921fb54442d18p-1, threeQuarterPi = 0x1.2d97c7f3321d2p1
        for (y, x, expected) in [
            (0.0, 0.0, 0.0), (-0.0, 0, -0.0), (0, -0.0, pi), (-0.0, -0.0, -pi),
            (0, 1, 0), (-0.0, 1, -0.0), (0, -1, pi), (-0.0, -1, -pi),
            (1, 0, halfPi), (1, -0.0, halfPi), (-1, 0, -halfPi), (-1, -0.0, -halfPi),
            (inf, inf, quarterPi), (-inf, inf, -quarterPi), (inf, -inf, threeQuarterPi),
            (-inf, -inf, -threeQuarterPi), (inf, 1, halfPi), (-inf, -1, -halfPi),
            (1, inf, 0), (-1, inf, -0.0), (1, -inf, pi), (-1, -inf, -pi),
            (nan, 1, nan), (1, nan, nan),
            (1, 1, quarterPi), (-1, -1, -threeQuarterPi), (1, -1, threeQuarterPi), (-1, 1, -quarterPi),
            (tiny, 1, tiny), (-tiny, 1, -tiny), (tiny, -1, pi), (1, tiny, halfPi),
            (1e300, 1e-300, halfPi), (1e-300, -1e300, pi),
        ] {
            #expect(same(Elementary.atan2(y: y, x: x), expected), "atan2(\(y), \(x))")
        }
        // Each quadrant at a few radii and angles, against glibc.
        for (y, x) in [(3.0, 4.0), (-3, 4), (3, -4), (-3, -4), (1e-200, 3e-200), (5e200, -7e200), (2, 1e-310)] {
            #expect(same(Elementary.atan2(y: y, x: x), Glibc.atan2(y, x)), "atan2(\(y), \(x))")
        }
    }
}
