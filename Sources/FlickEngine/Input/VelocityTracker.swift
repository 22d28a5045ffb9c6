import RealModule

/// Estimates the pointer's velocity from recent samples, the way UIKit and Flutter do:
/// a least-squares quadratic fit over the last 100 ms, evaluated at the newest sample.
///
/// Samples live in a fixed-capacity ring buffer allocated once, so adding one never allocates.
/// History breaks at a 40 ms gap, because SDL sends no motion while the mouse is still and an
/// old stroke must not leak into a new one.
public struct VelocityTracker: Hashable, Sendable {
    /// The tunables, Codable so presets can carry them.
    public struct Configuration: Hashable, Sendable, Codable {
        /// How far back samples are fitted, seconds (0.1).
        public var window: Double
        /// A pause this long (seconds, 0.04) breaks the history, and at release means "held still".
        public var gap: Double
        /// Fastest velocity reported, pt/s (8000): the vector's length is clamped, not each axis.
        public var maxVelocity: Double
        /// Samples kept, at most; beyond it the oldest are dropped (128 covers 100 ms at 1 kHz).
        public var capacity: Int

        /// - Parameters:
        ///   - window: seconds.
        ///   - gap: seconds.
        ///   - maxVelocity: pt/s.
        ///   - capacity: samples.
        public init(window: Double = 0.1, gap: Double = 0.04, maxVelocity: Double = 8000, capacity: Int = 128) {
            self.window = window
            self.gap = gap
            self.maxVelocity = maxVelocity
            self.capacity = capacity
        }
    }

    /// The tunables in use.
    public let configuration: Configuration
    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    /// Index of the newest sample in the ring.
    private var head = -1
    /// Number of valid samples in the ring.
    public private(set) var count = 0

    /// - Parameter configuration: window, gap (seconds), maximum velocity (pt/s), capacity.
    public init(configuration: Configuration = Configuration()) {
        var c = configuration
        if !(c.window > 0 && c.window.isFinite) { c.window = 0.1 }
        if !(c.gap > 0 && c.gap.isFinite) { c.gap = 0.04 }
        if !(c.maxVelocity > 0) || c.maxVelocity.isNaN { c.maxVelocity = 8000 }
        c.capacity = max(3, c.capacity)
        self.configuration = c
        times = Array(repeating: 0, count: c.capacity)
        xs = times
        ys = times
    }

    /// Time of the newest sample, seconds, or nil when empty.
    public var lastTime: Double? { count > 0 ? times[head] : nil }
    /// Position of the newest sample, pt, or nil when empty.
    public var lastPosition: Point? { count > 0 ? Point(x: xs[head], y: ys[head]) : nil }

    /// Forgets every sample, for a new gesture.
    public mutating func reset() {
        head = -1
        count = 0
    }

    /// Records where the pointer was at `time` (seconds). Never add the release position:
    /// it usually repeats the last move and would drag the fit toward zero.
    /// A sample at the newest time replaces it (latest position wins); an older or non-finite
    /// one is rejected and nothing changes.
    @discardableResult
    public mutating func add(time: Double, position: Point) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard position.isFinite else { return .nonFinitePosition(position) }
        if let last = lastTime {
            if time < last { return .timeWentBackwards(previous: last, received: time) }
            if time == last {
                xs[head] = position.x
                ys[head] = position.y
                return nil
            }
            if time - last > configuration.gap { reset() }
        }
        head = (head + 1) % configuration.capacity
        times[head] = time
        xs[head] = position.x
        ys[head] = position.y
        count = min(count + 1, configuration.capacity)
        return nil
    }

    /// The i-th newest sample (0 = newest).
    @inline(__always) private func sample(_ i: Int) -> (t: Double, x: Double, y: Double) {
        let cap = configuration.capacity
        let k = (head - i + cap) % cap
        return (times[k], xs[k], ys[k])
    }

    /// The velocity while the pointer moves, pt/s, at the newest sample: the slope of a
    /// quadratic fitted to the samples of the last 100 ms (at least 3), else the slope between
    /// the two newest samples, else zero.
    public var velocity: Vector {
        guard count >= 2 else { return .zero }
        let newest = sample(0)
        var n = 0
        while n < count, newest.t - sample(n).t <= configuration.window + 1e-9 { n += 1 }
        var v: Vector? = nil
        if n >= 3 { v = quadraticSlope(samples: n) }
        if v == nil {
            let prev = sample(1)
            let dt = newest.t - prev.t
            if dt > 0 { v = Vector(dx: (newest.x - prev.x) / dt, dy: (newest.y - prev.y) / dt) }
        }
        return clamped(v ?? .zero)
    }

    /// The velocity to fling with at release, pt/s.
    ///
    /// Zero when the last sample is more than 40 ms before `time` (history broken) or when the
    /// pointer moved less than `slop` pt in the 40 ms before release (it was held still, and SDL
    /// sends no motion for a still mouse). `position` is the release position: used for that
    /// test only, never fitted. Non-finite arguments give zero.
    /// - Parameters:
    ///   - time: release time, seconds.
    ///   - position: release position, pt.
    ///   - slop: movement below which the pointer counts as still, pt.
    public func releaseVelocity(time: Double, position: Point, slop: Double) -> Vector {
        guard time.isFinite, position.isFinite, let last = lastTime else { return .zero }
        let since = time - configuration.gap
        guard last >= since - 1e-9 else { return .zero }
        var moved = 0.0
        var i = 0
        while i < count {
            let s = sample(i)
            if s.t < since - 1e-9 { break }
            moved = max(moved, (Point(x: s.x, y: s.y) - position).length)
            i += 1
        }
        guard moved >= max(0, slop) else { return .zero }
        return velocity
    }

    /// Slope at the newest sample of the least-squares quadratic through the `n` newest
    /// samples, pt/s; nil when the times are too clustered to fit a parabola.
    private func quadraticSlope(samples n: Int) -> Vector? {
        let t0 = sample(0).t
        // Times in milliseconds relative to the newest keep the normal equations well conditioned.
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, stx = 0.0, st2x = 0.0, sy = 0.0, sty = 0.0, st2y = 0.0
        let o = sample(0)
        for i in 0..<n {
            let s = sample(i)
            let t = (s.t - t0) * 1000
            let t2 = t * t
            let x = s.x - o.x, y = s.y - o.y
            s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            sx += x; stx += t * x; st2x += t2 * x
            sy += y; sty += t * y; st2y += t2 * y
        }
        // Normal equations  [s0 s1 s2; s1 s2 s3; s2 s3 s4] · (a, b, c) = (Σx, Σtx, Σt²x);
        // the slope at t = 0 is b (pt per ms), found by Cramer's rule.
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        let scale = max(1, s4 * s0 * s2)
        guard det.isFinite, abs(det) > 1e-9 * scale else { return nil }
        func slope(_ m0: Double, _ m1: Double, _ m2: Double) -> Double {
            let detB = s0 * (m1 * s4 - s3 * m2) - m0 * (s1 * s4 - s3 * s2) + s2 * (s1 * m2 - m1 * s2)
            return detB / det * 1000
        }
        let v = Vector(dx: slope(sx, stx, st2x), dy: slope(sy, sty, st2y))
        return v.isFinite ? v : nil
    }

    private func clamped(_ v: Vector) -> Vector {
        guard v.isFinite else { return .zero }
        let len = v.length
        let maxV = configuration.maxVelocity
        return len > maxV ? v * (maxV / len) : v
    }
}
