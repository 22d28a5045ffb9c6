extension Study {
    /// A task the session had scheduled (`--tasks`) that never started.
    package struct NotRun {
        package var participant: String
        package var condition: String
        package var path: String
        package var sessionID: String?
        /// 1-based position in the session's task list.
        package var number: Int
        package var task: String
    }

    /// Every scheduled task that never ran, session by session in the study's order.
    package var tasksNotRun: [NotRun] {
        entries.flatMap { e in
            e.metrics.session.notRun.map {
                NotRun(participant: e.participant, condition: e.condition, path: e.metrics.session.path,
                       sessionID: e.metrics.session.sessionID, number: $0.number, task: $0.name)
            }
        }
    }

    /// The tasks the study's sessions scheduled, run or not.
    package var tasksScheduled: Int { entries.reduce(0) { $0 + $1.metrics.session.scheduled.count } }
}
