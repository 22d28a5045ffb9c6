import FlickIO
import FlickEngine
import Foundation

/// A session as the study tools read it, from an interaction log or from a recording (which is
/// replayed through the engine to get its events): what was on show, the config and viewport
/// the gestures are measured against, and everything that happened.
package struct StudySession {
    /// Column heading: participant and task when known, else the file's name.
    package var name: String
    package var path: String
    package var demo: Interaction
    /// Scene points.
    package var viewport: Size
    package var config: SceneConfig
    /// How each `--tasks` task ended (task_ended lines, or the replayed recording's).
    package var taskEnds: [LogTaskEnded] = []
    /// When each began (task_started lines, or the replayed recording's).
    package var taskStarts: [LogTaskStarted] = []
    /// The facilitator's notes.
    package var notes: [(t: Double, text: String)] = []
    /// The names of the tasks the session had scheduled (`--tasks`), in order: the recording's
    /// header, or the log's `started` line (empty without `--tasks`).
    package var scheduled: [String] = []
    /// The participant's answers (Done, Give up, SEQ, SUS) and the questionnaires' lines.
    package var answers: [LogAnswer] = []
    package var questionnaires: [LogQuestionnaire] = []
    package var participant: String?
    package var task: String?
    package var sessionID: String?
    package var wallClock: String?
    /// The description of the config file the session ran with (names its condition).
    package var configDescription: String?
    package var items: [SessionItem]
    /// The recording, when the session was read from one (then it can be drawn).
    package var recording: Recording?
    /// The pointer samples of a replayed recording (empty for a log).
    package var pointer: [PointerSample] = []
    /// What the gestures came from: the recording's header or the log's `started` line says
    /// touch for a phone; the window's mouse otherwise.
    package var device: PointerEvent.Device = .mouse
    /// The study plan's participant, session and condition, when it was opened from one.
    package var plan: PlanStamp?
    /// A recording replayed: the course its tasks and panels took (as recorded, or followed by a
    /// what-if), for a what-if of the same recording to follow.
    package var course: RecordedCourse?
    /// Replayed under another config than the recording's: a what-if on the recorded course.
    package var isWhatIf = false
    /// A recording replayed: pointer presses held back while a SEQ or the SUS was up.
    package var blockedPresses = 0

    /// The device a session file names on its first line (a recording's header, a log's
    /// `started`), without reading the rest: mouse unless it says touch; nil for a file that
    /// cannot be read (its load says why).
    package static func declaredDevice(_ path: String) -> PointerEvent.Device? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var first = Data()
        while first.count < 1 << 20, let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
            if let newline = chunk.firstIndex(of: 0x0A) {
                first += chunk[chunk.startIndex..<newline]
                break
            }
            first += chunk
        }
        guard let head = (try? JSONSerialization.jsonObject(with: first)) as? [String: Any] else { return nil }
        let named = (head["device"] as? [String: Any])?["input"] as? String ?? head["device"] as? String
        return named.flatMap(PointerEvent.Device.init(rawValue:)) ?? .mouse
    }

    /// Reads a log (`--log`) or a recording (`--record`); which one it is comes from the first line.
    package static func load(_ path: String, config override: SceneConfig? = nil) throws -> StudySession {
        let data = try InputFile.read(path, what: "session file")
        let first = data.split(separator: 0x0A, maxSplits: 1).first.map { Data($0) } ?? Data()
        let head = (try? JSONSerialization.jsonObject(with: first)) as? [String: Any]
        if head?["flick_recording"] != nil {
            return try fromRecording(Recording(path: path, option: "session"), config: override)
        }
        guard head?["event"] as? String == "started" else {
            throw UserError("'\(path)' is neither an interaction log (first line 'started') nor a recording (first line a 'flick_recording' header)")
        }
        if override != nil {
            throw UserError("'\(path)' is a log: a log cannot be replayed under another config (give its recording)")
        }
        return try fromLog(path)
    }

    /// `course`: the recording's course as recorded, when already known (else a what-if replays
    /// the recording as recorded first to get it).
    package static func fromRecording(_ recording: Recording, config: SceneConfig? = nil,
                                      course: RecordedCourse? = nil) throws -> StudySession {
        guard let header = recording.header, let replay = HeadlessReplay(recording, config: config, course: course) else {
            throw UserError("'\(recording.path)' is a recording without a header (made before Flick 0.4); replay it with --record to give it one")
        }
        replay.runToEnd()
        replay.finish()
        if Interrupt.isRequested { throw InterruptedError() }
        var session = StudySession(name: Self.name(path: recording.path, participant: header.participant, task: header.task),
                            path: recording.path, demo: header.demo, viewport: header.stage ?? header.window,
                            config: config ?? header.config, participant: header.participant, task: header.task,
                            sessionID: header.session, wallClock: header.started,
                            items: Self.ordered(replay.items), recording: recording)
        session.pointer = replay.pointerTrail
        session.device = header.device?.input ?? .mouse
        session.plan = header.plan
        session.configDescription = config == nil ? header.configDescription : nil
        session.taskEnds = replay.taskEnds
        session.taskStarts = replay.taskStarts
        session.notes = replay.notes
        session.scheduled = header.tasks?.tasks.map(\.name) ?? []
        session.answers = replay.answers
        session.questionnaires = replay.questionnaires
        session.course = replay.course
        session.blockedPresses = replay.blockedPresses
        session.isWhatIf = config != nil
        return session
    }

    package static func fromLog(_ path: String) throws -> StudySession {
        let lines = try LogLine.read(path: path)
        guard case .started(let s)? = lines.first else {
            throw UserError("'\(path)': the first line is not 'started'")
        }
        guard s.schema == InteractionLog.schemaVersion else {
            throw UserError("'\(path)' is log schema \(s.schema); this flick reads schema \(InteractionLog.schemaVersion)")
        }
        let viewport: Size
        if let v = s.viewport, v.count == 2 {
            viewport = Size(width: v[0], height: v[1])
        } else {
            viewport = Size(width: 390, height: 844)
            warn("'\(path)' does not say its viewport (an older log); thresholds are measured on 390x844")
        }
        var items: [SessionItem] = []
        var taskEnds: [LogTaskEnded] = []
        var taskStarts: [LogTaskStarted] = []
        var notes: [(t: Double, text: String)] = []
        var answers: [LogAnswer] = []
        var questionnaires: [LogQuestionnaire] = []
        for line in lines.dropFirst() {
            switch line {
            case .scene(let e): items.append(.scene(e))
            case .marker(let m): items.append(.marker(t: m.t, label: m.label, task: m.task))
            case .configReloaded(let c): if let config = c.config { items.append(.config(t: c.t, config: config)) }
            case .configChanged(let c): if let config = c.config { items.append(.config(t: c.t, config: config)) }
            case .taskEnded(let line): taskEnds.append(line)
            case .taskStarted(let line): taskStarts.append(line)
            case .note(let n): notes.append((n.t, n.text))
            case .answer(let a): answers.append(a)
            case .questionnaire(let q): questionnaires.append(q)
            case .started, .quit, .inputRefused, .timeControl, .cardsChanged, .phone: break
            }
        }
        var session = StudySession(name: Self.name(path: path, participant: s.participant, task: s.task), path: path,
                            demo: s.demo, viewport: viewport, config: s.config ?? SceneConfig(),
                            participant: s.participant, task: s.task, sessionID: s.session, wallClock: s.wallClock,
                            items: Self.ordered(items), recording: nil, taskEnds: taskEnds, taskStarts: taskStarts, notes: notes,
                            configDescription: s.configDescription)
        session.device = s.device ?? .mouse
        session.answers = answers
        session.questionnaires = questionnaires
        session.plan = s.plan
        session.scheduled = s.tasks ?? []
        return session
    }

    /// The scheduled tasks that never started (the session ended, or the facilitator moved on,
    /// before them), by their 1-based number in the task list.
    package var notRun: [(number: Int, name: String)] {
        let ran = Set(taskStarts.map(\.number) + taskEnds.map(\.number))
        return scheduled.enumerated().filter { !ran.contains($0.offset + 1) }.map { ($0.offset + 1, $0.element) }
    }

    /// Items in time order; equal times keep their order.
    package static func ordered(_ items: [SessionItem]) -> [SessionItem] {
        items.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    package static func name(path: String, participant: String?, task: String?) -> String {
        let file = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let who = [participant, task].compactMap { $0 }.joined(separator: " · ")
        return who.isEmpty ? file : "\(who) (\(file))"
    }

    /// Lets go of what the measures were made from, keeping what a study page still shows of
    /// the session (its markers and its duration): a study of a thousand sessions holds its
    /// measures, not every log line.
    package mutating func dropItemsBeyondShown() {
        guard let last = items.last else { return }
        var kept = items.filter { if case .marker = $0 { return true } else { return false } }
        if case .marker = last {} else { kept.append(last) }
        items = kept
        pointer = []
        recording = nil
    }

    /// Session time of the last thing that happened.
    package var duration: Double { items.last?.time ?? 0 }

    package var markers: [(t: Double, label: String, task: String?)] {
        items.compactMap { if case .marker(let t, let l, let task) = $0 { return (t, l, task) } else { return nil } }
    }

    package var sceneEvents: [SceneEvent] {
        items.compactMap { if case .scene(let e) = $0 { return e.event } else { return nil } }
    }

    package init(name: String, path: String, demo: Interaction, viewport: Size, config: SceneConfig, participant: String? = nil, task: String? = nil, sessionID: String? = nil, wallClock: String? = nil, items: [SessionItem], recording: Recording? = nil, taskEnds: [LogTaskEnded] = [], taskStarts: [LogTaskStarted] = [], notes: [(t: Double, text: String)] = [], configDescription: String? = nil) {
        self.configDescription = configDescription
        self.taskEnds = taskEnds
        self.taskStarts = taskStarts
        self.notes = notes
        self.name = name
        self.path = path
        self.demo = demo
        self.viewport = viewport
        self.config = config
        self.participant = participant
        self.task = task
        self.sessionID = sessionID
        self.wallClock = wallClock
        self.items = items
        self.recording = recording
    }
}
