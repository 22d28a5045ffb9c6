import FlickEngine
import FlickSDL
import FlickSession
import FlickStage
import Foundation

/// When a window frame started, what it had submitted before, the refresh it aims at and the
/// pointer events it took (pointer to photon runs from their timestamps to this frame's present).
struct FrameMarks {
    var start: Double
    var inputsBefore: Int
    var target: (latch: Double, deadline: Double)?
    var inputTimes: [Double]
}

/// The parts of the window's frame (`App.runWindow`): each source's poll, and the drawing with
/// its timing.
extension App {
    /// Nothing moves and nothing is due: the frame waits for an event instead of sampling one.
    /// A replay that reached its end shows it as it was: nothing moves after it.
    var isIdle: Bool {
        (scene.isAtRest || timeline.isPaused || runner.hasEnded) && !input.pointerOnStage && !timeline.hasQueuedInput
            && screen.faces.isSettled && !hasTransientsOnScreen && !session.replayRunning(player)
    }

    /// The windows' events for this frame. While something moves, input is sampled as late
    /// before the frame's refresh as its drawing allows (`FrameLatch`); after an idle wait the
    /// frame draws at once. A connected phone's touches arrive off SDL's queue: the wait is
    /// short while one is.
    func waitForInput(idle: Bool) -> (events: [InputEvent], target: (latch: Double, deadline: Double)?) {
        updateLatch()
        if idle {
            screen.pacing.restart()
            let limit = phone?.isConnected == true ? 0.004 : 0.25
            let events = input.events.wait(timeout: sources.idleWait(now: SDLContext.now, limit: limit))
            return (events, screen.pacing.target(after: PerformanceClock.now))
        }
        // The decoder steps aside just before the latch.
        let faces = screen.faces
        let target = screen.pacing.waitForLatch(comingSoon: { faces.frameComing() })
        let events = input.events.poll()
        return (events, target ?? screen.pacing.target(after: PerformanceClock.now))
    }

    /// Every source's inputs of this frame, submitted in one order: the windows' events, the
    /// phone, then the listed sources (the replay, or the --config file, the tuning panel and
    /// the cards folder); then the clock's sync.
    func takeSources(_ events: [InputEvent]) throws {
        session.replay.tick(wall: SDLContext.now)
        for event in events { handle(event) }
        pumpPhone()
        if let phoneFailure = phone?.failure { throw phoneFailure }
        takeListedSources()
        try pollCardKeeping()
        syncClock()
    }

    /// A minimized window has nothing to draw: a frame's wait instead of a spin.
    func waitWhileMinimized() {
        screen.faces.presented()   // the decoder, told a frame was coming, goes on
        usleep(UInt32((pacer.interval ?? 1.0 / 60) * 1_000_000))
    }

    /// Draws and presents the frame, then the facilitator's window; records the frame's times
    /// for the HUD and its latch.
    func drawFrame(_ frame: FrameMarks, idle: Bool) throws {
        let drawStart = PerformanceClock.now
        try draw()
        let drawn = PerformanceClock.now
        screen.renderer.present()
        let presentReturned = PerformanceClock.now
        screen.faces.presented()
        try drawFacilitator()
        if screen.fullscreenPending { enterStartFullscreen() }
        let presented = SDLContext.now
        for t in frame.inputTimes { screen.overlay.latency.add(input: t, presented: presented) }
        // The whole frame (events, scene, drawing, present) and the renderer's share of it.
        let end = PerformanceClock.now
        // Frames after an idle wait start a new run: the HUD's fps is that of motion.
        if idle { screen.overlay.frameTimes.restart() }
        screen.overlay.frameTimes.add(frame: end - frame.start, render: end - drawStart, at: end)
        if let target = frame.target {
            // A present that waits for the display does its own work before the wait (not
            // told apart here): the drawing is the frame's work; otherwise the present is too.
            let waits = screen.renderer.hasVsync
            screen.pacing.record(target, latched: frame.start, workDone: waits ? drawn : presentReturned, presented: presentReturned,
                                 displayWaits: waits, appliedInput: screen.submittedInputs != frame.inputsBefore)
        }
    }
}
