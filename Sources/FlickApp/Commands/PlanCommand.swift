import ArgumentParser
import FlickCLI
import FlickEngine
import FlickIO
import FlickSession
import Foundation

/// `--condition NAME[,config=FILE][,interaction=I][,device=mouse|touch][,phone=HOST:PORT][,cards=DIR][,markers=a;b]`.
struct ConditionArgument: ExpressibleByArgument {
    var condition: PlanCondition

    static let keys = ["config", "interaction", "device", "phone", "cards", "markers"]

    init?(argument: String) { try? self.init(parsing: argument) }

    init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let name = parts[0]
        guard !name.isEmpty, !name.contains("=") else {
            throw ArgumentProblem("expected NAME first, then key=value pairs (\(Self.keys.joined(separator: ", "))), e.g. 'snappy,config=snappy.json,interaction=stack'")
        }
        var c = PlanCondition(name: name)
        for part in parts.dropFirst() {
            guard let eq = part.firstIndex(of: "="), !part[part.index(after: eq)...].isEmpty else {
                throw ArgumentProblem("'\(part)' is not key=value (keys: \(Self.keys.joined(separator: ", ")))")
            }
            let key = String(part[..<eq]), value = String(part[part.index(after: eq)...])
            switch key {
            case "config": c.config = value
            case "interaction":
                guard let i = Interaction(rawValue: value) else {
                    throw ArgumentProblem("interaction '\(value)' is not one of \(Interaction.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                c.interaction = i
            case "device":
                guard let d = PointerEvent.Device(rawValue: value) else { throw ArgumentProblem("device '\(value)' is not mouse or touch") }
                c.device = d
            case "phone": c.phone = value
            case "cards": c.cards = value
            case "markers": c.markers = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            default: throw ArgumentProblem("unknown key '\(key)' (expected \(Self.keys.joined(separator: ", ")))")
            }
        }
        condition = c
    }

    static func parse(_ text: String) throws -> ConditionArgument { try ConditionArgument(parsing: text) }
}

extension PlanAssignment: ExpressibleByArgument {}
extension PlanTaskOrder: ExpressibleByArgument {}

/// The conditions of a plan and how they are ordered.
struct PlanConditionOptions: ParsableArguments {
    @Option(name: .customLong("condition"),
            help: ArgumentHelp("A condition (give one per condition, 1 to 12): NAME, then key=value pairs: config=FILE (a preset), interaction=NAME, device=mouse|touch, phone=HOST:PORT (touch), cards=DIR, markers=a;b;c.", valueName: "spec"),
            transform: ConditionArgument.parse)
    var conditions: [ConditionArgument] = []

    @Option(help: ArgumentHelp("Which row of the conditions' balanced Latin square each participant takes: in-order (P1 the first row, …) or shuffled (each block of rows in a seeded random order; needs --seed)."))
    var assignment: PlanAssignment = .inOrder

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed of what is shuffled (--assignment shuffled, --task-order shuffled), 0 to 2^64-1; refused when nothing is.", valueName: "n"))
    var seed: UInt64?
}

/// Who takes part.
struct PlanParticipantOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Number of participants, P1 to Pn (1 to 10000).", valueName: "n"))
    var participants: Int?

    @Option(help: ArgumentHelp("Participant ids instead of P1..Pn, comma-separated.", valueName: "ids"))
    var ids: String?

    @Option(help: ArgumentHelp("Each participant's device in every session, a between-subjects factor: mouse or touch (the phone), comma-separated, one per participant in order and repeated from the first when shorter, never longer (mouse,mouse,touch,touch: P1 and P2 the mouse, P3 and P4 the phone, P5 the mouse, …). Only with conditions that name no device.", valueName: "list"))
    var devices: String?

    /// `--devices` as devices (empty without it); a name that is not one, refused.
    func deviceList() throws -> [PointerEvent.Device] {
        guard let devices else { return [] }
        return try devices.split(separator: ",", omittingEmptySubsequences: false).map {
            let name = $0.trimmingCharacters(in: .whitespaces)
            guard let d = PointerEvent.Device(rawValue: name) else {
                throw ValidationError("--devices: '\(OutputPath.shown(name))' is not a device (expected mouse or touch, comma-separated)")
            }
            return d
        }
    }

    func validate() throws {
        if participants != nil && ids != nil { throw ValidationError("give --participants or --ids, not both") }
        if participants == nil && ids == nil { throw ValidationError("missing --participants N (or --ids P1,P2,…)") }
        if let n = participants, !(1...StudyPlan.maxParticipants).contains(n) {
            throw ValidationError("--participants \(n) is out of range (expected 1 to \(StudyPlan.maxParticipants))")
        }
        _ = try deviceList()
    }

    var list: [String] {
        if let ids { return ids.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
        return StudyPlan.participantIDs(count: participants ?? 1)
    }
}

/// What every session opens with.
struct PlanSessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Tasks file of every session (flick --tasks); each session runs its tasks in the plan's order.", valueName: "file"))
    var tasks: String?

    @Option(help: ArgumentHelp("Order of the tasks in each session: williams (a balanced Latin square of the tasks), fixed (the file's order) or shuffled (needs --seed)."))
    var taskOrder: PlanTaskOrder = .williams

    @Option(help: ArgumentHelp("Card folder of every session (a condition's cards= replaces it).", valueName: "dir"))
    var cards: String?

    @Option(help: ArgumentHelp("Marker labels of every session, comma-separated (a condition's markers= replaces them).", valueName: "labels"))
    var markers: String?
}

/// `flick plan`: a counterbalanced study plan, the file `flick --plan` opens sessions from.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Make a study plan: each participant's sessions, one condition each, counterbalanced by a balanced Latin square.",
        discussion: """
        Conditions are ordered by a balanced Latin square (Williams): every condition is in every position equally \
        often, and each comes right after each other equally often (an odd number of conditions takes two squares: 2n \
        rows). Participant i takes row i (or a seeded shuffle of each block of rows). Each session's tasks run in the \
        order of a balanced Latin square of the tasks (row i + session - 1), the file's order, or a seeded shuffle.
        Then 'flick --plan plan.json --participant P3 --session 2 --facilitator --record p3-2.rec' opens that session, \
        and 'flick study ... --plan plan.json' names each session's condition from the plan. docs/study-plan.md explains it.
        """)

    @OptionGroup(title: "Conditions") var conditions: PlanConditionOptions
    @OptionGroup(title: "Participants") var people: PlanParticipantOptions
    @OptionGroup(title: "Sessions") var sessions: PlanSessionOptions

    @Option(help: ArgumentHelp("The plan file to write (JSON).", valueName: "file"))
    var out: String

    @Flag(help: "Replace an existing plan file.")
    var overwrite = false

    func validate() throws {
        try checkOutputPath(out, option: "--out", kind: .file)
        let list = conditions.conditions
        guard (1...StudyPlan.maxConditions).contains(list.count) else {
            throw ValidationError(list.isEmpty ? "missing --condition (give one per condition, e.g. --condition default --condition snappy,config=snappy.json)"
                                               : "\(list.count) conditions (expected 1 to \(StudyPlan.maxConditions))")
        }
        let shuffles = conditions.assignment == .shuffled || (sessions.taskOrder == .shuffled && sessions.tasks != nil)
        if shuffles && conditions.seed == nil {
            throw ValidationError("--assignment shuffled and --task-order shuffled need --seed N (the same seed makes the same plan)")
        }
        if !shuffles && conditions.seed != nil {
            throw ValidationError("--seed is used only when something is shuffled (--assignment shuffled, or --task-order shuffled with --tasks)")
        }
    }

    func run() throws {
        let markers = try sessions.markers.map(MarkerLabels.parse)
        let names = try taskNames()
        let ids = people.list
        let devices = try people.deviceList()
        // A list is repeated when shorter; a longer one would drop its tail unseen.
        if devices.count > ids.count {
            throw UserError("--devices names \(devices.count) devices for \(ids.count) participant\(ids.count == 1 ? "" : "s") (expected at most one per participant; a shorter list repeats)")
        }
        func make(_ participants: [String]) -> StudyPlan {
            StudyPlan.make(
                conditions: conditions.conditions.map { c in
                    var c = c.condition
                    c.config = c.config.map { StudyPlan.relative($0, planFile: out) }
                    c.cards = c.cards.map { StudyPlan.relative($0, planFile: out) }
                    return c
                },
                participants: participants, taskNames: names, assignment: conditions.assignment,
                taskOrder: sessions.taskOrder, seed: conditions.seed,
                cards: sessions.cards.map { StudyPlan.relative($0, planFile: out) },
                tasks: sessions.tasks.map { StudyPlan.relative($0, planFile: out) }, markers: markers, devices: devices)
        }
        // Sized before it is made: the plan with no participant, and with the longest id alone,
        // give a participant's share; a plan --plan would not open is refused before gigabytes
        // of it are built. The written bytes are checked again below.
        let longest = ids.max { $0.utf8.count < $1.utf8.count } ?? "P1"
        let none = try make([]).encoded().count, one = try make([longest]).encoded()
        var sized = make([longest])
        sized.participants = Array(repeating: sized.participants[0], count: ids.count)
        try sized.checkSize(none + (one.count - none) * ids.count, about: true, file: "the plan '\(out)'")
        let plan = make(ids)
        try plan.check("the plan '\(out)'")
        // Every file the plan names opens as its sessions will open it.
        try PlannedSession.checkFiles(plan, planFile: out, shownAs: "the plan '\(out)'")
        try OutputPolicy.check([OutputFile(path: out, what: "the plan", isStream: true)],
                               inputs: inputs(plan), overwrite: overwrite)
        let data = try plan.encoded()
        try plan.checkSize(data.count, about: false, file: "the plan '\(out)'")
        try AtomicFile.save(data, to: out, what: "the plan")
        let rows = BalancedLatinSquare.rows(plan.conditions.count).count
        print("\(out): \(plan.participants.count) participant\(plan.participants.count == 1 ? "" : "s") x \(plan.conditions.count) session\(plan.conditions.count == 1 ? "" : "s") (conditions \(plan.conditions.map(\.name).joined(separator: ", ")); a balanced Latin square of \(rows) rows)")
        if let why = plan.balanceNote { note(why) }
    }

    private func taskNames() throws -> [String]? {
        try sessions.tasks.map { try Self.readTasks($0).tasks.map(\.name) }
    }

    /// A tasks file read as `--tasks` reads it, without checking the cards its goals name (the
    /// window checks those against the session's cards).
    static func readTasks(_ path: String) throws -> TaskList {
        let data = try InputFile.read(path, what: "--tasks file")
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            throw UserError("--tasks file '\(path)' is not JSON (expected {\"tasks\": [{\"name\": \"…\"}]})")
        }
        let folder = PathKind.folder(of: path)
        return try TaskList.parse(json, file: "--tasks file '\(path)'", cards: nil, folder: folder.isEmpty ? "." : folder)
    }

    private func inputs(_ plan: StudyPlan) -> [RunInput] {
        var files = [sessions.tasks].compactMap { $0 }
        files += conditions.conditions.compactMap(\.condition.config)
        return files.map { RunInput(path: $0, what: "an input of the plan") }
    }
}

/// A session opened from a plan: its condition and task order, with the files the plan names
/// resolved from the plan's folder.
struct PlannedSession {
    var stamp: PlanStamp
    var condition: PlanCondition
    var config: String?
    var tasks: String?
    var taskOrder: [String]?
    var cards: String?
    var markers: [String]?

    /// Session `session` of participant `participant` in the plan at `file`.
    static func open(_ file: String, participant: String, session: Int) throws -> PlannedSession {
        let plan = try StudyPlan.load(file)
        let (condition, s) = try plan.session(participant: participant, session: session, file: file)
        let planned = PlannedSession(plan, file: file, condition: condition, session: s, participant: participant)
        try planned.checkFiles(shownAs: "the plan '\(file)'")
        return planned
    }

    init(_ plan: StudyPlan, file: String, condition: PlanCondition, session: PlanSession, participant: String) {
        stamp = PlanStamp(file: file, participant: participant, session: session.session, condition: condition.name, tasks: session.tasks)
        self.condition = condition
        // A participant's own device (between subjects) where the condition names none.
        self.condition.device = plan.device(participant: participant, condition: condition)
        config = condition.config.map { StudyPlan.resolve($0, planFile: file) }
        tasks = plan.tasks.map { StudyPlan.resolve($0, planFile: file) }
        taskOrder = session.tasks
        cards = (condition.cards ?? plan.cards).map { StudyPlan.resolve($0, planFile: file) }
        markers = condition.markers ?? plan.markers
    }

    /// The files it names exist and read as they will: the config, the tasks (with every task the
    /// session orders), the card folder. One line naming the plan, the condition and the file.
    func checkFiles(shownAs plan: String) throws {
        let at = "\(plan): condition '\(condition.name)'"
        if let config {
            guard case .regular = PathKind.target(of: config) else {
                throw UserError("\(at) names the config '\(config)', which \(PathKind.target(of: config).phrase) (expected a config file; paths are relative to the plan's folder)")
            }
            do { _ = try ConfigFile.load(config) } catch let e as UserError { throw UserError("\(at): \(e.message)") }
        }
        if let cards {
            guard PathKind.target(of: cards) == .directory else {
                throw UserError("\(at) names the card folder '\(cards)', which \(PathKind.target(of: cards).phrase) (expected a folder of PNG or JPEG images; paths are relative to the plan's folder)")
            }
            // Read as --cards reads it when the session opens (images in it, readable), so a
            // folder such as /proc is refused now rather than on the study day.
            do { _ = try CardSource(folder: cards, option: "cards") } catch let e as UserError { throw UserError("\(at): \(e.message)") }
        }
        if let phone = condition.phone {
            do { _ = try PhoneAddress.parse(phone) } catch let e as UserError { throw UserError("\(at): phone: \(e.message)") }
        }
        if let tasks {
            guard case .regular = PathKind.target(of: tasks) else {
                throw UserError("\(plan) names the tasks file '\(tasks)', which \(PathKind.target(of: tasks).phrase) (expected a tasks file; paths are relative to the plan's folder)")
            }
            let list = try PlanCommand.readTasks(tasks)
            for name in taskOrder ?? [] where !list.tasks.contains(where: { $0.name == name }) {
                throw UserError("\(plan): session \(stamp.session) of '\(stamp.participant)' orders the task '\(name)', which the tasks file '\(tasks)' does not have")
            }
        } else if taskOrder != nil {
            throw UserError("\(plan): session \(stamp.session) of '\(stamp.participant)' orders tasks but the plan names no tasks file")
        }
    }

    /// Every condition's files, for `flick plan` before it writes.
    static func checkFiles(_ plan: StudyPlan, planFile: String, shownAs: String) throws {
        for c in plan.conditions {
            let session = plan.participants.first?.sessions.first { $0.condition == c.name } ?? PlanSession(session: 1, condition: c.name, tasks: nil)
            try PlannedSession(plan, file: planFile, condition: c, session: session, participant: plan.participants.first?.id ?? "P1")
                .checkFiles(shownAs: shownAs)
        }
    }

    /// `list` in the session's order (tasks it does not order keep their place after those it does).
    func ordered(_ list: TaskList) -> TaskList {
        guard let order = taskOrder else { return list }
        var out = list
        out.tasks = order.compactMap { name in list.tasks.first { $0.name == name } }
            + list.tasks.filter { !order.contains($0.name) }
        return out
    }
}
