import FlickEngine
import FlickSDL

/// What a key of the window does. `App.perform` carries each out; `KeyBindings.rows` says which
/// key does which, and the legend beside the phone, `--help` and the README's key table are
/// written from those rows, so the four cannot disagree.
enum KeyAction: Hashable, Sendable {
    /// Switches to this interaction (the deck stays).
    case interaction(Interaction)
    /// An arrow key: throws the current card that way where the interaction throws by key
    /// (`CardScene.keyThrowDirections`: the swipe deck's allowed directions), else pages back
    /// (left, up) or on (right, down).
    case throwOrPage(ThrowDirection)
    case previousCard, nextCard
    case throwCurrent
    case undo, reset
    case hud, fullscreen, screenshot
    /// The next task marker: a task's start, then its end.
    case taskMarker
    case tuningPanel, debugOverlay
    case slowMotion, pause
    /// One frame on, while paused.
    case step
    case presentation, quit

    /// Every action. Written out by hand (a case with a value cannot derive `CaseIterable`);
    /// KeyBindingTests checks that the rows bind each of them and nothing else.
    static let allCases: [KeyAction] = Interaction.allCases.map { .interaction($0) }
        + ThrowDirection.allCases.map { .throwOrPage($0) }
        + [.previousCard, .nextCard, .throwCurrent, .undo, .reset, .hud, .fullscreen, .screenshot, .taskMarker,
           .tuningPanel, .debugOverlay, .slowMotion, .pause, .step, .presentation, .quit]

    /// What the action does while a recording replays.
    enum DuringReplay { case acts, ignored, pausesPlayback }

    /// A replay's recording drives the scene, so the keys that would change it (or drop a marker
    /// into it) are taken and ignored; Space pauses the playback itself; the rest (the HUD, the
    /// tool windows, fullscreen, screenshots, presentation, quitting) work as in a live session.
    var duringReplay: DuringReplay {
        switch self {
        case .pause: return .pausesPlayback
        case .interaction, .throwOrPage, .previousCard, .nextCard, .throwCurrent, .undo, .reset, .taskMarker,
             .slowMotion, .step:
            return .ignored
        case .hud, .fullscreen, .screenshot, .tuningPanel, .debugOverlay, .presentation, .quit:
            return .acts
        }
    }
}

/// One line of the key table: its keys, each with its action, and what the line says.
struct KeyBinding: Sendable {
    /// The keys of the line in the order they are shown, each with what it does.
    let keys: [(key: Key, action: KeyAction)]
    /// Acts only with neither Ctrl, Alt nor Command held (Shift is fine): the tool and time
    /// keys, so that Ctrl+S, Ctrl+T and the like do nothing.
    let plain: Bool
    /// The auto-repeats of a held key act again; when false only the first press does.
    let repeats: Bool
    /// The legend beside the phone: a few words.
    let label: String
    /// `--help` and the README: one line. Backticks mark code; `--help` drops them.
    let help: String
    /// Added to `help` in the README, where there is room for the details (it starts with its
    /// own space or punctuation).
    let more: String

    /// The line with a single action, bound to one or more keys.
    init(_ keys: [Key], _ action: KeyAction, plain: Bool = false, repeats: Bool = true,
         label: String, help: String, more: String = "") {
        self.init(keys.map { ($0, action) }, plain: plain, repeats: repeats, label: label, help: help, more: more)
    }

    init(_ keys: [(key: Key, action: KeyAction)], plain: Bool = false, repeats: Bool = true,
         label: String, help: String, more: String = "") {
        self.keys = keys
        self.plain = plain
        self.repeats = repeats
        self.label = label
        self.help = help
        self.more = more
    }

    /// Whether `press` of one of this line's keys acts, by its modifiers and whether it is an auto-repeat.
    func acts(on press: KeyPress) -> Bool {
        (repeats || !press.isRepeat) && (!plain || press.modifiers.isDisjoint(with: [.control, .alt, .command]))
    }

    /// How the keys are written: keys of one action joined by "/", of different actions by spaces
    /// ("Esc/Q", "1 2 3 4 5").
    func keyNames(markdown: Bool = false) -> String {
        var out = ""
        for (i, k) in keys.enumerated() {
            if i > 0 { out += k.action == keys[i - 1].action ? "/" : " " }
            out += KeyBindings.name(of: k.key, markdown: markdown)
        }
        return out
    }
}

/// The window's keys: one table that `App.handleKey` looks keys up in and that the legend
/// (`Overlay.keys`), `--help` (`keyHelp`) and the README's table (`markdown()`) are written from.
enum KeyBindings {
    static let rows: [KeyBinding] = [
        KeyBinding(Interaction.allCases.enumerated().map { (.character(Character("\($0.offset + 1)")), .interaction($0.element)) },
                   label: Interaction.allCases.map(\.rawValue).joined(separator: " · "),
                   help: Interaction.allCases.map(\.rawValue).joined(separator: ", ") + " (the deck stays)"),
        KeyBinding([(.left, .throwOrPage(.left)), (.right, .throwOrPage(.right)),
                    (.up, .throwOrPage(.up)), (.down, .throwOrPage(.down))],
                   label: "previous / next card (swipe: throw)",
                   help: "previous / next card; in `swipe`, throw the top card that way",
                   more: " (nope, like, super; elsewhere ↑ pages back and ↓ on)"),
        KeyBinding([(.pageUp, .previousCard), (.pageDown, .nextCard)],
                   label: "previous / next card", help: "previous / next card"),
        KeyBinding([.delete, .backspace], .throwCurrent, repeats: false,
                   label: "throw the current card", help: "throw the current card away"),
        KeyBinding([.character("z")], .undo, label: "undo", help: "undo the last deletion",
                   more: " (the card flies back to its place)"),
        KeyBinding([.character("r")], .reset, label: "reset", help: "reset the deck and the scroll position"),
        KeyBinding([.character("h")], .hud, label: "HUD",
                   help: "HUD: fps, frame time, pointer velocity, gesture, cards, textures",
                   more: " (current values: idle says so, a released pointer reads 0)"),
        KeyBinding([.character("f")], .fullscreen, label: "fullscreen", help: "fullscreen on / off",
                   more: " (also on an X server without a window manager: the window covers the screen itself"
                       + " and the stage is laid out for its real size)"),
        KeyBinding([.character("t")], .tuningPanel, plain: true, repeats: false, label: "tuning",
                   help: "tuning panel: every config key, presets, pointer-speed plot"),
        KeyBinding([.character("d")], .debugOverlay, plain: true, repeats: false, label: "debug overlay",
                   help: "debug overlay: throw boundaries, velocity, card slots, page grid", more: ", landing page"),
        KeyBinding([.character("s")], .slowMotion, plain: true, repeats: false, label: "slow motion (1/10)",
                   help: "slow motion on / off: the scene at 1/10 speed", more: " (the pointer still drags in real time)"),
        KeyBinding([.space], .pause, plain: true, repeats: false, label: "pause",
                   help: "pause / resume the scene (in a replay: its playback)"),
        KeyBinding([.character(".")], .step, plain: true, label: "one frame", help: "one frame at a time while paused"),
        KeyBinding([.character("m")], .taskMarker, label: "task marker: start, then end",
                   help: "task marker (start, then end) into the log and the recording"),
        KeyBinding([.tab], .presentation, label: "presentation (only the phone)",
                   help: "presentation mode: only the phone", more: ", on black (`--present` starts in it)"),
        KeyBinding([.character("p")], .screenshot, label: "screenshot",
                   help: "screenshot `flick-YYYYMMDD-HHMMSS-mmm.png` into `--shots DIR`",
                   more: ", by default the folder of `--record`/`--log`, else `Flick/` in your pictures folder"
                       + " (`$XDG_PICTURES_DIR`, `~/.config/user-dirs.dirs`, `~/Pictures`), never the working"
                       + " directory; it never overwrites, and a toast says where"),
        KeyBinding([.escape, .character("q")], .quit, label: "quit", help: "quit"),
    ]

    /// Every bound key and its line, for the lookup.
    private static let byKey: [Key: (binding: KeyBinding, action: KeyAction)] = {
        var table: [Key: (binding: KeyBinding, action: KeyAction)] = [:]
        for row in rows {
            for k in row.keys {
                precondition(table[k.key] == nil, "\(k.key) is bound twice in KeyBindings.rows")
                table[k.key] = (row, k.action)
            }
        }
        return table
    }()

    /// The line `key` is on and what it does there; nil for a key that does nothing.
    static func binding(for key: Key) -> (binding: KeyBinding, action: KeyAction)? { byKey[key] }

    /// What `press` does: nil for an unbound key, and for a press its line does not act on (a
    /// modifier held with a plain key, an auto-repeat of a key that does not repeat).
    static func action(for press: KeyPress) -> KeyAction? {
        guard let (row, action) = binding(for: press.key), row.acts(on: press) else { return nil }
        return action
    }

    /// A key as the legend, `--help` and the README write it; in Markdown a punctuation key is code.
    static func name(of key: Key, markdown: Bool = false) -> String {
        switch key {
        case .left: return "←"
        case .right: return "→"
        case .up: return "↑"
        case .down: return "↓"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .escape: return "Esc"
        case .space: return "Space"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .function(let n): return "F\(n)"
        case .other: return "?"
        case .character(let c):
            if c.isLetter { return c.uppercased() }
            return markdown && !c.isNumber ? "`\(c)`" : String(c)
        }
    }

    // MARK: - Written from the rows

    /// Keys and what they do, as the legend beside the phone shows them.
    struct LegendEntry: Hashable, Sendable {
        let keys: String
        let label: String
    }

    /// The legend beside the phone: a line per row, two rows with few words sharing a line.
    static func legend() -> [[LegendEntry]] {
        func isShort(_ row: KeyBinding) -> Bool { row.label.count <= 13 && row.keyNames().count <= 5 }
        var lines: [[LegendEntry]] = []
        var i = 0
        while i < rows.count {
            let pair = i + 1 < rows.count && isShort(rows[i]) && isShort(rows[i + 1])
            lines.append(rows[i..<(pair ? i + 2 : i + 1)].map { LegendEntry(keys: $0.keyNames(), label: $0.label) })
            i += pair ? 2 : 1
        }
        return lines
    }

    /// The keys in `flick --help` and `flick window --help`.
    static func help() -> String {
        let keyColumn = 12   // a longer name pushes its text on, rather than every line further right
        var out = "Keys:\n"
        for row in rows {
            let name = row.keyNames()
            out += "  " + name + String(repeating: " ", count: max(1, keyColumn - name.count))
                + row.help.replacingOccurrences(of: "`", with: "") + "\n"
        }
        return out + "Mouse: drag to pan, let go while moving to fling; wheel or trackpad scrolls."
    }

    /// The README's key table (KeyBindingTests checks that the README holds it verbatim).
    static func markdown() -> String {
        var out = "| key | does |\n|---|---|\n"
        for row in rows {
            let does = (row.help + row.more).replacingOccurrences(of: "|", with: "\\|")
            out += "| \(row.keyNames(markdown: true)) | \(does) |\n"
        }
        return out
    }
}
