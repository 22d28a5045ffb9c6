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

    @Test func theParticipantIntervalIsAcrossPeople() throws {
        // One busy participant (50 of 100) and four who rarely err: the gesture-level interval
        // is narrow around the busy one's rate; the participant-level one is wide and holds the
        // mean of the participants' rates (0.18), not the pooled 54 of 140.
        let people = [Proportion(50, 100), Proportion(1, 10), Proportion(0, 10), Proportion(2, 10), Proportion(1, 10)]
        let rate = ParticipantRate(people)
        let a = try #require(rate.interval)
        // Each participant's own counts kept (the dots), and the interval: the cluster-adjusted
        // Wilson (effective n 19.95, t with 4 degrees of freedom) joined with the logit
        // t-interval (constants from an independent Python computation of the same method).
        #expect(rate.counts == people)
        #expect(abs(a.low - 0.047624) < 1e-6 && abs(a.high - 0.490733) < 1e-6, "\(a)")
        let wilson = Proportion(54, 140).wilson!
        #expect((a.high - a.low) > 2 * (wilson.high - wilson.low))
        #expect(abs(rate.mean! - 0.18) < 1e-12 && a.contains(0.18))
        #expect(rate.pooled == Proportion(54, 140))
        // Fewer than two people: no interval across people.
        #expect(ParticipantRate([Proportion(3, 10)]).interval == nil)
        #expect(ParticipantRate([Proportion(3, 10), Proportion(0, 0)]).interval == nil)
        // Everyone alike: an interval around that rate, never a point.
        let alike = try #require(ParticipantRate([Proportion(2, 10), Proportion(4, 20), Proportion(1, 5)]).interval)
        #expect(alike.low < 0.2 && alike.high > 0.2)
    }
}
