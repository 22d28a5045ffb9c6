import FlickStage
import FlickCLI
import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick study SESSION... --out DIR [--design design.csv]`: many sessions as one study, with
/// participants, tasks and conditions: DIR/study.html and the tidy tables of `StudyCSV`.
package struct StudyCommand: ParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Measure a study (many logs or recordings: participants, tasks, conditions): DIR/study.html and tidy CSV tables.",
        discussion: """
        Participant and task come from each session's header (--participant, --task) and task markers (M); \
        the condition from --design, else from the study plan the session was opened from (flick --plan; \
        with --plan FILE, that plan's, checked against the session's), else the config in force at the start \
        ("default", "config 1", ...), \
        with the device before it when mouse and touch (--phone) sessions are mixed ("mouse", "touch, config 1"). \
        --design names them per file: a CSV with a header row file,participant,task,condition (an empty cell keeps the session's own).
        Writes study.html (self-contained), gestures.csv (a row per gesture), participants.csv (a row per participant x \
        condition x interaction x task), conditions.csv (a row per condition x interaction x task x measure, with 95 % \
        intervals), comparisons.csv (every pair of conditions, per interaction and measure), tasks.csv (a row per task \
        run), task_rates.csv (a row per task x condition: success, gave-up and time-limit rates with adjusted-Wald 95 % \
        intervals, time on task), decisions.csv (a row per card that left, with its cause), sus.csv (a row per session whose SUS was shown, \
        scored 0-100 when complete), seq.csv (a row per SEQ answer) and questionnaires.csv (SUS and SEQ means per condition \
        and task, 95 % intervals inside the scale). Every row names its session id and file.
        """)

    @Argument(help: ArgumentHelp("Interaction logs (--log) or recordings (--record), or a folder of flick host (its sessions' recordings, with its plan).", valueName: "session"))
    var sessions: [String]

    @Option(help: ArgumentHelp("Folder to write study.html and the CSV tables into (made if missing).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("CSV naming each file's participant, task and condition (header: file,participant,task,condition).", valueName: "file"))
    var design: String?

    @Option(help: ArgumentHelp("The study plan the sessions were opened from (flick plan): each session's condition is its plan's, by the participant and session its header names. Give it once per plan when the sessions come from several.", valueName: "file"))
    var plan: [String] = []

    @Option(help: ArgumentHelp("Page title.", valueName: "text"))
    var title: String?

    static let outputs = [("study.html", "the study page"), ("gestures.csv", "the gesture table"),
                          ("participants.csv", "the participant table"), ("conditions.csv", "the condition table"),
                          ("comparisons.csv", "the comparison table"), ("tasks.csv", "the task table"),
                          ("task_rates.csv", "the task rate table"),
                          ("decisions.csv", "the decision table"), ("sus.csv", "the SUS table"), ("seq.csv", "the SEQ table"),
                          ("questionnaires.csv", "the questionnaire table")]

    package func validate() throws {
        try checkOutputPath(out, option: "--out", kind: .folder)
        try checkText(title, option: "--title", limit: TextLimits.title)
    }

    /// The condition the plan gives the session its header names (participant and session), or a
    /// one-line refusal: a session recorded without the plan, or one it does not know.
    static func plannedCondition(_ session: StudySession, path: String, plan: StudyPlan, file: String) throws -> String {
        try plannedCondition(session, path: path, plans: [(plan, file)])
    }

    /// The same among several plans: the plan the session's header names (by its file name) when
    /// more than one has its participant and session, else the one that has them.
    static func plannedCondition(_ session: StudySession, path: String, plans: [(plan: StudyPlan, file: String)]) throws -> String {
        guard let stamp = session.plan else {
            throw UserError("session file '\(path)' was not opened from a plan (its first line names no plan participant and session); open sessions with flick --plan, or name its condition with --design")
        }
        let having = plans.filter { (try? $0.plan.session(participant: stamp.participant, session: stamp.session, file: $0.file)) != nil }
        let named = having.filter { ($0.file as NSString).lastPathComponent == (stamp.file as NSString).lastPathComponent }
        let files = plans.map { "'\($0.file)'" }.joined(separator: ", ")
        guard let (plan, file) = named.count == 1 ? named[0] : (having.count == 1 ? having[0] : nil) else {
            if having.isEmpty {
                throw UserError("session file '\(path)' is participant '\(stamp.participant)' session \(stamp.session), which the --plan file\(plans.count == 1 ? "" : "s") \(files) \(plans.count == 1 ? "does" : "do") not have")
            }
            throw UserError("session file '\(path)' is participant '\(stamp.participant)' session \(stamp.session) of the plan '\(stamp.file)', which more than one --plan file has and none is named as (\(files)); give one --plan per file name")
        }
        let condition = try plan.session(participant: stamp.participant, session: stamp.session, file: file).0
        guard condition.name == stamp.condition else {
            throw UserError("session file '\(path)' recorded the condition '\(stamp.condition)' for participant '\(stamp.participant)' session \(stamp.session), but the --plan file '\(file)' says '\(condition.name)' (is it the plan the session was opened from?)")
        }
        return condition.name
    }

    /// The sessions and plans given, a host folder (`flick host --out DIR`) standing for its
    /// sessions' recordings and its plan.
    static func expandingHostFolders(_ given: [String], plans: [String]) throws -> (sessions: [String], plans: [String]) {
        var sessions: [String] = []
        var plans = plans
        for path in given {
            guard PathKind.target(of: path) == .directory else {
                sessions.append(path)
                continue
            }
            let hostFile = path + "/host.json"
            guard let data = FileManager.default.contents(atPath: hostFile),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let plan = object["plan"] as? String else {
                throw UserError("session '\(path)' is a folder without a readable host.json (expected a log, a recording, or a folder flick host made)")
            }
            // Its sessions' recordings: replayed here, they give what the logs give and the
            // pointer's path too, and a session still under way ends where its records do, as
            // a session cut off.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let recordings = names.filter { $0.range(of: #"^.+-s[0-9]+\.rec$"#, options: .regularExpression) != nil }.sorted()
            guard !recordings.isEmpty else { throw UserError("host folder '\(path)' has no session yet (expected ID-sN.rec recordings)") }
            sessions += recordings.map { path + "/" + $0 }
            if !plans.contains(plan) { plans.append(plan) }
        }
        return (sessions, plans)
    }

    package func run() throws {
        let (sessions, plan) = try Self.expandingHostFolders(self.sessions, plans: self.plan)
        guard !sessions.isEmpty else { throw UserError("flick study: no session given (expected logs or recordings)") }
        try InputFiles.requireDistinct(sessions, what: "session file")
        // Inputs first: a refused design or session leaves no folder behind.
        let designed = try design.map { try StudyDesign.load($0, sessions: sessions) }
        try InputFiles.requireDistinct(plan, what: "--plan file")
        let plans = try plan.map { (plan: try StudyPlan.load($0), file: $0) }
        for path in sessions {
            let kind = PathKind.target(of: path)
            guard case .regular = kind else { throw UserError("session file '\(path)' \(kind.phrase) (expected a regular file)") }
        }
        // Outputs checked before the work when the folder is there, and again before writing;
        // the folder is made only once every session has been read (a refused one leaves none).
        let outputs = { (folder: String) in
            try StudyOutput.check(Self.outputs.map { (folder + "/" + $0.0, $0.1) },
                                  inputs: sessions.map { RunInput(path: $0, what: "a session file") }
                                    + (design.map { [RunInput(path: $0, what: "the --design file")] } ?? [])
                                    + plan.map { RunInput(path: $0, what: "the --plan file") })
        }
        if let problem = StudyOutput.folderProblem(out) { throw UserError(problem) }
        if FileManager.default.fileExists(atPath: out) { try outputs(try StudyOutput.folder(out)) }
        var study = Study()
        // Mouse and touch sessions together: the device is a condition of its own (each file's
        // first line says, read on every core).
        var devices = Set<PointerEvent.Device>()
        let paths = sessions
        try OrderedWork.run(count: paths.count, workers: ProcessInfo.processInfo.activeProcessorCount,
                            { StudySession.declaredDevice(paths[$0]) }, consume: { _, device in if let device { devices.insert(device) } })
        study.separatesDevices = devices.count > 1
        var ids = SessionIdentities()
        // Each session measured on a worker as it is read; added here in the order given.
        let given = sessions.map { designed?.row(for: $0) }.map { ($0?.participant, $0?.task) }
        try SessionLoader.forEach(sessions, measure: { i, session in
            Study.measure(session, participant: given[i].0, task: given[i].1)
        }) { path, measured in
            if Interrupt.isRequested { throw InterruptedError() }
            let session = measured.metrics.session
            try ids.admit(session.sessionID, path: path)
            let row = designed?.row(for: path)
            let planned = plans.isEmpty ? session.plan?.condition : try Self.plannedCondition(session, path: path, plans: plans)
            study.add(measured, condition: row?.condition ?? planned)
        }
        let folder = try StudyOutput.folder(out)
        try outputs(folder)
        if Interrupt.isRequested { throw InterruptedError() }
        // The page and the small tables (made one at a time) on a thread of their own while the
        // pool makes the tables of a row per gesture or decision (tens of megabytes for a
        // thousand sessions), a session at a time, and writes them as they are made; the study
        // no longer changes. Then the page and small tables are staged, and all put in place
        // together.
        let made = Handoff((study: study, title: title, sessions: sessions.count, design: design))
        let textNames = Self.outputs.map(\.0).filter { StudyCSV.streamed[$0] == nil }
        let batch = AtomicFile.Batch()
        let (texts, _) = try OrderedWork.alongside({ () -> [String: Data] in
            let (study, title, count, design) = made.value
            let comparisons = study.comparisons()
            let heading = title ?? "Flick study: \(StudyHTML.plural(study.participants.count, "participant")), \(StudyHTML.plural(count, "session"))"
            let make: [String: () -> String] = [
                "study.html": { StudyHTML.make(title: heading, study: study, comparisons: comparisons, design: design) },
                "participants.csv": { StudyCSV.participants(study) },
                "conditions.csv": { StudyCSV.conditions(study) }, "comparisons.csv": { StudyCSV.comparisons(comparisons) },
                "tasks.csv": { StudyCSV.tasks(study) }, "task_rates.csv": { StudyCSV.taskRates(study) },
                "sus.csv": { StudyCSV.sus(study) }, "seq.csv": { StudyCSV.seq(study) },
                "questionnaires.csv": { StudyCSV.questionnaires(study) }]
            var texts: [String: Data] = [:]
            for name in textNames {
                if Interrupt.isRequested { throw InterruptedError() }
                if let text = make[name] { texts[name] = Data(text().utf8) }
            }
            return texts
        }) {
            for (name, what) in Self.outputs {
                guard let table = StudyCSV.streamed[name] else { continue }
                if Interrupt.isRequested { throw InterruptedError() }
                try batch.add(to: folder + "/" + name, what: what) {
                    try StudyCSV.write(header: table.header, rows: table.rows, of: study, to: $0)
                }
            }
        }
        for (name, what) in Self.outputs {
            guard let text = texts[name] else { continue }
            try batch.add(text, to: folder + "/" + name, what: what)
        }
        try batch.commit()
        let gestures = study.entries.reduce(0) { $0 + $1.metrics.gestures.count }
        print("\(folder)/study.html and \(Self.outputs.count - 1) tables: \(StudyHTML.plural(sessions.count, "session")), \(StudyHTML.plural(study.participants.count, "participant")), \(StudyHTML.plural(study.conditions.count, "condition")), \(StudyHTML.plural(gestures, "gesture"))")
    }
}
