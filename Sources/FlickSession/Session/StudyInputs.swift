import FlickIO
import FlickEngine

/// What a session's study inputs do beyond the scene, the same live and in every replay: markers
/// start, end and give up `--tasks`, folder changes edit the deck and which image each card
/// shows, scene events count attempts and meet goals, time passes limits. The app logs and shows
/// what comes back; a headless replay keeps it for the study tools. One type, so the window and
/// the replays cannot drift apart.
package struct StudyInputs {
    package private(set) var tasks: TaskRun?
    package private(set) var images: DeckImages
    /// The SEQ or SUS on the participant's screen (the tasks file's `participantSide`).
    package private(set) var questions = Questionnaires()

    /// The session follows a recorded course (`RecordedCourse`): its tasks and panels come from
    /// there (`follow(_:)`), never from markers, answers, goals or time limits.
    package let followsCourse: Bool
    /// Following a course: the recorded panel is up.
    private var coursePanelUp = false

    package init(tasks: TaskList?, cardNames: [String], followsCourse: Bool = false) {
        self.tasks = tasks.map { TaskRun(list: $0, followsCourse: followsCourse) }
        images = DeckImages(names: cardNames)
        self.followsCourse = followsCourse
    }

    /// Following a course: one of its lines comes due. A task starts or ends on the recorded
    /// course (an end carries what this replay made of its goal), a panel comes up or goes;
    /// returns the line as this replay logs it.
    package mutating func follow(_ line: RecordedCourse.Line) -> RecordedCourse.Line {
        switch line {
        case .started(let l):
            tasks?.follow(started: l)
            return line
        case .ended(let l):
            return tasks.map { _ in .ended(tasks!.follow(ended: l)) } ?? line
        case .questionnaire(let q):
            coursePanelUp = q.what == .shown
            return line
        case .answer:
            return line
        }
    }

    /// The time limit of the task under way, if it passed by `t` (call before writing anything
    /// stamped `t`, so the log stays in time order).
    package mutating func tick(_ t: Double) -> LogTaskEnded? { tasks?.tick(t) }

    /// A recorded input reached the scene at `t` (after `CardScene.apply`): a folder change edits
    /// the deck, a marker starts, ends or gives up a task. Returns the tasks it ended and started.
    package mutating func apply(_ input: RecordedInput, to scene: CardScene, at t: Double)
        -> (ended: [LogTaskEnded], started: LogTaskStarted?) {
        if let change = input.cards { images.apply(change, to: scene, at: t) }
        guard let marker = input.marker, tasks != nil else { return ([], nil) }
        return tasks!.marker(marker.label, at: t)
    }

    /// The start state of the task a marker labelled `label` is about to start, if it names one.
    package func startState(before label: String) -> TaskStart? {
        guard !followsCourse, label == "start", let run = tasks, run.current == nil else { return nil }
        return run.nextTask?.start
    }

    /// The deck was just replaced by one card per name (a task's start cards): each card shows
    /// its file.
    package mutating func show(_ cards: [String], in scene: CardScene) {
        images.show(cards, on: (0..<scene.deck.count).compactMap { scene.deck.card(at: $0) })
    }

    /// A scene event: an insertion gets its image; the task under way counts it and may meet
    /// its goal (or have passed its limit). Returns the tasks that ended.
    package mutating func observe(_ event: LoggedSceneEvent, in scene: CardScene) -> [LogTaskEnded] {
        images.observe(event.event)
        guard tasks != nil else { return [] }
        let images = self.images
        return tasks!.observe(event, cardName: images.name(of:), cardAt: { scene.deck.card(at: $0) })
    }

    /// The session ended at `t`: a task still under way ends (its limit first, if it passed).
    package mutating func finish(at t: Double) -> [LogTaskEnded] {
        if followsCourse { return [] }
        return [tick(t), tasks?.end(at: t, .sessionEnded)].compactMap { $0 }
    }

    // MARK: - The participant's side (ParticipantSide, Questionnaires)

    /// What the task numbered `number` (1-based) shows on the participant's screen.
    package func side(ofTask number: Int) -> (taskText: Bool, seq: Bool) {
        guard let list = tasks?.list, (1...list.tasks.count).contains(number) else { return (false, false) }
        return ParticipantSide.resolved(study: list.participantSide, task: list.tasks[number - 1].participantSide)
    }

    /// The task under way shows its text with Done and Give up.
    package var showsTaskText: Bool {
        guard let active = tasks?.current else { return false }
        return side(ofTask: active.index + 1).taskText
    }

    /// The study asks the SUS after the session.
    package var asksSUS: Bool { tasks?.list.participantSide?.sus == true }

    /// A questionnaire is up: the stage takes no pointer, wheel or key of the participant's.
    package var questionnaireUp: Bool { followsCourse ? coursePanelUp : questions.prompt != nil }

    /// A task ended (any way): its SEQ, when it asks for one.
    package mutating func taskEnded(_ line: LogTaskEnded) -> [LogQuestionnaire] {
        if followsCourse { return [] }
        return questions.taskEnded(line, asks: side(ofTask: line.number).seq, at: line.t)
    }

    /// The next task starts at `t`: a questionnaire still up closes, incomplete.
    package mutating func closeQuestionnaire(at t: Double) -> [LogQuestionnaire] { followsCourse ? [] : questions.close(at: t) }

    package mutating func askSUS(at t: Double) -> [LogQuestionnaire] { followsCourse ? [] : questions.askSUS(at: t) }

    /// Done or Give up at `t`, with the task under way showing them: the answer's line and the
    /// task's end (success or gave up, by the participant). Nil when no such task is under way.
    package mutating func taskAnswer(_ a: ParticipantAnswer, at t: Double) -> (answer: LogAnswer, ended: LogTaskEnded)? {
        guard !followsCourse, showsTaskText, questions.prompt == nil, let active = tasks?.current else { return nil }
        var line = LogAnswer(t: t, question: a.kind)
        line.task = tasks?.currentTask?.name
        line.number = active.index + 1
        let outcome: TaskRun.Outcome = a == .done ? .success : .gaveUp
        guard let ended = tasks?.end(at: t, outcome, byParticipant: true) else { return nil }
        return (line, ended)
    }

    /// A SEQ or SUS answer at `t` (see `Questionnaires.answer`).
    package mutating func questionAnswer(_ a: ParticipantAnswer, at t: Double) -> (answer: LogAnswer, ended: LogQuestionnaire?)? {
        followsCourse ? nil : questions.answer(a, at: t)
    }
}
