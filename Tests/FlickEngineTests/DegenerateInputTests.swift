import Testing
@testable import FlickEngine

@Suite struct DegenerateInputTests {
    @Test func zeroSizeViewportIsAHardEdge() {
        var axis = ScrollAxis(viewportExtent: 0, minOffset: 0, maxOffset: 1000)
        axis.touchDown(at: 0)
        axis.drag(translation: 300, at: 0.1)
        #expect(axis.offset(at: 0.1) == 0)
        axis.drag(translation: -5000, at: 0.2)
        #expect(axis.offset(at: 0.2) == 1000)
        axis.release(velocity: -3000, at: 0.2)
        #expect(axis.offset(at: 5) == 1000)
        #expect(axis.offset(at: 0.3).isFinite)
    }

    @Test(arguments: [0.0, -500.0, .nan, .infinity])
    func emptyContentPinsAtMin(maxOffset: Double) {
        // Content that fits (0, -500) and a bound that is not finite (NaN, +∞: no length of
        // content) alike rest at the lower bound, and a fling cannot leave it.
        var axis = ScrollAxis(viewportExtent: 600, minOffset: 0, maxOffset: maxOffset, pageSize: 300)
        #expect(axis.maxOffset == 0, "maxOffset \(maxOffset) kept as \(axis.maxOffset)")
        axis.touchDown(at: 0)
        axis.drag(translation: -200, at: 0.1)
        axis.release(velocity: -4000, at: 0.1)
        #expect(axis.offset(at: 5) == 0)
        #expect(axis.currentPage(at: 5) == 0)
        for t in stride(from: 0.0, to: 2, by: 0.01) { #expect(axis.offset(at: t).isFinite) }
    }

    @Test func scrollAxisRejectsNonFiniteAndBackwardsInputs() {
        var axis = ScrollAxis(viewportExtent: 600, minOffset: 0, maxOffset: 1400, offset: 300)
        axis.touchDown(at: 1)
        axis.drag(translation: -50, at: 1.1)
        let before = axis
        let rejections: [InputRejection?] = [
            axis.touchDown(at: .nan), axis.drag(translation: .nan, at: 1.2), axis.drag(translation: 10, at: .infinity),
            axis.drag(translation: 10, at: 1.0), axis.release(velocity: .infinity, at: 1.2),
            axis.release(velocity: 100, at: 0.9), axis.animate(to: .nan, at: 1.2), axis.jump(to: -.infinity),
            axis.setBounds(minOffset: 0, maxOffset: .nan, at: 1.2), axis.setViewportExtent(-1, at: 1.2),
            axis.setGeometry(viewportExtent: 600, minOffset: 0, maxOffset: 100, pageSize: 0, at: 1.2),
        ]
        for r in rejections {
            #expect(r != nil)
            #expect(!(r?.description.isEmpty ?? true))
        }
        #expect(axis == before, "state unchanged")
        #expect(axis.drag(translation: -60, at: 1.2) == nil)
        #expect(axis.offset(at: 1.2) == 360)
    }

    @Test func simulationsNeverOutputNaN() {
        let d = Decay(position: .nan, velocity: .infinity, rate: 1.5, time: .nan)
        let s = Spring(from: .infinity, to: .nan, velocity: .nan,
                       parameters: .init(dampingRatio: -1, response: 0), time: .nan)
        for t in [-1.0, 0, 0.5, 1e9, .infinity] {
            #expect(d.position(at: t).isFinite && d.velocity(at: t).isFinite)
            #expect(s.position(at: t).isFinite && s.velocity(at: t).isFinite)
        }
        #expect(Paging.decide(offset: .nan, velocity: 1, pageSize: 0, startPage: 2).targetPage == 2)
    }

    /// Random gestures with extreme values on random geometries: offsets and velocities stay
    /// finite at every sampled time.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func fuzzNeverProducesNaN(seed: UInt64) {
        var dice = LCG(state: seed)
        let extremes: [Double] = [0, 1e-300, -1e-9, 1, -37, 1e4, -1e6, 1e12, .nan, .infinity, -.infinity]
        var axis = ScrollAxis(physics: ScrollPhysics(maxPagesPerFling: 3),
                              viewportExtent: dice.pick([0, 1, 390, 1e6]), minOffset: dice.pick([0, -100]),
                              maxOffset: dice.pick([0, 5, 2000, 1e7]), pageSize: dice.pick([nil, 1, 390]),
                              wrapsAround: dice.unit() < 0.3)
        var t = 0.0
        for _ in 0..<400 {
            t += dice.pick([0, 0.001, 0.016, 0.3, 2])
            let value = dice.unit() < 0.7 ? (dice.unit() * 2 - 1) * 3000 : dice.pick(extremes)
            switch Int(dice.unit() * 7) {
            case 0: axis.touchDown(at: t)
            case 1: axis.drag(translation: value, at: t)
            case 2: axis.release(velocity: value, at: t)
            case 3: axis.animate(to: value, at: t)
            case 4: axis.jump(to: value)
            case 5: axis.setBounds(minOffset: 0, maxOffset: abs(value), at: t)
            default: axis.setViewportExtent(abs(value), at: t)
            }
            for dt in [0, 0.005, 0.1, 1] {
                #expect(axis.offset(at: t + dt).isFinite, "seed \(seed)")
                #expect(axis.velocity(at: t + dt).isFinite, "seed \(seed)")
            }
        }
    }
}
