import FlickIO
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
        guard study.tasks != nil else { return session.nextMarker() }
        return runner.nextTaskMarker
    }

    /// M: the next task marker, said where the facilitator looks.
    func dropTaskMarker(at t: Double) {
        if let starts = pageEngine?.starts, starts.isWaiting {
            // The page's engine is setting the next task up (--phone-engine): M ends that task.
            guard let marker = starts.nextTaskMarker else {
                post("The phone is still setting the task up: press M again in a moment")
                return
            }
            submit(RecordedInput(t: t, .marker(marker)))
            return
        }
        guard let marker = nextTaskMarker() else {
            post("All \(study.tasks?.list.tasks.count ?? 0) tasks have run")
            return
        }
        submit(RecordedInput(t: t, .marker(marker)))
    }

    /// Key F1-F9 of the facilitator window: the labelled marker.
    func dropLabelledMarker(_ n: Int, at t: Double) {
        guard n >= 1, n <= options.markers.count else { return }
        submit(RecordedInput(t: t, .marker(Marker(label: options.markers[n - 1], task: currentTaskName))))
    }

    /// The task under way (of `--tasks`), else the session's `--task`.
    var currentTaskName: String? { runner.currentTaskName }

    /// A marker that started, ended or gave up no task (without --tasks, or one tasks do not
    /// act on): said as it is.
    func announcePlainMarker(_ marker: Marker, at t: Double) {
        switch (study.tasks == nil, marker.label) {
        case (true, "start"): post("Task started\(marker.task.map { ": \($0)" } ?? ""). M ends it")
        case (true, "end"): post("Task ended. M starts the next")
        default: post("Marker: \(marker.label)")
        }
        if study.tasks == nil { note("marker: task \(marker.label)\(marker.task.map { " (\($0))" } ?? "") at \(String(format: "%.3f", t)) s") }
    }

    /// A task ended (its line is in the log): the facilitator's feed and a toast.
    func taskEnded(_ line: LogTaskEnded) {
        let how: String
        switch line.outcome {
        case .success: how = "goal met"
        case .gaveUp: how = "gave up"
        case .timeLimit: how = "time limit"
        case .ended: how = "ended"
        case .sessionEnded: how = "session ended"
        }
        let summary = "\(String(format: "%.1f", line.seconds)) s, \(line.attempts) gesture\(line.attempts == 1 ? "" : "s")"
        roles.desk.add("task \(line.number) \(how) after \(summary)", .task, at: line.t)
        post("Task \(line.number) \(how): \(summary)")
    }

    /// A word for the facilitator: in the facilitator window when there is one (never over the
    /// participant's phone), else a toast in the window.
    func post(_ text: String, kind: Toasts.Toast.Kind = .info) {
        roles.toasts.post(text, kind: kind, now: clock())
    }
}
