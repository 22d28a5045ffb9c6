import FlickIO

/// How much a phone connection may ask of the host: the numbers in one place (docs/phone.md
/// lists them).
package enum PhoneLimits {
    /// Connections open at once (HTTP and WebSocket together). Past it, a connection that has
    /// not sent a request with the token is closed to make room (`ConnectionShare`).
    package static let connections = 128
    /// Connections one address may hold before sending a request with the token: half the
    /// slots, so a flood from one address leaves the other half to everyone else. Large, because
    /// a phone behind the flood's own address (a NAT) is shed if this many newer connections are
    /// taken before its head is read, and a busy server takes dozens between two reads.
    package static let pendingPerAddress = 64
    /// Connections the kernel completes and queues before the server takes them. The server takes
    /// each at once (then keeps or sheds it), so the queue holds only what arrives between two
    /// accepts; deep enough that 500 connections arriving together leave room for the phone's (a
    /// full queue drops the SYN, and the phone's retry comes a second later).
    package static let backlog = 1024
    /// An HTTP connection with nothing to read for this long is closed (also a request that
    /// trickles in), seconds.
    package static let httpIdle: Int64 = 10
    /// A WebSocket must say hello within this, seconds.
    package static let helloWithin = 5.0
    /// A connected page that sends nothing for this long is closed (it exchanges clocks every
    /// `clockInterval`), seconds.
    package static let idle = 15.0
    /// A frame the page has not taken within this closes the connection, seconds.
    package static let slowWrite = 3.0
    /// Seconds between the page's clock exchanges.
    package static let clockInterval = 3.0
    /// Sustained messages per second from a page (a finger at 240 Hz with its frame reports),
    /// and the burst above it.
    package static let messagesPerSecond = 600.0
    package static let burst = 1200.0
    /// Messages from the page waiting for the app's next frame; beyond it the connection is
    /// closed as `rate` (the app stopped draining).
    package static let inboxCapacity = 4096
    /// Records in one `history` message to a reloaded page (--phone-engine): some 100 KB.
    package static let historyChunk = 2000
    /// Largest face the host makes, pixels a side.
    package static let faceSide = 4096
}

/// A token bucket: `rate` tokens a second up to `burst`; each message takes one.
package struct RateLimiter: Sendable {
    package let rate: Double
    package let burst: Double
    private var tokens: Double
    private var last: Double?

    package init(rate: Double = PhoneLimits.messagesPerSecond, burst: Double = PhoneLimits.burst) {
        self.rate = rate
        self.burst = burst
        tokens = burst
    }

    /// Takes a token at host time `now` (seconds); false when none is left.
    package mutating func take(at now: Double) -> Bool {
        if let last, now > last { tokens = min(burst, tokens + (now - last) * rate) }
        last = max(last ?? now, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}

/// Touch to photon on the phone: each touch's phone time against the phone time at which the
/// page drew the first frame that applied it (both on the phone's clock, so no mapping error).
package struct PhoneLatency: Sendable {
    /// Frames whose touches wait for the page's `drawn` report (older ones are let go).
    package static let framesKept = 240
    /// Samples kept for the percentiles.
    package static let samplesKept = 4096

    private var pending: [(frame: Int, touches: [Double])] = []
    package private(set) var samples: [Double] = []
    private var next = 0
    package private(set) var count = 0

    package init() {}

    /// Frame `frame` was sent carrying the touches made at these phone times (ms).
    package mutating func sent(frame: Int, touches: [Double]) {
        guard !touches.isEmpty else { return }
        pending.append((frame, touches))
        if pending.count > Self.framesKept { pending.removeFirst(pending.count - Self.framesKept) }
    }

    /// The page drew `frame` at phone time `t` (ms): every touch of it or of an earlier frame not
    /// yet reported (a frame the page skipped is drawn by the next) gets its latency, seconds.
    package mutating func drawn(frame: Int, at t: Double) {
        var kept: [(frame: Int, touches: [Double])] = []
        for entry in pending {
            guard entry.frame <= frame else { kept.append(entry); continue }
            for touch in entry.touches where t >= touch { add((t - touch) / 1000) }
        }
        pending = kept
    }

    private mutating func add(_ seconds: Double) {
        count += 1
        if samples.count < Self.samplesKept {
            samples.append(seconds)
        } else {
            samples[next] = seconds
            next = (next + 1) % Self.samplesKept
        }
    }

    /// Median and 99th percentile, seconds (nearest rank), nil before any sample.
    package var percentiles: (median: Double, p99: Double)? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        return (nearestRank(sorted, 0.5), nearestRank(sorted, 0.99))
    }
}
