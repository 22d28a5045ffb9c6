/// Maps the times a device stamps its events with onto the session's clock, so that a gesture
/// keeps the spacing the device measured rather than the spacing at which a busy machine
/// happened to read its events.
///
/// An event cannot arrive before it happened, so each event bounds the offset between the two
/// clocks from above: `arrived - device`. The clock keeps the smallest such bound it has seen
/// (the event that came with the least delay), and a mapped time is therefore never later than
/// the event's arrival. It never goes back either: a mapped time is at least the one before it.
///
/// A device whose clock is not the host's (a phone) drifts against it; `rebase(offset:)`
/// sets a fresh estimate (from a clock exchange) between gestures, never during one, so the
/// samples of one gesture are spaced by one offset.
public struct DeviceClock: Hashable, Sendable {
    /// Session seconds minus device seconds, once known.
    public private(set) var offset: Double?
    private var lastMapped = -Double.infinity

    public init() {}

    /// The session time of an event the device stamped `device` that arrived at `arrived`
    /// (both seconds). A non-finite device time maps to the arrival.
    public mutating func map(device: Double, arrived: Double) -> Double {
        guard arrived.isFinite else { return arrived }
        guard device.isFinite else { return arrived }
        let bound = arrived - device
        let o = min(offset ?? bound, bound)
        offset = o
        let mapped = min(max(device + o, lastMapped), arrived)
        lastMapped = mapped
        return mapped
    }

    /// Replaces the offset with an estimate from elsewhere (a clock exchange), for the events
    /// that follow; call it between gestures. Non-finite estimates are ignored.
    public mutating func rebase(offset estimate: Double) {
        guard estimate.isFinite else { return }
        offset = estimate
    }
}
