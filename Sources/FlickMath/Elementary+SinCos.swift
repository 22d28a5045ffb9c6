extension Elementary {
    /// The sine of `x` radians.
    ///
    /// Method: `x = k π/2 + r` with `|r| <= π/4` (see `reduceByHalfPi`), then the Taylor series of
    /// sine or cosine of `r`, by the quadrant `k mod 4`, its first terms in double-double.
    ///
    /// Accuracy: within 1 ulp, and almost always correctly rounded, for `|x| < 2^22 π/2`
    /// (about 6.6e6), where the reduction is exact to about 2^-140. Beyond, larger multiples of
    /// π/2 are taken away first in steps, with π/2 known to about 150 bits: the result stays
    /// within [-1, 1] but loses accuracy as `|x|` grows, and means little beyond about 2^60.
    ///
    /// Special cases: `sin(±0) == ±0` (the sign kept), `sin(x) == x` for `|x| < 2^-26`
    /// (subnormals included); `±inf` and NaN give NaN.
    public static func sin(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        if abs(x) < 0x1p-26 { return x }
        let (k, r) = reduceByHalfPi(x)
        switch k & 3 {
        case 0: return sineKernel(r)
        case 1: return cosineKernel(r)
        case 2: return -sineKernel(r)
        default: return -cosineKernel(r)
        }
    }

    /// The cosine of `x` radians.
    ///
    /// Method and accuracy: as ``sin(_:)``.
    ///
    /// Special cases: `cos(±0) == 1`, `cos(x) == 1` for `|x| < 2^-27`; `±inf` and NaN give NaN.
    public static func cos(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        if abs(x) < 0x1p-27 { return 1 }
        let (k, r) = reduceByHalfPi(x)
        switch k & 3 {
        case 0: return cosineKernel(r)
        case 1: return -sineKernel(r)
        case 2: return -cosineKernel(r)
        default: return sineKernel(r)
        }
    }
}

/// `x = k π/2 + r` with `|r| <= π/4` (a little more at the rounding boundary), `r` a double-double
/// and `k` exact modulo 4.
///
/// π/2 is kept in four parts (Cody and Waite); the first three have 31 significant bits, so
/// `k * part` is exact for `|k| < 2^22` and `r` is exact to about 2^-140 after one step. Larger
/// `x` first lose multiples of π/2 whose `k` keeps only its top 20 bits (so a multiple of 4, and
/// the quadrant is the last step's), still exactly multiplied, until `|k| < 2^22`.
func reduceByHalfPi(_ x: Double) -> (quadrant: Int, r: DoubleDouble) {
    let part1 = 0x1.921fb54400000p0
    let part2 = 0x1.0b4611a400000p-34
    let part3 = 0x1.13198a2c00000p-65
    let part4 = 0x1.01b839a25204ap-96
    func subtractingMultiple(_ kd: Double, from y: DoubleDouble) -> DoubleDouble {
        var r = DoubleDouble.sum(y.hi, -kd * part1) + y.lo
        r = r + (-kd * part2)
        r = r + (-kd * part3)
        // kd * part4 exactly. A kd above 2^995 would overflow the product's splitting, so the
        // product is formed for kd's significand as an integer and then scaled (exact: kd has
        // at most 22 significant bits, and the scaled parts stay normal).
        let shift = abs(kd) < 0x1p53 ? 0 : Int(kd.exponent) - 52
        let p = DoubleDouble.product(kd * powerOfTwo(-shift), part4)
        return r - DoubleDouble(p.hi * powerOfTwo(shift), p.lo * powerOfTwo(shift))
    }

    var y = DoubleDouble(x)
    var kd = roundedToInteger(x * 0x1.45f306dc9c883p-1)  // x * 2/π; for |x| >= 2^51 see below
    while abs(kd) >= 0x1p22 {
        // Keep kd's top 20 significant bits: then it is a multiple of 4 and kd * part is exact.
        var large = abs(y.hi * 0x1.45f306dc9c883p-1)
        if large < 0x1p51 { large = roundedToInteger(large) }  // above 2^51 it is an integer already
        let top = Double(bitPattern: large.bitPattern & ~UInt64(0x0000_0001_ffff_ffff))
        y = subtractingMultiple(y.hi < 0 ? -top : top, from: y)
        kd = roundedToInteger(y.hi * 0x1.45f306dc9c883p-1)
    }
    return (Int(kd) & 3, subtractingMultiple(kd, from: y))
}

/// sin r for `|r| <= π/4 + ε`: the Taylor series to `r^23`, truncation error below 2^-75 relative.
func sineKernel(_ r: DoubleDouble) -> Double {
    let r2 = r * r
    let w = r2.hi
    var tail = -0x1.761b41316381ap-75  // -1/23!
    tail = tail * w + 0x1.71b8ef6dcf572p-66  // 1/21!
    tail = tail * w - 0x1.2f49b46814157p-57  // -1/19!
    tail = tail * w + 0x1.952c77030ad4ap-49  // 1/17!
    tail = tail * w - 0x1.ae7f3e733b81fp-41  // -1/15!
    tail = tail * w + 0x1.6124613a86d09p-33  // 1/13!
    tail = tail * w - 0x1.ae64567f544e4p-26  // -1/11!
    tail = tail * w + 0x1.71de3a556c734p-19  // 1/9!
    var p = DoubleDouble(tail) * r2 - DoubleDouble(0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73)  // -1/7!
    p = p * r2 + DoubleDouble(0x1.1111111111111p-7, 0x1.1111111111111p-63)  // 1/5!
    p = p * r2 - DoubleDouble(0x1.5555555555555p-3, 0x1.5555555555555p-57)  // -1/3!
    return (r + p * r2 * r).hi
}

/// cos r for `|r| <= π/4 + ε`: the Taylor series to `r^22`, truncation error below 2^-77.
func cosineKernel(_ r: DoubleDouble) -> Double {
    let r2 = r * r
    let w = r2.hi
    var tail = -0x1.0ce396db7f853p-70  // -1/22!
    tail = tail * w + 0x1.e542ba4020225p-62  // 1/20!
    tail = tail * w - 0x1.6827863b97d97p-53  // -1/18!
    tail = tail * w + 0x1.ae7f3e733b81fp-45  // 1/16!
    tail = tail * w - 0x1.93974a8c07c9dp-37  // -1/14!
    tail = tail * w + 0x1.1eed8eff8d898p-29  // 1/12!
    tail = tail * w - 0x1.27e4fb7789f5cp-22  // -1/10!
    var p = DoubleDouble(tail) * r2 + DoubleDouble(0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76)  // 1/8!
    p = p * r2 - DoubleDouble(0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65)  // -1/6!
    p = p * r2 + DoubleDouble(0x1.5555555555555p-5, 0x1.5555555555555p-59)  // 1/4!
    p = p * r2 + (-0.5)
    return (p * r2 + 1).hi
}
