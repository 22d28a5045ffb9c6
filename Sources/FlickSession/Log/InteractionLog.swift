import FlickIO
import FlickEngine
import Foundation

/// The interaction log (`--log FILE`): one JSON object per line, written through `Codable` and
/// flushed as each event happens, so another tool can follow it live (`tail -f`) and nothing is
/// lost if the app is killed. The engine's `SceneEvent`s are written as they encode themselves;
/// the app adds its own lines (`started`, `quit`, `marker`, `note`, `task_started`, `task_ended`, `answer`, `questionnaire`, `config_reloaded`, …). The schema, with
/// its version (`schema` on the `started` line), is docs/schema/log.schema.json (prose in
/// docs/log-schema.md); LogSchemaTests keeps these types and that file in step.
package final class InteractionLog {
    /// The version of docs/schema/log.schema.json this log follows; raised on any incompatible change.
    package static let schemaVersion = 1

    package let path: String
    private let file: LineWriter
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        // Keys sorted: the same session gives the same bytes. Non-finite numbers make encode
        // throw (JSONEncoder's default), and the engine's types refuse them themselves.
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    /// Creates `path` (an existing file only with `overwrite`; see `LineWriter`); throws a
    /// one-line error naming it when it cannot.
    package init(path: String, overwrite: Bool = false) throws {
        self.file = try LineWriter(path: path, what: "the log file", overwrite: overwrite)
        self.path = path
    }

    /// The first line. `stage` is where the scene's viewport sits in the window (points).
    /// `session` names it (id, wall clock, participant, task); `viewport` (scene points) and
    /// `config` are what a report measures gestures against.
    package func started(time: Double, demo: Interaction, cards: Int, window: Size, stage: Rect,
                 session: SessionInfo, viewport: Size, config: SceneConfig, configDescription: String? = nil,
                 device: PointerEvent.Device? = nil, plan: PlanStamp? = nil, renderer: String? = nil,
                 tasks: [String]? = nil) throws {
        var line = LogStarted(t: time, demo: demo, cards: cards, window: [window.width, window.height],
                              stage: [stage.minX, stage.minY, stage.width, stage.height],
                              wallClock: session.started, session: session.id,
                              participant: session.participant, task: session.task)
        line.viewport = [viewport.width, viewport.height]
        line.config = config
        line.configDescription = configDescription
        line.device = device
        line.plan = plan
        line.renderer = renderer
        line.tasks = tasks
        try append(line)
    }

    package func quit(time: Double) throws { try append(LogQuit(t: time)) }

    /// A task boundary or note dropped by the person running the session.
    package func marker(time: Double, label: String, task: String? = nil) throws {
        var line = LogMarker(t: time, label: label)
        line.task = task
        try append(line)
    }

    /// The `--config` file changed and its constants are now in force.
    package func configReloaded(time: Double, path: String, config: SceneConfig? = nil) throws {
        var line = LogConfigReloaded(t: time, path: path)
        line.config = config
        try append(line)
    }

    /// A config made in the app (a panel edit, a preset loaded) is now in force.
    package func configChanged(time: Double, change: ConfigChange, from old: SceneConfig) throws {
        var line = LogConfigChanged(t: time, source: change.source.name,
                                    changed: ConfigChange.changedKeys(from: old, to: change.config))
        line.preset = change.source.presetName
        line.config = change.config
        try append(line)
    }

    /// The scene refused an input (too late, not finite, absurd): counted and said, never dropped.
    package func inputRefused(time: Double, input: String, reason: String) throws {
        try append(LogInputRefused(t: time, input: input, reason: reason))
    }

    package func record(_ event: SceneEvent, release: ReleaseRecord? = nil) throws {
        try append(LoggedSceneEvent(event, release: release))
    }

    /// A scene event with its verdict and origin.
    package func record(_ event: LoggedSceneEvent) throws { try append(event) }

    /// One value as one line, flushed. Encoding or writing failures are one-line errors naming the file.
    package func append(_ line: some Encodable) throws {
        let data: Data
        do { data = try encoder.encode(line) } catch {
            throw UserError("cannot write the log file '\(path)': a line could not be encoded (\(error))")
        }
        try writeLine(data)
    }

    /// Appends `data` and a newline, straight to the file: the one place bytes reach it. A
    /// failure is an `OutputError` (exit 3) and the file keeps its complete lines.
    private func writeLine(_ data: Data) throws {
        try file.append(line: data)
    }
}

// MARK: - The app's own lines (schema in docs/schema/log.schema.json)

/// The first line of every log: what was on show, and the schema version.
package struct LogStarted: Codable, Equatable {
    package var event = "started"
    package var schema = InteractionLog.schemaVersion
    /// Engine time, seconds.
    package var t: Double
    package var demo: Interaction
    package var cards: Int
    /// Window size, points: `[width, height]`.
    package var window: [Double]
    /// The scene's viewport in the window, points: `[x, y, width, height]`.
    package var stage: [Double]
    /// Wall-clock start, ISO 8601 UTC with milliseconds.
    package var wallClock: String?
    /// A random id for this session (lowercase UUID).
    package var session: String?
    package var participant: String?
    package var task: String?
    /// The scene's viewport, scene points: `[width, height]`.
    package var viewport: [Double]?
    /// The full config in force at the start.
    package var config: SceneConfig?
    /// The `description` of the config file it came from (the study names the condition by it).
    package var configDescription: String?
    /// `touch` for a `--phone` session; nil: the window's mouse.
    package var device: PointerEvent.Device?
    /// Opened from a study plan (`--plan`): the plan, participant, session and condition.
    package var plan: PlanStamp?
    /// What draws the window (`Renderer.summary`): "software", "software (GL is llvmpipe ...)",
    /// "opengl (...)"; nil where nothing drew (a headless tool).
    package var renderer: String?
    /// The names of the tasks of `--tasks`, in order: what was scheduled, so a task that never
    /// started is counted as not run; nil without `--tasks`.
    package var tasks: [String]?

    package init(t: Double, demo: Interaction, cards: Int, window: [Double], stage: [Double], wallClock: String? = nil,
         session: String? = nil, participant: String? = nil, task: String? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.demo = demo
        self.cards = cards
        self.window = window
        self.stage = stage
        self.wallClock = wallClock
        self.session = session
        self.participant = participant
        self.task = task
    }

    package static func iso8601(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }
}

/// The last line of a log that was closed normally.
package struct LogQuit: Codable, Equatable {
    package var event = "quit"
    package var t: Double
    package init(t: Double) { self.t = SceneEvent.microseconds(t) }
}

/// A marker (a task's start or end, a note).
package struct LogMarker: Codable, Equatable {
    package var event = "marker"
    package var t: Double
    package var label: String
    /// The session's task, when it was named (`--task`).
    package var task: String?
    package init(t: Double, label: String) {
        self.t = SceneEvent.microseconds(t)
        self.label = label
    }
}

/// The watched `--config` file was reloaded.
package struct LogConfigReloaded: Codable, Equatable {
    package var event = "config_reloaded"
    package var t: Double
    package var path: String
    /// The new config in full.
    package var config: SceneConfig?
    package init(t: Double, path: String) {
        self.t = SceneEvent.microseconds(t)
        self.path = path
    }
}

/// A config made in the app (tuning panel) came into force.
package struct LogConfigChanged: Codable, Equatable {
    package var event = "config_changed"
    package var t: Double
    /// "panel" (a key edited) or "preset" (a preset loaded).
    package var source: String
    /// The preset's name, for a preset loaded.
    package var preset: String?
    /// The keys whose values changed, e.g. `stack.throwSpeed`.
    package var changed: [String]
    /// The new config in full.
    package var config: SceneConfig?
    package init(t: Double, source: String, changed: [String]) {
        self.t = SceneEvent.microseconds(t)
        self.source = source
        self.changed = changed
    }
}

/// An input the scene refused, with why.
package struct LogInputRefused: Codable, Equatable {
    package var event = "input_refused"
    package var t: Double
    /// What was refused: "pointer", "wheel" or "notches".
    package var input: String
    /// The engine's reason, one line.
    package var reason: String
    package init(t: Double, input: String, reason: String) {
        self.t = SceneEvent.microseconds(t)
        self.input = input
        self.reason = reason
    }
}

/// Slow motion, pause, resume or a single frame took effect (S, Space, `.`): the scene's times
/// after it run at `scale` of the wall clock, so a reader can tell a pause from a hesitation.
/// `sync` (once a second) changes nothing. Each carries the session time and the wall clock of
/// its scene time `t`: between two of them, wall = wallClock + (t' - t) / scale.
package struct LogTimeControl: Codable, Equatable {
    package var event = "time_control"
    package var t: Double
    /// "slow", "normal", "pause", "resume", "step" or "sync".
    package var control: SceneTimeline.Control
    /// Scene seconds per wall second after it: 1, 0.1 (slow motion) or 0 (paused).
    package var scale: Double
    /// Seconds since the session started (the recording's clock, pauses included).
    package var session: Double?
    /// The wall clock then: the session's start plus `session` (a replay's: the recording's).
    package var wallClock: String?
    package init(t: Double, control: SceneTimeline.Control, scale: Double, session: Double? = nil, wallClock: String? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.control = control
        self.scale = scale
        self.session = session.map(SceneEvent.microseconds)
        self.wallClock = wallClock
    }
}

/// `--phone`: the phone connected, reconnected or dropped, a connection was refused (with its
/// close code), or the session's phone figures as it ended. Not an input: a replay has none.
package struct LogPhone: Codable, Equatable {
    package enum What: String, Codable, CaseIterable {
        case connected, reconnected, dropped, refused, summary
        /// `--phone-engine`: a record of the page's refused or skipped (detail: which and why).
        case records
        /// `--phone-engine`: the page's events differ from the host's (detail: both digests).
        case diverged
    }

    package var event = "phone"
    package var t: Double
    package var what: What
    /// The device, the close code and reason, or the refusal (at most 240 characters).
    package var detail: String?
    /// `summary`: touch to the frame drawn on the phone, milliseconds, over `touches`.
    package var latencyMedianMs: Double?
    package var latencyP99Ms: Double?
    package var touches: Int?
    /// `summary`: frames sent and their mean size (the render list as sent), bytes.
    package var frames: Int?
    package var frameBytes: Int?
    /// `summary`: requests and connections refused in the session.
    package var refused: Int?
    /// `summary`, `--phone-engine`: the page's records taken, its digests compared with the
    /// host's, and how many differed.
    package var records: Int?
    package var digests: Int?
    package var divergences: Int?

    package static let detailLimit = 240

    package init(t: Double, what: What, detail: String? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.what = what
        self.detail = detail.map { String($0.prefix(Self.detailLimit)) }
    }
}

/// Any line of a log, for tools that read one back (report, compare, tests).
package enum LogLine: Decodable, Equatable {
    case started(LogStarted)
    case quit(LogQuit)
    case marker(LogMarker)
    case configReloaded(LogConfigReloaded)
    case configChanged(LogConfigChanged)
    case inputRefused(LogInputRefused)
    case timeControl(LogTimeControl)
    case note(LogNote)
    case taskStarted(LogTaskStarted)
    case taskEnded(LogTaskEnded)
    case cardsChanged(LogCardsChanged)
    case phone(LogPhone)
    case answer(LogAnswer)
    case questionnaire(LogQuestionnaire)
    /// A scene event, with the throw rule's verdict for a card release (nil in older logs).
    case scene(LoggedSceneEvent)

    private struct Head: Decodable { var event: String }

    package init(from decoder: any Decoder) throws {
        switch try Head(from: decoder).event {
        case "started": self = .started(try LogStarted(from: decoder))
        case "quit": self = .quit(try LogQuit(from: decoder))
        case "marker": self = .marker(try LogMarker(from: decoder))
        case "config_reloaded": self = .configReloaded(try LogConfigReloaded(from: decoder))
        case "config_changed": self = .configChanged(try LogConfigChanged(from: decoder))
        case "input_refused": self = .inputRefused(try LogInputRefused(from: decoder))
        case "time_control": self = .timeControl(try LogTimeControl(from: decoder))
        case "note": self = .note(try LogNote(from: decoder))
        case "task_started": self = .taskStarted(try LogTaskStarted(from: decoder))
        case "task_ended": self = .taskEnded(try LogTaskEnded(from: decoder))
        case "cards_changed": self = .cardsChanged(try LogCardsChanged(from: decoder))
        case "phone": self = .phone(try LogPhone(from: decoder))
        case "answer": self = .answer(try LogAnswer(from: decoder))
        case "questionnaire": self = .questionnaire(try LogQuestionnaire(from: decoder))
        default: self = .scene(try LoggedSceneEvent(from: decoder))
        }
    }

    /// Reads a whole log; a bad line is a one-line error naming the file and the line number.
    /// Every field is checked once, here: times within `SessionLimits.maxTime`, sizes and counts
    /// in range, every other number within `SessionLimits.magnitude`, a config as a --config file.
    package static func read(path: String) throws -> [LogLine] {
        let data = try InputFile.read(path, what: "log file")
        let decoder = JSONDecoder()
        var lines: [LogLine] = []
        var order = LineOrder()
        for (n, range) in lineRanges(data).enumerated() where !range.isEmpty {
            let line = data[range]
            func notALine(_ why: String) -> UserError {
                UserError("log file '\(path)' line \(n + 1) is not a log line of schema \(InteractionLog.schemaVersion) (\(why))")
            }
            guard var object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
                throw notALine("not a JSON object")
            }
            let check = LineCheck(file: "log file '\(path)'", line: n + 1)
            var config: SceneConfig?
            if let raw = object["config"], !(raw is NSNull) {
                guard let dict = raw as? [String: Any] else { throw check.problem("'config' is not an object (expected a SceneConfig)") }
                config = try ConfigFile.decode(dict, label: "log file '\(path)' line \(n + 1): config")
                object["config"] = nil
            }
            try checkFields(object, check)
            try order.next(event: object["event"] as? String, t: (object["t"] as? NSNumber)?.doubleValue, check)
            let bytes = config == nil ? Data(line) : ((try? JSONSerialization.data(withJSONObject: object)) ?? Data(line))
            var decoded: LogLine
            do { decoded = try decoder.decode(LogLine.self, from: bytes) } catch {
                throw notALine(DecodingProblem.describe(error))
            }
            if let config {
                switch decoded {
                case .started(var s): s.config = config; decoded = .started(s)
                case .configReloaded(var c): c.config = config; decoded = .configReloaded(c)
                case .configChanged(var c): c.config = config; decoded = .configChanged(c)
                default: break
                }
            }
            lines.append(decoded)
        }
        return lines
    }

    /// A log is one session written in time order (docs/log-schema.md): the `started` line first,
    /// nothing after the `quit` line, and no line earlier than one before it by more than
    /// `lateness`. A file holding two sessions, every line twice, or its lines shuffled breaks
    /// one of these and is refused with the line, rather than counted.
    struct LineOrder {
        /// How far a line may be earlier than one above it: the app writes every line in time
        /// order, and a motion's end up to 0.1 s of wall time late (with its exact time).
        static let lateness = 0.25
        private var lines = 0
        private var started: Int?
        private var quit: Int?
        private var latest: (t: Double, line: Int)?

        mutating func next(event: String?, t: Double?, _ check: LineCheck) throws {
            lines += 1
            if let quit {
                throw check.problem("a line after the 'quit' line \(quit) (expected the quit last: a log holds one session; is this two logs in one file?)")
            }
            if event == "started" {
                if let started {
                    throw check.problem("a second 'started' line (the first is line \(started); expected one session a file: split it into one log per session)")
                }
                if lines > 1 {
                    throw check.problem("the 'started' line comes after other lines (expected it first: are the lines out of order?)")
                }
                started = check.line
            }
            if event == "quit" { quit = check.line }
            guard let t else { return }
            if let latest, t < latest.t - Self.lateness {
                throw check.problem("'t' = \(t) goes back in time from \(latest.t) on line \(latest.line) (expected lines in time order: are they shuffled?)")
            }
            if t > latest?.t ?? -.infinity { latest = (t, check.line) }
        }
    }

    /// The lines of `data` (indices of `data`, without their newline), empty ones included, as
    /// `split(separator: 0x0A, omittingEmptySubsequences: false)` gives them; found with
    /// `memchr`, not a byte at a time through the generic `split`.
    package static func lineRanges(_ data: Data) -> [Range<Data.Index>] {
        let base = data.startIndex
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Range<Data.Index>] in
            var ranges: [Range<Data.Index>] = []
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return [base..<base] }
            var from = 0
            while let hit = memchr(start + from, 0x0A, bytes.count - from) {
                let end = start.distance(to: UnsafeRawPointer(hit))
                ranges.append(base + from..<base + end)
                from = end + 1
            }
            ranges.append(base + from..<base + bytes.count)
            return ranges
        }
    }

    /// The numbers of one line (its config taken out): times, sizes, counts, the rest by magnitude.
    private static func checkFields(_ object: [String: Any], _ c: LineCheck) throws {
        let started = object["event"] as? String == "started"
        func walk(_ value: Any, _ field: String, _ key: String, _ index: Int?) throws {
            func checkObject(_ dict: [String: Any]) throws {
                for (k, v) in dict { try walk(v, field.isEmpty ? k : "\(field).\(k)", k, nil) }
            }
            func checkArray(_ array: [Any]) throws {
                guard array.count <= 64 else { throw c.problem("'\(field)' has \(array.count) entries (expected at most 64)") }
                for (i, v) in array.enumerated() { try walk(v, "\(field)[\(i)]", key, i) }
            }
            func checkNumber(_ number: NSNumber) throws {
                guard !ConfigFile.isBoolean(number) else { return }
                let v = number.doubleValue
                if SessionLimits.timeFields.contains(key) {
                    try c.time(field, v)
                } else if started && key == "cards" {
                    try c.number(field, v, Double(SessionLimits.count.lowerBound)...Double(SessionLimits.count.upperBound))
                } else if started && (key == "window" || key == "viewport" || (key == "stage" && (index ?? 0) >= 2)) {
                    try c.number(field, v, SessionLimits.side)
                } else {
                    try c.number(field, v, -SessionLimits.magnitude...SessionLimits.magnitude)
                }
            }
            func checkText(_ text: String) throws {
                // The texts the report and study pages show: bounded as where they were typed.
                switch key {
                case "note": try c.text(field, text, TextLimits.note, oneLine: false)
                case "label": try c.text(field, text, TextLimits.label)
                case "task": try c.text(field, text, TextLimits.taskName)
                case "name": try c.text(field, text, 255)
                case "participant": try c.text(field, text, TextLimits.participant)
                default: try c.text(field, text, 4096, oneLine: false)
                }
            }
            func checkAny(_ value: Any) throws {
                switch value {
                case let dict as [String: Any]: try checkObject(dict)
                case let array as [Any]: try checkArray(array)
                case let number as NSNumber: try checkNumber(number)
                case let text as String: try checkText(text)
                default: break
                }
            }
            // What JSONSerialization makes, told by its exact type (a cast from `Any` that tries
            // every pattern in turn looks up conformances and bridges in the runtime's shared
            // caches, for every value of every line); anything else goes through the casts.
            let kind = ObjectIdentifier(type(of: value))
            if kind == JSONKind.number, let number = value as? NSNumber {
                try checkNumber(number)
            } else if kind == JSONKind.string, let text = value as? String {
                try checkText(text)
            } else if kind == JSONKind.object, let dict = value as? [String: Any] {
                try checkObject(dict)
            } else if kind == JSONKind.array, let array = value as? [Any] {
                try checkArray(array)
            } else {
                try checkAny(value)
            }
        }
        try walk(object, "", "", nil)
    }

    /// The exact types of JSONSerialization's values.
    private enum JSONKind {
        static let number = ObjectIdentifier(NSNumber.self)
        static let string = ObjectIdentifier(String.self)
        static let object = ObjectIdentifier([String: Any].self)
        static let array = ObjectIdentifier([Any].self)
    }
}
