import FlickSession
import FlickEngine

/// The app's side of late input (CardScene+LateInput.swift has the rule): SDL stamps events in
/// whole milliseconds and a frame reads its clock after polling, so an event may be a little
/// older than the frame already shown; it keeps its own time instead of being moved to the
/// frame's, and velocities stay exact when a frame is slow.
extension App {
    /// How much older than the shown frame an input may be, seconds of wall time (`advanceToNow`
    /// gives it to the scene, scaled to scene time by the slow-motion rate).
    static let lateInputWindow = 0.1

    /// A replay whose recording ends with the button down (a session cut off by SIGKILL or a
    /// full disk, or recorded before the quit cancelled it): it ends at its last input, the card
    /// still held as the participant last saw it, and the gesture is cancelled as the replay
    /// ends, so the log closes it (`HeadlessReplay.finish` does the same for the study tools).
    func endRecordedGesture() {
        guard let player, timeline.pointerDown, var p = lastRecordedPointer else { return }
        p.phase = .cancel
        note("the recording '\(player.path)' ends with the pointer down (the session was cut off): its gesture is cancelled as the replay ends")
        apply(RecordedInput(t: lastInputTime, pointer: p))
        for (input, t) in timeline.drain(at: clock()) { deliver(input, at: t) }
    }

    /// The session is over: what was still waiting for late input happens now and is logged,
    /// and so does every input the timeline still holds (behind a pause: `SceneTimeline.drain`).
    func finishScene() throws {
        for (input, t) in timeline.drain(at: clock()) { deliver(input, at: t) }
        logTimeControls()
        endRecordedGesture()
        advanceToNow()
        scene.commit()
        try flushSceneEvents()
        finishTasks(at: scene.time)
    }
}
