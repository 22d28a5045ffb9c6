import FlickEngine
import FlickIO
import FlickPhone
import FlickSDL
import FlickSession
import FlickStage
import FlickStudy
import Foundation

/// One session of the plan as a page by link runs it and the host records it: the scene it
/// starts (interaction, cards, config), its tasks in the session's order with their start
/// states, and the faces the page draws. Made once as the host starts, from the plan's files.
package struct LinkSetup: Sendable {
    package var participant: String
    package var session: Int
    package var condition: String
    package var stamp: PlanStamp
    package var interaction: Interaction
    package var config: SceneConfig
    package var configDescription: String?
    package var cards: CardSource
    package var cardFiles: [RecordingHeader.CardFile]
    package var count: Int
    package var tasks: TaskList?
    package var markers: [String]?
    package var look: SessionLook
    /// Content hashes of the card images, in image order.
    package var hashes: [String]

    package static let lateWindow = SessionRunner.defaultLateInputWindow

    /// Every session of every participant of the plan at `planFile`. One line naming the plan and
    /// the condition for a file that does not read, or a task start a page cannot set up.
    package static func all(planFile: String, plan: StudyPlan) throws -> [LinkSetup] {
        var out: [LinkSetup] = []
        var sources: [String: (CardSource, [String])] = [:]
        for participant in plan.participants {
            for s in participant.sessions {
                let (condition, session) = try plan.session(participant: participant.id, session: s.session, file: planFile)
                let planned = PlannedSession(plan, file: planFile, condition: condition, session: session, participant: participant.id)
                try planned.checkFiles(shownAs: "the plan '\(planFile)'")
                let cardFolder = planned.cards ?? CardSource.defaultFolder()
                if sources[cardFolder] == nil {
                    let source = try planned.cards.map { try CardSource(folder: $0) } ?? CardSource.bundled()
                    sources[cardFolder] = (source, source.items.map { ContentHash.ofFile($0.path) ?? ContentHash.of(Array($0.path.utf8)) })
                }
                let (cards, hashes) = sources[cardFolder]!
                var config = SceneConfig()
                var described: String?
                if let path = planned.config {
                    let loaded = try ConfigFile.loadDescribed(path)
                    config = loaded.config
                    described = loaded.description.flatMap(ConfigFile.conditionName)
                }
                let names = cards.items.map(\.fileName)
                let tasks = try planned.tasks.map { try planned.ordered(TaskList.load(path: $0, cards: names)) }
                for (i, task) in (tasks?.tasks ?? []).enumerated() {
                    guard let start = task.start?.config, let why = PageTaskStarts.unreachable(start, from: config) else { continue }
                    throw UserError("the plan '\(planFile)': condition '\(condition.name)', task \(i + 1) '\(task.name)' starts with config \(task.start?.configFile ?? ""), and \(why)")
                }
                out.append(LinkSetup(participant: participant.id, session: s.session, condition: condition.name, stamp: planned.stamp,
                                     interaction: condition.interaction ?? .switcher, config: config, configDescription: described,
                                     cards: cards, cardFiles: RecordingHeader.cardFiles(of: cards), count: cards.items.count,
                                     tasks: tasks, markers: planned.markers, look: SessionLook(), hashes: hashes))
            }
        }
        return out
    }

    /// The file stem of this session's recording and log: `P1-s2`.
    package var stem: String { "\(participant)-s\(session)" }

    /// Whether the session's participant's side asks the SUS at its end.
    package var asksSUS: Bool { tasks?.participantSide?.sus == true }

    /// The session's runner, as a replay of its recording makes it (`HeadlessReplay`), on a stage
    /// of the page's size.
    package func runner(stage: Size) -> SessionRunner {
        let runner = SessionRunner(scene: CardScene(interaction: interaction, count: count, viewport: stage, config: config, time: 0),
                                   tasks: tasks, cardNames: cardFiles.map(\.name))
        runner.stageKeptByPage = true
        return runner
    }

    /// The recording's header for a page with `device` on a stage of `stage` points.
    package func header(_ info: SessionInfo, stage: Size, device: SessionDevice, cardFiles kept: [RecordingHeader.CardFile]) -> RecordingHeader {
        let folder = URL(fileURLWithPath: cards.folder).standardizedFileURL.path
        let bundled = folder == URL(fileURLWithPath: CardSource.defaultFolder()).standardizedFileURL.path
        var header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                                     session: info.id, started: info.started, participant: participant, task: nil,
                                     demo: interaction, cardFolder: folder, bundledCards: bundled, cardFiles: kept,
                                     count: count, window: stage, stage: stage, stageCornerRadius: 0, config: config, look: look)
        header.tasks = tasks
        header.markers = markers
        header.configDescription = configDescription
        header.device = device
        header.plan = stamp
        return header
    }

    // MARK: - What the page is told

    /// The session as the page starts it (docs/study-by-link.md, "The study").
    package struct Page: Encodable {
        package struct Task: Encodable {
            var number: Int
            var name: String
            var text: String
            var seq: Bool
            var start: [[Double]]
            var assigned: [Int]?
        }

        package struct Questions: Encodable {
            var question: String?
            var items: [String]?
            var ends: [String]
        }

        var session: Int
        var condition: String
        var status: String
        var next: Int
        var error: String?
        var interaction: Int
        var count: Int
        var lateWindow: Double
        var config: [[Double]]
        var configText: [PhoneEngineSetup.TextEdit]
        var faces: [PhoneWelcome.Face]
        var cardBackground: String
        var cornerRadius: Double
        var shadow: PhoneWelcome.Shadow
        var stages: [String]
        var stamps: [String: String]
        var hint: String
        var undo: Int
        var undoOffered: Bool
        var tasks: [Task]
        var seq: Questions?
        var sus: Questions?
    }

    package func page(status: String, next: Int, error: String?) -> Page {
        let names = cardFiles.map(\.name)
        let side = tasks?.participantSide
        let pageTasks = (tasks?.tasks ?? []).enumerated().map { i, task in
            let start = task.start.map { PageTaskStarts.records(for: $0) } ?? []
            let numbers = start.map { input -> [Double] in
                let n = input.numbers
                return [Double(n.kind), n.a, n.b, n.c]
            }
            let assigned = task.start?.cards.map { $0.map { names.lastIndex(of: $0) ?? -1 } }
            return Page.Task(number: i + 1, name: task.name, text: "Task \(i + 1) of \(tasks?.tasks.count ?? 0): \(task.name)",
                             seq: ParticipantSide.resolved(study: side, task: task.participantSide).seq,
                             start: numbers, assigned: assigned)
        }
        let anySEQ = pageTasks.contains { $0.seq }
        let bg = look.style.background
        let shadow = CardRenderer.ShadowStyle()
        let undoKey = ParticipantKey.inForce(tasks, interaction: interaction).contains(.undo)
        return Page(session: session, condition: condition, status: status, next: next, error: error,
                    interaction: Interaction.allCases.firstIndex(of: interaction) ?? 0, count: count, lateWindow: Self.lateWindow,
                    config: PageEngineEdits.configEdits(config), configText: PageEngineEdits.textEdits(config),
                    faces: zip(hashes, cards.items).map { PhoneWelcome.Face(hash: $0, title: $1.title) },
                    cardBackground: bg.hex, cornerRadius: CardFaces.cornerRadiusPoints,
                    shadow: .init(blur: shadow.spread, dx: shadow.offset.dx, dy: shadow.offset.dy, opacity: shadow.opacity),
                    stages: Theme.stageColours, stamps: DirectionStamp.colours,
                    hint: DirectionStamp.emptyDeckHint, undo: CardScene.Command.allCases.firstIndex(of: .undo) ?? 0,
                    undoOffered: undoKey, tasks: pageTasks,
                    seq: anySEQ ? Page.Questions(question: Questionnaire.seqQuestion, items: nil, ends: [Questionnaire.seqEnds.0, Questionnaire.seqEnds.1]) : nil,
                    sus: asksSUS ? Page.Questions(question: nil, items: Questionnaire.susItems, ends: [Questionnaire.susEnds.0, Questionnaire.susEnds.1]) : nil)
    }
}
