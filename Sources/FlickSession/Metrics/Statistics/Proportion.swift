import FlickIO
import Foundation

/// A 95 % interval, as fractions (0...1 for a proportion, -1...1 for a difference).
package struct Interval: Equatable {
    package var low: Double
    package var high: Double
    package init(_ low: Double, _ high: Double) {
        self.low = low
        self.high = high
    }
    package func contains(_ x: Double) -> Bool { low <= x && x <= high }
}

/// `k` events out of `n` trials, with the intervals the study page shows.
package struct Proportion: Equatable {
    /// The normal quantile for a two-sided 95 % interval.
    package static let z95 = 1.959963984540054

    package var k: Int
    package var n: Int
    package init(_ k: Int, _ n: Int) {
        self.k = k
        self.n = n
    }

    /// k / n (nil when n is 0).
    package var rate: Double? { n > 0 ? Double(k) / Double(n) : nil }

    /// The Wilson score interval (Wilson 1927): the interval of proportions a score test at 5 %
    /// does not reject. It stays inside 0...1 and keeps close to its 95 % coverage at small n
    /// and rates near 0 or 1, where the textbook normal interval fails. It treats the n trials
    /// as independent: `ParticipantRate` gives the interval with the participant as the unit.
    package var wilson: Interval? {
        guard n > 0 else { return nil }
        let z = Self.z95, nn = Double(n), p = Double(k) / nn
        let denominator = 1 + z * z / nn
        let centre = (p + z * z / (2 * nn)) / denominator
        let half = z / denominator * (p * (1 - p) / nn + z * z / (4 * nn * nn)).squareRoot()
        return Interval(max(0, centre - half), min(1, centre + half))
    }

    /// The difference `other.rate - rate` with Newcombe's hybrid score interval (Newcombe 1998,
    /// method 10), built from the two Wilson intervals; nil when either n is 0.
    package func difference(to other: Proportion) -> (difference: Double, interval: Interval)? {
        guard let p1 = rate, let p2 = other.rate, let w1 = wilson, let w2 = other.wilson else { return nil }
        let d = p2 - p1
        let low = d - ((p2 - w2.low) * (p2 - w2.low) + (w1.high - p1) * (w1.high - p1)).squareRoot()
        let high = d + ((w2.high - p2) * (w2.high - p2) + (p1 - w1.low) * (p1 - w1.low)).squareRoot()
        return (d, Interval(low, high))
    }
}

/// The median and quartiles of a list (type 7 quantiles, as R's default and numpy's); nil when empty.
package struct Spread: Equatable {
    package var median: Double
    package var q1: Double
    package var q3: Double
    package var count: Int
    package var iqr: Double { q3 - q1 }

    package init?(_ values: [Double]) {
        let s = values.filter(\.isFinite).sorted()
        guard !s.isEmpty else { return nil }
        median = quantile(s, 0.5)
        q1 = quantile(s, 0.25)
        q3 = quantile(s, 0.75)
        count = s.count
    }
}

/// The `q` quantile of `sorted` (non-empty, ascending), linear between order statistics (type 7).
package func quantile(_ sorted: [Double], _ q: Double) -> Double {
    let h = Double(sorted.count - 1) * q
    let lo = Int(h.rounded(.down)), hi = min(sorted.count - 1, lo + 1)
    return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
}
