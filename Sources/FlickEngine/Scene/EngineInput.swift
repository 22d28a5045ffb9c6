/// One input to a scene as the numbers a page records and sends: a kind, up to three numbers
/// and a time. The page's engine (WebAssembly) decodes its own records with this, and a host
/// decodes the records the page sent with it, so both read a record one way.
///
/// | kind | input | a | b | c |
/// |---|---|---|---|---|
/// | 0 | pointer | phase (0 down, 1 move, 2 up, 3 cancel) | x | y |
/// | 1 | command | its number (`CardScene.Command.allCases` order) | 1: the facilitator's | |
/// | 2 | wheel notches | notches (whole, at most 1000 either way) | | |
/// | 3 | viewport | width | height | |
/// | 4 | interaction | its number (`Interaction.allCases` order) | | |
/// | 5 | insert | deck index | | |
/// | 6 | delete | deck index | | |
/// | 7 | frame | | | |
/// | 8 | config edit | key number (`SceneConfig.keys` order) | value | 1: more edits follow |
/// | 9 | task start | interaction number, or -1 | card count, or -1 | 1: reset, + 2: the staged config |
///
/// Config edits that belong together (a preset, a reloaded file) come as one edit a key, all but
/// the last with c = 1: the scene takes them as one new config with the last. A task's start state
/// (`CardScene.start`) is one record; its config, when it has one, comes before it as config edits
/// that all have c = 1 (staged), and the start takes them (c has 2 added).
public enum EngineInput: Equatable, Sendable {
    case pointer(PointerEvent.Phase, Point)
    /// A command; the facilitator's (a key of their window) or the participant's.
    case command(CardScene.Command, byFacilitator: Bool)
    case notches(Int)
    case viewport(Size)
    case interaction(Interaction)
    case insert(at: Int)
    case delete(at: Int)
    /// The scene moves to the record's time and lays out a frame.
    case frame
    /// One key of a config edit; `more`: the edit goes on in the next record.
    case setValue(key: Int, value: Double, more: Bool)
    /// A task's start state (`CardScene.start`): another interaction, a deck of `cards` new
    /// cards or a reset, and with `config` the config staged by the edits before it.
    case start(interaction: Interaction?, cards: Int?, reset: Bool, config: Bool)

    /// The kinds by number, as records carry them.
    public enum Kind: Int32, CaseIterable, Sendable {
        case pointer = 0, command, wheel, viewport, interaction, insert, delete, frame, setValue, start
    }

    /// The most cards a task's start deals.
    public static let maxStartCards = 1_000_000

    /// The record's input, or nil for an unknown kind or a number out of range (a deck index
    /// beyond `deckCount`, a phase or key that does not exist, a fraction where a whole number
    /// goes, a non-finite size). A time is not checked here: the scene refuses a bad one itself.
    public init?(kind: Int32, a: Double, b: Double, c: Double, deckCount: Int) {
        func index(_ x: Double, below n: Int) -> Int? {
            guard x.isFinite, x >= 0, x < Double(n), x == x.rounded(.down) else { return nil }
            return Int(x)
        }
        guard let kind = Kind(rawValue: kind) else { return nil }
        switch kind {
        case .pointer:
            let phases = PointerEvent.Phase.allCases
            guard let p = index(a, below: phases.count) else { return nil }
            self = .pointer(phases[p], Point(x: b, y: c))
        case .command:
            let commands = CardScene.Command.allCases
            guard let k = index(a, below: commands.count), b == 0 || b == 1 else { return nil }
            self = .command(commands[k], byFacilitator: b == 1)
        case .wheel:
            guard a.isFinite, abs(a) <= 1000, a == a.rounded(.down) else { return nil }
            self = .notches(Int(a))
        case .viewport:
            guard a.isFinite, b.isFinite else { return nil }
            self = .viewport(Size(width: a, height: b))
        case .interaction:
            let all = Interaction.allCases
            guard let k = index(a, below: all.count) else { return nil }
            self = .interaction(all[k])
        case .insert:
            guard let k = index(a, below: deckCount + 1) else { return nil }
            self = .insert(at: k)
        case .delete:
            guard let k = index(a, below: deckCount) else { return nil }
            self = .delete(at: k)
        case .frame:
            self = .frame
        case .setValue:
            guard let k = index(a, below: SceneConfig.keys.count), c == 0 || c == 1 else { return nil }
            self = .setValue(key: k, value: b, more: c == 1)
        case .start:
            let all = Interaction.allCases
            let next: Interaction?
            if a == -1 { next = nil } else if let k = index(a, below: all.count) { next = all[k] } else { return nil }
            let cards: Int?
            if b == -1 { cards = nil } else if let n = index(b, below: EngineInput.maxStartCards + 1) { cards = n } else { return nil }
            guard let flags = index(c, below: 4) else { return nil }
            self = .start(interaction: next, cards: cards, reset: flags & 1 != 0, config: flags & 2 != 0)
        }
    }

    /// The record's numbers (kind, a, b, c) for this input.
    public var numbers: (kind: Int32, a: Double, b: Double, c: Double) {
        func number<T: Equatable>(_ x: T, in all: [T]) -> Double { Double(all.firstIndex(of: x) ?? 0) }
        switch self {
        case .pointer(let phase, let p): return (Kind.pointer.rawValue, number(phase, in: PointerEvent.Phase.allCases), p.x, p.y)
        case .command(let c, let facilitator): return (Kind.command.rawValue, number(c, in: CardScene.Command.allCases), facilitator ? 1 : 0, 0)
        case .notches(let n): return (Kind.wheel.rawValue, Double(n), 0, 0)
        case .viewport(let s): return (Kind.viewport.rawValue, s.width, s.height, 0)
        case .interaction(let i): return (Kind.interaction.rawValue, number(i, in: Interaction.allCases), 0, 0)
        case .insert(let k): return (Kind.insert.rawValue, Double(k), 0, 0)
        case .delete(let k): return (Kind.delete.rawValue, Double(k), 0, 0)
        case .frame: return (Kind.frame.rawValue, 0, 0, 0)
        case .setValue(let k, let v, let more): return (Kind.setValue.rawValue, Double(k), v, more ? 1 : 0)
        case .start(let next, let cards, let reset, let config):
            return (Kind.start.rawValue, next.map { number($0, in: Interaction.allCases) } ?? -1, cards.map(Double.init) ?? -1,
                    (reset ? 1 : 0) + (config ? 2 : 0))
        }
    }

    /// The pointer event a pointer record stands for at `time`: one touch (pointer 0, the touch
    /// slop applies), however the page numbered its fingers.
    public static func pointerEvent(_ phase: PointerEvent.Phase, _ position: Point, time: Double) -> PointerEvent {
        PointerEvent(pointerID: 0, phase: phase, position: position, time: time, device: .touch)
    }

    /// A command's cause: the facilitator's, or the participant's own as a key of the window is.
    public static func commandCause(byFacilitator: Bool) -> DeckChangeCause { byFacilitator ? .facilitator : .key }

    /// One key of a config edit (`setValue`) on top of `staged` (the edit so far) or `config`.
    /// Each key is checked against its range; with more to come the edit is staged; with the
    /// last key it is the config to apply (nil: nothing to apply) and `staged` is cleared. A key
    /// that refuses its value is left out (`refused`) and the edit goes on without it. The whole
    /// edit is checked as a config read from a file is once it is complete: keys taken one by one
    /// may cross a bound pair on the way (a new minimum above the old maximum), and only the end
    /// counts. An edit that ends crossed is refused whole.
    public static func edit(_ staged: inout SceneConfig?, of config: SceneConfig, key: Int, value: Double,
                            more: Bool) -> (apply: SceneConfig?, refused: Bool) {
        let before = staged
        var edited = before ?? config
        let taken = (try? edited.setValue(value, at: SceneConfig.keys[key].path)) != nil
        if more {
            staged = edited
            return (nil, !taken)
        }
        staged = nil
        if !taken && before == nil { return (nil, true) }
        guard (try? edited.validateBounds()) != nil else { return (nil, true) }
        return (edited, !taken)
    }

    /// The config staged by edits with more to come (a task start's), cleared: nil when none
    /// is staged or it crosses a bound pair.
    public static func takeStaged(_ staged: inout SceneConfig?) -> SceneConfig? {
        defer { staged = nil }
        guard let config = staged, (try? config.validateBounds()) != nil else { return nil }
        return config
    }
}
