extension Elementary {
    /// The natural logarithm of `x`.
    ///
    /// Method: `x = 2^e * m` with `sqrt(1/2) <= m < sqrt(2)` (subnormals are first scaled by 2^54);
    /// then `log x = e ln 2 + 2 atanh(s)` with `s = (m - 1) / (m + 1)`, `|s| <= 0.172`. The series
    /// `2 atanh(s) = 2s + 2s^3/3 + 2s^5/5 + ...` runs to `s^33`, its first terms in double-double,
    /// and `ln 2` is a double-double, so the sum is good to about 2^-85 before the final rounding.
    ///
    /// Accuracy: within 1 ulp over the whole domain, and almost always correctly rounded.
    ///
    /// Special cases: `log(1) == +0`, `log(±0) == -inf`, `log(+inf) == +inf`; negative `x`
    /// (including `-inf`) and NaN give NaN.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        return logKernel(x).hi
    }
}

/// The natural logarithm of a positive finite `x`, as a double-double with a relative error
/// near 2^-85 (pow needs more than the double result).
func logKernel(_ x: Double) -> DoubleDouble {
    var bits = x.bitPattern
    var e = 0
    if bits >> 52 == 0 {  // subnormal: make it normal first
        bits = (x * 0x1p54).bitPattern
        e = -54
    }
    e += Int(bits >> 52) - 1023
    // m in [1, 2), then moved to [sqrt(1/2), sqrt(2)) so that log m is small on both sides.
    var m = Double(bitPattern: (bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000)
    if m > 0x1.6a09e667f3bcdp0 {
        m *= 0.5
        e += 1
    }
    // s = f / (2 + f) with f = m - 1 (exact, Sterbenz); 2 + f may need two doubles.
    let f = m - 1
    let s = DoubleDouble(f) / DoubleDouble.sum(2, f)
    let s2 = s * s
    let w = s2.hi

    // 2 atanh(s) = 2s + s^3 (2/3 + s^2 (2/5 + s^2 (2/7 + ...))); truncation error below 2^-85.
    var tail = 0x1.f07c1f07c1f08p-5  // 2/33
    tail = tail * w + 0x1.0842108421084p-4  // 2/31
    tail = tail * w + 0x1.1a7b9611a7b96p-4  // 2/29
    tail = tail * w + 0x1.2f684bda12f68p-4  // 2/27
    tail = tail * w + 0x1.47ae147ae147bp-4  // 2/25
    tail = tail * w + 0x1.642c8590b2164p-4  // 2/23
    tail = tail * w + 0x1.8618618618618p-4  // 2/21
    tail = tail * w + 0x1.af286bca1af28p-4  // 2/19
    tail = tail * w + 0x1.e1e1e1e1e1e1ep-4  // 2/17
    tail = tail * w + 0x1.1111111111111p-3  // 2/15
    tail = tail * w + 0x1.3b13b13b13b14p-3  // 2/13
    tail = tail * w + 0x1.745d1745d1746p-3  // 2/11
    var p = DoubleDouble(tail) * s2 + DoubleDouble(0x1.c71c71c71c71cp-3, 0x1.c71c71c71c71cp-57)  // 2/9
    p = p * s2 + DoubleDouble(0x1.2492492492492p-2, 0x1.2492492492492p-56)  // 2/7
    p = p * s2 + DoubleDouble(0x1.999999999999ap-2, -0x1.999999999999ap-56)  // 2/5
    p = p * s2 + DoubleDouble(0x1.5555555555555p-1, 0x1.5555555555555p-55)  // 2/3
    let logM = DoubleDouble(2 * s.hi, 2 * s.lo) + p * s2 * s

    let ln2 = DoubleDouble(0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56)
    return ln2 * Double(e) + logM
}
