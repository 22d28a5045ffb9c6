import FlickIO
import FlickEngine

/// What a session did, in the order it happened: the log's lines, the facilitator's feed and the
/// study tools' items are all made from these. A driver writes them through its sink; the runner
/// itself writes nothing.
package enum SessionOutput: Equatable {
    /// An input as it must be recorded: its time moved up to what the scene really got.
    case recorded(RecordedInput)
    /// An input reached the scene at scene time `at` (after the scene took or refused it).
    case applied(SessionInput, at: Double)
    /// The scene refused an input (pointer, wheel, notches): logged and counted, never dropped unseen.
    case refused(input: String, reason: InputRejection, at: Double)
    /// A scene event with the verdict on a release and the origin of a deck change.
    case scene(LoggedSceneEvent)
    /// A config made in the app (panel, preset) took effect.
    case configChanged(ConfigChange, from: SceneConfig, at: Double)
    /// The `--config` file was reloaded.
    case configReloaded(path: String, config: SceneConfig, at: Double)
    /// A marker; `acted` when it started, ended or gave up a task.
    case marker(Marker, acted: Bool, at: Double)
    case note(String, task: String?, at: Double)
    case taskStarted(LogTaskStarted)
    case taskEnded(LogTaskEnded)
    case cardsChanged(CardFolderChange, at: Double)
    case timeControl(SceneTimeline.Acted)
    /// A questionnaire came up, was completed or closed incomplete (the participant's side).
    case questionnaire(LogQuestionnaire)
    /// The participant answered: Done, Give up, a SEQ or a SUS item.
    case answer(LogAnswer)
    /// A participant's pointer, wheel or key input held back from the stage while a
    /// questionnaire is up (a pointer's whole gesture: the line is for its press).
    case blocked(input: String, at: Double)
    /// The session ended with the pointer still down (a recording cut off): the gesture was
    /// cancelled as it ended, so the log closes it.
    case heldGestureCancelled(at: Double)
}

/// One session, whatever drives it: the window, a headless replay, the study tools, the soak or
/// a test. It owns the scene, the time controls (`SceneTimeline`), the study inputs (tasks, the
/// card folder's images), the late-input rule and the end of a session, so each of those rules
/// lives here once. Pure Swift: no SDL, no files, no clock; the driver passes its frame clock
/// (session seconds) in and writes the outputs wherever it keeps them.
///
/// - `submit(_:now:)`: an input made at `input.t` on the frame clock; what is due plays at once.
/// - `advance(to:)`: a frame at `clock`; the scene moves to the matching scene time.
/// - `finish(at:)`: the session is over; every queued input plays and every gesture and task closes.
/// - `end`: a replay's known end (the recording's end line); no call goes past it.
/// Each returns nothing; `takeOutputs()` hands out what happened since the last call, in order.
package final class SessionRunner {
    package private(set) var scene: CardScene
    package private(set) var timeline: SceneTimeline
    package private(set) var study: StudyInputs
    /// How much older than the last frame an input may be, seconds of wall time (SDL stamps
    /// events in whole milliseconds, a frame reads its clock after polling). Scaled to scene
    /// time by the slow-motion rate.
    package let lateInputWindow: Double
    /// The session's `--task`, named by notes when no `--tasks` task is under way.
    package let sessionTask: String?
    /// Keeps every pointer sample with where a press landed on a card (study heatmaps).
    package let keepsPointerTrail: Bool
    package private(set) var pointerTrail: [PointerSample] = []
    /// The last pointer input submitted, as recorded (it may still wait behind a pause).
    package private(set) var lastPointer: PointerEvent?
    /// Frame-clock time of the latest input, so recorded times never go back.
    package private(set) var lastInputTime = -Double.infinity
    /// Frame-clock time of the last `advance`.
    package private(set) var lastAdvanceClock = -Double.infinity
    /// Where the session ends on the frame clock when that is known before it comes: a replay
    /// of a recording with its end line (the live quit). The session goes no further: inputs
    /// play, the scene moves and the session finishes no later than this, so every driver (a
    /// window's wall-clock frames, a headless 60 Hz grid, the study tools) shows what the live
    /// session showed at its end, a card still in flight or not, and nothing after it.
    package let end: Double?
    private var outputs: [SessionOutput] = []
    /// A pointer pressed while a questionnaire was up: its gesture never reaches the stage.
    private var pointerBlocked = false
    /// The participant's device is a page that runs the engine (`SessionDevice.engine`): its own
    /// questionnaire keeps its stage, and its engine has already taken whatever it was given, so
    /// the session blocks none of its pointers or commands under a questionnaire (it would
    /// then differ from the page's scene).
    package var stageKeptByPage = false
    /// A what-if's recorded course (`RecordedCourse`, where the rule is stated): its tasks and
    /// panels follow it; nil for a live session and a replay as recorded.
    package let course: RecordedCourse?
    /// The next line of `course` to come out.
    private var courseNext = 0

    package static let defaultLateInputWindow = 0.1

    package init(scene: CardScene, tasks: TaskList?, cardNames: [String], sessionTask: String? = nil,
                 lateInputWindow: Double = SessionRunner.defaultLateInputWindow, keepsPointerTrail: Bool = false,
                 end: Double? = nil, course: RecordedCourse? = nil) {
        self.scene = scene
        self.end = end
        self.course = course
        timeline = SceneTimeline(start: 0)
        study = StudyInputs(tasks: tasks, cardNames: cardNames, followsCourse: course != nil)
        self.sessionTask = sessionTask
        self.lateInputWindow = lateInputWindow
        self.keepsPointerTrail = keepsPointerTrail
        scene.advance(to: 0)
    }

    /// What happened since the last call, in order.
    /// A frame with nothing to say allocates nothing (keeping the capacity of a buffer just
    /// handed out would copy it).
    package func takeOutputs() -> [SessionOutput] {
        defer { outputs = [] }
        return outputs
    }

    /// A pointer is held on the stage (pressed and not yet released or cancelled), as submitted.
    package var pointerHeld: Bool {
        guard let p = lastPointer else { return false }
        return p.phase == .down || p.phase == .move
    }

    /// `clock` as far as the session goes: its `end` once the frame clock has passed it. A
    /// driver reads its frame clock through this, so what it shows, logs and records of the
    /// time stops there too.
    package func clamped(_ clock: Double) -> Double { min(clock, end ?? .infinity) }

    /// The frames have reached the session's `end`: nothing moves or comes any more.
    package var hasEnded: Bool { end.map { lastAdvanceClock >= $0 } ?? false }

    /// The task under way (of `--tasks`), else the session's `--task`.
    package var currentTaskName: String? { study.tasks?.currentTask?.name ?? sessionTask }

    // MARK: - Driving

    /// One input made at frame-clock time `input.t`; `now` is the frame clock. The input's time
    /// is the one place input times meet the engine's rule that time never goes back: an event
    /// stamped before the frame already shown keeps its own time within `lateInputWindow`; older
    /// ones count as at the oldest time still accepted. The recording gets the time the scene got.
    package func submit(_ input: RecordedInput, now: Double) {
        var input = input
        input.t = max(input.t, lastInputTime, lastAdvanceClock - lateInputWindow)
        lastInputTime = input.t
        if case .pointer(var p) = input.input {
            p.time = input.t
            input.input = .pointer(p)
            lastPointer = p
        }
        outputs.append(.recorded(input))
        timeline.submit(input)
        deliverDue(by: clamped(now))
    }

    /// The once-a-second clock sync of a live session (a recorded input, so a replay writes the
    /// same line), stamped at the oldest time a late input may still take rather than at `now`.
    /// No input goes before one stamped earlier, so a sync at `now` would take their own times
    /// from a touch or a pointer event already on its way (stamped by its device, arriving a
    /// few milliseconds late), and bunch a flick's samples at the sync.
    package func submitSync(now: Double) {
        submit(RecordedInput(t: now - lateInputWindow, .time(.sync)), now: now)
    }

    /// A frame at frame-clock time `clock`: what the timeline has reached plays, the scene moves
    /// to the scene time of `clock`, and its events come out.
    package func advance(to clock: Double) {
        let clock = clamped(clock)
        deliverDue(by: clock)
        lastAdvanceClock = clock
        // The late-input window follows the time scale: 0.1 s of wall time in slow motion too.
        scene.lateInputWindow = lateInputWindow * timeline.rate
        scene.advance(to: max(scene.time, timeline.sceneTime(at: clock)))
        flush()
    }

    /// Cancels the gesture under way at frame-clock time `t` (a quit, a dropped device): through
    /// the recorded path, so the log closes it and a replay of the recording ends it the same way.
    package func cancelHeldGesture(at t: Double) {
        guard pointerHeld else { return }
        submitCancel(stampedAt: t, now: t)
        advance(to: t)
    }

    /// The session is over at frame-clock time `clock`. What waits behind a pause plays at the
    /// pause's instant; a pointer still down (a recording cut off by SIGKILL or a full disk) is
    /// cancelled (stamped at the last input, played at `clock`), so every gesture is closed; late
    /// completions are committed; a task under way ends.
    package func finish(at clock: Double) {
        let clock = clamped(clock)
        deliver(timeline.drain(at: clock))
        timeControls()
        if timeline.pointerDown {
            outputs.append(.heldGestureCancelled(at: lastInputTime))
            submitCancel(stampedAt: lastInputTime, now: clock)
            deliver(timeline.drain(at: clock))
        }
        advance(to: clock)
        commit()
        followCourse(through: .infinity, starts: true)
        for line in study.finish(at: scene.time) { taskEnded(line) }
        for line in study.closeQuestionnaire(at: scene.time) { outputs.append(.questionnaire(line)) }
    }

    /// A cancel of the last pointer input, stamped `t`, submitted at frame-clock time `now`.
    private func submitCancel(stampedAt t: Double, now: Double) {
        guard var p = lastPointer else { return }
        p.phase = .cancel
        submit(RecordedInput(t: t, .pointer(p)), now: now)
    }

    /// Makes final everything up to the scene's time (no late input can change it any more) and
    /// lets its events out: a checker that compares the deck with its events (the soak).
    package func commit() {
        scene.commit()
        flush()
    }

    /// The next task marker `M` drops: with `--tasks`, the next task's start or the current one's
    /// end (nil when all have run); nil without `--tasks` (the driver alternates start and end).
    package var nextTaskMarker: Marker? {
        guard let run = study.tasks else { return nil }
        if let current = run.currentTask { return Marker(label: "end", task: current.name) }
        return run.nextTask.map { Marker(label: "start", task: $0.name) }
    }

    // MARK: - Applying

    private func deliverDue(by clock: Double) {
        deliver(timeline.due(by: clock))
        timeControls()
    }

    private func deliver(_ due: [(input: RecordedInput, sceneTime: Double)]) {
        for (input, sceneTime) in due { deliver(input.input, at: sceneTime, byFacilitator: input.byFacilitator) }
    }

    /// Gives one input to the scene at scene time `sceneTime` (from the timeline): the one
    /// exhaustive switch over the kinds of input.
    private func deliver(_ input: SessionInput, at sceneTime: Double, byFacilitator: Bool = false) {
        // Late input (stamped before the frame on show) keeps its own time within the scene's
        // window; only older input is moved up to the oldest time the scene still accepts.
        let t = max(sceneTime, scene.earliestInputTime)
        var refusal: InputRejection?
        var applied = input
        switch input {
        case .pointer(let p) where !stageKeptByPage && (pointerBlocked || (p.phase == .down && panelUp(at: t))):
            // The questionnaire's, not the stage's: the press and the rest of its gesture.
            if p.phase == .down { outputs.append(.blocked(input: "pointer", at: t)) }
            pointerBlocked = p.phase == .down || p.phase == .move
            return
        case .wheel where panelUp(at: t), .notches where panelUp(at: t):
            outputs.append(.blocked(input: input.kind, at: t))
            return
        case .command where !stageKeptByPage && panelUp(at: t) && !byFacilitator:
            outputs.append(.blocked(input: input.kind, at: t))
            return
        case .pointer(var p):
            if keepsPointerTrail {
                pointerTrail.append(PointerSample(t: t, phase: p.phase, position: p.position,
                                                  onCard: p.phase == .down ? cardPoint(p.position) : nil))
            }
            p.time = t
            applied = .pointer(p)
            refusal = scene.handle(p)
        case .wheel(let d):
            refusal = scene.scroll(by: d, at: t)
        case .notches(let n):
            refusal = scene.scrollNotches(n, at: t)
        case .command(let c):
            // Commands in a session come from keys (arrows, Delete, Z, R): logged as the key's,
            // or the facilitator's when a key of their window gave it.
            refusal = scene.perform(c, at: t, cause: byFacilitator ? .facilitator : .key).rejection
        case .interaction(let next):
            scene.setInteraction(next, at: t)
        case .viewport(let viewport, _):
            scene.setViewport(viewport, at: t)
        case .config(let config):
            let before = scene.config
            scene.setConfig(config.config, at: t)
            lineUp(at: t)
            if let change = config.change {
                outputs.append(.configChanged(change, from: before, at: t))
            } else {
                outputs.append(.configReloaded(path: config.path ?? "", config: config.config, at: t))
            }
        case .marker, .note, .cards:
            lineUp(at: t)
            applyStudy(input, at: t)
        case .answer(let answer):
            lineUp(at: t)
            followCourse(through: t, starts: false)
            applyAnswer(answer, at: t)
        case .ask(let questionnaire):
            lineUp(at: t)
            followCourse(through: t, starts: false)
            if let line = study.tick(t) { taskEnded(line) }
            if questionnaire == .sus {
                for line in study.askSUS(at: t) { outputs.append(.questionnaire(line)) }
            }
        case .time:
            break   // the timeline acted on it when it was submitted
        }
        if let refusal { outputs.append(.refused(input: input.kind, reason: refusal, at: t)) }
        outputs.append(.applied(applied, at: t))
    }

    /// The scene's events up to `t` come out before a line of the session's own stamped `t`.
    private func lineUp(at t: Double) {
        _ = scene.noteInput(at: t)
        flush()
    }

    /// A marker, a note or a folder change at `t`: a time limit passed by then ends its task
    /// first, then the input's own line, then what `StudyInputs` made of it.
    private func applyStudy(_ input: SessionInput, at t: Double) {
        // A what-if: what the recorded session did by `t` (a task this marker started or ended).
        let followed = followCourse(through: t, starts: true)
        if let line = study.tick(t) { taskEnded(line) }
        if case .marker(let m) = input, m.label == "start", study.tasks?.nextTask != nil, study.tasks?.current == nil {
            // The next task starts: a questionnaire still up is closed, incomplete.
            for line in study.closeQuestionnaire(at: t) { outputs.append(.questionnaire(line)) }
        }
        if case .marker(let m) = input, let start = study.startState(before: m.label) { setUp(start, at: t) }
        let noteTask = currentTaskName
        let (ended, started) = study.apply(RecordedInput(t: t, input), to: scene, at: t)
        switch input {
        case .marker(let m):
            outputs.append(.marker(m, acted: !ended.isEmpty || started != nil || followed, at: t))
        case .note(let text):
            outputs.append(.note(text, task: noteTask, at: t))
        default:
            break
        }
        for line in ended { taskEnded(line) }
        if let started { outputs.append(.taskStarted(started)) }
        if case .cards(let change) = input { outputs.append(.cardsChanged(change, at: t)) }
    }

    /// A task's start state, applied at its start `t` just before the task starts: the
    /// facilitator's doing (the reset's cause is `facilitator`), so none of it counts as the
    /// participant's, in the task or in the study. Its events come out before the task's lines.
    private func setUp(_ start: TaskStart, at t: Double) {
        scene.start(interaction: start.interaction, config: start.config, cards: start.cards?.count, reset: start.reset == true, at: t)
        // A card set or order: the deck is now one card per name (a reset to them).
        if let cards = start.cards { study.show(cards, in: scene) }
        lineUp(at: t)
        if let config = start.config {
            outputs.append(.configReloaded(path: start.configFile ?? "", config: config, at: t))
        }
    }

    /// Each time control that took effect, after the scene's events up to its time.
    private func timeControls() {
        for acted in timeline.takeActed() {
            lineUp(at: acted.sceneTime)
            outputs.append(.timeControl(acted))
        }
    }

    /// The scene's events so far, each seen by the study inputs (attempts, goals, images), then
    /// a time limit passed by the scene's time.
    private func flush() {
        for logged in scene.loggedEvents {
            // In a what-if, a recorded task end earlier than this event is applied first (the event is
            // not the task's).
            followCourse(before: logged.event.time)
            outputs.append(.scene(logged))
            for line in study.observe(logged, in: scene) { taskEnded(line) }
        }
        scene.clearEvents()
        // Only up to what the scene has made final: an event still held for late input (up to
        // `lateInputWindow`) comes out later, stamped earlier, and may be the task's own.
        followCourse(before: scene.committedTime)
        if let line = study.tick(scene.time) { taskEnded(line) }
    }

    // MARK: - A what-if's recorded course

    /// A panel of the participant's side is up at `t`: in a what-if, exactly when the recorded
    /// session's was.
    private func panelUp(at t: Double) -> Bool {
        course?.panelUp(at: t) ?? study.questionnaireUp
    }

    /// The course's lines before `t` (not a start: those come with their marker).
    private func followCourse(before t: Double) {
        guard let course else { return }
        while courseNext < course.lines.count, course.lines[courseNext].t < t - RecordedCourse.tolerance {
            if case .started = course.lines[courseNext] { return }
            follow(course.lines[courseNext])
        }
    }

    /// The course's lines up to and including `t`; `starts`: a task's start among them too (a
    /// marker at `t`, the session's end). Returns whether a task started or ended.
    @discardableResult
    private func followCourse(through t: Double, starts: Bool) -> Bool {
        guard let course else { return false }
        var acted = false
        while courseNext < course.lines.count, course.lines[courseNext].t <= t + RecordedCourse.tolerance {
            let line = course.lines[courseNext]
            if case .started = line {
                guard starts else { break }
                acted = true
            }
            if case .ended = line { acted = true }
            follow(line)
        }
        return acted
    }

    /// One line of the course: a task's start applies its start state first, as live.
    private func follow(_ line: RecordedCourse.Line) {
        courseNext += 1
        if case .started(let l) = line, let list = study.tasks?.list, list.tasks.indices.contains(l.number - 1), let start = list.tasks[l.number - 1].start {
            setUp(start, at: max(l.t, scene.earliestInputTime))
        }
        switch study.follow(line) {
        case .started(let l): outputs.append(.taskStarted(l))
        case .ended(let l): outputs.append(.taskEnded(l))
        case .questionnaire(let q): outputs.append(.questionnaire(q))
        case .answer(let a): outputs.append(.answer(a))
        }
    }

    /// A task's end, then its SEQ when it asks for one: every end goes through here.
    private func taskEnded(_ line: LogTaskEnded) {
        outputs.append(.taskEnded(line))
        for q in study.taskEnded(line) { outputs.append(.questionnaire(q)) }
    }

    /// The participant's answer at `t`: Done or Give up ends the task under way as theirs (a
    /// time limit passed by `t` ends it first, and then the answer comes too late); a SEQ or SUS
    /// answer goes to the questionnaire up. An answer with nothing to answer changes nothing.
    private func applyAnswer(_ answer: ParticipantAnswer, at t: Double) {
        if let line = study.tick(t) { taskEnded(line) }
        switch answer {
        case .done, .giveUp:
            guard let (line, ended) = study.taskAnswer(answer, at: t) else { return }
            outputs.append(.answer(line))
            taskEnded(ended)
        case .seq, .sus:
            guard let (line, ended) = study.questionAnswer(answer, at: t) else { return }
            outputs.append(.answer(line))
            if let ended { outputs.append(.questionnaire(ended)) }
        }
    }

    /// Where `point` lands on the topmost card of the last frame, normalised to the card.
    private func cardPoint(_ point: Point) -> Point? {
        for a in scene.renderList.reversed() where a.alpha > 0 {
            guard let inverse = a.transform.inverted(), a.size.width > 0, a.size.height > 0 else { continue }
            let local = inverse.apply(to: point)
            if abs(local.x) <= a.size.width / 2 && abs(local.y) <= a.size.height / 2 {
                return Point(x: local.x / a.size.width + 0.5, y: local.y / a.size.height + 0.5)
            }
        }
        return nil
    }
}
