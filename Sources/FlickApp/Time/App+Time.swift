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

    /// Once a second of a live session, a clock sync: a recorded input (so a replay writes the
    /// same line) that ties the scene time to the session time and the wall clock.
    func syncClock() {
        guard player == nil, !options.headless, pageEngine == nil else { return }
        let now = clock()
        guard now - session.lastSync >= SessionState.syncInterval else { return }
        session.lastSync = now
        runner.submitSync(now: now)
    }

    /// "slow motion ×0.1", "paused", or nil at normal speed.
    var timeDescription: String? {
        if timeline.isPaused { return "paused (Space resumes, . steps one frame)" }
        if timeline.isSlow { return "slow motion ×\(SceneTimeline.slowScale)" }
        return nil
    }

    func updateTitle() {
        let base = "flick — \(scene.interaction.rawValue)"
        screen.window.title = timeDescription.map { "\(base) — \($0.split(separator: " (").first ?? "")" } ?? base
    }
}
