import FlickIO
import FlickEngine

/// The course a session's tasks took as it was recorded: when each task started and ended and
/// how, when each SEQ or SUS was up, and what the participant answered. A what-if (a replay
/// under another config: `tune`, `compare`, `--replay --config`) follows it rather than deciding
/// anew, so the participant's Done, Give up, SEQ and SUS stay with the task and the panel they
/// answered, and a panel is up exactly when it was. What the other config would have done to a
/// task shows apart from its course: whether its goal would have been met, and when
/// (`LogTaskEnded.whatIf`).
///
/// The rule, stated once (`SessionRunner` applies it; every what-if goes through there):
/// - a task starts at its recorded start (its start state applied there) and ends at its recorded
///   end with its recorded outcome; neither a goal met earlier nor a time limit moves it;
/// - markers and answers change no task and no panel: the recorded lines they made come out at
///   their times instead;
/// - a pointer press, wheel or participant key is held back exactly while a recorded panel was up.
package struct RecordedCourse: Equatable, Sendable {
    /// One line of the course, as the recorded session made it.
    package enum Line: Equatable, Sendable {
        case started(LogTaskStarted)
        case ended(LogTaskEnded)
        case questionnaire(LogQuestionnaire)
        case answer(LogAnswer)

        /// Session seconds (scene time).
        package var t: Double {
            switch self {
            case .started(let l): return l.t
            case .ended(let l): return l.t
            case .questionnaire(let l): return l.t
            case .answer(let l): return l.t
            }
        }
    }

    /// In the order the recorded session made them.
    package let lines: [Line]
    /// The spans a SEQ or the SUS was up, [from, to): a press at `from` or later is held back,
    /// one at `to` reaches the stage. A panel never closed stays up to the end.
    package let panels: [Span]

    package struct Span: Equatable, Sendable {
        package var from: Double
        package var to: Double
    }

    package init(lines: [Line]) {
        self.lines = lines
        var spans: [Span] = []
        var open: Double?
        for case .questionnaire(let q) in lines {
            switch q.what {
            case .shown: open = open ?? q.t
            case .completed, .incomplete:
                if let from = open { spans.append(Span(from: from, to: q.t)) }
                open = nil
            }
        }
        if let from = open { spans.append(Span(from: from, to: .infinity)) }
        panels = spans
    }

    /// The recorded session had no tasks and no questionnaires: nothing to follow.
    package var isEmpty: Bool { lines.isEmpty }

    /// A panel was up at session time `t` in the recorded session.
    package func panelUp(at t: Double) -> Bool {
        panels.contains { $0.from <= t + Self.tolerance && t + Self.tolerance < $0.to }
    }

    /// Line times are kept to the microsecond (`SceneEvent.microseconds`); an input's time may
    /// not be: two times this close are the same moment.
    package static let tolerance = 1e-6
}

extension LogTaskEnded {
    /// The recorded session met the task's goal (a success no answer claimed).
    package var goalMet: Bool { outcome == .success && by == nil }
}
