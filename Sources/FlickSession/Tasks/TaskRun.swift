import FlickIO
import FlickEngine

/// The tasks of a session as they run: which one is under way, since when, how many gestures it
/// took, and when it ends (its goal met, the give-up marker, its time limit, or ended by the
/// facilitator). Fed the same inputs and scene events live and in a replay, it ends each task at
/// the same time with the same outcome: the log lines it makes are part of the session record.
package struct TaskRun {
    package enum Outcome: String, Codable, CaseIterable, Sendable {
        /// The goal was met.
        case success
        /// The give-up marker was dropped.
        case gaveUp = "gave_up"
        /// The time limit passed.
        case timeLimit = "time_limit"
        /// The facilitator ended it (Enter, M) before anything else did.
        case ended
        /// The session ended first.
        case sessionEnded = "session_ended"
    }

    package struct Active: Equatable {
        package var index: Int
        package var start: Double
        /// Gestures begun and key decisions during the task (every kind: scrolling to a card is an
        /// attempt too).
        package var attempts = 0
        /// The participant's throws during the task, net of undos.
        package var deleted = 0
        /// Those throws: the card, its image and how it left.
        package var thrown: [Thrown] = []
        /// The images of the cards the participant brought back during the task.
        package var restored: [String?] = []
        /// Following a recorded course: when the goal was first met (the task goes on to its
        /// recorded end).
        package var goalMetAt: Double?
    }

    /// A card the participant threw during the task.
    package struct Thrown: Equatable {
        package var card: CardID
        package var name: String?
        package var origin: DeckChangeOrigin
    }

    package let list: TaskList
    /// The next task to start (== tasks.count when all have run).
    package private(set) var next = 0
    package private(set) var current: Active?
    /// Every task that ended, in order.
    package private(set) var ended: [LogTaskEnded] = []

    /// The tasks follow a recorded course (`RecordedCourse`): they start and end only through
    /// `follow(_:)`, at their recorded times; markers, answers and time limits end nothing, and a
    /// goal met is noted (`Active.goalMetAt`) rather than ending the task.
    package let followsCourse: Bool

    package init(list: TaskList, followsCourse: Bool = false) {
        self.list = list
        self.followsCourse = followsCourse
    }

    package var nextTask: TaskSpec? { next < list.tasks.count ? list.tasks[next] : nil }
    package var currentTask: TaskSpec? { current.map { list.tasks[$0.index] } }
    package var allDone: Bool { current == nil && next >= list.tasks.count }

    /// Starts the next task at `t`; nil when one is under way or all have run.
    package mutating func start(at t: Double) -> LogTaskStarted? {
        guard current == nil, let task = nextTask else { return nil }
        current = Active(index: next, start: t)
        next += 1
        return LogTaskStarted(t: t, task: task.name, number: next, goal: task.goal, timeLimit: task.timeLimit, start: task.start)
    }

    /// Ends the task under way at `t` with `outcome`; `byParticipant`: their Done or Give up.
    package mutating func end(at t: Double, _ outcome: Outcome, byParticipant: Bool = false) -> LogTaskEnded? {
        guard let active = current else { return nil }
        current = nil
        var line = LogTaskEnded(t: t, task: list.tasks[active.index].name, number: active.index + 1,
                                outcome: outcome, seconds: sessionTime(t - active.start), attempts: active.attempts)
        if byParticipant { line.by = "participant" }
        ended.append(line)
        return line
    }

    /// A marker dropped at `t` (the time limit checked first): "start" starts the next task,
    /// "end" ends the one under way as ended by the facilitator, the give-up label as given up.
    package mutating func marker(_ label: String, at t: Double) -> (ended: [LogTaskEnded], started: LogTaskStarted?) {
        if followsCourse { return ([], nil) }
        var ended = tick(t).map { [$0] } ?? []
        switch label {
        case "start": return (ended, start(at: t))
        case "end": if let e = end(at: t, .ended) { ended.append(e) }
        case list.giveUp: if let e = end(at: t, .gaveUp) { ended.append(e) }
        default: break
        }
        return (ended, nil)
    }

    /// The time limit of the task under way, if it has passed by `t`: the task ends at its
    /// limit exactly (not at the frame that noticed), so a replay ends it at the same time.
    package mutating func tick(_ t: Double) -> LogTaskEnded? {
        guard !followsCourse, let active = current, let limit = list.tasks[active.index].timeLimit else { return nil }
        let deadline = sessionTime(active.start + limit)
        return t >= deadline ? end(at: deadline, .timeLimit) : nil
    }

    /// A scene event: counts attempts and decisions and checks the goal. Only the participant's
    /// own decisions (pointer and keys) move a goal, not the card folder or the embedder, and
    /// counts are net of undos: a card thrown and brought back during the task no longer counts.
    /// `cardName` is the image file a card shows; `cardAt` the card at a deck index now.
    package mutating func observe(_ logged: LoggedSceneEvent, cardName: (CardID) -> String?, cardAt: (Int) -> CardID?) -> [LogTaskEnded] {
        let event = logged.event
        var lines: [LogTaskEnded] = []
        if let limit = tick(event.time) { lines.append(limit) }
        guard var active = current else { return lines }
        let goal = list.tasks[active.index].goal
        // Logs from before causes were logged: every decision was the participant's.
        let origin = logged.origin ?? DeckChangeOrigin(cause: .pointer)
        let personal = origin.cause.isPersonal
        // A key's decision is an attempt as a gesture is.
        if origin.cause == .key, logged.origin != nil { active.attempts += 1 }
        var met = false
        switch event {
        case .gestureBegan:
            active.attempts += 1
        case .deleted(_, let card, _) where personal:
            active.thrown.append(Thrown(card: card, name: cardName(card), origin: origin))
            active.deleted = active.thrown.count
            met = Self.met(goal, active)
        case .restored(_, let card, _) where personal:
            if let i = active.thrown.lastIndex(where: { $0.card == card }) { active.thrown.remove(at: i) }
            active.deleted = active.thrown.count
            active.restored.append(cardName(card))
            met = Self.met(goal, active)
        case .paged(_, _, let to):
            if case .reached(let name) = goal { met = cardAt(to).flatMap(cardName) == name }
        case .selected(_, let card):
            if case .reached(let name) = goal { met = cardName(card) == name }
            if case .selected(let name) = goal { met = cardName(card) == name }
        case .interactionChanged(_, _, let to):
            if case .interaction(let i) = goal { met = i == to }
        default:
            break
        }
        if met, followsCourse {
            if active.goalMetAt == nil { active.goalMetAt = event.time }
            met = false
        }
        current = active
        if met, let done = end(at: event.time, .success) { lines.append(done) }
        return lines
    }

    /// Following a recorded course: its task started (the start state already applied).
    package mutating func follow(started line: LogTaskStarted) {
        guard (1...list.tasks.count).contains(line.number) else { return }
        current = Active(index: line.number - 1, start: line.t)
        next = line.number
    }

    /// Following a recorded course: its task ended, as recorded, with what this replay's config
    /// made of its goal (`LogTaskEnded.whatIf`). Returns the line as the replay logs it.
    package mutating func follow(ended line: LogTaskEnded) -> LogTaskEnded {
        var line = line
        let active = current.flatMap { $0.index + 1 == line.number ? $0 : nil }
        let goal = list.tasks.indices.contains(line.number - 1) ? list.tasks[line.number - 1].goal : nil
        let metAt = active?.goalMetAt
        if goal != nil { line.whatIf = LogTaskEnded.WhatIf(goalMet: metAt != nil, t: metAt) }
        if active != nil { current = nil }
        ended.append(line)
        return line
    }

    /// A scene event without an origin (an older log's): every decision counts as the participant's.
    package mutating func observe(_ event: SceneEvent, cardName: (CardID) -> String?, cardAt: (Int) -> CardID?) -> [LogTaskEnded] {
        observe(LoggedSceneEvent(event), cardName: cardName, cardAt: cardAt)
    }

    /// Whether the decisions of the task under way meet a goal that counts decisions.
    static func met(_ goal: TaskGoal?, _ active: Active) -> Bool {
        switch goal {
        case .deletedCount(let n)?: return active.thrown.count >= n
        case .deletedCard(let name)?: return active.thrown.contains { $0.name == name }
        case .thrown(let way, let card, let n)?:
            return active.thrown.filter { t in
                (way.map { t.origin.direction?.rawValue == $0 || t.origin.label == $0 } ?? true)
                    && (card.map { t.name == $0 } ?? true)
            }.count >= n
        case .restored(let card, let n)?:
            return active.restored.filter { name in card.map { name == $0 } ?? true }.count >= n
        default: return false
        }
    }
}
