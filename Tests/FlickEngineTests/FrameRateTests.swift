import Testing
import RealModule
@testable import FlickEngine

/// One input to a ScrollAxis at its own timestamp, the way the scene feeds them.
private enum AxisInput {
    case down(Double)
    case drag(Double, Double)
    case up(Double, Double)
    var time: Double {
        switch self { case let .down(t), let .drag(_, t), let .up(_, t): return t }
    }
}

/// A finger drag of `by` pt over `duration` s with 8 ms moves, released at `velocity` pt/s.
private func gesture(start: Double, by: Double, duration: Double, velocity: Double) -> [AxisInput] {
    var out: [AxisInput] = [.down(start)]
    let n = Int(duration / 0.008)
    for i in 1...n { out.append(.drag(by * Double(i) / Double(n), start + duration * Double(i) / Double(n))) }
    out.append(.up(velocity, start + duration))
    return out
}

/// Runs a frame loop: before each frame every input up to the frame time is applied, then the
/// frame samples the offset. `probes` are added to the frame times so every run is sampled at
/// them too. Returns the offsets at the probes and the first frame time that was settled.
private func run(_ axis0: ScrollAxis, inputs: [AxisInput], frames: [Double], probes: [Double])
    -> (probes: [Double: Double], firstSettled: Double?, settleTime: Double?, maxAbs: Double) {
    var axis = axis0
    var pending = inputs[...]
    var samples: [Double: Double] = [:]
    var firstSettled: Double? = nil
    var maxAbs = 0.0
    let probeSet = Set(probes)
    for t in (frames + probes).sorted() {
        while let e = pending.first, e.time <= t {
            switch e {
            case let .down(time): axis.touchDown(at: time)
            case let .drag(d, time): axis.drag(translation: d, at: time)
            case let .up(v, time): axis.release(velocity: v, at: time)
            }
            pending = pending.dropFirst()
        }
        let x = axis.offset(at: t)
        maxAbs = max(maxAbs, abs(x))
        if probeSet.contains(t) { samples[t] = x }
        if pending.isEmpty, firstSettled == nil, axis.isSettled(at: t) { firstSettled = t }
    }
    return (samples, firstSettled, axis.settleTime, maxAbs)
}

private func grid(hz: Double, until end: Double) -> [Double] {
    (0...Int(end * hz)).map { Double($0) / hz }
}

private func randomFrames(until end: Double, seed: UInt64) -> [Double] {
    var rng = LCG(state: seed), t = 0.0, out: [Double] = []
    while t < end { out.append(t); t += 0.002 + 0.045 * rng.unit() }
    return out
}

@Suite struct FrameRateTests {
    enum Scenario: String, CaseIterable { case fling, bounce, paging }

    fileprivate func setup(_ s: Scenario) -> (ScrollAxis, [AxisInput]) {
        switch s {
        case .fling:
            return (ScrollAxis(viewportExtent: 600, minOffset: 0, maxOffset: 20000, offset: 1000),
                    gesture(start: 0.1, by: -150, duration: 0.12, velocity: -2500))
        case .bounce:
            return (ScrollAxis(viewportExtent: 600, minOffset: 0, maxOffset: 1400, offset: 1000),
                    gesture(start: 0.1, by: -150, duration: 0.12, velocity: -3000))
        case .paging:
            return (ScrollAxis(viewportExtent: 390, minOffset: 0, maxOffset: 390 * 4, pageSize: 390),
                    gesture(start: 0.1, by: -60, duration: 0.05, velocity: -1800))
        }
    }

    @Test(arguments: Scenario.allCases)
    func sameOffsetsAndSettleTimeAtAnyFrameRate(_ scenario: Scenario) {
        let (axis, inputs) = setup(scenario)
        let end = 6.0
        let probes = stride(from: 0.0, through: end, by: 0.0137).map { $0 }
        let schedules: [(String, [Double])] = [
            ("30 Hz", grid(hz: 30, until: end)), ("60 Hz", grid(hz: 60, until: end)),
            ("120 Hz", grid(hz: 120, until: end)), ("144 Hz", grid(hz: 144, until: end)),
            ("random A", randomFrames(until: end, seed: 7)), ("random B", randomFrames(until: end, seed: 99)),
        ]
        let reference = run(axis, inputs: inputs, frames: [], probes: probes)
        #expect(reference.maxAbs.isFinite)
        var worst = 0.0
        for (name, frames) in schedules {
            let r = run(axis, inputs: inputs, frames: frames, probes: probes)
            for p in probes {
                let d = abs(r.probes[p]! - reference.probes[p]!)
                worst = max(worst, d)
                #expect(d < 1e-6, "\(scenario) at \(name): offset at \(p) differs by \(d)")
            }
            #expect(r.settleTime == reference.settleTime, "\(scenario) at \(name)")
            // The first settled frame is the first frame at or after the common settle time.
            let settle = reference.settleTime!
            let expectedFirst = (frames + probes).sorted().first { $0 >= settle }
            #expect(r.firstSettled == expectedFirst, "\(scenario) at \(name)")
        }
        #expect(reference.settleTime! < end)
        print("FrameRate \(scenario): worst difference \(worst) pt, settles at \(reference.settleTime!) s")
    }

    /// Guards the test itself: an Euler-integrated decay stepped per frame DOES depend on the
    /// frame rate, so the comparison above can tell the difference.
    @Test func perFrameIntegrationWouldBeCaught() {
        func euler(hz: Double) -> Double {
            var x = 0.0, v = 2000.0
            let dt = 1 / hz
            for _ in 0..<Int(hz) { x += v * dt; v *= Double.pow(0.998, 1000 * dt) }
            return x
        }
        #expect(abs(euler(hz: 30) - euler(hz: 144)) > 1e-6)
    }
}
