import FlickSession
import FlickEngine

/// The app's side of late input (CardScene+LateInput.swift has the rule): SDL stamps events in
/// whole milliseconds and a frame reads its clock after polling, so an event may be a little
/// older than the frame already shown; it keeps its own time instead of being moved to the
/// frame's, and velocities stay exact when a frame is slow.
extension App {
    /// How much older than the shown frame an input may be, seconds of wall time (`advanceToNow`
    /// gives it to the scene, scaled to scene time by the slow-motion rate).
    static let lateInputWindow = SessionRunner.defaultLateInputWindow

    /// The session is over: what was still waiting for late input happens now and is logged,
    /// and so does every input the timeline still holds (behind a pause), a gesture still held
    /// in a replay of a cut-off recording is cancelled, and a task under way ends
    /// (`SessionRunner.finish`).
    func finishScene(at end: Double) throws {
        runner.finish(at: end)
        try emitOutputs()
    }
}
