import FlickIO
import FlickEngine
import Foundation

/// A config that reaches the scene as an input: a reload of the `--config` file, or a change
/// made in the app (a key edited in the tuning panel, a preset loaded there).
package struct ConfigInput: Equatable, Sendable {
    /// The config in force from the input's time on, in full.
    package var config: SceneConfig
    /// The file the config came from.
    package var path: String?
    /// Where a config made in the app came from: "panel" or "preset"; nil for a file reload.
    package var source: String?
    /// The preset a "preset" change loaded.
    package var preset: String?

    package init(config: SceneConfig, path: String? = nil, source: String? = nil, preset: String? = nil) {
        self.config = config
        self.path = path
        self.source = source
        self.preset = preset
    }
}

/// Everything that can happen to a session, as one value: what a person or the facilitator did,
/// what the card folder or the config file did. Drivers (the window, replays, the study tools,
/// the soak, tests) turn their own events into these; `SessionRunner` applies them with one
/// exhaustive `switch`, so a new kind is a compile error wherever it is not handled yet.
package enum SessionInput: Equatable, Sendable {
    /// A pointer event in scene points.
    case pointer(PointerEvent)
    /// A precise wheel scroll, points.
    case wheel(Double)
    /// Mouse-wheel notches (whole clicks): a page per notch on paged rows, a card pitch in lists.
    case notches(Int)
    case command(CardScene.Command)
    case interaction(Interaction)
    case config(ConfigInput)
    /// The scene's new viewport, points, and the window's size then (`--stage window`).
    case viewport(Size, window: Size?)
    /// A facilitator's marker (task start or end, or a labelled one).
    case marker(Marker)
    /// A note typed in the facilitator window.
    case note(String)
    /// The `--cards` folder changed (files added, removed, saved anew).
    case cards(CardFolderChange)
    /// Slow motion, pause, resume or a single step; replays move time the same way.
    case time(SceneTimeline.Control)
    /// The participant answered in their window: Done, Give up, a SEQ or a SUS item.
    case answer(ParticipantAnswer)
    /// A questionnaire brought up on the participant's screen (the facilitator's SUS).
    case ask(Questionnaire)

    /// The kind as a refusal and the recording name it.
    package var kind: String {
        switch self {
        case .pointer: return "pointer"
        case .wheel: return "wheel"
        case .notches: return "notches"
        case .command: return "command"
        case .interaction: return "interaction"
        case .config: return "config"
        case .viewport: return "viewport"
        case .marker: return "marker"
        case .note: return "note"
        case .cards: return "cards"
        case .time: return "time"
        case .answer: return "answer"
        case .ask: return "ask"
        }
    }
}

/// One recorded input at its session time (seconds since the session started): one line of a
/// recording after its header. The line keeps the format-2 shape (`{"t": 0.5, "pointer": {...}}`,
/// a config with `configPath`, `configSource` and `preset` beside it, a viewport with `window`),
/// so old recordings read as they were written.
package struct RecordedInput: Equatable, Sendable {
    package var t: Double
    package var input: SessionInput
    /// The facilitator's doing, not the participant's (a key of the facilitator window): written
    /// `"by": "facilitator"`; a command's deck changes then have cause `facilitator`.
    package var byFacilitator = false

    package init(t: Double, _ input: SessionInput, byFacilitator: Bool = false) {
        self.t = t
        self.input = input
        self.byFacilitator = byFacilitator
    }

    /// The kind of input, as a refusal names it.
    package var inputKind: String { input.kind }

    // Readers of one kind, for drivers that look at a single kind (nil for any other).
    package var pointer: PointerEvent? {
        if case .pointer(let p) = input { return p }
        return nil
    }
    package var config: SceneConfig? { configInput?.config }
    package var configInput: ConfigInput? {
        if case .config(let c) = input { return c }
        return nil
    }
    package var marker: Marker? {
        if case .marker(let m) = input { return m }
        return nil
    }
    package var cards: CardFolderChange? {
        if case .cards(let c) = input { return c }
        return nil
    }
    package var time: SceneTimeline.Control? {
        if case .time(let c) = input { return c }
        return nil
    }
}

extension RecordedInput: Codable {
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case t, pointer, wheel, notches, command, interaction, config, configPath, configSource, preset,
             viewport, window, marker, note, cards, time, answer, ask, by
    }

    /// The keys that name an input's kind (the others go with one of them).
    static let kindKeys: [CodingKeys] = [.pointer, .wheel, .notches, .command, .interaction, .config, .viewport,
                                         .marker, .note, .cards, .time, .answer, .ask]

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        t = try c.decode(Double.self, forKey: .t)
        let present = Self.kindKeys.filter { c.contains($0) }
        guard present.count == 1, let key = present.first else {
            let names = Self.kindKeys.map(\.rawValue).joined(separator: ", ")
            let found = present.isEmpty ? "none" : present.map(\.rawValue).joined(separator: " and ")
            throw DecodingError.dataCorrupted(.init(codingPath: [],
                debugDescription: "an input has exactly one of \(names); this line has \(found)"))
        }
        input = try Self.decodeInput(key, from: c)
        if let by = try c.decodeIfPresent(String.self, forKey: .by) {
            guard by == "facilitator" else {
                throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.by],
                    debugDescription: "'by' is '\(by)' (expected \"facilitator\", or no 'by' for the participant's)"))
            }
            byFacilitator = true
        }
    }

    private static func decodeInput(_ key: CodingKeys, from c: KeyedDecodingContainer<CodingKeys>) throws -> SessionInput {
        switch key {
        case .pointer: return .pointer(try c.decode(PointerEvent.self, forKey: .pointer))
        case .wheel: return .wheel(try c.decode(Double.self, forKey: .wheel))
        case .notches: return .notches(try c.decode(Int.self, forKey: .notches))
        case .command: return .command(try c.decode(CardScene.Command.self, forKey: .command))
        case .interaction: return .interaction(try c.decode(Interaction.self, forKey: .interaction))
        case .config:
            return .config(ConfigInput(config: try c.decode(SceneConfig.self, forKey: .config),
                                       path: try c.decodeIfPresent(String.self, forKey: .configPath),
                                       source: try c.decodeIfPresent(String.self, forKey: .configSource),
                                       preset: try c.decodeIfPresent(String.self, forKey: .preset)))
        case .viewport:
            return .viewport(try c.decode(Size.self, forKey: .viewport),
                             window: try c.decodeIfPresent(Size.self, forKey: .window))
        case .marker: return .marker(try c.decode(Marker.self, forKey: .marker))
        case .note: return .note(try c.decode(String.self, forKey: .note))
        case .cards: return .cards(try c.decode(CardFolderChange.self, forKey: .cards))
        case .time: return .time(try c.decode(SceneTimeline.Control.self, forKey: .time))
        case .answer: return .answer(try c.decode(ParticipantAnswer.self, forKey: .answer))
        case .ask: return .ask(try c.decode(Questionnaire.self, forKey: .ask))
        case .t, .configPath, .configSource, .preset, .window, .by:
            preconditionFailure("\(key) names no input kind")
        }
    }

    /// A recording's line whose config the reader has already decoded and checked: the other
    /// fields of the line (`t`, `configPath`, `configSource`, `preset`) come from `line`.
    package static func config(_ config: SceneConfig, line: Data) throws -> RecordedInput {
        struct Fields: Decodable {
            var t: Double
            var configPath: String?
            var configSource: String?
            var preset: String?
        }
        let f = try JSONDecoder().decode(Fields.self, from: line)
        return RecordedInput(t: f.t, .config(ConfigInput(config: config, path: f.configPath, source: f.configSource,
                                                         preset: f.preset)))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(t, forKey: .t)
        if byFacilitator { try c.encode("facilitator", forKey: .by) }
        switch input {
        case .pointer(let p): try c.encode(p, forKey: .pointer)
        case .wheel(let d): try c.encode(d, forKey: .wheel)
        case .notches(let n): try c.encode(n, forKey: .notches)
        case .command(let command): try c.encode(command, forKey: .command)
        case .interaction(let i): try c.encode(i, forKey: .interaction)
        case .config(let config):
            try c.encode(config.config, forKey: .config)
            try c.encodeIfPresent(config.path, forKey: .configPath)
            try c.encodeIfPresent(config.source, forKey: .configSource)
            try c.encodeIfPresent(config.preset, forKey: .preset)
        case .viewport(let size, let window):
            try c.encode(size, forKey: .viewport)
            try c.encodeIfPresent(window, forKey: .window)
        case .marker(let m): try c.encode(m, forKey: .marker)
        case .note(let text): try c.encode(text, forKey: .note)
        case .cards(let change): try c.encode(change, forKey: .cards)
        case .time(let control): try c.encode(control, forKey: .time)
        case .answer(let a): try c.encode(a, forKey: .answer)
        case .ask(let q): try c.encode(q, forKey: .ask)
        }
    }
}
