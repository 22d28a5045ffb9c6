/// Estimates the offset between the phone's clock (`performance.now()`, milliseconds from the
/// page's start) and the host's (seconds, the clock the window stamps mouse events with), so a
/// touch keeps the time the phone gave it and velocity comes from the phone's timing, not the
/// network's. A touch's own time is mapped by a `DeviceClock` rebased on this estimate at each
/// press (PhoneServer).
///
/// One exchange: the page sends `t0` (its clock), the host answers with its time `s`, the page
/// receives that at `t1` and reports all three. Assuming the answer was made halfway through
/// the round trip, the offset is `s - (t0 + t1) / 2` with an error of at most half the round
/// trip. Of the recent exchanges the one with the shortest round trip wins (its bound is the
/// tightest); the exchanges repeat every few seconds, so drift is followed.
package struct PhoneClock: Sendable, Equatable {
    package struct Sample: Sendable, Equatable {
        /// Host seconds minus phone seconds.
        package var offset: Double
        /// The round trip, seconds.
        package var roundTrip: Double
    }

    /// Exchanges kept (at one every few seconds, the last half minute or so).
    package static let kept = 8
    /// A round trip longer than this says nothing useful about the offset.
    package static let longestRoundTrip = 2.0

    package private(set) var samples: [Sample] = []

    package init() {}

    /// Adds one exchange (`t0`, `t1` phone milliseconds, `s` host seconds); false (and kept out)
    /// when it cannot be one: numbers not finite, a reply before its request, a round trip too long.
    @discardableResult
    package mutating func add(t0: Double, t1: Double, host s: Double) -> Bool {
        guard t0.isFinite, t1.isFinite, s.isFinite, t1 >= t0 else { return false }
        let roundTrip = (t1 - t0) / 1000
        guard roundTrip <= Self.longestRoundTrip else { return false }
        samples.append(Sample(offset: s - (t0 + t1) / 2000, roundTrip: roundTrip))
        if samples.count > Self.kept { samples.removeFirst(samples.count - Self.kept) }
        return true
    }

    /// The best exchange (shortest round trip; the later of equals), nil before any.
    package var best: Sample? {
        samples.reversed().min { $0.roundTrip < $1.roundTrip }
    }
}
