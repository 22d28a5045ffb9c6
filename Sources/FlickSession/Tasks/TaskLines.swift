import FlickIO
import FlickEngine

/// A task of `--tasks` began (started from the facilitator window or with M).
package struct LogTaskStarted: Codable, Equatable {
    package var event = "task_started"
    package var t: Double
    package var task: String
    /// 1-based position in the task list.
    package var number: Int
    package var goal: TaskGoal?
    package var timeLimit: Double?
    /// The start state applied just before (its scene events, cause `facilitator`, come first).
    package var start: Start?

    /// A task's start state as the log says it: the config by its file's name.
    package struct Start: Codable, Equatable {
        package var interaction: Interaction?
        package var reset: Bool?
        package var config: String?
        /// The cards the task started with, in deck order, and how the tasks file ordered them.
        package var cards: [String]?
        package var order: TaskStart.CardOrder?
        package var seed: UInt64?

        package init(_ s: TaskStart) {
            interaction = s.interaction
            reset = s.reset
            config = s.config == nil ? nil : (s.configFile ?? "")
            cards = s.cards
            order = s.order
            seed = s.seed
        }
    }

    package init(t: Double, task: String, number: Int, goal: TaskGoal?, timeLimit: Double?, start: TaskStart? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.task = task
        self.number = number
        self.goal = goal
        self.timeLimit = timeLimit
        self.start = start.map(Start.init)
    }
}

/// A task of `--tasks` ended: how, after how long, after how many gestures.
package struct LogTaskEnded: Codable, Equatable {
    package var event = "task_ended"
    package var t: Double
    package var task: String
    package var number: Int
    package var outcome: TaskRun.Outcome
    /// From the task's start to its end.
    package var seconds: Double
    /// Gestures begun during the task.
    package var attempts: Int
    /// "participant" when their Done or Give up ended it (the participant's side of a task).
    package var by: String?
    /// Only in a what-if (a replay under another config, which keeps every task on its recorded
    /// course, `RecordedCourse`): what that config would have done to the task's goal. The
    /// line's own outcome, time and `by` stay the recorded ones.
    package var whatIf: WhatIf?

    /// Whether the goal would have been met within the task's recorded time, and when.
    package struct WhatIf: Codable, Equatable, Sendable {
        /// Nil for a task without a goal.
        package var goalMet: Bool?
        /// When the goal would have been met (session seconds), if it would.
        package var t: Double?
        package init(goalMet: Bool?, t: Double?) {
            self.goalMet = goalMet
            self.t = t.map(SceneEvent.microseconds)
        }
    }

    package init(t: Double, task: String, number: Int, outcome: TaskRun.Outcome, seconds: Double, attempts: Int) {
        self.t = SceneEvent.microseconds(t)
        self.task = task
        self.number = number
        self.outcome = outcome
        self.seconds = SceneEvent.microseconds(seconds)
        self.attempts = attempts
    }
}
