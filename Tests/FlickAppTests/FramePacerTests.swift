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
