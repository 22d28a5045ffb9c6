import FlickPhone
import FlickStage
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

    package func validate() throws {
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
package struct PlanCommand: ParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
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

    package func validate() throws {
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

    package func run() throws {
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

