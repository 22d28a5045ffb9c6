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
        guard let run = study.tasks else { return session.nextMarker() }
        if let current = run.currentTask { return Marker(label: "end", task: current.name) }
        return run.nextTask.map { Marker(label: "start", task: $0.name) }
    }

    /// M: the next task marker, said where the facilitator looks.
    func dropTaskMarker(at t: Double) {
        guard let marker = nextTaskMarker() else {
            post("All \(study.tasks?.list.tasks.count ?? 0) tasks have run")
            return
        }
        apply(RecordedInput(t: t, marker: marker))
    }

    /// Key 1-9 of the facilitator window: the labelled marker.
    func dropLabelledMarker(_ n: Int, at t: Double) {
        guard n >= 1, n <= options.markers.count else { return }
        apply(RecordedInput(t: t, marker: Marker(label: options.markers[n - 1], task: currentTaskName)))
    }

    /// The task under way (of `--tasks`), else the session's `--task`.
    var currentTaskName: String? { study.tasks?.currentTask?.name ?? session.info.task }

    /// A marker, a note or a folder change reached the scene at `t` (App.applyStudyInput): a
    /// time limit passed by then ends its task first, then the input's own line, then what
    /// `StudyInputs` made of it (a task started or ended, the deck edited).
    func applyStudy(_ input: RecordedInput, at t: Double) {
        if let line = study.tick(t) { taskEnded(line) }
        if let marker = input.marker {
            logged { try log?.marker(time: t, label: marker.label, task: marker.task) }
            desk.add("marker: \(marker.label)\(marker.task.map { " (\($0))" } ?? "")", .marker, at: t)
        }
        if let text = input.note {
            logged { try log?.note(time: t, text: text, task: currentTaskName) }
            desk.add("note: \(text)", .note, at: t)
            post("Note saved")
        }
        let (ended, started) = study.apply(input, to: scene, at: t)
        for line in ended { taskEnded(line) }
        if let line = started {
            logged { try log?.append(line) }
            desk.add("task \(line.number) started: \(line.task)", .task, at: t)
            post("Task \(line.number) started: \(line.task). Enter or M ends it")
        }
        if let change = input.cards { noteCardChange(change, at: t) }
        if let marker = input.marker, ended.isEmpty, started == nil {
            // Without --tasks (or a marker tasks do not act on): said as it is.
            switch (study.tasks == nil, marker.label) {
            case (true, "start"): post("Task started\(marker.task.map { ": \($0)" } ?? ""). M ends it")
            case (true, "end"): post("Task ended. M starts the next")
            default: post("Marker: \(marker.label)")
            }
            if study.tasks == nil { note("marker: task \(marker.label)\(marker.task.map { " (\($0))" } ?? "") at \(String(format: "%.3f", t)) s") }
        }
    }

    func taskEnded(_ line: LogTaskEnded) {
        logged { try log?.append(line) }
        let how: String
        switch line.outcome {
        case .success: how = "goal met"
        case .gaveUp: how = "gave up"
        case .timeLimit: how = "time limit"
        case .ended: how = "ended"
        case .sessionEnded: how = "session ended"
        }
        let summary = "\(String(format: "%.1f", line.seconds)) s, \(line.attempts) gesture\(line.attempts == 1 ? "" : "s")"
        desk.add("task \(line.number) \(how) after \(summary)", .task, at: line.t)
        post("Task \(line.number) \(how): \(summary)")
    }

    /// A time limit that has passed by `t` ends its task, at the limit.
    func taskTick(_ t: Double) {
        if let line = study.tick(t) { taskEnded(line) }
    }

    /// A scene event, for the facilitator's feed, the deck's images (an insertion for an added
    /// file) and the task under way (attempts, goal).
    func observeForStudy(_ e: SceneEvent, release: ReleaseRecord?) {
        desk.event(e, release: release)
        let ended = study.observe(e, in: scene)
        if case .inserted = e { stageView.follow(study.images) }
        for line in ended { taskEnded(line) }
    }

    /// The session ends with a task under way: it ends as "session_ended".
    func finishTasks(at t: Double) {
        for line in study.finish(at: t) { taskEnded(line) }
    }

    /// A word for the facilitator: in the facilitator window when there is one (never over the
    /// participant's phone), else a toast in the window.
    func post(_ text: String, kind: Toasts.Toast.Kind = .info) {
        toasts.post(text, kind: kind, now: clock())
    }
}
