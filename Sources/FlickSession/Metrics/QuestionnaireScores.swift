import Foundation

/// The mean of a rating over participants (each participant's own mean when they answered more
/// than once) with a 95 % interval that stays inside the rating's scale: the SUS 0-100, the SEQ
/// 1-7. A rating of `steps` steps above its floor is a share of its range (the SEQ's 5 is 4 of
/// 6 steps, a SUS of 80 is 32 of 40), so each participant's answers are steps of steps-possible,
/// and the interval is `ParticipantRate`'s for the participants' mean share, put back on the
/// scale. Unlike a t-interval (mean ± t · sd / √n, which with 3 people runs past both ends of
/// the scale) it is asymmetric near an end, never a point when everyone answered alike, and
/// covered the true mean in at least 93 % of simulated studies of 3, 5 and 8 participants
/// (ParticipantIntervalTests). Nil below `ParticipantRate.minimumParticipants`: too few to say.
package struct MeanInterval: Equatable {
    package var mean: Double
    package var interval: Interval?
    /// Participants.
    package var count: Int
    /// The sample standard deviation of the participants' means (nil below 2 participants).
    package var sd: Double?

    /// The SUS: 0 to 100 in steps of 2.5.
    package static let sus = (scale: 0.0...100.0, steps: 40)
    /// The SEQ: 1 to 7.
    package static let seq = (scale: 1.0...7.0, steps: 6)

    /// `people`: each participant's answers (participants without one left out). Nil without an
    /// answer.
    package init?(_ people: [[Double]], scale: ClosedRange<Double>, steps: Int) {
        let answered = people.filter { !$0.isEmpty }
        guard !answered.isEmpty else { return nil }
        let means = answered.map { $0.reduce(0, +) / Double($0.count) }
        count = means.count
        mean = means.reduce(0, +) / Double(count)
        sd = count >= 2 ? (means.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count - 1)).squareRoot() : nil
        let width = scale.upperBound - scale.lowerBound
        let shares = answered.map { values in
            Proportion(values.reduce(0) { $0 + Int(((min(max($1, scale.lowerBound), scale.upperBound) - scale.lowerBound) / width * Double(steps)).rounded()) },
                       steps * values.count)
        }
        interval = ParticipantRate(shares).interval.map {
            Interval(scale.lowerBound + width * $0.low, scale.lowerBound + width * $0.high)
        }
    }
}

extension Study {
    /// One session's SUS: its answers by item, and its score when all ten were given.
    package struct SUSSession {
        package var participant: String
        package var condition: String
        package var sessionID: String?
        package var path: String
        /// Item 1 first; nil: not answered.
        package var answers: [Int?]
        /// Shown and all ten answered (its `questionnaire` line says completed).
        package var complete: Bool
        package var answered: Int { answers.compactMap { $0 }.count }
        /// 0-100, for a complete SUS only (an incomplete one is reported, never scored).
        package var score: Double? { complete ? SUSScore.score(answers.compactMap { $0 }) : nil }
    }

    /// Every session whose SUS was shown, in the order of the sessions.
    package var susSessions: [SUSSession] {
        entries.compactMap { e in
            let s = e.metrics.session
            guard s.questionnaires.contains(where: { $0.questionnaire == .sus && $0.what == .shown }) else { return nil }
            var answers = [Int?](repeating: nil, count: Questionnaire.susItems.count)
            for a in s.answers where a.question == "sus" {
                if let item = a.item, let v = a.value, (1...answers.count).contains(item) { answers[item - 1] = v }
            }
            let complete = s.questionnaires.contains { $0.questionnaire == .sus && $0.what == .completed }
            return SUSSession(participant: e.participant, condition: e.condition, sessionID: s.sessionID, path: s.path,
                              answers: answers, complete: complete && !answers.contains(nil))
        }
    }

    /// The SUS under one condition: each participant's score (the mean of theirs, if they gave
    /// several), the mean over participants with its interval, and the SUS left incomplete.
    package struct SUSSummary {
        package var condition: String
        package var participants: [(participant: String, score: Double)]
        package var scores: MeanInterval?
        /// Sessions whose SUS was shown and not completed.
        package var incomplete: Int
        package var sessions: Int
    }

    package func susSummaries() -> [SUSSummary] {
        let all = susSessions
        return Array(Set(all.map(\.condition))).sorted().map { condition in
            let mine = all.filter { $0.condition == condition }
            var byPerson: [String: [Double]] = [:]
            for s in mine { if let score = s.score { byPerson[s.participant, default: []].append(score) } }
            let names = byPerson.keys.sorted()
            let per = names.map { ($0, byPerson[$0]!.reduce(0, +) / Double(byPerson[$0]!.count)) }
            return SUSSummary(condition: condition, participants: per,
                              scores: MeanInterval(names.map { byPerson[$0]! }, scale: MeanInterval.sus.scale, steps: MeanInterval.sus.steps),
                              incomplete: mine.filter { !$0.complete }.count, sessions: mine.count)
        }
    }

    /// One SEQ answer, with the run it was about.
    package struct SEQAnswer {
        package var participant: String
        package var condition: String
        package var task: String
        package var number: Int?
        package var value: Int
        /// How the task ended (its task_ended line).
        package var outcome: TaskRun.Outcome?
        package var sessionID: String?
        package var path: String
    }

    package var seqAnswers: [SEQAnswer] {
        entries.flatMap { e in
            let s = e.metrics.session
            return s.answers.filter { $0.question == "seq" }.compactMap { a -> SEQAnswer? in
                guard let v = a.value else { return nil }
                let end = s.taskEnds.last { $0.number == a.number && $0.t <= a.t }
                return SEQAnswer(participant: e.participant, condition: e.condition, task: a.task ?? "", number: a.number,
                                 value: v, outcome: end?.outcome, sessionID: s.sessionID, path: s.path)
            }
        }
    }

    /// SEQ left unanswered (its questionnaire line says incomplete), per task and condition.
    package var seqIncomplete: [(task: String, condition: String)] {
        entries.flatMap { e in
            e.metrics.session.questionnaires.filter { $0.questionnaire == .seq && $0.what == .incomplete }
                .map { ($0.task ?? "", e.condition) }
        }
    }

    /// The SEQ of one task (nil: every task) under one condition: the mean over participants
    /// (each participant's mean of their answers) with its interval, and the answers counted.
    package struct SEQSummary {
        package var task: String?
        package var condition: String
        package var answers: Int
        package var participants: Int
        package var scores: MeanInterval?
        package var unanswered: Int
    }

    /// Per task and condition (tasks in the order they were numbered), then per condition over
    /// every task.
    package func seqSummaries() -> [SEQSummary] {
        let all = seqAnswers, open = seqIncomplete
        func summary(_ task: String?, _ condition: String) -> SEQSummary {
            let mine = all.filter { $0.condition == condition && (task == nil || $0.task == task) }
            var byPerson: [String: [Double]] = [:]
            for a in mine { byPerson[a.participant, default: []].append(Double(a.value)) }
            return SEQSummary(task: task, condition: condition, answers: mine.count, participants: byPerson.count,
                              scores: MeanInterval(byPerson.keys.sorted().map { byPerson[$0]! }, scale: MeanInterval.seq.scale,
                                                   steps: MeanInterval.seq.steps),
                              unanswered: open.filter { $0.condition == condition && (task == nil || $0.task == task) }.count)
        }
        var tasks: [(number: Int, task: String)] = []
        for a in all where !tasks.contains(where: { $0.task == a.task }) { tasks.append((a.number ?? Int.max, a.task)) }
        for o in open where !tasks.contains(where: { $0.task == o.task }) { tasks.append((Int.max, o.task)) }
        tasks.sort { ($0.number, $0.task) < ($1.number, $1.task) }
        let conditions = Array(Set(all.map(\.condition) + open.map(\.condition))).sorted()
        var out: [SEQSummary] = []
        for t in tasks {
            for c in conditions {
                let s = summary(t.task, c)
                if s.answers > 0 || s.unanswered > 0 { out.append(s) }
            }
        }
        for c in conditions { out.append(summary(nil, c)) }
        return out
    }
}
