import FlickSession
import FlickEngine
import FlickSDL

/// Slow motion (S), pause (Space) and one frame at a time (`.`), through the scene timeline.
extension App {
    /// Scene time of a frame drawn now.
    var sceneNow: Double { timeline.sceneTime(at: clock()) }

    /// The time keys; true when `press` was one.
    func handleTimeKey(_ press: KeyPress) -> Bool {
        guard press.modifiers.isDisjoint(with: [.control, .alt, .command]) else { return false }
        let control: SceneTimeline.Control
        switch press.key {
        case .character("s"):
            guard !press.isRepeat else { return true }
            control = timeline.isSlow ? .normal : .slow
        case .space:
            guard !press.isRepeat else { return true }
            control = timeline.isPaused ? .resume : .pause
        case .character("."):
            guard timeline.isPaused else { return true }
            control = .step
        default:
            return false
        }
        submit(RecordedInput(t: press.time, .time(control)))
        updateTitle()
        return true
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
