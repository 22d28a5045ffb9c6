import FlickIO

/// Intervals across participants: the bootstrap resamples whole participants (with
/// replacement), never single gestures, so a participant who made many gestures weighs as what
/// they are, one person, and the interval is as wide as the differences between people make
/// it. Percentile intervals of `replicates` resamples from a fixed seed: the same data give the
/// same page every time.
package enum ClusterBootstrap {
    package static let replicates = 2000
    package static let seed: UInt64 = 0x5EED_F11C_2026

    /// One participant's counts: `k` events of `n`.
    package typealias Counts = (k: Int, n: Int)

    /// The 95 % interval of the pooled rate (all events / all trials) over participants; nil
    /// with fewer than 2 participants who have trials.
    package static func rate(_ participants: [Counts]) -> Interval? {
        let with = participants.filter { $0.n > 0 }
        guard with.count >= 2 else { return nil }
        var rng = SplitMix64(seed: seed)
        var stats: [Double] = []
        stats.reserveCapacity(replicates)
        for _ in 0..<replicates {
            var k = 0, n = 0
            for _ in 0..<with.count {
                let p = with[rng.below(with.count)]
                k += p.k
                n += p.n
            }
            stats.append(Double(k) / Double(n))
        }
        return percentile(stats)
    }

    /// The 95 % interval of the difference of pooled rates (second minus first). Each
    /// participant brings their counts under both conditions (zero where they did not take
    /// part), so a within-participant design is resampled paired and a between-participant one
    /// independently. Nil with fewer than 2 participants under either condition.
    package static func difference(_ participants: [(first: Counts, second: Counts)]) -> Interval? {
        guard participants.filter({ $0.first.n > 0 }).count >= 2, participants.filter({ $0.second.n > 0 }).count >= 2 else { return nil }
        var rng = SplitMix64(seed: seed)
        var stats: [Double] = []
        stats.reserveCapacity(replicates)
        for _ in 0..<replicates {
            var k1 = 0, n1 = 0, k2 = 0, n2 = 0
            for _ in 0..<participants.count {
                let p = participants[rng.below(participants.count)]
                k1 += p.first.k; n1 += p.first.n; k2 += p.second.k; n2 += p.second.n
            }
            // A resample with no trials under one condition has no difference: drawn again.
            guard n1 > 0, n2 > 0 else { continue }
            stats.append(Double(k2) / Double(n2) - Double(k1) / Double(n1))
        }
        return stats.count >= replicates / 2 ? percentile(stats) : nil
    }

    static func percentile(_ stats: [Double]) -> Interval {
        let s = stats.sorted()
        return Interval(quantile(s, 0.025), quantile(s, 0.975))
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the bootstrap's
/// resamples are the same on every machine.
package struct SplitMix64 {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (n > 0), the high half of a 128-bit product (Lemire; bias below 2^-40 at these n).
    package mutating func below(_ n: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(n)).high)
    }
}
