import Foundation

/// Student's t quantile for a two-sided 95 % interval with `df` degrees of freedom (exact to
/// three decimals from a table up to 30, then the Cornish-Fisher expansion).
package func t975(_ df: Int) -> Double {
    let table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
                 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
                 2.045, 2.042]
    guard df >= 1 else { return .infinity }
    if df <= table.count { return table[df - 1] }
    let z = Proportion.z95, n = Double(df)
    let g1 = (z * z * z + z) / 4, g2 = (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / 96
    return z + g1 / n + g2 / (n * n)
}

/// The standard normal distribution function.
package func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

/// A rate with the participant as the unit: each participant's own `k` of `n`, their mean, and
/// a 95 % interval for the mean rate of the people they stand for.
///
/// The interval is the union of two that each hold up where the other does not:
/// - a Wilson score interval around the mean of the participants' rates whose sample size is the
///   effective one of that mean (`p(1-p)` over the variance of the mean, at most the trials in
///   all) and whose quantile is Student's t with one less than the participants: asymmetric near
///   0 and 1, and never zero-width (with no spread between people it is the pooled Wilson);
/// - a t-interval on the logit of each participant's rate (half an event added each way), back-
///   transformed: it follows the skew when most people's rates are near 0 and a few are not.
/// In simulated studies of 3, 5 and 8 participants whose own rates differ (Beta around 5 %, 20 %
/// and 50 %, 5 to 30 trials each), it covers the true mean rate in at least 93 % of studies
/// (ParticipantIntervalTests; README states the figures).
package struct ParticipantRate: Equatable {
    /// Each participant's own events and trials (participants without trials left out).
    package var counts: [Proportion]
    /// The mean of the participants' rates; nil without participants.
    package var mean: Double?
    /// The 95 % interval of the mean rate; nil with fewer than `minimumParticipants`.
    package var interval: Interval?
    /// The fewest participants with an interval across people: the sizes the coverage was
    /// simulated at start here; below it the study says "too few to say".
    package static let minimumParticipants = 3

    package init(_ counts: [Proportion]) {
        self.counts = counts.filter { $0.n > 0 }
        let rates = self.counts.map { Double($0.k) / Double($0.n) }
        mean = rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count)
        interval = Self.interval(self.counts)
    }

    /// Events and trials over every participant (what a researcher counts by hand).
    package var pooled: Proportion { Proportion(counts.reduce(0) { $0 + $1.k }, counts.reduce(0) { $0 + $1.n }) }

    static func interval(_ counts: [Proportion]) -> Interval? {
        let m = counts.count
        guard m >= minimumParticipants else { return nil }
        let rates = counts.map { Double($0.k) / Double($0.n) }
        let mean = rates.reduce(0, +) / Double(m)
        let variance = rates.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(m - 1)
        let trials = Double(counts.reduce(0) { $0 + $1.n })
        let t = t975(m - 1)
        let varianceOfMean = variance / Double(m)
        var nEffective = trials
        if varianceOfMean > 0, mean > 0, mean < 1 { nEffective = min(trials, mean * (1 - mean) / varianceOfMean) }
        nEffective = max(1, nEffective)
        let score = wilson(mean, n: nEffective, z: t)
        let logits = counts.map { log((Double($0.k) + 0.5) / (Double($0.n - $0.k) + 0.5)) }
        let centre = logits.reduce(0, +) / Double(m)
        let spread = (logits.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(m - 1)).squareRoot()
        let half = t * spread / Double(m).squareRoot()
        func expit(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
        return Interval(max(0, min(score.low, expit(centre - half))), min(1, max(score.high, expit(centre + half))))
    }

    /// Wilson's score interval for a rate `p` of `n` trials (`n` may be fractional) at quantile `z`.
    static func wilson(_ p: Double, n: Double, z: Double) -> Interval {
        let d = 1 + z * z / n
        let centre = (p + z * z / (2 * n)) / d
        let half = z / d * (max(0, p * (1 - p)) / n + z * z / (4 * n * n)).squareRoot()
        return Interval(max(0, centre - half), min(1, centre + half))
    }
}

extension Proportion {
    /// The adjusted-Wald interval (Agresti and Coull 1998; Sauro and Lewis's recommendation for
    /// task completion rates): the Wald interval of (k + z²/2) / (n + z²). Nil when n is 0.
    package var adjustedWald: Interval? {
        guard n > 0 else { return nil }
        let z = Self.z95, nAdj = Double(n) + z * z, pAdj = (Double(k) + z * z / 2) / nAdj
        let half = z * (pAdj * (1 - pAdj) / nAdj).squareRoot()
        return Interval(max(0, pAdj - half), min(1, pAdj + half))
    }

    /// The 'N-1' two-proportion test (Campbell 2007; Sauro and Lewis): the chi-squared statistic
    /// scaled by (N-1)/N, for two independent groups of small samples. Two-sided p; nil when a
    /// group is empty or every trial had the same result.
    package func nMinusOneTest(against other: Proportion) -> Double? {
        guard n > 0, other.n > 0 else { return nil }
        let total = Double(n + other.n), events = Double(k + other.k)
        let p = events / total
        guard p > 0, p < 1 else { return nil }
        let d = Double(k) / Double(n) - Double(other.k) / Double(other.n)
        let z = d * ((total - 1) / total).squareRoot() / (p * (1 - p) * (1 / Double(n) + 1 / Double(other.n))).squareRoot()
        return 2 * (1 - normalCDF(abs(z)))
    }
}

/// Times on task as Sauro and Lewis report them: the geometric mean (task times are skewed
/// right) with a t-interval computed on the log times.
package struct GeometricMean: Equatable {
    package var value: Double
    package var interval: Interval?
    package var count: Int

    /// Nil without a positive time.
    package init?(_ seconds: [Double]) {
        let logs = seconds.filter { $0 > 0 && $0.isFinite }.map { log($0) }
        guard !logs.isEmpty else { return nil }
        count = logs.count
        let m = logs.reduce(0, +) / Double(logs.count)
        value = exp(m)
        guard logs.count >= 2 else { interval = nil; return }
        let s = (logs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(logs.count - 1)).squareRoot()
        let half = t975(logs.count - 1) * s / Double(logs.count).squareRoot()
        interval = Interval(exp(m - half), exp(m + half))
    }
}

/// The difference of a rate between two conditions with the participant as the unit, second
/// minus first, with a 95 % interval inside -1...1: the method of variance estimates recovery
/// (MOVER; Zou and Donner 2008), which is Newcombe's hybrid score interval (Newcombe 1998,
/// method 10) with each condition's `ParticipantRate` interval in place of a Wilson interval:
/// low = d - √((p₂ - l₂)² + (u₁ - p₁)²), high = d + √((u₂ - p₂)² + (p₁ - l₁)²). Each side moves
/// at most as far as its own interval allows, so the ends stay within l₂ - u₁ and u₂ - l₁.
/// The same people under both conditions (paired) are taken as uncorrelated: conservative when
/// a participant's rates under the two conditions go together, as they usually do.
/// In simulated studies of 3, 5 and 8 participants per condition it covers the true difference
/// in at least 93 % of studies (ParticipantIntervalTests; docs/study-definitions.md states the figures).
package struct ParticipantDifference: Equatable {
    package enum Design: String, Equatable { case paired, independent }
    package var design: Design
    /// Second minus first: the difference of the means of the participants' rates.
    package var value: Double
    package var interval: Interval
    /// Participants in each condition (paired: the same people in both).
    package var participants: (first: Int, second: Int)

    package static func == (a: Self, b: Self) -> Bool {
        a.design == b.design && a.value == b.value && a.interval == b.interval && a.participants == b.participants
    }

    /// `first` and `second`: each participant's counts by name. Paired when every participant is
    /// in both; nil with fewer than `ParticipantRate.minimumParticipants` under a condition.
    package init?(first: [String: Proportion], second: [String: Proportion]) {
        let a = first.filter { $0.value.n > 0 }, b = second.filter { $0.value.n > 0 }
        let ra = ParticipantRate(a.keys.sorted().map { a[$0]! }), rb = ParticipantRate(b.keys.sorted().map { b[$0]! })
        guard let ia = ra.interval, let ib = rb.interval, let p1 = ra.mean, let p2 = rb.mean else { return nil }
        let both = Set(a.keys).intersection(b.keys)
        design = both.count == a.count && both.count == b.count ? .paired : .independent
        value = p2 - p1
        let low = value - ((p2 - ib.low) * (p2 - ib.low) + (ia.high - p1) * (ia.high - p1)).squareRoot()
        let high = value + ((ib.high - p2) * (ib.high - p2) + (p1 - ia.low) * (p1 - ia.low)).squareRoot()
        interval = Interval(max(-1, low), min(1, high))
        participants = (a.count, b.count)
    }
}
