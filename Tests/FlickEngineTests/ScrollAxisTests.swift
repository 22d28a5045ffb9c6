import Testing
@testable import FlickEngine

/// A 2000 pt list in a 600 pt viewport: offsets 0...1400.
private func listAxis(offset: Double = 0) -> ScrollAxis {
    ScrollAxis(viewportExtent: 600, minOffset: 0, maxOffset: 1400, offset: offset)
}

@Suite struct ScrollAxisTests {
    @Test func dragMovesContentAgainstTheFinger() {
        var axis = listAxis(offset: 500)
        axis.touchDown(at: 1)
        axis.drag(translation: -120, at: 1.1)
        #expect(axis.offset(at: 1.1) == 620, "finger left/up by 120 → content offset +120")
        #expect(axis.phase(at: 1.1) == .dragging)
        #expect(!axis.isSettled(at: 100), "held content is never settled")
    }

    @Test func dragPastTheEdgeIsRubberBanded() {
        var axis = listAxis()
        axis.touchDown(at: 0)
        axis.drag(translation: 300, at: 0.2)
        let expected = -RubberBand().shown(overscroll: 300, dimension: 600)
        #expect(abs(axis.offset(at: 0.2) - expected) < 1e-9)
        #expect(abs(expected + 129.4118) < 1e-3)
    }

    @Test func releaseCoastsToTheProjection() {
        var axis = listAxis(offset: 200)
        axis.touchDown(at: 0)
        axis.release(velocity: -1000, at: 0.01)
        // Content moves at +1000 pt/s; it ends the projected distance further.
        #expect(axis.velocity(at: 0.01) == 1000)
        let end = 200 + Decay.projectedDistance(velocity: 1000)
        let settle = axis.settleTime!
        #expect(axis.offset(at: settle) == end)
        #expect(abs(axis.offset(at: settle - 1e-3) - end) > 0.5, "still more than half a point to go")
        #expect(abs(axis.offset(at: settle - 1e-3) - end) < 0.51)
        #expect(axis.phase(at: 0.5) == .decelerating)
        #expect(axis.phase(at: settle) == .resting)
    }

    /// The decay hands over to the bounce spring at the crossing time, solved in closed form:
    /// no jump in offset or velocity, and it rests exactly at the edge.
    @Test func flingPastTheEndBouncesWithContinuousVelocity() throws {
        var axis = listAxis(offset: 1200)
        axis.touchDown(at: 0)
        axis.release(velocity: -3000, at: 0)
        guard case let .decaying(decay, bounce?) = axis.motion else { Issue.record("no bounce planned"); return }
        let tc = bounce.startTime
        #expect(abs(decay.position(at: tc) - 1400) < 1e-9)
        let h = 1e-7
        #expect(abs(axis.offset(at: tc - h) - axis.offset(at: tc + h)) < 1e-3)
        #expect(abs(axis.velocity(at: tc - h) - axis.velocity(at: tc + h)) < 0.1)
        #expect(axis.velocity(at: tc) > 1000, "still fast at the edge")
        // It overshoots, then comes back and rests at the edge.
        let peak = stride(from: tc, to: tc + 1, by: 0.001).map { axis.offset(at: $0) }.max()!
        #expect(peak > 1420 && peak < 1400 + 600)
        #expect(axis.offset(at: axis.settleTime!) == 1400)
        #expect(axis.phase(at: tc + 0.01) == .bouncing)
    }

    @Test func releasePastTheEdgeSpringsBack() {
        var axis = listAxis()
        axis.touchDown(at: 0)
        axis.drag(translation: 200, at: 0.1)
        axis.release(velocity: 0, at: 0.1)
        #expect(axis.phase(at: 0.2) == .bouncing)
        #expect(axis.offset(at: 0.2) < 0)
        #expect(axis.offset(at: 3) == 0)
    }

    // MARK: Interruption

    @Test func touchDuringMomentumStopsAtTheDrawnOffset() {
        var axis = listAxis(offset: 100)
        axis.touchDown(at: 0)
        axis.release(velocity: -2000, at: 0)
        let drawn = axis.offset(at: 0.25)
        #expect(axis.velocity(at: 0.25) > 500)
        axis.touchDown(at: 0.25)
        #expect(axis.offset(at: 0.25) == drawn)
        #expect(axis.offset(at: 0.4) == drawn, "no leftover velocity")
        #expect(axis.velocity(at: 0.4) == 0)
        axis.release(velocity: 0, at: 0.5)
        #expect(axis.offset(at: 2) == drawn)
    }

    @Test func touchDuringBounceKeepsContentUnderThePointer() {
        var axis = listAxis()
        axis.touchDown(at: 0)
        axis.drag(translation: 400, at: 0.1)
        axis.release(velocity: 0, at: 0.1)
        let shown = axis.offset(at: 0.2)
        #expect(shown < -20)
        axis.touchDown(at: 0.2)
        #expect(axis.offset(at: 0.2) == shown)
        axis.drag(translation: 0, at: 0.21)
        #expect(abs(axis.offset(at: 0.21) - shown) < 1e-9, "grab through the inverse: no jump")
        // Pulling further continues along the band from where the content was.
        let band = RubberBand()
        let raw = band.overscroll(shown: shown, dimension: 600)
        axis.drag(translation: 50, at: 0.25)
        #expect(abs(axis.offset(at: 0.25) - band.shown(overscroll: raw - 50, dimension: 600)) < 1e-9)
        // Pushing back inside follows the finger 1:1 once past the edge.
        axis.drag(translation: -500, at: 0.3)
        #expect(abs(axis.offset(at: 0.3) - (raw + 500)) < 1e-9)
    }

    @Test func retargetingAPagingSpringKeepsVelocity() {
        var axis = ScrollAxis(physics: .default, viewportExtent: 390, minOffset: 0, maxOffset: 390 * 9, pageSize: 390)
        axis.touchDown(at: 0)
        axis.drag(translation: -60, at: 0.05)
        axis.release(velocity: -1500, at: 0.05)
        let t = 0.15
        let v = axis.velocity(at: t), x = axis.offset(at: t)
        #expect(v > 100)
        axis.animate(toPage: 3, at: t)
        #expect(abs(axis.velocity(at: t) - v) < 1e-9)
        #expect(abs(axis.offset(at: t) - x) < 1e-9)
        #expect(axis.targetPage == 3)
        #expect(axis.offset(at: 5) == 3 * 390)
        // A new fling mid-spring starts exactly at the release velocity (content = −finger).
        axis.touchDown(at: 0.3)
        axis.drag(translation: -20, at: 0.32)
        let before = axis.offset(at: 0.32)
        axis.release(velocity: -1200, at: 0.32)
        #expect(abs(axis.offset(at: 0.32) - before) < 1e-9)
        #expect(abs(axis.velocity(at: 0.32) - 1200) < 1e-9)
    }

    @Test func animateToKeepsVelocityAndLands() {
        var axis = listAxis(offset: 100)
        axis.release(velocity: -2000, at: 0)
        let v = axis.velocity(at: 0.1)
        axis.animate(to: 900, at: 0.1)
        #expect(abs(axis.velocity(at: 0.1) - v) < 1e-9)
        #expect(axis.offset(at: 5) == 900)
        axis.animate(to: 99999, at: 6)
        #expect(axis.offset(at: 10) == 1400, "targets are clamped to the bounds")
    }

    @Test func shrinkingBoundsSpringsBackFromPastTheNewEdge() {
        var axis = listAxis(offset: 1400)
        axis.setBounds(minOffset: 0, maxOffset: 1000, at: 1)
        #expect(axis.offset(at: 1) == 1400, "no jump")
        #expect(axis.phase(at: 1.05) == .bouncing)
        #expect(axis.offset(at: 5) == 1000)
    }

    @Test func viewportResizeKeepsThePage() {
        var axis = ScrollAxis(viewportExtent: 400, minOffset: 0, maxOffset: 1200, pageSize: 400, offset: 800)
        axis.setGeometry(viewportExtent: 300, minOffset: 0, maxOffset: 900, pageSize: 300, at: 1)
        #expect(axis.offset(at: 1) == 600)
        #expect(axis.currentPage(at: 1) == 2)
    }

    @Test func jumpIsImmediateAndClamped() {
        var axis = listAxis()
        axis.jump(to: 700)
        #expect(axis.offset(at: 0) == 700 && axis.isSettled(at: 0))
        axis.jump(to: -50)
        #expect(axis.offset(at: 0) == 0)
    }
}
