import Testing
@testable import FlickEngine

/// Feeds `x(t)` (pt, along x) sampled every `interval` s for `duration` s; returns the tracker
/// and the last sample time.
private func track(_ x: (Double) -> Double, interval: Double, duration: Double,
                   quantizeMs: Bool = false) -> (VelocityTracker, Double) {
    var tracker = VelocityTracker()
    var t = 0.0, last = 0.0
    while t <= duration + 1e-12 {
        let stamp = quantizeMs ? (t * 1000).rounded(.down) / 1000 : t
        tracker.add(time: stamp, position: Point(x: x(t), y: 0))
        last = stamp
        t += interval
    }
    return (tracker, last)
}

@Suite struct VelocityTrackerTests {
    static let intervals = [0.008, 0.001]

    @Test(arguments: intervals)
    func constantSpeed(interval: Double) {
        let (tr, _) = track({ 1000 * $0 }, interval: interval, duration: 0.2)
        let v = tr.velocity.dx
        print("VelocityTracker constant 1000 pt/s @ \(interval * 1000) ms: \(v)")
        #expect(abs(v - 1000) < 1)
    }

    @Test(arguments: intervals)
    func accelerating(interval: Double) {
        // x = ½·20000·t²: 4000 pt/s at t = 0.2 s.
        let (tr, last) = track({ 10000 * $0 * $0 }, interval: interval, duration: 0.2)
        let want = 20000 * last
        print("VelocityTracker accelerating @ \(interval * 1000) ms: \(tr.velocity.dx) want \(want)")
        #expect(abs(tr.velocity.dx - want) < 0.005 * want)
    }

    @Test(arguments: intervals)
    func decelerating(interval: Double) {
        // v = 3000 − 12000 t: 600 pt/s at t = 0.2 s.
        let (tr, last) = track({ 3000 * $0 - 6000 * $0 * $0 }, interval: interval, duration: 0.2)
        let want = 3000 - 12000 * last
        print("VelocityTracker decelerating @ \(interval * 1000) ms: \(tr.velocity.dx) want \(want)")
        #expect(abs(tr.velocity.dx - want) < 0.005 * abs(want) + 1e-6)
    }

    @Test(arguments: intervals)
    func noisy(interval: Double) {
        var noise = LCG(state: 42)
        let (tr, _) = track({ 1200 * $0 + 1.5 * noise.signed() * (0 * $0 + 1) }, interval: interval, duration: 0.3)
        let v = tr.velocity.dx
        print("VelocityTracker noisy 1200 pt/s ±1.5 pt @ \(interval * 1000) ms: \(v)")
        #expect(abs(v - 1200) < 0.08 * 1200)
    }

    /// 1 kHz-ish events whose timestamps are whole milliseconds (SDL's clock): several events
    /// share a timestamp and are merged; the estimate stays right and never divides by zero.
    @Test func wholeMillisecondTimestamps() {
        let (tr, _) = track({ 800 * $0 }, interval: 0.0007, duration: 0.2, quantizeMs: true)
        let v = tr.velocity.dx
        print("VelocityTracker 800 pt/s, 0.7 ms events, whole-ms stamps: \(v)")
        #expect(v.isFinite)
        #expect(abs(v - 800) < 0.05 * 800)
    }

    @Test func equalTimestampsDoNotDivideByZero() {
        var tr = VelocityTracker()
        for x in [0.0, 5, 10] { tr.add(time: 1, position: Point(x: x, y: 0)) }
        tr.add(time: 1, position: Point(x: 10, y: 0))
        #expect(tr.count == 3, "samples sharing a time are kept, an exact repeat is not")
        #expect(tr.lastPosition == Point(x: 10, y: 0), "latest position newest")
        #expect(tr.velocity == .zero)
        tr.add(time: 1.01, position: Point(x: 20, y: 0))
        tr.add(time: 1.01, position: Point(x: 30, y: 0))
        #expect(abs(tr.velocity.dx - 2000) < 1e-6, "two-point estimate between the newest samples of two times")
        #expect(tr.estimate == .bunched)
    }

    @Test func holdingStillBeforeReleaseGivesAlmostZero() {
        // A touch screen keeps reporting the still finger every 8 ms for 50 ms.
        var tr = VelocityTracker()
        var t = 0.0
        while t < 0.2 { tr.add(time: t, position: Point(x: 1500 * t, y: 0)); t += 0.008 }
        let stop = Point(x: 1500 * t, y: 0)
        let held = t + 0.05
        while t <= held { tr.add(time: t, position: stop); t += 0.008 }
        let v = tr.releaseVelocity(time: held, position: stop, slop: 8)
        print("VelocityTracker release after 50 ms still: \(v.length)")
        #expect(v.length < 50)
        // A mouse sends nothing while still: 50 ms without samples.
        var mouse = VelocityTracker()
        for i in 0..<25 { mouse.add(time: Double(i) * 0.008, position: Point(x: Double(i) * 12, y: 0)) }
        #expect(mouse.releaseVelocity(time: 0.192 + 0.05, position: Point(x: 288, y: 0), slop: 4) == .zero)
    }

    @Test func gapBeforeReleaseGivesZero() {
        var tr = VelocityTracker()
        for i in 0..<20 { tr.add(time: Double(i) * 0.008, position: Point(x: Double(i) * 16, y: 0)) }
        let last = 19 * 0.008
        #expect(tr.releaseVelocity(time: last + 0.008, position: Point(x: 304, y: 0), slop: 4).dx > 1000)
        #expect(tr.releaseVelocity(time: last + 0.041, position: Point(x: 304, y: 0), slop: 4) == .zero)
    }

    @Test func gapBreaksHistory() {
        var tr = VelocityTracker()
        for i in 0..<10 { tr.add(time: Double(i) * 0.008, position: Point(x: Double(i) * -40, y: 0)) }
        // 60 ms pause, then a slow move the other way: the old stroke must not leak in.
        for i in 0..<10 { tr.add(time: 0.132 + Double(i) * 0.008, position: Point(x: -360 + Double(i) * 2, y: 0)) }
        #expect(tr.count == 10)
        #expect(abs(tr.velocity.dx - 250) < 1)
    }

    @Test func releasePositionIsNotASample() {
        var tr = VelocityTracker()
        for i in 0..<10 { tr.add(time: Double(i) * 0.008, position: Point(x: Double(i) * 10, y: 0)) }
        let before = tr
        _ = tr.releaseVelocity(time: 0.08, position: Point(x: 90, y: 0), slop: 4)
        #expect(tr == before)
        #expect(abs(tr.releaseVelocity(time: 0.08, position: Point(x: 90, y: 0), slop: 4).dx - 1250) < 1e-6)
    }

    @Test func clampsTheVectorLength() {
        var tr = VelocityTracker()
        for i in 0..<10 { tr.add(time: Double(i) * 0.008, position: Point(x: Double(i) * 160, y: Double(i) * 160)) }
        let v = tr.velocity
        #expect(abs(v.length - 8000) < 1e-6)
        #expect(abs(v.dx - v.dy) < 1e-6, "direction kept")
    }

    @Test func ringBufferKeepsCapacity() {
        var tr = VelocityTracker(configuration: .init(capacity: 16))
        for i in 0..<1000 { tr.add(time: Double(i) * 0.001, position: Point(x: Double(i), y: 0)) }
        #expect(tr.count == 16)
        #expect(abs(tr.velocity.dx - 1000) < 1e-6)
    }

    @Test func rejectsBadSamples() {
        var tr = VelocityTracker()
        tr.add(time: 1, position: .zero)
        let before = tr
        if case .nonFiniteTime = tr.add(time: .nan, position: .zero) {} else { Issue.record("accepted NaN time") }
        #expect(tr.add(time: 0.5, position: .zero) == .timeWentBackwards(previous: 1, received: 0.5))
        if case .nonFinitePosition = tr.add(time: 2, position: Point(x: .infinity, y: 0)) {} else { Issue.record("accepted ∞") }
        #expect(tr == before)
    }
}
