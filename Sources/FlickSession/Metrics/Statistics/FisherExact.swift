import FlickIO
import Foundation

/// Fisher's exact test of a 2x2 table (events and non-events under two conditions), two-sided:
/// the probability, with the margins fixed, of a table no more likely than the one seen (the
/// rule of R's `fisher.test`). Exact at every sample size, so it holds at the few dozen
/// gestures a small study has, where a chi-square test does not. Like every test on pooled
/// counts it takes the gestures as independent; the study page sets the participant-clustered
/// interval beside it.
package enum FisherExact {
    /// `a` events of `a + b` under the first condition, `c` of `c + d` under the second.
    package static func twoSided(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Double {
        let row1 = a + b, col1 = a + c, n = a + b + c + d
        guard n > 0 else { return 1 }
        let lo = max(0, col1 - (c + d)), hi = min(row1, col1)
        func logP(_ x: Int) -> Double {
            logChoose(row1, x) + logChoose(n - row1, col1 - x) - logChoose(n, col1)
        }
        let observed = logP(a)
        var p = 0.0
        for x in lo...hi {
            let l = logP(x)
            // The relative tolerance R uses, so tables equally likely up to rounding count.
            if l <= observed + 1e-7 { p += exp(l) }
        }
        return min(1, p)
    }

    static func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    }
}
