import FlickIO
import FlickEngine

/// The two standard questionnaires of the participant's side.
package enum Questionnaire: String, Codable, CaseIterable, Sendable {
    /// The Single Ease Question, after a task: one answer 1 (very difficult) to 7 (very easy).
    case seq
    /// The System Usability Scale, after the session: ten items, each 1 (strongly disagree) to
    /// 5 (strongly agree).
    case sus

    /// The standard wording (Sauro and Dumas 2009 for the SEQ; Brooke 1996 for the SUS, with
    /// "cumbersome" for "awkward" as Finstad and Bangor et al. advise).
    package static let seqQuestion = "Overall, how difficult or easy was the task to complete?"
    package static let seqScale = 1...7
    package static let seqEnds = ("Very difficult", "Very easy")
    package static let susItems = [
        "I think that I would like to use this system frequently.",
        "I found the system unnecessarily complex.",
        "I thought the system was easy to use.",
        "I think that I would need the support of a technical person to be able to use this system.",
        "I found the various functions in this system were well integrated.",
        "I thought there was too much inconsistency in this system.",
        "I would imagine that most people would learn to use this system very quickly.",
        "I found the system very cumbersome to use.",
        "I felt very confident using the system.",
        "I needed to learn a lot of things before I could get going with this system.",
    ]
    package static let susScale = 1...5
    package static let susEnds = ("Strongly disagree", "Strongly agree")

    /// The answers a question of this questionnaire takes.
    package var scale: ClosedRange<Int> { self == .seq ? Self.seqScale : Self.susScale }
}

/// What the participant answered in their window: a recorded input (`"answer"` in a
/// recording), always the participant's.
package enum ParticipantAnswer: Equatable, Sendable {
    /// "Done" on the task under way: it ends as a success (the participant's own word).
    case done
    /// "Give up" on the task under way: it ends as given up.
    case giveUp
    /// The SEQ of the task that just ended, 1-7.
    case seq(Int)
    /// SUS item `item` (1-10), 1-5.
    case sus(item: Int, value: Int)

    /// The name the log and the recording give it.
    package var kind: String {
        switch self {
        case .done: return "done"
        case .giveUp: return "give_up"
        case .seq: return "seq"
        case .sus: return "sus"
        }
    }

    /// Why a recorded answer is out of range (nil when it is not).
    package var problem: String? {
        switch self {
        case .done, .giveUp: return nil
        case .seq(let v):
            return Questionnaire.seqScale.contains(v) ? nil : "'answer.value' = \(v) is not a SEQ answer (expected 1 to 7)"
        case .sus(let item, let v):
            if !(1...Questionnaire.susItems.count).contains(item) { return "'answer.item' = \(item) is not a SUS item (expected 1 to 10)" }
            return Questionnaire.susScale.contains(v) ? nil : "'answer.value' = \(v) is not a SUS answer (expected 1 to 5)"
        }
    }
}

extension ParticipantAnswer: Codable {
    private enum CodingKeys: String, CodingKey { case kind, item, value }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "done": self = .done
        case "give_up": self = .giveUp
        case "seq": self = .seq(try c.decode(Int.self, forKey: .value))
        case "sus": self = .sus(item: try c.decode(Int.self, forKey: .item), value: try c.decode(Int.self, forKey: .value))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription:
                "'\(TextLimits.excerpt(kind))' is not an answer (expected done, give_up, seq or sus)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        switch self {
        case .done, .giveUp: break
        case .seq(let v): try c.encode(v, forKey: .value)
        case .sus(let item, let v):
            try c.encode(item, forKey: .item)
            try c.encode(v, forKey: .value)
        }
    }
}

/// The questionnaire on the participant's screen, as the session runs it: the same inputs give
/// the same prompts, answers and ends, live and in every replay. Owned by `StudyInputs`.
package struct Questionnaires: Equatable {
    /// A questionnaire up on the participant's screen.
    package struct Prompt: Equatable {
        package var questionnaire: Questionnaire
        /// The task a SEQ is about (its name and 1-based number).
        package var task: String?
        package var number: Int?
        /// SUS: the answers so far, by item (index 0 is item 1).
        package var answers: [Int?] = []
        package var shownAt: Double

        /// The SUS item to answer next (1-based), nil for a SEQ or when all are answered.
        package var nextItem: Int? {
            guard questionnaire == .sus else { return nil }
            return answers.firstIndex(where: { $0 == nil }).map { $0 + 1 }
        }
        package var answered: Int { questionnaire == .sus ? answers.compactMap { $0 }.count : 0 }
    }

    package private(set) var prompt: Prompt?
    /// The SUS was shown this session (it is asked once).
    package private(set) var susShown = false
    package private(set) var susComplete = false

    package init() {}

    /// A task ended: its SEQ comes up when the task asks for one (not when the session ended).
    /// A questionnaire still up is closed first, incomplete.
    package mutating func taskEnded(_ line: LogTaskEnded, asks: Bool, at t: Double) -> [LogQuestionnaire] {
        guard asks, line.outcome != .sessionEnded else { return [] }
        var lines = close(at: t)
        prompt = Prompt(questionnaire: .seq, task: line.task, number: line.number, shownAt: t)
        lines.append(LogQuestionnaire(t: t, questionnaire: .seq, what: .shown, task: line.task, number: line.number))
        return lines
    }

    /// The SUS comes up (a facilitator's action, or the end of the session asked), once.
    package mutating func askSUS(at t: Double) -> [LogQuestionnaire] {
        guard !susShown else { return [] }
        var lines = close(at: t)
        susShown = true
        prompt = Prompt(questionnaire: .sus, answers: Array(repeating: nil, count: Questionnaire.susItems.count), shownAt: t)
        lines.append(LogQuestionnaire(t: t, questionnaire: .sus, what: .shown))
        return lines
    }

    /// An answer to the questionnaire up: its line, and the questionnaire's end when it was the
    /// last. An answer with nothing to answer (none up, another questionnaire's, an item answered
    /// already) changes nothing and returns nil.
    package mutating func answer(_ a: ParticipantAnswer, at t: Double) -> (answer: LogAnswer, ended: LogQuestionnaire?)? {
        guard var p = prompt else { return nil }
        switch a {
        case .seq(let v) where p.questionnaire == .seq && Questionnaire.seqScale.contains(v):
            prompt = nil
            var line = LogAnswer(t: t, question: a.kind, value: v)
            (line.task, line.number) = (p.task, p.number)
            var end = LogQuestionnaire(t: t, questionnaire: .seq, what: .completed, task: p.task, number: p.number)
            end.answered = 1
            return (line, end)
        case .sus(let item, let v) where p.questionnaire == .sus && p.nextItem == item && Questionnaire.susScale.contains(v):
            p.answers[item - 1] = v
            var line = LogAnswer(t: t, question: a.kind, value: v)
            line.item = item
            guard p.nextItem == nil else {
                prompt = p
                return (line, nil)
            }
            prompt = nil
            susComplete = true
            var end = LogQuestionnaire(t: t, questionnaire: .sus, what: .completed)
            end.answered = p.answered
            end.score = SUSScore.score(p.answers.compactMap { $0 })
            return (line, end)
        default:
            return nil
        }
    }

    /// Closes the questionnaire up, if any, as incomplete (the next task started, the session
    /// ended): its line says how many answers it had.
    package mutating func close(at t: Double) -> [LogQuestionnaire] {
        guard let p = prompt else { return [] }
        prompt = nil
        var line = LogQuestionnaire(t: t, questionnaire: p.questionnaire, what: .incomplete, task: p.task, number: p.number)
        line.answered = p.answered
        return [line]
    }
}

/// A questionnaire came up on the participant's screen, was completed, or was closed before
/// it was (`incomplete`: the session ended, or the next task started).
package struct LogQuestionnaire: Codable, Equatable {
    package enum What: String, Codable, CaseIterable, Sendable { case shown, completed, incomplete }
    package var event = "questionnaire"
    package var t: Double
    package var questionnaire: Questionnaire
    package var what: What
    /// The task a SEQ is about.
    package var task: String?
    package var number: Int?
    /// Completed or incomplete: the answers given.
    package var answered: Int?
    /// A completed SUS: its score, 0-100 (`SUSScore`).
    package var score: Double?

    package init(t: Double, questionnaire: Questionnaire, what: What, task: String? = nil, number: Int? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.questionnaire = questionnaire
        self.what = what
        self.task = task
        self.number = number
    }
}

/// The participant answered in their window: Done or Give up on a task, a SEQ, a SUS item.
package struct LogAnswer: Codable, Equatable {
    package var event = "answer"
    package var t: Double
    /// "done", "give_up", "seq" or "sus".
    package var question: String
    /// SUS: the item, 1-10.
    package var item: Int?
    /// SEQ 1-7, SUS 1-5; none for Done and Give up.
    package var value: Int?
    /// The task it is about (Done, Give up, SEQ).
    package var task: String?
    package var number: Int?

    package init(t: Double, question: String, value: Int? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.question = question
        self.value = value
    }
}

/// The SUS score (Brooke 1996): odd items contribute answer - 1, even items 5 - answer; the sum
/// times 2.5 is 0 to 100. Nil unless there are exactly ten answers, each 1-5.
package enum SUSScore {
    package static func score(_ answers: [Int]) -> Double? {
        guard answers.count == Questionnaire.susItems.count, answers.allSatisfy(Questionnaire.susScale.contains) else { return nil }
        var sum = 0
        for (i, a) in answers.enumerated() { sum += i % 2 == 0 ? a - 1 : 5 - a }
        return Double(sum) * 2.5
    }
}
