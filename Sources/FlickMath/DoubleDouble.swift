/// A real number carried as the unevaluated sum `hi + lo` of two doubles, about 106 bits.
///
/// The elementary functions compute in this format and round once at the end, so their only
/// sizeable error is that last rounding. Every operation here uses plain `+`, `-`, `*` and `/`
/// with round-to-nearest: no fused multiply-add, which WebAssembly lacks (LLVM would turn it into
/// a call to libm's `fma`), so native and wasm builds execute the same operations and round alike.
/// The operations assume finite operands with magnitudes well inside 2^-900 ... 2^900; the callers
/// keep them there.
struct DoubleDouble {
    /// The leading part: `hi + lo` rounded to a double once the pair is normalised.
    var hi: Double
    /// The trailing part, at most half an ulp of `hi` after normalisation.
    var lo: Double

    init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }
}

extension DoubleDouble {
    /// `a + b` exactly (Knuth's two-sum, for operands of any magnitudes).
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return DoubleDouble(s, (a - aVirtual) + (b - bVirtual))
    }

    /// `a + b` exactly when `|a| >= |b|` or `a == 0` (Dekker's fast two-sum).
    @inline(__always)
    static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// `a` split into two halves of at most 26 significant bits each (Veltkamp), so that products
    /// of halves are exact.
    @inline(__always)
    static func split(_ a: Double) -> (hi: Double, lo: Double) {
        let c = 0x1.0000002p27 * a  // 2^27 + 1
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    /// `a * b` exactly (Dekker's product), for `|a|, |b| < 2^995` and a product far from underflow.
    @inline(__always)
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a)
        let (bh, bl) = split(b)
        return DoubleDouble(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    @inline(__always)
    static prefix func - (a: DoubleDouble) -> DoubleDouble {
        DoubleDouble(-a.hi, -a.lo)
    }

    /// The sum, with a relative error near 2^-106 even when the operands cancel.
    @inline(__always)
    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = sum(a.hi, b.hi)
        let t = sum(a.lo, b.lo)
        let u = quickSum(s.hi, s.lo + t.hi)
        return quickSum(u.hi, u.lo + t.lo)
    }

    @inline(__always)
    static func + (a: DoubleDouble, b: Double) -> DoubleDouble {
        let s = sum(a.hi, b)
        return quickSum(s.hi, s.lo + a.lo)
    }

    @inline(__always)
    static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        a + (-b)
    }

    @inline(__always)
    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let p = product(a.hi, b.hi)
        return quickSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi))
    }

    @inline(__always)
    static func * (a: DoubleDouble, b: Double) -> DoubleDouble {
        let p = product(a.hi, b)
        return quickSum(p.hi, p.lo + a.lo * b)
    }

    /// The quotient, by three correction steps of long division.
    static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let q1 = a.hi / b.hi
        let r1 = a - b * q1
        let q2 = r1.hi / b.hi
        let r2 = r1 - b * q2
        let q3 = r2.hi / b.hi
        return quickSum(q1, q2) + q3
    }
}

/// 2^n as a double, for `-1022 <= n <= 1023`: built from its bits, so scaling by it is one exact
/// multiplication (no libm `scalbn`).
@inline(__always)
func powerOfTwo(_ n: Int) -> Double {
    Double(sign: .plus, exponentBitPattern: UInt(n + 1023), significandBitPattern: 0)
}

/// `x` rounded to the nearest integer, ties to even, for `|x| < 2^51`: adding and subtracting
/// 1.5 * 2^52 leaves no fraction bits. Plain arithmetic, so it needs no rounding instruction or
/// libm call on any target.
@inline(__always)
func roundedToInteger(_ x: Double) -> Double {
    (x + 0x1.8p52) - 0x1.8p52
}
