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
        apply(RecordedInput(t: press.time, time: control))
        updateTitle()
        return true
    }

    /// Gives the scene every input the timeline has reached by now.
    func deliverDueInputs() {
        for (input, t) in timeline.due(by: clock()) { deliver(input, at: t) }
        logTimeControls()
    }

    /// Each time control that took effect goes into the log (`time_control`: the scene's times
    /// after it run at its scale) and the facilitator's feed.
    func logTimeControls() {
        for acted in timeline.takeActed() {
            // The scene's events up to its time go first: the log stays in time order.
            scene.noteInput(at: acted.sceneTime)
            logged { try flushSceneEvents() }
            logged { try log?.append(LogTimeControl(t: acted.sceneTime, control: acted.control, scale: acted.scale)) }
            desk.add("time: \(acted.control.rawValue)", .event, at: acted.sceneTime)
        }
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
