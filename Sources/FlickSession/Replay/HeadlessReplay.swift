import FlickIO
import FlickEngine

/// A recording played through the session core alone, with no window: the same `SessionRunner`
/// as the window, so the events are the live session's. Step it with `advance(to:)` on the frame
/// clock (session seconds); the study tools draw its scene when they want a picture.
package final class HeadlessReplay {
    package let recording: Recording
    package let runner: SessionRunner
    package var scene: CardScene { runner.scene }
    /// The recording's inputs as they come due; recorded config changes are passed over when a
    /// preset replaces the recording's config.
    private let player: Player
    private var lastAdvance = -Double.infinity
    /// Everything that happened, in order: scene events, markers, config reloads.
    package private(set) var items: [SessionItem] = []
    /// The newest pointer event delivered, scene points (for the touch dot of a video).
    package private(set) var pointer: PointerEvent?
    /// Every pointer sample delivered, with where a press landed on a card (for the study's
    /// hesitation, pauses, reversals and heatmaps).
    package var pointerTrail: [PointerSample] { runner.pointerTrail }
    /// The header's `--tasks` as they ran (the same ends, times and outcomes as the live
    /// session) and which image each card shows as the recorded folder changes play.
    package var tasks: TaskRun? { runner.study.tasks }
    package var deckImages: DeckImages { runner.study.images }
    /// The facilitator's notes, session seconds.
    package private(set) var notes: [(t: Double, text: String)] = []
    /// The task lines the live session wrote, replayed.
    package private(set) var taskStarts: [LogTaskStarted] = []
    package private(set) var taskEnds: [LogTaskEnded] = []
    /// The participant's answers and the questionnaires' lines, replayed.
    package private(set) var answers: [LogAnswer] = []
    package private(set) var questionnaires: [LogQuestionnaire] = []
    /// The course the tasks and panels took in this replay, in order (`RecordedCourse`): a
    /// replay as recorded gives the recorded course a what-if follows.
    package var course: RecordedCourse { RecordedCourse(lines: courseLines) }
    private var courseLines: [RecordedCourse.Line] = []
    /// Pointer presses held back while a questionnaire was up (their whole gesture).
    package private(set) var blockedPresses = 0

    /// `config` replaces the recorded config (and its reloads) when given. `course`: a what-if,
    /// its tasks and panels on the recorded course (`RecordedCourse`).
    package init(_ recording: Recording, demo: Interaction, count: Int, viewport: Size, config: SceneConfig,
                 keepsConfig: Bool, tasks: TaskList? = nil, cardNames: [String] = [], sessionTask: String? = nil,
                 course: RecordedCourse? = nil) {
        self.recording = recording
        player = Player(recording, skipsConfigs: keepsConfig)
        // A recording with its end line ends where the live session did (`SessionRunner.end`).
        runner = SessionRunner(scene: CardScene(interaction: demo, count: count, viewport: viewport, config: config, time: 0),
                               tasks: tasks, cardNames: cardNames, sessionTask: sessionTask, keepsPointerTrail: true,
                               end: recording.end, course: course)
        runner.stageKeptByPage = recording.header?.device?.engine == true
        collect()
    }

    /// The replay its header describes (nil for recordings without one), optionally under another
    /// config: a what-if, which keeps the recording's tasks and panels on their recorded course
    /// (`course`, or the recording replayed as recorded to get it).
    package convenience init?(_ recording: Recording, config: SceneConfig? = nil, course: RecordedCourse? = nil) {
        guard let h = recording.header else { return nil }
        let followed = config == nil ? nil : (course ?? RecordedCourse.of(recording)).flatMap { $0.isEmpty ? nil : $0 }
        self.init(recording, demo: h.demo, count: h.count, viewport: h.stage ?? h.window,
                  config: config ?? h.config, keepsConfig: config != nil, tasks: h.tasks,
                  cardNames: h.cardFiles.map(\.name), sessionTask: h.task, course: followed)
    }

    /// The replay stops, as the live session's end did (`SessionRunner.finish`).
    package func finish() {
        guard lastAdvance.isFinite else { return }
        runner.finish(at: lastAdvance)
        collect()
    }

    package var isFinished: Bool { player.isFinished }
    /// Every input played and nothing moving. A recording that ended paused, or with the button
    /// still down (a session cut off), has nothing more to come either: it ends at its last input;
    /// nor has one whose frames reached its end line (whatever still moved there stays as it was).
    package var isSettled: Bool {
        isFinished && (runner.hasEnded || scene.isAtRest || runner.timeline.isPaused || runner.timeline.pointerDown)
    }

    /// Plays the inputs due by `clock` and advances the scene to it (no further than the
    /// recording's end: a frame after it shows the end).
    package func advance(to clock: Double) {
        let clock = runner.clamped(clock)
        for input in player.due(by: clock) { runner.submit(input, now: clock) }
        lastAdvance = clock
        runner.advance(to: clock)
        collect()
    }

    /// Runs on the 60 Hz frame grid of a headless replay until the recording's end line (the
    /// live quit, its last step exactly there) or, without one, until everything has settled (at
    /// most `limit` seconds after the last input); returns the session time it stopped at.
    @discardableResult
    package func runToEnd(limit: Double = 60) -> Double {
        var frame = 0
        while true {
            let t = runner.clamped(Double(frame) / 60)
            advance(to: t)
            // A stop request ends the walk; callers check `Interrupt.isRequested` after it.
            if runner.hasEnded || Interrupt.isRequested { return t }
            if runner.end == nil, isSettled || t > recording.duration + limit { return t }
            frame += 1
        }
    }

    /// The runner's outputs as the study tools keep them.
    private func collect() {
        for output in runner.takeOutputs() {
            switch output {
            case .scene(let e): items.append(.scene(e))
            case .configChanged(let change, _, let t): items.append(.config(t: t, config: change.config))
            case .configReloaded(_, let config, let t): items.append(.config(t: t, config: config))
            case .marker(let m, _, let t): items.append(.marker(t: t, label: m.label, task: m.task))
            case .note(let text, _, let t): notes.append((t, text))
            case .applied(.pointer(let p), _): pointer = p
            case .taskStarted(let line): taskStarts.append(line); courseLines.append(.started(line))
            case .taskEnded(let line): taskEnds.append(line); courseLines.append(.ended(line))
            case .answer(let line): answers.append(line); courseLines.append(.answer(line))
            case .questionnaire(let line): questionnaires.append(line); courseLines.append(.questionnaire(line))
            case .blocked(let input, _): if input == "pointer" { blockedPresses += 1 }
            case .recorded, .applied, .refused, .cardsChanged, .timeControl, .heldGestureCancelled:
                break
            }
        }
    }
}

extension RecordedCourse {
    /// The course of `recording` as recorded: the recording replayed under its own config (nil
    /// for a recording without a header). Without tasks or questionnaires the course is empty.
    package static func of(_ recording: Recording) -> RecordedCourse? {
        guard let replay = HeadlessReplay(recording) else { return nil }
        replay.runToEnd()
        replay.finish()
        return replay.course
    }
}
