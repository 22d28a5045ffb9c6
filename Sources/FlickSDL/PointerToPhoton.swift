/// Pointer-to-photon latency: for every input, the time from its event timestamp to the return
/// of the present of the first frame that shows it (the frame that handled it), seconds. Keeps
/// the last `capacity` samples for the HUD's median and p99.
public struct PointerToPhoton: Sendable {
    public let capacity: Int
    private var samples: [Double] = []
    private var next = 0
    /// Every sample so far.
    public private(set) var count = 0

    public init(capacity: Int = 600) {
        self.capacity = max(1, capacity)
        samples.reserveCapacity(self.capacity)
    }

    /// An input stamped `input` (seconds) was first shown by a present that returned at `presented`.
    public mutating func add(input: Double, presented: Double) {
        let latency = presented - input
        guard latency.isFinite, latency >= 0 else { return }
        count += 1
        if samples.count < capacity { samples.append(latency) } else {
            samples[next] = latency
            next = (next + 1) % capacity
        }
    }

    /// Median and p99 (nearest rank) of the kept samples, seconds; nil with none.
    public var percentiles: (median: Double, p99: Double)? {
        guard !samples.isEmpty else { return nil }
        let s = samples.sorted()
        let rank = Int((0.99 * Double(s.count)).rounded(.up))
        return (s[s.count / 2], s[min(s.count - 1, max(0, rank - 1))])
    }
}
