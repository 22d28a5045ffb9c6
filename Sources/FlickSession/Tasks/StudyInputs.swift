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

    package init(tasks: TaskList?, cardNames: [String]) {
        self.tasks = tasks.map(TaskRun.init)
        images = DeckImages(names: cardNames)
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
        guard label == "start", let run = tasks, run.current == nil else { return nil }
        return run.nextTask?.start
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
        [tick(t), tasks?.end(at: t, .sessionEnded)].compactMap { $0 }
    }
}
