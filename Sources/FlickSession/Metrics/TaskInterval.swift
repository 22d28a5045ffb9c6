import FlickIO

/// One run of a task as the study counts it: from its start to its end, how it ended and how
/// many attempts it took. With `--tasks` these are the session's `task_started` and
/// `task_ended` lines (every task, whatever ended it: its goal, a give-up, its time limit, the
/// facilitator or the end of the session); without, the facilitator's start and end markers.
package struct TaskInterval: Equatable {
    /// 1-based position in the task list; nil for a task marked by hand.
    package var number: Int?
    package var name: String?
    package var start: Double
    package var end: Double
    /// How it ended; nil for a task marked by hand (the facilitator ended it).
    package var outcome: TaskRun.Outcome?
    /// Gestures begun and key decisions during the task (`task_ended`'s count); nil when marked by hand.
    package var attempts: Int?
    /// "participant" when their Done or Give up ended it.
    package var by: String? = nil

    package var seconds: Double { end - start }

    /// Whether session time `t` falls within the run, ends included, compared at the log's grain
    /// (the microsecond): a task line's time is rounded to it, while an event of a replay keeps
    /// the engine's exact time, so the goal's decision at the very end of its task, a few
    /// nanoseconds past the rounded end, is still the task's.
    package func contains(_ t: Double) -> Bool {
        let t = sessionTime(t)
        return t >= start && t <= end
    }

    /// The task runs of a session: its task lines, else its marker pairs. An `end` marker with
    /// no task under way (pressed after the task had already ended) starts nothing.
    package static func runs(of session: StudySession) -> [TaskInterval] {
        if !session.taskEnds.isEmpty || !session.taskStarts.isEmpty {
            return session.taskEnds.map { end in
                let start = session.taskStarts.last { $0.number == end.number && $0.t <= end.t }
                return TaskInterval(number: end.number, name: end.task, start: start?.t ?? end.t - end.seconds, end: end.t,
                                    outcome: end.outcome, attempts: end.attempts, by: end.by)
            }
        }
        var runs: [TaskInterval] = []
        var open: (t: Double, task: String?)?
        for m in session.markers {
            if m.label == "start" {
                open = (m.t, m.task)
            } else if m.label == "end", let s = open {
                runs.append(TaskInterval(number: nil, name: s.task ?? m.task, start: s.t, end: m.t, outcome: nil, attempts: nil))
                open = nil
            }
        }
        return runs
    }
}
