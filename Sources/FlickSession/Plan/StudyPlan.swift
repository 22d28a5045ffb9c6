import FlickIO
import FlickEngine
import Foundation

/// A study plan (`flick plan`): the conditions, each with its config, interaction, device and
/// marker labels, and every participant's sessions, one condition a session, in a
/// counterbalanced order with the order of the tasks in each. `flick --plan plan.json
/// --participant P3 --session 2` opens exactly that session; `flick study --plan plan.json`
/// names each session's condition from it. Files the plan names are relative to its folder.
/// docs/schema/plan.schema.json defines the file; docs/study-plan.md explains it.
package struct StudyPlan: Codable, Equatable, Sendable {
    package static let formatVersion = 1
    package static let maxConditions = 12
    package static let maxParticipants = 10_000
    /// The largest plan file `--plan` opens, and so the largest `flick plan` writes.
    package static let maxBytes = 64 << 20

    /// How the condition orders are made: a balanced Latin square (Williams).
    package static let design = "williams"

    package var format: Int
    package var design: String
    /// Which row of the square each participant takes.
    package var assignment: PlanAssignment
    package var taskOrder: PlanTaskOrder
    /// Only when something above is shuffled: the same seed makes the same plan.
    package var seed: UInt64?
    /// The card folder of every session (a condition may name its own).
    package var cards: String?
    /// The tasks file (its tasks run in each session's `tasks` order).
    package var tasks: String?
    /// Marker labels of every session (a condition may name its own).
    package var markers: [String]?
    package var conditions: [PlanCondition]
    package var participants: [PlanParticipant]

    package enum CodingKeys: String, CodingKey {
        case format = "flick_plan", design, assignment, taskOrder, seed, cards, tasks, markers, conditions, participants
    }

    package init(assignment: PlanAssignment, taskOrder: PlanTaskOrder, seed: UInt64?, cards: String?, tasks: String?,
                 markers: [String]?, conditions: [PlanCondition], participants: [PlanParticipant]) {
        format = Self.formatVersion
        design = Self.design
        self.assignment = assignment
        self.taskOrder = taskOrder
        self.seed = seed
        self.cards = cards
        self.tasks = tasks
        self.markers = markers
        self.conditions = conditions
        self.participants = participants
    }

    package func condition(named name: String) -> PlanCondition? { conditions.first { $0.name == name } }
    package func participant(_ id: String) -> PlanParticipant? { participants.first { $0.id == id } }
}

/// Which row of the condition square each participant takes.
package enum PlanAssignment: String, Codable, CaseIterable, Sendable {
    /// P1 the first row, P2 the second, … (again from the first after the last).
    case inOrder = "in-order"
    /// Each block of as many participants as rows takes the rows in a seeded random order
    /// (still balanced over each whole block).
    case shuffled
}

/// The order of the tasks in a session.
package enum PlanTaskOrder: String, Codable, CaseIterable, Sendable {
    /// A balanced Latin square of the tasks: participant i's session k takes row (i + k).
    case williams
    /// The tasks file's order, every session.
    case fixed
    /// A seeded random order for each session.
    case shuffled
}

/// One condition: its name (the study's), and what the session opens with.
package struct PlanCondition: Codable, Equatable, Sendable {
    package var name: String
    /// A config (preset) file.
    package var config: String?
    package var interaction: Interaction?
    /// mouse (the window) or touch (`--phone`: the participant's phone).
    package var device: PointerEvent.Device?
    /// With `device` touch: the address the phone page is served on (default: loopback).
    package var phone: String?
    package var markers: [String]?
    package var cards: String?

    package init(name: String, config: String? = nil, interaction: Interaction? = nil, device: PointerEvent.Device? = nil,
                 phone: String? = nil, markers: [String]? = nil, cards: String? = nil) {
        self.name = name
        self.config = config
        self.interaction = interaction
        self.device = device
        self.phone = phone
        self.markers = markers
        self.cards = cards
    }

    /// "snappy.json, stack, touch".
    package var summary: String {
        [config, interaction?.rawValue, device?.rawValue].compactMap { $0 }.joined(separator: ", ")
    }
}

package struct PlanParticipant: Codable, Equatable, Sendable {
    package var id: String
    /// The row of the condition square this participant takes (1-based).
    package var row: Int
    /// The device this participant uses in every session (a between-subjects factor): mouse
    /// (the window) or touch (the phone). Nil: each condition's own (mouse when it names none).
    package var device: PointerEvent.Device?
    package var sessions: [PlanSession]

    package init(id: String, row: Int, device: PointerEvent.Device? = nil, sessions: [PlanSession]) {
        self.id = id
        self.row = row
        self.device = device
        self.sessions = sessions
    }
}

package struct PlanSession: Codable, Equatable, Sendable {
    /// 1, 2, …
    package var session: Int
    package var condition: String
    /// The tasks file's task names in this session's order.
    package var tasks: [String]?

    package init(session: Int, condition: String, tasks: [String]?) {
        self.session = session
        self.condition = condition
        self.tasks = tasks
    }
}

/// What a session opened from a plan records (the recording's header, the log's `started`
/// line): the study tools take its condition from here, not from the config.
package struct PlanStamp: Codable, Equatable, Sendable {
    /// The plan file as given.
    package var file: String
    package var participant: String
    package var session: Int
    package var condition: String
    /// The task order of the session.
    package var tasks: [String]?

    package init(file: String, participant: String, session: Int, condition: String, tasks: [String]?) {
        self.file = file
        self.participant = participant
        self.session = session
        self.condition = condition
        self.tasks = tasks
    }
}

// MARK: - Making a plan

extension StudyPlan {
    /// A plan: each participant (in order) takes the next row of the balanced Latin square of the
    /// conditions (`assignment`), one session per condition; each session's tasks in `taskOrder`.
    /// `seed` is needed exactly when something is shuffled.
    /// `devices`: each participant's device in turn (cycled; empty: none), a between-subjects
    /// factor beside the conditions.
    package static func make(conditions: [PlanCondition], participants: [String], taskNames: [String]?,
                             assignment: PlanAssignment, taskOrder: PlanTaskOrder, seed: UInt64?,
                             cards: String? = nil, tasks: String? = nil, markers: [String]? = nil,
                             devices: [PointerEvent.Device] = []) -> StudyPlan {
        var random = SeededGenerator(seed: seed ?? 0)
        let square = BalancedLatinSquare.rows(conditions.count)
        var rowOf: [Int] = []
        while rowOf.count < participants.count {
            var block = Array(square.indices)
            if assignment == .shuffled { random.shuffle(&block) }
            rowOf += block
        }
        let taskSquare = BalancedLatinSquare.rows(taskNames?.count ?? 0)
        var people: [PlanParticipant] = []
        for (i, id) in participants.enumerated() {
            let row = square[rowOf[i]]
            var sessions: [PlanSession] = []
            for (k, c) in row.enumerated() {
                var order: [String]?
                if let names = taskNames, !names.isEmpty {
                    switch taskOrder {
                    case .fixed: order = names
                    case .williams: order = taskSquare[(i + k) % taskSquare.count].map { names[$0] }
                    case .shuffled:
                        var shuffled = names
                        random.shuffle(&shuffled)
                        order = shuffled
                    }
                }
                sessions.append(PlanSession(session: k + 1, condition: conditions[c].name, tasks: order))
            }
            people.append(PlanParticipant(id: id, row: rowOf[i] + 1, device: devices.isEmpty ? nil : devices[i % devices.count],
                                          sessions: sessions))
        }
        let shuffles = assignment == .shuffled || (taskOrder == .shuffled && taskNames != nil)
        return StudyPlan(assignment: assignment, taskOrder: taskOrder, seed: shuffles ? seed : nil, cards: cards, tasks: tasks,
                         markers: markers, conditions: conditions, participants: people)
    }

    /// `P1` … `Pn`.
    package static func participantIDs(count: Int) -> [String] { (1...max(1, count)).map { "P\($0)" } }

    /// Participants in whole blocks of the square keep it balanced; else the shortfall, said.
    package var balanceNote: String? {
        let rows = BalancedLatinSquare.rows(conditions.count).count
        guard participants.count % rows != 0 else { return nil }
        let next = (participants.count / rows + 1) * rows
        return "\(participants.count) participants are not a multiple of the square's \(rows) rows: the orders are balanced only with \(next) (or any multiple of \(rows))"
    }
}

// MARK: - Reading a plan

extension StudyPlan {
    /// Reads and checks `path`: every problem is one line naming the file and the value.
    package static func load(_ path: String, option: String = "--plan") throws -> StudyPlan {
        let data = try InputFile.read(path, what: "\(option) file", maxBytes: Int64(maxBytes))
        let file = "\(option) file '\(path)'"
        guard let json = try? JSONSerialization.jsonObject(with: data), let object = json as? [String: Any] else {
            throw UserError("\(file) is not a JSON object (expected a study plan as flick plan writes it)")
        }
        guard let format = object["flick_plan"] else {
            throw UserError("\(file) has no 'flick_plan' (expected a study plan as flick plan writes it)")
        }
        guard let v = format as? Int, v >= 1 else { throw UserError("\(file): 'flick_plan' = \(format) is not a format version (expected 1)") }
        guard v <= formatVersion else { throw UserError("\(file) is plan format \(v), newer than this flick reads (\(formatVersion)); update flick") }
        let top = CodingKeys.allKeys
        if let unknown = object.keys.sorted().first(where: { !top.contains($0) }) {
            throw UserError("\(file): unknown key '\(unknown)' (expected \(top.joined(separator: ", ")))")
        }
        let conditionKeys = ["name", "config", "interaction", "device", "phone", "markers", "cards"]
        for (i, c) in ((object["conditions"] as? [Any]) ?? []).enumerated() {
            if let o = c as? [String: Any], let unknown = o.keys.sorted().first(where: { !conditionKeys.contains($0) }) {
                throw UserError("\(file): condition \(i + 1) has an unknown key '\(unknown)' (expected \(conditionKeys.joined(separator: ", ")))")
            }
        }
        let plan: StudyPlan
        do { plan = try JSONDecoder().decode(StudyPlan.self, from: data) } catch {
            throw UserError("\(file) is not a valid study plan (\(DecodingProblem.describe(error)))")
        }
        try plan.check(file)
        return plan
    }

    /// The plan as `flick plan` writes it: pretty-printed, keys sorted, a newline at the end.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Refuses a plan of `bytes` (`about`: an estimate) that `--plan` would not open, naming
    /// what makes it large.
    package func checkSize(_ bytes: Int, about: Bool, file: String) throws {
        guard bytes > Self.maxBytes else { return }
        let sessions = participants.first?.sessions.count ?? conditions.count
        let tasks = participants.first?.sessions.first?.tasks?.count ?? 0
        let mb = { (n: Int) in String(format: "%.0f", Double(n) / 1_048_576) }
        throw UserError("\(file) would be \(about ? "about " : "")\(mb(bytes)) MB (\(participants.count) participants x \(sessions) sessions\(tasks > 0 ? " x \(tasks) tasks" : "")), more than the \(mb(Self.maxBytes)) MB flick --plan opens (expected fewer participants, conditions or tasks, or shorter task names)")
    }

    /// The plan's own consistency (names unique and known, sessions 1…n, tasks unique).
    package func check(_ file: String) throws {
        guard design == Self.design else { throw UserError("\(file): 'design' = '\(design)' (expected '\(Self.design)')") }
        guard (1...Self.maxConditions).contains(conditions.count) else {
            throw UserError("\(file): \(conditions.count) conditions (expected 1 to \(Self.maxConditions))")
        }
        var names = Set<String>()
        for c in conditions {
            if let why = TextLimits.problem(c.name, limit: TextLimits.designCell) ?? (c.name.isEmpty ? "is empty" : nil) {
                throw UserError("\(file): the condition name '\(TextLimits.excerpt(c.name))' \(why)")
            }
            guard names.insert(c.name).inserted else { throw UserError("\(file): the condition '\(c.name)' is named twice") }
            for label in c.markers ?? [] where !MarkerLabels.isValid(label) || label.contains(",") {
                throw UserError("\(file): condition '\(c.name)': the marker label '\(TextLimits.excerpt(label))' must be 1 to \(MarkerLabels.maxLength) characters without a comma")
            }
            if c.phone != nil && c.device != .touch {
                throw UserError("\(file): condition '\(c.name)' names a phone address but its device is not touch")
            }
        }
        for label in markers ?? [] where !MarkerLabels.isValid(label) || label.contains(",") {
            throw UserError("\(file): the marker label '\(TextLimits.excerpt(label))' must be 1 to \(MarkerLabels.maxLength) characters without a comma")
        }
        guard (1...Self.maxParticipants).contains(participants.count) else {
            throw UserError("\(file): \(participants.count) participants (expected 1 to \(Self.maxParticipants))")
        }
        var ids = Set<String>()
        for p in participants {
            if let why = TextLimits.problem(p.id, limit: TextLimits.participant) ?? (p.id.isEmpty ? "is empty" : nil) {
                throw UserError("\(file): the participant id '\(TextLimits.excerpt(p.id))' \(why)")
            }
            guard ids.insert(p.id).inserted else { throw UserError("\(file): the participant '\(p.id)' is listed twice") }
            guard !p.sessions.isEmpty else { throw UserError("\(file): participant '\(p.id)' has no sessions") }
            for (k, s) in p.sessions.enumerated() {
                guard s.session == k + 1 else {
                    throw UserError("\(file): participant '\(p.id)': session \(s.session) is in place \(k + 1) (expected sessions numbered 1, 2, … in order)")
                }
                guard names.contains(s.condition) else {
                    throw UserError("\(file): participant '\(p.id)' session \(s.session) names the condition '\(s.condition)', which the plan does not define (expected one of \(conditions.map(\.name).joined(separator: ", ")))")
                }
                if let tasks = s.tasks, Set(tasks).count != tasks.count {
                    throw UserError("\(file): participant '\(p.id)' session \(s.session) lists a task twice")
                }
                if let device = p.device, let own = condition(named: s.condition)?.device, own != device {
                    throw UserError("\(file): participant '\(p.id)' uses the \(device.rawValue) but session \(s.session)'s condition '\(s.condition)' is a \(own.rawValue) condition (expected a participant device only with conditions that name none)")
                }
            }
        }
    }

    /// The device of participant `id`'s sessions under `condition`: the condition's, else the
    /// participant's (nil: the window's mouse).
    package func device(participant id: String, condition: PlanCondition) -> PointerEvent.Device? {
        condition.device ?? participant(id)?.device
    }

    /// The session `session` of participant `id`, or a one-line refusal naming what there is.
    package func session(participant id: String, session: Int, file: String) throws -> (PlanCondition, PlanSession) {
        guard let p = participant(id) else {
            let known = participants.prefix(8).map(\.id).joined(separator: ", ") + (participants.count > 8 ? ", …" : "")
            throw UserError("--participant '\(id)' is not in the plan '\(file)' (expected one of \(known))")
        }
        guard let s = p.sessions.first(where: { $0.session == session }) else {
            throw UserError("--session \(session) is not one of participant '\(id)''s sessions in the plan '\(file)' (expected 1 to \(p.sessions.count))")
        }
        guard let c = condition(named: s.condition) else {
            throw UserError("the plan '\(file)': session \(session) of '\(id)' names the unknown condition '\(s.condition)'")
        }
        return (c, s)
    }

    /// A path the plan names, as seen from the working directory (relative to the plan's folder).
    package static func resolve(_ path: String, planFile: String) -> String {
        if path.hasPrefix("/") { return path }
        let dir = PathKind.folder(of: planFile)
        return dir.isEmpty ? path : (dir as NSString).appendingPathComponent(path)
    }

    /// `path` (given from the working directory) as the plan at `planFile` names it: relative to
    /// the plan's folder when both are relative or both absolute, else absolute.
    package static func relative(_ path: String, planFile: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> [String] {
            let full = p.hasPrefix("/") ? p : (cwd as NSString).appendingPathComponent(p)
            return (full as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let target = absolute(path)
        let dir = Array(absolute(planFile).dropLast())
        var common = 0
        while common < target.count, common < dir.count, target[common] == dir[common] { common += 1 }
        guard common > 0 else { return "/" + target.joined(separator: "/") }
        let up = Array(repeating: "..", count: dir.count - common)
        let rest = up + target[common...]
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }
}

extension StudyPlan.CodingKeys {
    static var allKeys: [String] {
        [StudyPlan.CodingKeys.format, .design, .assignment, .taskOrder, .seed, .cards, .tasks, .markers, .conditions, .participants].map(\.rawValue)
    }
}
