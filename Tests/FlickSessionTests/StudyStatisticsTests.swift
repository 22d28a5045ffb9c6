import FlickSession
import Testing

/// The study's statistics against values published or computed independently: Wilson
/// intervals from Newcombe (1998a, table I), Newcombe's hybrid score intervals for a difference
/// (Newcombe 1998b, table II, method 10), Fisher's exact p from the hypergeometric sums done in
/// exact fractions (Python's `fractions`, no statistics library) and R's `fisher.test`.
@Suite struct StudyStatisticsTests {
    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 0.00005) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    @Test(arguments: [
        (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718), (3, 10, 0.1078, 0.6032),
    ])
    func wilsonMatchesThePublishedTable(k: Int, n: Int, low: Double, high: Double) {
        let w = Proportion(k, n).wilson
        #expect(Self.close(w?.low, low) && Self.close(w?.high, high), "\(k)/\(n): \(String(describing: w))")
    }

    @Test func wilsonOfNothingIsNothing() {
        #expect(Proportion(0, 0).wilson == nil)
        #expect(Proportion(0, 0).rate == nil)
        #expect(Proportion(5, 5).wilson?.high == 1)
    }

    @Test(arguments: [
        (56, 70, 48, 80, 0.2000, 0.0524, 0.3339), (9, 10, 3, 10, 0.6000, 0.1705, 0.8090), (5, 56, 0, 29, 0.0893, -0.0381, 0.1926),
    ])
    func newcombeDifferenceMatchesThePublishedTable(k1: Int, n1: Int, k2: Int, n2: Int, d: Double, low: Double, high: Double) {
        // difference(to:) is the other's rate minus this one's.
        let r = Proportion(k2, n2).difference(to: Proportion(k1, n1))
        #expect(Self.close(r?.difference, d) && Self.close(r?.interval.low, low) && Self.close(r?.interval.high, high),
                "\(k1)/\(n1) - \(k2)/\(n2): \(String(describing: r))")
    }

    @Test func fisherExactMatchesExactFractions() {
        #expect(abs(FisherExact.twoSided(3, 1, 1, 3) - 0.4857142857142857) < 1e-12)   // the tea-tasting table
        #expect(abs(FisherExact.twoSided(1, 9, 11, 3) - 0.0027594561852200836) < 1e-12)
        #expect(abs(FisherExact.twoSided(2, 28, 9, 21) - 0.041900118908418736) < 1e-12)
        #expect(FisherExact.twoSided(0, 10, 0, 12) == 1)
        // Symmetric in the conditions.
        #expect(abs(FisherExact.twoSided(9, 21, 2, 28) - FisherExact.twoSided(2, 28, 9, 21)) < 1e-15)
    }

    @Test func quartilesAreType7() {
        // numpy.percentile([1, 2, 3, 4, 10], [25, 50, 75]) = 2, 3, 4; of [1, 2, 3, 4]: 1.75, 2.5, 3.25.
        let five = Spread([10, 1, 3, 2, 4])
        #expect(five?.median == 3 && five?.q1 == 2 && five?.q3 == 4 && five?.count == 5)
        let s = Spread([4, 3, 2, 1])
        #expect(s?.median == 2.5 && s?.q1 == 1.75 && s?.q3 == 3.25)
        #expect(Spread([]) == nil)
    }

    @Test func clusterBootstrapIsFixedAndAcrossPeople() {
        // One busy participant (50 of 100) and four who rarely err: the gesture-level interval
        // is narrow around the busy one's rate; the participant-level one is wide and within
        // the participants' own rates (a pooled rate is a weighted mean of theirs).
        let people: [ClusterBootstrap.Counts] = [(50, 100), (1, 10), (0, 10), (2, 10), (1, 10)]
        let a = ClusterBootstrap.rate(people), b = ClusterBootstrap.rate(people)
        #expect(a != nil && a == b)
        let pooled = Proportion(54, 140)
        let wilson = pooled.wilson!
        #expect((a!.high - a!.low) > 2 * (wilson.high - wilson.low))
        #expect(a!.low >= 0 && a!.high <= 0.5)
        #expect(a!.contains(pooled.rate!))
        // Fewer than two people: no interval across people.
        #expect(ClusterBootstrap.rate([(3, 10)]) == nil)
        #expect(ClusterBootstrap.rate([(3, 10), (0, 0)]) == nil)
        // Everyone alike: the interval is that rate.
        let alike = ClusterBootstrap.rate([(2, 10), (4, 20), (1, 5)])
        #expect(Self.close(alike?.low, 0.2, 1e-12) && Self.close(alike?.high, 0.2, 1e-12))
    }

    @Test func pairedDifferenceAcrossPeople() {
        // Every participant errs 1 in 10 under the first condition and 5 in 10 under the second:
        // the difference is 0.4 in every resample.
        let same = (0..<5).map { _ in (first: (k: 1, n: 10), second: (k: 5, n: 10)) }
        let d0 = ClusterBootstrap.difference(same)
        #expect(Self.close(d0?.low, 0.4, 1e-12) && Self.close(d0?.high, 0.4, 1e-12))
        // Between participants (each took one condition): resampled independently, still fixed.
        let between: [(first: ClusterBootstrap.Counts, second: ClusterBootstrap.Counts)] =
            [((1, 10), (0, 0)), ((3, 10), (0, 0)), ((0, 0), (6, 10)), ((0, 0), (4, 10))]
        let d = ClusterBootstrap.difference(between)
        #expect(d != nil && d == ClusterBootstrap.difference(between))
        #expect(d!.low >= 0.1 && d!.high <= 0.5 && d!.contains(0.3))
        #expect(ClusterBootstrap.difference([((1, 10), (0, 0)), ((0, 0), (6, 10))]) == nil)
    }
}
