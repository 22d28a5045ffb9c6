import FlickSession
import FlickEngine
import FlickSDL

/// Slow motion (S), pause (Space) and one frame at a time (`.`), through the scene timeline.
extension App {
    /// Scene time of a frame drawn now.
    var sceneNow: Double { timeline.sceneTime(at: clock()) }

    /// Slows, pauses, resumes or steps the scene (a recorded input), and says so in the title.
    func setTime(_ control: SceneTimeline.Control, at t: Double) {
        submit(RecordedInput(t: t, .time(control)))
        updateTitle()
    }

    /// "slow motion ×0.1", "paused", or nil at normal speed.
    var timeDescription: String? {
        if timeline.isPaused { return "paused (Space resumes, . steps one frame)" }
        if timeline.isSlow { return "slow motion ×\(SceneTimeline.slowScale)" }
        return nil
    }

    func updateTitle() {
        let base = "flick — \(scene.interaction.rawValue)"
        window.title = timeDescription.map { "\(base) — \($0.split(separator: " (").first ?? "")" } ?? base
    }
}
