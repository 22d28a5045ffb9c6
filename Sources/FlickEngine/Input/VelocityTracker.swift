
/// How a velocity was estimated: what the log says beside a release's velocity when it was not
/// the plain fit, so a study can tell a degraded estimate from a measured one.
public enum VelocityEstimate: String, Hashable, Sendable, CaseIterable {
    /// The least-squares fit over the window, its samples at distinct times.
    case fit
    /// The fit, over samples of which some share a timestamp (events delivered in a burst and
    /// stamped on arrival): the direction holds, the speed is less sure.
    case bunched
    /// The fit pointed against the pointer's last step (that step's velocity was used) or ran
    /// far past the fastest step of its window (the median of the slopes between samples was).
    case robust
}

/// Estimates the pointer's velocity from recent samples, the way UIKit and Flutter do:
/// a least-squares quadratic fit over the last 100 ms, evaluated at the newest sample.
///
/// The fit is guarded: a parabola can extrapolate against the motion it was fitted to (samples
/// bunched in time by a busy machine do that), and no finger releases a card moving the opposite
/// way to where it just travelled. Where the fit points against the pointer's last step, that
/// step stands in; where it runs far past the fastest step of its window, the median of the
/// slopes between the window's samples (Theil–Sen) does; `estimate` says so.
///
/// Samples live in a fixed-capacity ring buffer allocated once, so adding one never allocates.
/// History breaks at a 40 ms gap, because SDL sends no motion while the mouse is still and an
/// old stroke must not leak into a new one.
public struct VelocityTracker: Hashable, Sendable {
    /// The tunables, Codable so presets can carry them.
    public struct Configuration: Hashable, Sendable {
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
    /// A sample at the newest time is kept beside it (a burst stamped on arrival still says
    /// where the pointer went), unless it repeats it exactly; an older or non-finite one is
    /// rejected and nothing changes.
    @discardableResult
    public mutating func add(time: Double, position: Point) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard position.isFinite else { return .nonFinitePosition(position) }
        if let last = lastTime {
            if time < last { return .timeWentBackwards(previous: last, received: time) }
            if time == last && xs[head] == position.x && ys[head] == position.y { return nil }
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
    /// quadratic fitted to the samples of the last 100 ms (at least 3 at two or more times),
    /// else the slope between the newest sample and the newest one before its time, else zero;
    /// guarded against pointing against the pointer's last step (see `estimate`).
    public var velocity: Vector { estimated.velocity }

    /// How `velocity` was found: `.fit`, `.bunched` (samples of the window share a time) or
    /// `.robust` (the fit disagreed with the pointer's last step or ran far past its steps).
    public var estimate: VelocityEstimate { estimated.estimate }

    /// The velocity and how it was found.
    public var estimated: (velocity: Vector, estimate: VelocityEstimate) {
        guard count >= 2 else { return (.zero, .fit) }
        let newest = sample(0)
        var n = 0
        var shared = false
        while n < count, newest.t - sample(n).t <= configuration.window + 1e-9 {
            if n > 0 && sample(n).t == sample(n - 1).t { shared = true }
            n += 1
        }
        var v: Vector? = nil
        if n >= 3 { v = quadraticSlope(samples: n) }
        if v == nil {
            var i = 1
            while i < count, sample(i).t == newest.t { i += 1 }
            if i < count {
                let prev = sample(i)
                let dt = newest.t - prev.t
                v = Vector(dx: (newest.x - prev.x) / dt, dy: (newest.y - prev.y) / dt)
            }
        }
        guard let fitted = v, fitted.isFinite else { return (.zero, shared ? .bunched : .fit) }
        if let robust = robustSlope(samples: n, against: fitted) {
            return (clamped(robust), .robust)
        }
        return (clamped(fitted), shared ? .bunched : .fit)
    }

    /// A stand-in for `fitted` when it disagrees with the `n` newest samples, else nil.
    ///
    /// Disagreeing: the fit points against the pointer's last step (the newest sample against
    /// the newest one at least `stepSpan` older, a time a hand cannot turn around in), or is
    /// more than `implausibleRatio` times the fastest the pointer was seen to move between two
    /// samples of the window. Against the last step, that step's own velocity stands in; too
    /// fast, the median of the slopes between every two samples at different times, axis by
    /// axis (Theil–Sen), or the last step where that median points against it. The last step,
    /// not the whole window, is the reference: a finger that turns around inside the window is
    /// fitted right, and the window's net motion still points the old way.
    private func robustSlope(samples n: Int, against fitted: Vector) -> Vector? {
        guard n >= 2 else { return nil }
        let newest = sample(0)
        var k = 1
        while k < n - 1, newest.t - sample(k).t < Self.stepSpan { k += 1 }
        let reference = sample(k)
        let span = newest.t - reference.t
        let moved = Vector(dx: newest.x - reference.x, dy: newest.y - reference.y)
        guard span > 0, moved.length >= Self.leastStep else { return nil }
        let step = moved * (1 / span)
        if fitted.dx * step.dx + fitted.dy * step.dy <= 0 { return step }
        var fastest = 0.0
        var later = newest
        for i in 1..<n {
            let s = sample(i)
            guard s.t < later.t else { continue }
            fastest = max(fastest, Vector(dx: later.x - s.x, dy: later.y - s.y).length / (later.t - s.t))
            later = s
        }
        guard fitted.length > Self.implausibleRatio * fastest else { return nil }
        var sx: [Double] = [], sy: [Double] = []
        sx.reserveCapacity(n * (n - 1) / 2)
        sy.reserveCapacity(n * (n - 1) / 2)
        for i in 0..<n {
            let a = sample(i)
            for j in (i + 1)..<n {
                let b = sample(j)
                let dt = a.t - b.t
                guard dt > 0 else { continue }
                sx.append((a.x - b.x) / dt)
                sy.append((a.y - b.y) / dt)
            }
        }
        guard !sx.isEmpty else { return step }
        let median = Vector(dx: Self.median(&sx), dy: Self.median(&sy))
        guard median.isFinite, median.dx * step.dx + median.dy * step.dy > 0 else { return step }
        return median
    }

    /// A fit more than this many times the fastest step between the window's samples is not
    /// believed: a parabola through a hand's samples ends near its fastest step, not far past it.
    static let implausibleRatio = 2.0
    /// The pointer's last step spans at least this long (seconds) where the window allows.
    static let stepSpan = 0.008
    /// Below this last step (pt) the pointer counts as still and its direction unknown: the
    /// fit is kept.
    static let leastStep = 2.0

    private static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let m = values.count / 2
        return values.count % 2 == 1 ? values[m] : (values[m - 1] + values[m]) / 2
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
        releaseEstimate(time: time, position: position, slop: slop).velocity
    }

    /// `releaseVelocity` and how it was found (`.fit` when the pointer was held still).
    public func releaseEstimate(time: Double, position: Point, slop: Double) -> (velocity: Vector, estimate: VelocityEstimate) {
        guard time.isFinite, position.isFinite, let last = lastTime else { return (.zero, .fit) }
        let since = time - configuration.gap
        guard last >= since - 1e-9 else { return (.zero, .fit) }
        var moved = 0.0
        var i = 0
        while i < count {
            let s = sample(i)
            if s.t < since - 1e-9 { break }
            moved = max(moved, (Point(x: s.x, y: s.y) - position).length)
            i += 1
        }
        guard moved >= max(0, slop) else { return (.zero, .fit) }
        return estimated
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

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension VelocityTracker.Configuration: Codable {}
#endif
