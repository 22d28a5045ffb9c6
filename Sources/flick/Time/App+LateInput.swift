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
