import FlickSession
import Foundation
import Testing

/// The study's intervals against reference values and in simulated studies with a known rate.
@Suite struct ParticipantIntervalTests {
    /// SplitMix64: a fixed seed gives the same studies on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func normal() -> Double {
            let u = max(unit(), 1e-300), v = unit()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        /// Marsaglia and Tsang's gamma sampler (shape below 1 through the boost).
        mutating func gamma(_ shape: Double) -> Double {
            if shape < 1 { return gamma(shape + 1) * pow(max(unit(), 1e-300), 1 / shape) }
            let d = shape - 1.0 / 3, c = 1 / (9 * d).squareRoot()
            while true {
                var x = 0.0, v = 0.0
                repeat { x = normal(); v = 1 + c * x } while v <= 0
                v = v * v * v
                let u = unit()
                if u < 1 - 0.0331 * x * x * x * x || log(u) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
            }
        }
        mutating func beta(_ a: Double, _ b: Double) -> Double {
            let x = gamma(a), y = gamma(b)
            return x / (x + y)
        }
    }

    /// The share of `studies` simulated studies whose interval covers the true mean rate `mu`:
    /// `participants` people, each with their own rate from a Beta of mean `mu` and
    /// concentration `kappa` (smaller: people differ more), each with 5 to 30 trials.
    static func coverage(participants: Int, mu: Double, kappa: Double, studies: Int, seed: UInt64) -> Double {
        var r = Random(state: seed)
        var covered = 0
        for _ in 0..<studies {
            var counts: [Proportion] = []
            for _ in 0..<participants {
                let p = r.beta(mu * kappa, (1 - mu) * kappa)
                let n = 5 + Int(r.unit() * 26)
                var k = 0
                for _ in 0..<n where r.unit() < p { k += 1 }
                counts.append(Proportion(k, n))
            }
            if let i = ParticipantRate(counts).interval, i.contains(mu) { covered += 1 }
        }
        return Double(covered) / Double(studies)
    }

    /// One participant: their own rate from a Beta of mean `mu` and concentration `kappa`.
    static func person(_ r: inout Random, mu: Double, kappa: Double) -> Double { r.beta(mu * kappa, (1 - mu) * kappa) }

    /// `k` of `n` trials at rate `p`.
    static func events(_ r: inout Random, _ p: Double, _ n: Int) -> Proportion {
        var k = 0
        for _ in 0..<n where r.unit() < p { k += 1 }
        return Proportion(k, n)
    }

    /// The share of simulated studies whose difference interval covers the true difference of
    /// mean rates. Independent: two groups of `participants`, rates around `mu1` and `mu2`.
    /// Paired: the same people under both, each one's second rate their first moved by `shift`
    /// on the logit scale (so the two go together), the true difference found from 200 000 people.
    static func differenceCoverage(participants: Int, mu1: Double, mu2: Double, paired: Bool, studies: Int, seed: UInt64) -> Double {
        var r = Random(state: seed)
        func expit(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
        func moved(_ p: Double) -> Double {
            let q = min(max(p, 1e-12), 1 - 1e-12)
            return expit(log(q / (1 - q)) + log(mu2 / (1 - mu2)) - log(mu1 / (1 - mu1)))
        }
        var truth = mu2 - mu1
        if paired {
            var sum = 0.0
            for _ in 0..<200_000 { let p = person(&r, mu: mu1, kappa: 8); sum += moved(p) - p }
            truth = sum / 200_000
        }
        var covered = 0
        for _ in 0..<studies {
            var a: [String: Proportion] = [:], b: [String: Proportion] = [:]
            for i in 0..<participants {
                let p1 = person(&r, mu: mu1, kappa: 8)
                let p2 = paired ? moved(p1) : person(&r, mu: mu2, kappa: 8)
                a["p\(i)"] = events(&r, p1, 5 + Int(r.unit() * 26))
                b[paired ? "p\(i)" : "q\(i)"] = events(&r, p2, 5 + Int(r.unit() * 26))
            }
            if let d = ParticipantDifference(first: a, second: b), d.interval.contains(truth) { covered += 1 }
        }
        return Double(covered) / Double(studies)
    }

    @Test(arguments: [3, 5, 8])
    func theDifferenceCoversTheTrueDifferenceInAtLeast93PercentOfStudies(participants: Int) {
        for paired in [false, true] {
            for (mu1, mu2) in [(0.05, 0.05), (0.2, 0.5), (0.5, 0.5), (0.05, 0.3)] {
                let c = Self.differenceCoverage(participants: participants, mu1: mu1, mu2: mu2, paired: paired, studies: 1000,
                                                seed: 99 + UInt64(participants))
                print(String(format: "coverage: difference, %d participants %@, %.2f to %.2f: %.3f", participants,
                             paired ? "paired" : "per group", mu1, mu2, c))
                #expect(c >= 0.93, "\(participants) participants, \(paired ? "paired" : "independent"), \(mu1) to \(mu2): \(c)")
            }
        }
    }

    /// The share of simulated studies whose interval of a rating's mean covers the true mean:
    /// each participant's own mean share from a Beta of mean `mu` (concentration 8), answers
    /// of `steps` steps around it (1 to 3 answers each for the SEQ, one SUS).
    static func ratingCoverage(participants: Int, mu: Double, scale: ClosedRange<Double>, steps: Int, answers: Int,
                               studies: Int, seed: UInt64) -> Double {
        var r = Random(state: seed)
        let width = scale.upperBound - scale.lowerBound
        var covered = 0
        for _ in 0..<studies {
            var people: [[Double]] = []
            for _ in 0..<participants {
                let p = person(&r, mu: mu, kappa: 8)
                let count = 1 + Int(r.unit() * Double(answers))
                people.append((0..<count).map { _ in scale.lowerBound + width * Double(events(&r, p, steps).k) / Double(steps) })
            }
            let m = MeanInterval(people, scale: scale, steps: steps)
            if let i = m?.interval, i.contains(scale.lowerBound + width * mu), scale.contains(i.low), scale.contains(i.high) { covered += 1 }
        }
        return Double(covered) / Double(studies)
    }

    @Test(arguments: [3, 5, 8])
    func ratingMeansStayOnTheirScaleAndCoverInAtLeast93PercentOfStudies(participants: Int) {
        for mu in [0.2, 0.5, 0.7, 0.85, 0.95] {
            let seq = Self.ratingCoverage(participants: participants, mu: mu, scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps,
                                          answers: 3, studies: 1000, seed: 5 + UInt64(participants))
            let sus = Self.ratingCoverage(participants: participants, mu: mu, scale: MeanInterval.sus.scale, steps: MeanInterval.sus.steps,
                                          answers: 1, studies: 1000, seed: 6 + UInt64(participants))
            print(String(format: "coverage: %d participants, true mean share %.2f: SEQ %.3f, SUS %.3f", participants, mu, seq, sus))
            #expect(seq >= 0.93 && sus >= 0.93, "\(participants) participants at \(mu): SEQ \(seq), SUS \(sus)")
        }
    }

    /// What a t-interval made of 3 (or 2) people: past the ends of the scale. Here: inside it,
    /// or none where there are too few to say.
    @Test func theIntervalsThatRanPastTheirScaleNowStayInside() throws {
        // SEQ 4.5 and 6.5 (t: -7.2 to 18.2): two people, too few to say.
        #expect(MeanInterval([[4.5], [6.5]], scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps)?.interval == nil)
        // SUS of three people far apart (t: 14.1 to 139.2 for 50, 100, 80).
        let sus = try #require(MeanInterval([[50], [100], [80]], scale: MeanInterval.sus.scale, steps: MeanInterval.sus.steps)?.interval)
        #expect(sus.low >= 0 && sus.high <= 100 && sus.contains(230.0 / 3))
        // A difference of rates between two groups of 3 who never erred and 3 who always did:
        // inside -100 to +100 points.
        let none = ["p1": Proportion(0, 6), "p2": Proportion(0, 5), "p3": Proportion(0, 7)]
        let all = ["q1": Proportion(6, 6), "q2": Proportion(5, 5), "q3": Proportion(7, 7)]
        let d = try #require(ParticipantDifference(first: none, second: all))
        #expect(d.value == 1 && d.interval.high == 1 && d.interval.low > 0 && d.interval.low < 1, "\(d.interval)")
        let e = try #require(ParticipantDifference(first: ["p1": Proportion(1, 2), "p2": Proportion(0, 2), "p3": Proportion(2, 2)],
                                                   second: ["q1": Proportion(2, 2), "q2": Proportion(0, 2), "q3": Proportion(1, 2)]))
        #expect(e.value == 0 && e.interval.low >= -1 && e.interval.high <= 1 && e.interval.contains(0), "\(e.interval)")
    }

    @Test(arguments: [3, 5, 8])
    func theIntervalCoversTheTrueRateInAtLeast93PercentOfStudies(participants: Int) {
        for mu in [0.05, 0.2, 0.5] {
            let c = Self.coverage(participants: participants, mu: mu, kappa: 8, studies: 2000, seed: 42 + UInt64(participants))
            print(String(format: "coverage: %d participants, true rate %.2f, kappa 8: %.3f", participants, mu, c))
            #expect(c >= 0.93, "\(participants) participants at \(mu): \(c)")
        }
    }

    /// People who differ a great deal (kappa 3: most near 0, a few far from it): stated in
    /// README as it is; the interval stays above 90 %.
    @Test func peopleWhoDifferAGreatDeal() {
        for m in [3, 5, 8] {
            for mu in [0.05, 0.2, 0.5] {
                let c = Self.coverage(participants: m, mu: mu, kappa: 3, studies: 2000, seed: 7 + UInt64(m))
                print(String(format: "coverage: %d participants, true rate %.2f, kappa 3: %.3f", m, mu, c))
                #expect(c >= 0.90, "\(m) participants at \(mu): \(c)")
            }
        }
    }

    @Test func aRateWithNoEventsHasItsRealUpperBound() throws {
        let none = ParticipantRate([Proportion(0, 12), Proportion(0, 9), Proportion(0, 15)])
        let i = try #require(none.interval)
        #expect(none.mean == 0 && i.low == 0)
        #expect(i.high > 0.05, "upper bound \(i.high)")
        let all = ParticipantRate([Proportion(10, 10), Proportion(7, 7), Proportion(12, 12)])
        #expect(try #require(all.interval).low < 1)
    }

    @Test func referenceValues() throws {
        // 2 of 3: Wilson 20.77 % to 93.85 % (R: prop.test(2, 3, correct = FALSE)$conf.int).
        let w23 = try #require(Proportion(2, 3).wilson)
        #expect(abs(w23.low - 0.207660) < 1e-6 && abs(w23.high - 0.938508) < 1e-6, "\(w23)")
        // 32 of 59 (a snap-back rate seen in a study): Wilson 41.7 % to 66.3 %.
        let w = try #require(Proportion(32, 59).wilson)
        #expect(abs(w.low - 0.4166) < 0.001 && abs(w.high - 0.6628) < 0.001, "\(w)")
        // 9 of 10 tasks completed: adjusted Wald 57.4 % to 100 % (Sauro and Lewis, 2016, ch. 3).
        let aw = try #require(Proportion(9, 10).adjustedWald)
        #expect(abs(aw.low - 0.5740) < 0.002 && aw.high == 1, "\(aw)")
        // The geometric mean of 2 and 8 s is 4 s; of 1, 10 and 100 s, 10 s, and its interval
        // on the logs (t with 2 df, log-sd ln 10) is 10 / 10^2.484 to 10 * 10^2.484.
        #expect(abs(try #require(GeometricMean([2, 8])).value - 4) < 1e-9)
        let g = try #require(GeometricMean([1, 10, 100]))
        #expect(abs(g.value - 10) < 1e-9)
        let gi = try #require(g.interval)
        let half = 4.303 / 3.0.squareRoot()
        #expect(abs(log10(gi.high) - (1 + half)) < 1e-6 && abs(log10(gi.low) - (1 - half)) < 1e-6, "\(gi)")
        #expect(t975(4) == 2.776 && abs(t975(60) - 2.000) < 0.002)
        // N-1 two-proportion test: 11 of 12 against 5 of 10 gives p about 0.03.
        let p = try #require(Proportion(11, 12).nMinusOneTest(against: Proportion(5, 10)))
        #expect(abs(p - 0.0328) < 0.001, "\(p)")
    }

    @Test func pairedWhereTheSamePeopleTookBoth() throws {
        let a = ["p1": Proportion(2, 10), "p2": Proportion(4, 10), "p3": Proportion(3, 10)]
        let b = ["p1": Proportion(3, 10), "p2": Proportion(6, 10), "p3": Proportion(4, 10)]
        let d = try #require(ParticipantDifference(first: a, second: b))
        #expect(d.design == .paired && abs(d.value - 0.1333) < 0.001 && d.participants == (3, 3))
        let c = try #require(ParticipantDifference(first: a, second: ["q1": Proportion(5, 10), "q2": Proportion(7, 10), "q3": Proportion(6, 12)]))
        #expect(c.design == .independent && c.participants == (3, 3))
        // Two people under a condition: too few to say.
        #expect(ParticipantDifference(first: a, second: ["q1": Proportion(5, 10), "q2": Proportion(7, 10)]) == nil)
        // Everyone moved by exactly 0.4: still an interval (from their own counts), not a point.
        let same = Dictionary(uniqueKeysWithValues: (1...5).map { ("p\($0)", Proportion(1, 10)) })
        let more = Dictionary(uniqueKeysWithValues: (1...5).map { ("p\($0)", Proportion(5, 10)) })
        let e = try #require(ParticipantDifference(first: same, second: more))
        #expect(abs(e.value - 0.4) < 1e-12 && e.interval.low < 0.4 && e.interval.high > 0.4 && e.interval.contains(0.4))
    }
}
