import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// Task markers, labelled markers, notes and `--tasks` goals: the session's study inputs as the
/// app carries them out. Every one arrives as a recorded input (App.apply), so a replay does the
/// same; task ends by goal or time limit follow from the scene's events and time alone.
extension App {
    /// What `M` (and Enter in the facilitator window) drops next: a task's start or end. With
    /// `--tasks`, the next task's start or the current one's end; nil when all tasks have run.
    func nextTaskMarker() -> Marker? {
        guard let run = tasks else { return session.nextMarker() }
        if let current = run.currentTask { return Marker(label: "end", task: current.name) }
        return run.nextTask.map { Marker(label: "start", task: $0.name) }
    }

    /// M: the next task marker, said where the facilitator looks.
    func dropTaskMarker(at t: Double) {
        guard let marker = nextTaskMarker() else {
            post("All \(tasks?.list.tasks.count ?? 0) tasks have run")
            return
        }
        apply(RecordedInput(t: t, marker: marker))
    }

    /// Key 1-9 of the facilitator window: the labelled marker.
    func dropLabelledMarker(_ n: Int, at t: Double) {
        guard n >= 1, n <= options.markers.count else { return }
        apply(RecordedInput(t: t, marker: Marker(label: options.markers[n - 1], task: tasks?.currentTask?.name ?? session.info.task)))
    }

    /// A marker or note reached the scene's time `t` (App.applyStudyInput): the log line, the
    /// task it starts, ends or gives up, the feed and a word to the facilitator.
    func applyMarker(_ marker: Marker, at t: Double) {
        taskTick(t)
        logged { try log?.marker(time: t, label: marker.label, task: marker.task) }
        desk.add("marker: \(marker.label)\(marker.task.map { " (\($0))" } ?? "")", .marker, at: t)
        if tasks != nil {
            let (ended, started) = tasks!.marker(marker.label, at: t)
            for line in ended { taskEnded(line) }
            if let line = started {
                logged { try log?.write(line) }
                desk.add("task \(line.number) started: \(line.task)", .task, at: t)
                post("Task \(line.number) started: \(line.task). Enter or M ends it")
            } else if ended.isEmpty {
                post("Marker: \(marker.label)")
            }
        } else {
            switch marker.label {
            case "start": post("Task started\(marker.task.map { ": \($0)" } ?? ""). M ends it")
            case "end": post("Task ended. M starts the next")
            default: post("Marker: \(marker.label)")
            }
        }
        if tasks == nil { note("marker: task \(marker.label)\(marker.task.map { " (\($0))" } ?? "") at \(String(format: "%.3f", t)) s") }
    }

    func applyNote(_ text: String, at t: Double) {
        taskTick(t)
        let task = tasks?.currentTask?.name ?? session.info.task
        logged { try log?.note(time: t, text: text, task: task) }
        desk.add("note: \(text)", .note, at: t)
        post("Note saved")
    }

    func endTask(at t: Double, _ outcome: TaskRun.Outcome) {
        if let line = tasks?.end(at: t, outcome) { taskEnded(line) }
    }

    func taskEnded(_ line: LogTaskEnded) {
        logged { try log?.write(line) }
        let how: String
        switch line.outcome {
        case .success: how = "goal met"
        case .gaveUp: how = "gave up"
        case .timeLimit: how = "time limit"
        case .ended: how = "ended"
        case .sessionEnded: how = "session ended"
        }
        desk.add("task \(line.number) \(how) after \(String(format: "%.1f", line.seconds)) s, \(line.attempts) gesture\(line.attempts == 1 ? "" : "s")", .task, at: line.t)
        post("Task \(line.number) \(how): \(String(format: "%.1f", line.seconds)) s, \(line.attempts) gesture\(line.attempts == 1 ? "" : "s")")
    }

    /// A time limit that has passed by `t` ends its task, at the limit.
    func taskTick(_ t: Double) {
        if let line = tasks?.tick(t) { taskEnded(line) }
    }

    /// A scene event, for the task under way (attempts, goal) and the facilitator's feed.
    func observeForTasks(_ e: SceneEvent, release: ReleaseRecord?) {
        desk.event(e, release: release)
        guard tasks != nil else { return }
        let images = deckImages
        let lines = tasks!.observe(e, cardName: { images.image(of: $0).map { images.names[$0] } },
                                   cardAt: { [scene] index in scene.deck.card(at: index) })
        for line in lines { taskEnded(line) }
    }

    /// The session ends with a task under way: it ends as "session_ended".
    func finishTasks(at t: Double) {
        taskTick(t)
        endTask(at: t, .sessionEnded)
    }

    /// A word for the facilitator: in the facilitator window when there is one (never over the
    /// participant's phone), else a toast in the window.
    func post(_ text: String, kind: Toasts.Toast.Kind = .info) {
        toasts.post(text, kind: kind, now: clock())
    }
}
