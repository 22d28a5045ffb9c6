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

    /// A replay's last input has played: the recording's end is the session's end. What waits
    /// behind a pause plays at its instant (as `finishScene` did live), and a press still down
    /// (a session cut off by SIGKILL or a full disk, or recorded before the quit cancelled it) is
    /// cancelled at the last input, so every gesture is closed and the replay ends instead of
    /// waiting 60 s for a release that never comes (`HeadlessReplay` does the same).
    func endOfRecording() {
        for (input, t) in timeline.drain(at: clock()) { deliver(input, at: t) }
        logTimeControls()
        guard timeline.pointerDown, var p = lastRecordedPointer, let player else { return }
        p.phase = .cancel
        note("the recording '\(player.path)' ends with the pointer down (the session was cut off): its gesture is cancelled at the last input, \(String(format: "%.3f", lastInputTime)) s")
        apply(RecordedInput(t: lastInputTime, pointer: p))
        for (input, t) in timeline.drain(at: clock()) { deliver(input, at: t) }
        logTimeControls()
    }

    /// The session is over: what was still waiting for late input happens now and is logged,
    /// and so does every input the timeline still holds (behind a pause: `SceneTimeline.drain`).
    func finishScene() throws {
        for (input, t) in timeline.drain(at: clock()) { deliver(input, at: t) }
        logTimeControls()
        advanceToNow()
        scene.commit()
        try flushSceneEvents()
        finishTasks(at: scene.time)
    }
}
