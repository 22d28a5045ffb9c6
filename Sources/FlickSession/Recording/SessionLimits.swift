import FlickIO
import FlickEngine
import Foundation

/// What a recording or a log may hold. The study tools and replays trust what the readers let
/// through, so every field of every line is checked once, in the reader (`Recording`,
/// `LogLine.read`), against these ranges; a refusal is one line with the file, the line number,
/// the field, the value and the range.
package enum SessionLimits {
    /// The longest session a file may span, seconds (6 hours): beyond it a replay would walk
    /// millions of frames for what is a broken or crafted clock.
    package static let maxTime = 21_600.0
    /// Window, stage and viewport sides, points (a window can be made small by hand, so the
    /// lower end is 1, not `--size`'s 64).
    package static let side = 1.0...16_384.0
    /// Cards in a session (`--count`'s range).
    package static let count = 0...10_000_000
    /// Card files listed in a recording's header.
    package static let cardFiles = 0...1_000_000
    /// Mouse-wheel notches in one input.
    package static let notches = -10_000...10_000
    /// A wheel scroll, points.
    package static let wheel = -PointerEvent.coordinateLimit...PointerEvent.coordinateLimit
    /// Any other number of a log line (positions, translations, velocities, indices), either sign.
    package static let magnitude = 1e7

    /// The field names of log lines that are session times (seconds), checked against `maxTime`.
    /// Characters of a facilitator's note.
    package static let noteLength = TextLimits.note
    package static let timeFields: Set<String> = ["t", "time", "start", "end", "startTime", "endTime"]
}

/// Checks the fields of one line; refusals name the file, the line, the field, the value and
/// the range.
package struct LineCheck {
    /// How the file is named, e.g. "--replay file 'a.jsonl'".
    package let file: String
    /// 1-based.
    package let line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    package func refuse(_ field: String, _ value: String, expected: String) -> UserError {
        UserError("\(file) line \(line): '\(field)' = \(value) is out of range (expected \(expected))")
    }

    package func problem(_ what: String) -> UserError {
        UserError("\(file) line \(line): \(what)")
    }

    package func number(_ field: String, _ v: Double, _ range: ClosedRange<Double>) throws {
        guard v.isFinite, range.contains(v) else {
            throw refuse(field, Self.format(v), expected: "\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
        }
    }

    package func whole(_ field: String, _ v: Int, _ range: ClosedRange<Int>) throws {
        guard range.contains(v) else {
            throw refuse(field, "\(v)", expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// A session time: 0 to `SessionLimits.maxTime`.
    package func time(_ field: String, _ v: Double) throws {
        guard v.isFinite, v >= 0, v <= SessionLimits.maxTime else {
            throw refuse(field, Self.format(v), expected: "0 to \(Self.format(SessionLimits.maxTime)) s; sessions are at most 6 hours")
        }
    }

    package func size(_ field: String, _ s: Size) throws {
        try number(field + ".width", s.width, SessionLimits.side)
        try number(field + ".height", s.height, SessionLimits.side)
    }

    /// A card file's name: a plain file name in the card folder, never a path.
    package func fileName(_ field: String, _ name: String) throws {
        let plain = !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
            && name.utf8.count <= 255
        guard plain else {
            throw problem("'\(field)' = '\(name.prefix(80))' is not a plain file name (a card file is a name in the card folder, without '/' or '..')")
        }
    }

    /// A kept card's hash (`CardStore`): a SHA-256 in 64 lowercase hex digits, the name of its
    /// copy in the card store, so it can never lead out of the store (`../../private/photo`).
    package func hash(_ field: String, _ hash: String?, card: String) throws {
        guard let hash, !CardStore.isHash(hash) else { return }
        throw problem("'\(field)' of card '\(card.prefix(80))' = '\(TextLimits.excerpt(hash, 80))' is not a card hash (expected a SHA-256: 64 lowercase hex digits)")
    }

    /// A text of one line, at most `limit` characters (`TextLimits`); nil passes.
    package func text(_ field: String, _ value: String?, _ limit: Int, oneLine: Bool = true) throws {
        guard let value, let why = TextLimits.problem(value, limit: limit, oneLine: oneLine) else { return }
        throw problem("'\(field)' = '\(TextLimits.excerpt(value))' \(why)")
    }

    package static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}

extension RecordingHeader {
    /// Every field in range (the config is checked where it is decoded).
    package func check(_ c: LineCheck) throws {
        try c.whole("count", count, SessionLimits.count)
        try c.size("window", window)
        if let stage { try c.size("stage", stage) }
        if let r = stageCornerRadius {
            let limit = stage.map { min($0.width, $0.height) / 2 } ?? SessionLimits.side.upperBound / 2
            try c.number("stage_corner_radius", r, 0...limit)
        }
        try c.text("participant", participant, TextLimits.participant)
        try c.text("task", task, TextLimits.taskName)
        if let device {
            if let v = device.viewport { try c.size("device.viewport", v) }
            if let r = device.pixelRatio { try c.number("device.pixel_ratio", r, 0.5...8) }
            try c.text("device.user_agent", device.userAgent, SessionDevice.userAgentLimit)
        }
        if let plan {
            try c.text("plan.file", plan.file, 4096)
            try c.text("plan.participant", plan.participant, TextLimits.participant)
            try c.text("plan.condition", plan.condition, TextLimits.designCell)
            try c.whole("plan.session", plan.session, 1...StudyPlan.maxConditions)
        }
        try c.whole("card_files (entries)", cardFiles.count, SessionLimits.cardFiles)
        for (i, file) in cardFiles.enumerated() {
            try c.fileName("card_files[\(i)].name", file.name)
            try c.whole("card_files[\(i)].size", file.size, 0...Int(Int64.max / 2))
            try c.hash("card_files[\(i)].hash", file.hash, card: file.name)
        }
        if !bundledCards {
            guard cardFolder.hasPrefix("/"), !cardFolder.contains("\0") else {
                throw c.problem("'card_folder' = '\(cardFolder.prefix(80))' is not an absolute folder path")
            }
        }
        // The same checks as the command line's --tasks and --markers.
        if let tasks {
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(tasks))
            _ = try TaskList.parse(json, file: "\(c.file) line \(c.line): 'tasks'", cards: nil)
        }
        if let d = configDescription, d.isEmpty || d.count > ConfigFile.maxDescription || d.contains(where: \.isNewline) {
            throw c.problem("'config_description' has \(d.count) characters (expected one line of 1 to \(ConfigFile.maxDescription))")
        }
        if let markers {
            do { _ = try MarkerLabels.parse(markers.joined(separator: ",")) } catch let e as UserError {
                throw c.problem("'markers': \(e.message)")
            }
        }
    }
}

extension RecordedInput {
    /// Every field in range. Pointer positions are the engine's to refuse (it logs why), as in
    /// the live window, so a replay gives the same refusals.
    package func check(_ c: LineCheck) throws {
        try c.time("t", t)
        switch input {
        case .pointer, .command, .interaction, .time, .ask:
            break
        case .answer(let answer):
            if let problem = answer.problem { throw c.problem(problem) }
        case .wheel(let wheel):
            try c.number("wheel", wheel, SessionLimits.wheel)
        case .notches(let notches):
            try c.whole("notches", notches, SessionLimits.notches)
        case .viewport(let viewport, let window):
            try c.size("viewport", viewport)
            if let window { try c.size("window", window) }
        case .cards(let cards):
            let files = cards.added + cards.changed
            try c.whole("cards (entries)", files.count + cards.removed.count, 1...SessionLimits.cardFiles.upperBound)
            for (i, f) in files.enumerated() {
                try c.fileName("cards[\(i)].name", f.name)
                try c.whole("cards[\(i)].size", f.size, 0...Int(Int64.max / 2))
                try c.hash("cards[\(i)].hash", f.hash, card: f.name)
            }
            for (i, name) in cards.removed.enumerated() { try c.fileName("cards.removed[\(i)]", name) }
        case .note(let note):
            if note.isEmpty || note.count > SessionLimits.noteLength {
                throw c.problem("'note' has \(note.count) characters (expected 1 to \(SessionLimits.noteLength))")
            }
        case .marker(let marker):
            if !MarkerLabels.isValid(marker.label) {
                throw c.problem("'marker.label' = '\(TextLimits.excerpt(marker.label))' is not a marker label (1 to \(MarkerLabels.maxLength) characters)")
            }
            try c.text("marker.task", marker.task, TextLimits.taskName)
        case .config(let config):
            if let source = config.source, source != "panel", source != "preset" {
                throw c.problem("'configSource' = '\(source.prefix(40))' is not a config source (expected panel or preset)")
            }
        }
    }
}
