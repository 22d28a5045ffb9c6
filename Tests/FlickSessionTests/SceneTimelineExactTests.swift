import FlickEngine
import FlickSession
import Testing

/// Scene time is the timeline's own number, to the bit, while the rate stays 1: presses and
/// releases change nothing then. An engine given the same input times elsewhere (the page's,
/// `--phone-engine`) meets the very same times.
@Suite struct SceneTimelineExactTests {
    @Test func pressesAndReleasesLeaveTimesAsGiven() {
        var timeline = SceneTimeline(start: 0)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var t = 0.1
        var phase = PointerEvent.Phase.down
        for i in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            t += Double(state >> 11) / Double(1 << 53) * 0.05
            phase = i % 7 == 0 ? .down : i % 7 == 6 ? .up : .move
            let p = PointerEvent(pointerID: 0, phase: phase, position: Point(x: 1, y: 2), time: t, device: .touch)
            timeline.submit(RecordedInput(t: t, .pointer(p)))
            let due = timeline.due(by: t)
            #expect(due.count == 1 && due[0].sceneTime.bitPattern == t.bitPattern, "input \(i) at \(t)")
            #expect(timeline.sceneTime(at: t).bitPattern == t.bitPattern)
        }
    }

    @Test func slowMotionStillSlowsAfterAPress() {
        var timeline = SceneTimeline(start: 0)
        timeline.submit(RecordedInput(t: 1, .time(.slow)))
        #expect(abs(timeline.sceneTime(at: 2) - 1.1) < 1e-12)
        let down = PointerEvent(pointerID: 0, phase: .down, position: Point(x: 0, y: 0), time: 2, device: .touch)
        timeline.submit(RecordedInput(t: 2, .pointer(down)))
        _ = timeline.due(by: 2)
        // While the pointer is down the scene runs 1:1 with it.
        #expect(abs(timeline.sceneTime(at: 3) - 2.1) < 1e-12)
    }
}
