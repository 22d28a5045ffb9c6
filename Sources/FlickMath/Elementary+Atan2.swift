extension Elementary {
    /// The angle of the point `(x, y)` from the positive x axis, in radians, in [-π, π].
    ///
    /// Method: both coordinates are scaled by the same power of two (exactly) and
    /// `t = min(|x|, |y|) / max(|x|, |y|)` is formed in double-double. `atan t` for `t` in [0, 1]
    /// is `atan(j/8) + atan(u)` with `j = round(8t)`, `u = (t - j/8) / (1 + t j/8)`,
    /// `|u| <= 1/16`, and the Taylor series of `atan u` to `u^19`; the table of `atan(j/8)` and π
    /// are double-doubles. The octant then gives `π/2 - a`, `π - a` or `a`, and `y` the sign.
    ///
    /// Accuracy: within 1 ulp for all arguments, and almost always correctly rounded.
    ///
    /// Special cases (as C's `atan2`): `atan2(±0, +0 or x > 0) == ±0`,
    /// `atan2(±0, -0 or x < 0) == ±π`, `atan2(y != 0, ±0) == ±π/2`, `atan2(±inf, +inf) == ±π/4`,
    /// `atan2(±inf, -inf) == ±3π/4`, `atan2(±inf, finite) == ±π/2`, `atan2(finite y, +inf) == ±0`
    /// and `atan2(finite y, -inf) == ±π`, the sign that of `y`; NaN in either gives NaN.
    public static func atan2(y: Double, x: Double) -> Double {
        let piHalf = DoubleDouble(0x1.921fb54442d18p0, 0x1.1a62633145c07p-54)
        let pi = DoubleDouble(0x1.921fb54442d18p1, 0x1.1a62633145c07p-53)
        if x.isNaN || y.isNaN { return .nan }
        let negative = y.sign == .minus
        func signed(_ a: Double) -> Double { negative ? -a : a }
        if y == 0 {
            return signed(x.sign == .minus ? pi.hi : 0)
        }
        if x == 0 { return signed(piHalf.hi) }
        if y.isInfinite {
            if x == .infinity { return signed(0x1.921fb54442d18p-1) }  // π/4
            if x == -.infinity { return signed(0x1.2d97c7f3321d2p1) }  // 3π/4
            return signed(piHalf.hi)
        }
        if x.isInfinite {
            return signed(x > 0 ? 0 : pi.hi)
        }

        var ax = abs(x), ay = abs(y)
        // Scale so that the larger is near 1: the double-double steps below then neither
        // overflow nor lose bits to underflow. Multiplying by a power of two is exact here.
        let larger = max(ax, ay)
        if larger > 0x1p500 {
            ax *= 0x1p-600
            ay *= 0x1p-600
        } else if larger < 0x1p-500 {
            ax *= 0x1p600
            ay *= 0x1p600
        }
        let swapped = ay > ax
        let numerator = swapped ? ax : ay, denominator = swapped ? ay : ax
        var a: DoubleDouble
        if numerator < denominator * 0x1p-60 {
            // atan t = t (1 - t^2/3 ...) rounds like t itself, which may be subnormal: divide
            // the unscaled values once.
            let t = swapped ? abs(x) / abs(y) : abs(y) / abs(x)
            a = DoubleDouble(t)
        } else {
            a = atanKernel(DoubleDouble(numerator) / DoubleDouble(denominator))
        }
        if swapped { a = piHalf - a }
        if x < 0 { a = pi - a }
        return signed(a.hi)
    }
}

/// atan t for a double-double `t` in [0, 1], with a relative error near 2^-75.
func atanKernel(_ t: DoubleDouble) -> DoubleDouble {
    let j = roundedToInteger(8 * t.hi)
    var u = t
    var base = DoubleDouble(0)
    if j > 0 {
        let c = j * 0.125
        // u = (t - c) / (1 + t c); t.hi - c is exact (Sterbenz), t c needs two doubles.
        u = DoubleDouble.quickSum(t.hi - c, t.lo) / (DoubleDouble.product(t.hi, c) + t.lo * c + 1)
        base = atanOfEighths(Int(j))
    }
    let u2 = u * u
    let w = u2.hi
    var tail = -0x1.af286bca1af28p-5  // -1/19
    tail = tail * w + 0x1.e1e1e1e1e1e1ep-5  // 1/17
    tail = tail * w - 0x1.1111111111111p-4  // -1/15
    tail = tail * w + 0x1.3b13b13b13b14p-4  // 1/13
    tail = tail * w - 0x1.745d1745d1746p-4  // -1/11
    tail = tail * w + 0x1.c71c71c71c71cp-4  // 1/9
    tail = tail * w - 0x1.2492492492492p-3  // -1/7
    tail = tail * w + 0x1.999999999999ap-3  // 1/5
    let p = DoubleDouble(tail) * u2 - DoubleDouble(0x1.5555555555555p-2, 0x1.5555555555555p-56)  // -1/3
    return base + (u + p * u2 * u)
}

/// atan(j/8) for j in 1...8, as double-doubles.
func atanOfEighths(_ j: Int) -> DoubleDouble {
    switch j {
    case 1: return DoubleDouble(0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59)
    case 2: return DoubleDouble(0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57)
    case 3: return DoubleDouble(0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56)
    case 4: return DoubleDouble(0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56)
    case 5: return DoubleDouble(0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58)
    case 6: return DoubleDouble(0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56)
    case 7: return DoubleDouble(0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56)
    default: return DoubleDouble(0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55)  // π/4
    }
}
