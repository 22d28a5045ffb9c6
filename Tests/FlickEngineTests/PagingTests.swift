import Testing
@testable import FlickEngine

/// A paged axis of five 390 pt pages, drawn in a 390 pt viewport.
private func pagedAxis(pages: Int = 5, physics: ScrollPhysics = .default) -> ScrollAxis {
    ScrollAxis(physics: physics, viewportExtent: 390, minOffset: 0,
               maxOffset: Double(pages - 1) * 390, pageSize: 390)
}

/// Drags by `by` pt (finger) over `duration` seconds in 8 ms steps, releases with `velocity`
/// (finger, pt/s) and returns the axis and release time.
private func fling(_ axis: inout ScrollAxis, from t0: Double = 0, by: Double, duration: Double,
                   velocity: Double) -> Double {
    axis.touchDown(at: t0)
    let steps = max(1, Int(duration / 0.008))
    for i in 1...steps {
        let f = Double(i) / Double(steps)
        axis.drag(translation: by * f, at: t0 + duration * f)
    }
    axis.release(velocity: velocity, at: t0 + duration)
    return t0 + duration
}

@Suite struct PagingTests {
    @Test func pureFunctionHalvesRoundUp() {
        #expect(Paging.page(nearest: 195, pageSize: 390) == 1)
        #expect(Paging.page(nearest: 194.99, pageSize: 390) == 0)
        #expect(Paging.page(nearest: -195, pageSize: 390) == 0)
        #expect(Paging.page(nearest: -195.01, pageSize: 390) == -1)
    }

    @Test func limitedToMaxPagesAndValidPages() {
        let one = Paging.decide(offset: 0, velocity: 8000, pageSize: 390, startPage: 0, maxPages: 1, validPages: 0...9)
        #expect(one.targetPage == 1 && one.nearestPage > 5)
        let three = Paging.decide(offset: 0, velocity: 8000, pageSize: 390, startPage: 0, maxPages: 3, validPages: 0...9)
        #expect(three.targetPage == 3)
        let edge = Paging.decide(offset: 0, velocity: -8000, pageSize: 390, startPage: 0, maxPages: 3, validPages: 0...9)
        #expect(edge.targetPage == 0)
        let endless = Paging.decide(offset: 0, velocity: -8000, pageSize: 390, startPage: 0, maxPages: 3, validPages: nil)
        #expect(endless.targetPage == -3)
    }

    @Test func slowDragPastHalfAPageTurnsThePage() {
        var axis = pagedAxis()
        let t = fling(&axis, by: -200, duration: 0.5, velocity: 0)
        #expect(axis.targetPage == 1)
        #expect(axis.offset(at: t + 5) == 390)
        // Short of half a page it comes back.
        var back = pagedAxis()
        let t2 = fling(&back, by: -190, duration: 0.5, velocity: 0)
        #expect(back.targetPage == 0 && back.offset(at: t2 + 5) == 0)
    }

    @Test func shortFastFlickTurnsExactlyOnePage() {
        var axis = pagedAxis()
        let t = fling(&axis, by: -30, duration: 0.05, velocity: -1500)
        #expect(axis.targetPage == 1)
        #expect(axis.offset(at: t + 5) == 390)
        #expect(axis.isSettled(at: t + 5))
    }

    @Test func veryFastFlickStillTurnsOnlyOne() {
        var axis = pagedAxis()
        let t = fling(&axis, by: -60, duration: 0.04, velocity: -20000)
        #expect(axis.targetPage == 1)
        #expect(axis.lastPagingDecision!.nearestPage > 3, "the projection alone would go further")
        #expect(axis.offset(at: t + 5) == 390)
        // The switcher allows three.
        var three = pagedAxis(pages: 10, physics: ScrollPhysics(maxPagesPerFling: 3))
        let t3 = fling(&three, by: -60, duration: 0.04, velocity: -20000)
        #expect(three.targetPage == 3 && three.offset(at: t3 + 5) == 3 * 390)
    }

    @Test func flickAgainstTheEdgeBouncesBackToFirstPage() {
        var axis = pagedAxis()
        let t = fling(&axis, by: 40, duration: 0.05, velocity: 2000)
        #expect(axis.offset(at: t) < 0, "rubber-banded past the start")
        #expect(axis.offset(at: t) > -40, "by less than the finger moved")
        #expect(axis.targetPage == 0)
        // The critically damped spring carries the outward velocity, then comes back without
        // ringing and rests exactly on page 0.
        #expect(abs(axis.velocity(at: t) + 2000) < 1e-9)
        #expect(axis.offset(at: t + 5) == 0)
        #expect(axis.currentPage(at: t + 5) == 0)
    }

    @Test func pagesFromThePageWhereTheDragBegan() {
        var axis = pagedAxis()
        axis.jump(to: 2 * 390)
        let t = fling(&axis, by: 100, duration: 0.1, velocity: 900)
        #expect(axis.targetPage == 1)
        #expect(axis.offset(at: t + 5) == 390)
    }

    @Test func wrapAroundPagesBothWays() {
        var axis = ScrollAxis(physics: ScrollPhysics(maxPagesPerFling: 3), viewportExtent: 400,
                              minOffset: 0, maxOffset: 0, pageSize: 80, wrapsAround: true)
        let t = fling(&axis, by: 50, duration: 0.05, velocity: 6000)
        #expect(axis.targetPage == -3)
        #expect(axis.offset(at: t + 5) == -240)
        #expect(axis.currentPage(at: t + 5) == -3)
    }
}
