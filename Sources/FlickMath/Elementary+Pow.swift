extension Elementary {
    /// `x` raised to the power `y`.
    ///
    /// Method: `|x|^y = e^(y log|x|)`, with `log|x|` as a double-double good to about 2^-85
    /// (as in ``log(_:)``), the product `y log|x|` formed exactly in double-double and the
    /// exponential of that double-double as in ``exp(_:)``. So the exponent's error stays far
    /// below an ulp of the result even when it is near ±745, which a plain
    /// `exp(y * log(x))` cannot do. A negative `x` needs an integer `y`; an odd one makes the
    /// result negative.
    ///
    /// Accuracy: within 1 ulp over the whole domain, and almost always correctly rounded;
    /// results that are exact doubles (`pow(10, 22)`, `pow(2, -1074)`, `pow(x, 1)`,
    /// `pow(x, 2)` ...) come out exact.
    ///
    /// Special cases (as C's `pow`): `pow(x, ±0) == 1` and `pow(1, y) == 1` for any `x` and `y`,
    /// NaN included; `pow(-1, ±inf) == 1`; otherwise NaN in either gives NaN;
    /// `pow(±0, y)` is `±inf` for odd integers `y < 0`, `+inf` for other `y < 0`, `±0` for odd
    /// integers `y > 0` and `+0` for other `y > 0`; `pow(x, -inf)` is `+inf` for `|x| < 1` and `+0`
    /// for `|x| > 1`, `pow(x, +inf)` the reverse; `pow(+inf, y)` is `+0` for `y < 0` and `+inf`
    /// for `y > 0`; `pow(-inf, y)` is as `pow(-0, -y)`; a finite `x < 0` with a finite
    /// non-integer `y` gives NaN. Overflow gives ±inf, underflow ±0 or a subnormal.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }

        // Every double with |y| >= 2^53 is an even integer; below that, Int64 is exact.
        let yIsInteger: Bool, yIsOdd: Bool
        if abs(y) >= 0x1p53 {
            yIsInteger = true
            yIsOdd = false
        } else {
            let n = Int64(y)
            yIsInteger = Double(n) == y
            yIsOdd = yIsInteger && n & 1 != 0
        }

        if y.isInfinite {
            if abs(x) == 1 { return 1 }
            return (abs(x) < 1) == (y < 0) ? .infinity : 0
        }
        if x == 0 || x.isInfinite {
            // pow(±inf, y) behaves as pow(±0, -y).
            let growing = (x == 0) == (y < 0)
            let magnitude: Double = growing ? .infinity : 0
            return yIsOdd && x.sign == .minus ? -magnitude : magnitude
        }

        var sign = 1.0
        if x < 0 {
            if !yIsInteger { return .nan }
            if yIsOdd { sign = -1 }
        }
        if y == 1 { return x }
        if y == 2 { return x * x }  // one rounding, as the exact square needs
        let ax = abs(x)

        // |log x| >= 2^-53 for x != 1, so |y log x| >= 2^11 here: certain overflow or underflow.
        let overflowing = (ax > 1) == (y > 0)
        if abs(y) > 0x1p64 {
            return sign * (overflowing ? .infinity : 0)
        }
        let l = logKernel(ax)
        let z = DoubleDouble.product(y, l.hi) + y * l.lo
        if z.hi > 710 { return sign * .infinity }
        if z.hi < -746 { return sign * 0 }
        return sign * expKernel(z)
    }
}
