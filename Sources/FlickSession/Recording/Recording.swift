import FlickEngine
import FlickIO
import Foundation

/// Flick's version, written into recordings and logs so a file says what made it.
package enum FlickVersion {
    package static let current = "0.4.0"
}

/// A marker dropped by the facilitator: a task's start or end (`M`, Enter in the facilitator
/// window), or a labelled one from `--markers` (keys 1-9), in the log and the recording.
package struct Marker: Codable, Equatable, Sendable {
    /// "start", "end", or a `--markers` label.
    package var label: String
    /// The session's `--task`, when one was named.
    package var task: String?

    package init(label: String, task: String? = nil) {
        self.label = label
        self.task = task
    }
}

/// The first line of a recording: everything a replay needs besides the inputs. The file's lines
/// are defined by docs/schema/recording.schema.json (LogSchemaTests keeps it and these types in step).
package struct RecordingHeader: Codable, Equatable {
    /// Version of this file format; a reader refuses newer ones. 2 added `look`; a format 1
    /// recording replays with the default look (what its sessions showed unless told otherwise).
    package static let formatVersion = 2

    /// One card image as it was when the session started.
    package typealias CardFile = FolderFile

    package var format: Int
    package var flickVersion: String
    package var session: String
    /// Wall clock at session time 0, ISO 8601 (UTC).
    package var started: String
    package var participant: String?
    package var task: String?
    package var demo: Interaction
    /// The card folder, absolute; `bundled` when it was Flick's own `assets/` (then a replay uses
    /// the bundled folder wherever this checkout lives, and checks the files).
    package var cardFolder: String
    package var bundledCards: Bool
    package var cardFiles: [CardFile]
    package var count: Int
    /// Window, points.
    package var window: Size
    /// The phone screen, points; nil: the stage is the window.
    package var stage: Size?
    /// The stage's screen corner radius, points (a device's).
    package var stageCornerRadius: Double?
    /// The full config in force at the start.
    package var config: SceneConfig
    /// How the participant's screen looked (format 2 on; nil in format 1).
    package var look: SessionLook?
    /// The session's `--tasks`, so a replay checks the same goals.
    package var tasks: TaskList?
    /// The session's `--markers` labels.
    package var markers: [String]?
    /// Run with a facilitator window: the participant's screen showed no toasts (nor does a replay).
    package var facilitator: Bool?
    /// The `description` of the `--config` file (the study names the condition by it).
    package var configDescription: String?
    /// The participant's device (`--phone`: the phone's touch screen); nil: the window's mouse.
    package var device: SessionDevice?
    /// Opened from a study plan (`--plan`): the plan, participant, session and condition.
    package var plan: PlanStamp?

    package enum CodingKeys: String, CodingKey {
        case format = "flick_recording", flickVersion = "flick_version", session, started, participant, task,
             demo, cardFolder = "card_folder", bundledCards = "bundled_cards", cardFiles = "card_files", count,
             window, stage, stageCornerRadius = "stage_corner_radius", config, look, tasks, markers, facilitator,
             configDescription = "config_description", device, plan
    }

    /// The look to draw this recording with: the recorded one, or the defaults of format 1.
    package var drawnLook: SessionLook { look ?? .recordedBeforeFormat2 }

    /// The stage's corner radius as the window drew it: none when the stage was the window.
    package var drawnCornerRadius: Double { stage == nil ? 0 : (stageCornerRadius ?? 40) }

    package init(format: Int, flickVersion: String, session: String, started: String, participant: String? = nil, task: String? = nil, demo: Interaction, cardFolder: String, bundledCards: Bool, cardFiles: [CardFile], count: Int, window: Size, stage: Size? = nil, stageCornerRadius: Double? = nil, config: SceneConfig, look: SessionLook? = nil) {
        self.look = look
        self.format = format
        self.flickVersion = flickVersion
        self.session = session
        self.started = started
        self.participant = participant
        self.task = task
        self.demo = demo
        self.cardFolder = cardFolder
        self.bundledCards = bundledCards
        self.cardFiles = cardFiles
        self.count = count
        self.window = window
        self.stage = stage
        self.stageCornerRadius = stageCornerRadius
        self.config = config
    }
}

/// Identity of one session: the id and wall clock that label its log and recording.
package struct SessionInfo {
    package var id: String
    package var started: String
    package var participant: String?
    package var task: String?

    package static func new(participant: String?, task: String?) -> SessionInfo {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return SessionInfo(id: UUID().uuidString.lowercased(), started: formatter.string(from: Date()),
                           participant: participant, task: task)
    }

    package init(id: String, started: String, participant: String? = nil, task: String? = nil) {
        self.id = id
        self.started = started
        self.participant = participant
        self.task = task
    }
}

/// Times on the session clock are kept to the microsecond: what the scene sees live is exactly
/// what the recording holds, so a replay feeds the engine the very same numbers.
package func sessionTime(_ seconds: Double) -> Double {
    (seconds * 1_000_000).rounded() / 1_000_000
}

/// Writes what the person did as JSON lines (`--record FILE`): the header, then each input as
/// it reaches the scene, flushed as it happens, so a session can be replayed exactly.
package final class Recorder {
    private let writer: LineWriter
    private let encoder = JSONEncoder()
    /// A header that waits for its device (`--phone`: the phone names itself when it connects)
    /// or for its cards' hashes (`CardKeeper`); the inputs before it wait with it, in memory.
    private var heldHeader: RecordingHeader?
    private var heldLines: [Data] = []
    private var waitsForDevice: Bool
    private var waitsForCards: Bool

    /// `waitsForDevice`: the header is written once `release(device:)` and, with `waitsForCards`,
    /// `release(cardFiles:)` have been called (or by `finish()`), not now.
    package init(path: String, header: RecordingHeader, overwrite: Bool = false, waitsForDevice: Bool = false,
                 waitsForCards: Bool = false) throws {
        writer = try LineWriter(path: path, what: "the recording", overwrite: overwrite)
        encoder.outputFormatting = [.sortedKeys]
        self.waitsForDevice = waitsForDevice
        self.waitsForCards = waitsForCards
        heldHeader = header
        try writeHeaderWhenReady()
    }

    /// Writes the held header, then the inputs that waited, once nothing is awaited.
    private func writeHeaderWhenReady() throws {
        guard !waitsForDevice, !waitsForCards, let header = heldHeader else { return }
        heldHeader = nil
        try writer.append(line: encoder.encode(header))
        for line in heldLines { try writer.append(line: line) }
        heldLines = []
    }

    /// Appends one input; a failed write throws an `OutputError` naming the file.
    package func record(_ input: RecordedInput) throws {
        let line = try encoder.encode(input)
        if heldHeader != nil {
            heldLines.append(line)
        } else {
            try writer.append(line: line)
        }
    }

    /// The device is known: the header names it, and is written unless it waits for its cards.
    /// Does nothing once the header is written.
    package func release(device: SessionDevice?) throws {
        guard waitsForDevice, heldHeader != nil else { return }
        heldHeader?.device = device
        waitsForDevice = false
        try writeHeaderWhenReady()
    }

    /// The cards are kept: the header names them (with their hashes), and is written unless it
    /// waits for its device. Does nothing once the header is written.
    package func release(cardFiles: [RecordingHeader.CardFile]) throws {
        guard waitsForCards, heldHeader != nil else { return }
        heldHeader?.cardFiles = cardFiles
        waitsForCards = false
        try writeHeaderWhenReady()
    }

    /// The session ended: a header still waiting (no device ever connected) is written as it is,
    /// then, given the session's end (`at`, session seconds on the frame clock, the time of the
    /// log's quit), the end line `{"t": ..., "end": "quit"}`, so a replay ends where it did.
    package func finish(at end: Double? = nil) throws {
        waitsForDevice = false
        waitsForCards = false
        try writeHeaderWhenReady()
        guard let end else { return }
        try writer.append(line: encoder.encode(RecordedEnd(t: sessionTime(end))))
    }
}

/// A recording's last line: the session ended (quit, closed, a signal) at `t`, session seconds.
package struct RecordedEnd: Codable, Equatable {
    package var t: Double
    package var end = "quit"

    package init(t: Double) { self.t = t }
}

/// A recording read whole: the header (nil in recordings made before headers existed), the
/// inputs in time order and when the session ended.
package struct Recording {
    package var path: String
    package var header: RecordingHeader?
    package var inputs: [RecordedInput]
    /// When the live session ended (its end line, the time of the log's quit), session seconds;
    /// nil in recordings made before the line was written and in ones cut off (SIGKILL, a full
    /// disk): their replays end once the last input has played and the scene is at rest.
    package var end: Double?

    /// Reads and checks the whole file; a bad line is a one-line error naming the file and line.
    package init(path: String, option: String = "--replay") throws {
        self.path = path
        let data = try InputFile.read(path, what: "\(option) file")
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw UserError("\(option) file '\(path)' is empty (expected a recording: a header line, then an input a line, as --record writes)")
        }
        let decoder = JSONDecoder()
        var parsed: [RecordedInput] = []
        var header: RecordingHeader?
        var end: Double?
        let file = "\(option) file '\(path)'"
        for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let check = LineCheck(file: file, line: n + 1)
            var object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
            if n == 0, object?["event"] as? String == "started" {
                throw UserError("\(option) file '\(path)' is an interaction log, not a recording: a log holds what happened, not the inputs to replay (give the file --record wrote)")
            }
            if n == 0, object == nil, line.range(of: Data("\"flick_recording\"".utf8)) != nil {
                throw UserError("\(option) file '\(path)' line 1 is not a valid recording header (not JSON: NaN and Infinity are not JSON numbers)")
            }
            // A `config` is read as a --config file is (unknown keys, types, ranges, named), then
            // put back in full: keys a newer Flick added come from the defaults.
            var config: SceneConfig?
            if let raw = object?["config"], !(raw is NSNull) {
                guard let dict = raw as? [String: Any] else {
                    throw check.problem("'config' is not an object (expected a SceneConfig)")
                }
                config = try ConfigFile.decode(dict, label: "\(file) line \(n + 1): config")
                object?["config"] = nil
            }
            // Lines without a config are decoded from their own bytes (times exactly as written).
            let stripped = config == nil ? Data(line) : object.flatMap { try? JSONSerialization.data(withJSONObject: $0) } ?? Data(line)
            if n == 0, let object, let format = object["flick_recording"] {
                guard let v = format as? Int, v >= 1 else {
                    throw UserError("\(option) file '\(path)' line 1: 'flick_recording' is not a format version (expected 1 to \(RecordingHeader.formatVersion))")
                }
                guard v <= RecordingHeader.formatVersion else {
                    throw UserError("\(option) file '\(path)' is recording format \(v), newer than this flick reads (\(RecordingHeader.formatVersion)); update flick")
                }
                guard let config else {
                    throw UserError("\(option) file '\(path)' line 1 is not a valid recording header (missing 'config')")
                }
                var h: RecordingHeader
                do { h = try decoder.decode(RecordingHeader.self, from: Self.withDefaultConfig(stripped)) } catch {
                    throw UserError("\(option) file '\(path)' line 1 is not a valid recording header (\(Self.describe(error)))")
                }
                h.config = config
                try h.check(check)
                header = h
                continue
            }
            if let ended = end {
                throw UserError("\(option) file '\(path)' line \(n + 1) follows the session's end (at \(ended) s; expected nothing after the end line)")
            }
            if let object, object["end"] != nil {
                let line: RecordedEnd
                do { line = try decoder.decode(RecordedEnd.self, from: stripped) } catch {
                    throw UserError("\(option) file '\(path)' line \(n + 1) is not a valid end line (\(Self.describe(error))) (expected {\"t\": 12.5, \"end\": \"quit\"})")
                }
                guard object.count == 2, line.end == "quit", line.t.isFinite, line.t >= 0 else {
                    throw UserError("\(option) file '\(path)' line \(n + 1) is not a valid end line (expected {\"t\": 12.5, \"end\": \"quit\"}, a time of 0 or more and nothing else)")
                }
                if let last = parsed.last, line.t < last.t {
                    throw UserError("\(option) file '\(path)' line \(n + 1) goes back in time (the end at \(line.t) s after an input at \(last.t) s)")
                }
                end = line.t
                continue
            }
            var input: RecordedInput
            do {
                guard object != nil else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")) }
                input = try config.map { try RecordedInput.config($0, line: stripped) }
                    ?? decoder.decode(RecordedInput.self, from: stripped)
            } catch {
                // The field at fault when there is one (a wrong type, a missing key, an unknown phase).
                let field = Self.describe(error)
                let why = object == nil ? " (not a JSON object)" : " (\(field))"
                throw UserError("\(option) file '\(path)' line \(n + 1) is not a recorded input\(why) (expected JSON like {\"t\": 0.5, \"pointer\": {...}})")
            }
            try input.check(check)
            if let last = parsed.last, input.t < last.t {
                throw UserError("\(option) file '\(path)' line \(n + 1) goes back in time (\(input.t) s after \(last.t) s)")
            }
            parsed.append(input)
        }
        self.header = header
        inputs = parsed
        self.end = end
    }

    /// The line (an object without its `config`) with the default config in its place, for
    /// decoding; the reader then sets the config it checked.
    private static func withDefaultConfig(_ line: Data) -> Data {
        guard var object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
              let defaults = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(SceneConfig())),
              let data = try? JSONSerialization.data(withJSONObject: { object["config"] = defaults; return object }())
        else { return line }
        return data
    }

    /// A line whose `config` lacks keys that came after it was recorded (a newer Flick added a
    /// constant) gets them from the defaults, so old recordings stay readable.
    package static func completingConfig(_ line: Data) -> Data {
        guard line.range(of: Data("\"config\"".utf8)) != nil,
              var object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
              let config = object["config"] as? [String: Any],
              let defaultsData = try? JSONEncoder().encode(SceneConfig()),
              let defaults = (try? JSONSerialization.jsonObject(with: defaultsData)) as? [String: Any],
              let merged = try? JSONSerialization.data(withJSONObject: { () -> [String: Any] in
                  object["config"] = fill(config, from: defaults)
                  return object
              }())
        else { return line }
        return merged
    }

    private static func fill(_ value: [String: Any], from defaults: [String: Any]) -> [String: Any] {
        var out = value
        for (key, d) in defaults {
            if let v = value[key] as? [String: Any], let dd = d as? [String: Any] {
                out[key] = fill(v, from: dd)
            } else if value[key] == nil {
                out[key] = d
            }
        }
        return out
    }

    /// Seconds from the session start to the last input.
    package var duration: Double { inputs.last?.t ?? 0 }

    private static func describe(_ error: Error) -> String { DecodingProblem.describe(error) }

    /// The cards of the header, checked against the folder as it is now: the same image files
    /// with the same sizes, or a one-line refusal; with `allowMissing`, what is missing or changed
    /// becomes a placeholder card with its name.
    package func cardSource(allowMissing: Bool) throws -> CardSource? {
        guard let header else { return nil }
        let folder = header.bundledCards ? CardSource.defaultFolder() : header.cardFolder
        let current = (try? CardSource(folder: folder))?.items.map { ($0.path as NSString).lastPathComponent } ?? []
        // The folder as the session left it: the header's files with the recorded changes made
        // (a file saved anew, added or removed while it ran is expected so now).
        var expected: [String: Int] = [:]
        // Files whose last version the session saw is not in the card store (read from the folder).
        var unkept = Set<String>()
        let store = CardStore(besideRecording: path)
        let changes = inputs.compactMap(\.cards)
        // Every copy the recording names is hashed again: one that is not its picture is refused.
        let verified = try store.verifiedCopies(of: header.cardFiles + changes.flatMap { $0.added + $0.changed },
                                                what: "--replay file '\(path)'")
        let copy = { (file: FolderFile) -> String? in
            guard let hash = file.hash else { return nil }
            let path = store.path(hash: hash, name: file.name)
            return verified.contains(path) ? path : nil
        }
        for file in header.cardFiles {
            expected[file.name] = file.size
            if copy(file) == nil { unkept.insert(file.name) }
        }
        for change in changes {
            for f in change.added + change.changed {
                expected[f.name] = f.size
                if copy(f) == nil { unkept.insert(f.name) } else { unkept.remove(f.name) }
            }
            for name in change.removed { expected[name] = nil }
        }
        var problems: [String] = []
        var items: [CardImage] = []
        for file in header.cardFiles {
            // The picture as the participant saw it at the start, when the card store kept it
            // (a version saved during the session is the change input's, kept under its own hash).
            if let kept = copy(file) {
                items.append(CardImage(path: kept, title: file.name, name: file.name))
                continue
            }
            let path = (folder as NSString).appendingPathComponent(file.name)
            let size = RecordingHeader.fileSize(path)
            guard let want = expected[file.name] else {
                // Removed during the session: its cards leave when the replay gets there.
                items.append(CardImage(path: path + " (removed during the session)", title: file.name))
                continue
            }
            if size == want {
                items.append(CardImage(path: path, title: file.name))
                continue
            }
            problems.append(size == nil ? "\(file.name) is missing" : "\(file.name) is \(size!) bytes, was \(want)")
            items.append(CardImage(path: path + " (missing)", title: file.name))
        }
        // Files added during the session that were not kept are read from the folder: as they were.
        let checked = Set(header.cardFiles.filter { copy($0) == nil }.map(\.name))
        for name in unkept.subtracting(checked).sorted() {
            guard let want = expected[name] else { continue }
            let size = RecordingHeader.fileSize((folder as NSString).appendingPathComponent(name))
            if size != want { problems.append(size == nil ? "\(name) is missing" : "\(name) is \(size!) bytes, was \(want)") }
        }
        // New files matter only to a replay that reads the folder (not every card was kept).
        let kept = unkept.isEmpty
        let extra = Set(current).subtracting(expected.keys).sorted()
        if !extra.isEmpty && !kept { problems.append("new \(extra.joined(separator: ", "))") }
        if !problems.isEmpty {
            let what = "the card folder '\(folder)' changed since the recording (\(problems.prefix(3).joined(separator: "; "))\(problems.count > 3 ? "; …" : ""))"
            guard allowMissing else {
                throw UserError("--replay file '\(path)': \(what); --allow-missing-cards replays it with placeholders")
            }
            warn("\(what); replaying with placeholders")
        }
        guard !items.isEmpty else {
            throw UserError("--replay file '\(path)': the recording lists no card files")
        }
        return CardSource(folder: folder, items: items)
    }
}

extension RecordingHeader {
    /// The files of a card source with their sizes now (one stat each: 10,000 files in a few
    /// tens of milliseconds, where Foundation's attribute dictionaries took ten times that).
    package static func cardFiles(of source: CardSource) -> [CardFile] {
        source.items.map { item in
            CardFile(name: (item.path as NSString).lastPathComponent, size: fileSize(item.path) ?? 0)
        }
    }

    /// The size of the regular file at `path` (symlinks followed), or nil.
    package static func fileSize(_ path: String) -> Int? {
        if case .regular(let size, _, _) = PathKind.target(of: path) { return Int(size) }
        return nil
    }
}

/// Plays a recording back: hands out the inputs due by a given session time, for the window and
/// every headless replay alike.
package final class Player {
    package let recording: Recording
    /// The recorded config reloads and changes are passed over (another config replaces the
    /// recording's: a `--config` given to a replay, a preset of compare or tune).
    package let skipsConfigs: Bool
    private var next = 0

    package init(_ recording: Recording, skipsConfigs: Bool = false) {
        self.recording = recording
        self.skipsConfigs = skipsConfigs
    }

    package var path: String { recording.path }
    package var inputs: [RecordedInput] { recording.inputs }
    package var isFinished: Bool { next >= recording.inputs.count }
    package var duration: Double { recording.duration }

    /// From the top again (`--loop`).
    package func rewind() { next = 0 }

    /// The inputs with t <= `time` (session seconds) not handed out yet.
    package func due(by time: Double) -> [RecordedInput] {
        let from = next
        while next < recording.inputs.count, recording.inputs[next].t <= time { next += 1 }
        let due = recording.inputs[from..<next]
        return skipsConfigs ? due.filter { $0.config == nil } : Array(due)
    }
}
