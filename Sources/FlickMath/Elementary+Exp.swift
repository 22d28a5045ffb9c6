extension Elementary {
    /// e raised to `x`.
    ///
    /// Method: `x = k ln 2 + r` with `k` an integer and `|r| <= ln 2 / 2`; `ln 2` is kept in three
    /// parts so that `r` is exact to about 2^-100. `e^r` is the Taylor polynomial of degree 16,
    /// its first terms in double-double, then scaled by `2^k` through the exponent bits. Results
    /// in the subnormal range are rounded once, to the subnormal grid.
    ///
    /// Accuracy: within 1 ulp over the whole domain, and almost always correctly rounded.
    ///
    /// Special cases: `exp(±0) == 1`, `exp(+inf) == +inf`, `exp(-inf) == +0`, NaN gives NaN;
    /// `+inf` above about 709.78, subnormal below about -708.40, `+0` below about -745.13.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 710 { return .infinity }
        if x < -746 { return 0 }
        return expKernel(DoubleDouble(x))
    }
}

/// e^z for a double-double `z` with `-746 <= z.hi <= 710`, rounded once.
func expKernel(_ z: DoubleDouble) -> Double {
    // ln 2 in three parts; the first two have 42 significant bits, so k * part is exact for
    // |k| < 2^11.
    let ln2Part1 = 0x1.62e42fefa3800p-1
    let ln2Part2 = 0x1.ef35793c76000p-45
    let ln2Part3 = 0x1.cc01f97b57a08p-87
    let kd = roundedToInteger(z.hi * 0x1.71547652b82fep0)  // z / ln 2
    let k = Int(kd)

    // r = z - k ln 2. The first subtraction is exact: both terms are multiples of ulp(z.hi) and
    // the difference is at most ln 2 / 2 plus a little.
    let r0 = z.hi - kd * ln2Part1
    let r1 = DoubleDouble.sum(r0, -kd * ln2Part2)
    let r = DoubleDouble.quickSum(r1.hi, r1.lo + (z.lo - kd * ln2Part3))

    // e^r = 1 + r + r^2/2 + ... + r^16/16!; truncation error below 2^-74 for |r| <= 0.35.
    // The terms up to r^5/5! are summed in double-double, the smaller ones in double.
    let w = r.hi
    var tail = 0x1.ae7f3e733b81fp-45  // 1/16!
    tail = tail * w + 0x1.ae7f3e733b81fp-41  // 1/15!
    tail = tail * w + 0x1.93974a8c07c9dp-37  // 1/14!
    tail = tail * w + 0x1.6124613a86d09p-33  // 1/13!
    tail = tail * w + 0x1.1eed8eff8d898p-29  // 1/12!
    tail = tail * w + 0x1.ae64567f544e4p-26  // 1/11!
    tail = tail * w + 0x1.27e4fb7789f5cp-22  // 1/10!
    tail = tail * w + 0x1.71de3a556c734p-19  // 1/9!
    tail = tail * w + 0x1.a01a01a01a01ap-16  // 1/8!
    tail = tail * w + 0x1.a01a01a01a01ap-13  // 1/7!
    tail = tail * w + 0x1.6c16c16c16c17p-10  // 1/6!
    var p = DoubleDouble(tail) * r + DoubleDouble(0x1.1111111111111p-7, 0x1.1111111111111p-63)  // 1/5!
    p = p * r + DoubleDouble(0x1.5555555555555p-5, 0x1.5555555555555p-59)  // 1/4!
    p = p * r + DoubleDouble(0x1.5555555555555p-3, 0x1.5555555555555p-57)  // 1/3!
    p = p * r + 0.5
    p = p * r + 1
    p = p * r + 1

    // p.hi is e^r rounded; scaling it by 2^k is exact while the result is normal.
    if k > 1023 {
        return p.hi * powerOfTwo(k - 1023) * powerOfTwo(1023)  // overflows to +inf when it must
    }
    if k > -1022 {
        return p.hi * powerOfTwo(k)
    }
    // Possibly subnormal: y = e^r * 2^(k + 1022) in double-double, then the result is
    // y * 2^-1022. For y < 1, rounding 1 + y to a double rounds y on a grid of 2^-52, which is
    // exactly the subnormal grid after the scaling, so the result is rounded once.
    let scale = powerOfTwo(k + 1022)
    let y = DoubleDouble(p.hi * scale, p.lo * scale)
    if y.hi >= 1 {
        return y.hi * powerOfTwo(-1022)
    }
    let s = DoubleDouble.sum(1, y.hi)
    let onePlusY = s.hi + (s.lo + y.lo)
    return (onePlusY - 1) * powerOfTwo(-1022)
}
