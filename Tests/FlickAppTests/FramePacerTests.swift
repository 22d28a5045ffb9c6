@testable import FlickApp
import FlickSDL
import Testing

/// Frames in step with the display where the renderer does not wait for it.
struct FramePacerTests {
    @Test func aRendererThatDoesNotWaitIsPacedToTheDisplay() {
        let pacer = FramePacer(wantsVsync: true, rendererWaits: false, refreshRate: 60)
        #expect(pacer.description == "paced to 60 Hz")
        // A 4 ms frame waits out the rest of its 16.7 ms; one that took longer does not wait.
        #expect(abs(pacer.wait(frameStart: 10, now: 10.004) - (1.0 / 60 - 0.004)) < 1e-9)
        #expect(pacer.wait(frameStart: 10, now: 10.020) == 0)
        // A clock that went back never waits more than one interval.
        #expect(abs(pacer.wait(frameStart: 10, now: 9) - 1.0 / 60) < 1e-9)
    }

    @Test func aRendererThatWaitsOrNoVsyncIsNotPaced() {
        for pacer in [FramePacer(wantsVsync: true, rendererWaits: true, refreshRate: 60),
                      FramePacer(wantsVsync: false, rendererWaits: false, refreshRate: 60)] {
            #expect(pacer.interval == nil)
            #expect(pacer.description == nil)
            #expect(pacer.wait(frameStart: 10, now: 10.001) == 0)
        }
    }

    @Test(arguments: [(nil, 60), (0, 60), (144, 144), (1, 24), (100_000, 360), (.nan, 60), (.infinity, 60)] as [(Double?, Int)])
    func theRefreshRateIsHeldToASaneRange(rate: Double?, hz: Int) {
        let pacer = FramePacer(wantsVsync: true, rendererWaits: false, refreshRate: rate)
        #expect(pacer.description == "paced to \(hz) Hz")
        #expect(pacer.wait(frameStart: .nan, now: 1) == 0)
    }
}

/// The window's pacing port (`FramePacing`, the stall bench's too): at rest a frame is drawn
/// only for half a second after anything happened, then once a second; a changed refresh gives
/// a new latch, and no refresh none.
@Suite struct FramePacingTests {
    @Test func atRestAFrameIsDrawnOnceASecond() {
        var pacing = FramePacing()
        // (frame start, anything happening) in turn, and whether each frame is drawn.
        let frames: [(Double, Bool)] = [(10.0, true), (10.4, false), (10.6, false), (11.3, false), (11.45, false),
                                        (11.5, false), (11.6, true)]
        let drawn = frames.map { pacing.draws(at: $0.0, active: $0.1) }
        // Idle frames within the settle interval are drawn, then none until a second has passed
        // since the last drawn one; anything happening draws at once.
        #expect(drawn == [true, true, false, false, true, false, true])
    }

    @Test func theLatchFollowsTheRefresh() {
        var pacing = FramePacing()
        #expect(pacing.latch == nil && pacing.target(after: 1) == nil)
        pacing.pace(every: 1.0 / 60)
        #expect(pacing.latch?.interval == 1.0 / 60)
        let target = pacing.target(after: 1)
        #expect(target.map { $0.deadline > $0.latch } == true)
        pacing.pace(every: 1.0 / 144)
        #expect(pacing.latch?.interval == 1.0 / 144)
        pacing.pace(every: nil)
        #expect(pacing.latch == nil && !pacing.realtime)
    }
}
