import FlickEngine
@testable import FlickSDL
@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// The window's key table (`KeyBindings`): one key, one action; the legend, `--help` and the
/// README say what the table says; and each key does its action in a real (headless) window.
@MainActor
@Suite(.serialized) struct KeyBindingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every key of the table with its action, in the table's order.
    static var bound: [(key: Key, action: KeyAction)] { KeyBindings.rows.flatMap(\.keys) }

    /// The README's key table is the one `KeyBindings.markdown()` writes.
    @Test func readmeHoldsTheKeyTable() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = KeyBindings.markdown()
        let holds = readme.contains(table)   // not in the expectation, which would print the whole README
        #expect(holds, "README's key table is out of date; paste:\n\(table)")
        // The table as people read it, literally: a row added, lost or reworded fails here even
        // when the README was pasted from the generator.
        #expect(table.split(separator: "\n").count == 19)
        #expect(table.hasPrefix("| key | does |\n|---|---|\n| 1 2 3 4 5 | now, switcher, stack, carousel, swipe (the deck stays) |\n"))
        #expect(table.hasSuffix("| Tab | presentation mode: only the phone, on black (`--present` starts in it) |\n| P | screenshot `flick-YYYYMMDD-HHMMSS-mmm.png` into `--shots DIR`, by default the folder of `--record`/`--log`, else `Flick/` in your pictures folder (`$XDG_PICTURES_DIR`, `~/.config/user-dirs.dirs`, `~/Pictures`), never the working directory; it never overwrites, and a toast says where |\n| Esc/Q | quit |\n"))
    }

    /// The legend beside the phone, line by line, as it reads (keys only).
    static let legendLines = [
        "drag", "1 2 3 4 5", "← → ↑ ↓", "PgUp PgDn", "Delete/Backspace", "Z, R", "H, F", "T, D", "S", "Space, .", "M", "Tab",
        "P, Esc/Q",
    ]

    /// Each key is bound once, each action is bound, and the lookup finds each key's action.
    @Test func eachKeyOnceEachActionBound() {
        let keys = Self.bound.map(\.key)
        #expect(Set(keys).count == keys.count, "a key is bound twice: \(keys)")
        let actions = Set(Self.bound.map(\.action))
        #expect(actions == Set(KeyAction.allCases))
        #expect(KeyAction.allCases.count == Set(KeyAction.allCases).count)
        for (key, action) in Self.bound {
            #expect(KeyBindings.action(for: KeyPress(key: key)) == action, "\(key)")
            #expect(KeyBindings.action(for: KeyPress(key: key, modifiers: .shift)) == action, "Shift+\(key)")
        }
        #expect(KeyBindings.action(for: KeyPress(key: .character("x"))) == nil)
        #expect(KeyBindings.action(for: KeyPress(key: .home)) == nil)
    }

    /// The tool and time keys act only without Ctrl, Alt or Command; toggles and Delete ignore
    /// auto-repeats; the rest act with any modifier and on every repeat (as the keys always did).
    @Test func modifierAndRepeatRules() {
        let plain: Set<KeyAction> = [.tuningPanel, .debugOverlay, .slowMotion, .pause, .step]
        let once: Set<KeyAction> = [.tuningPanel, .debugOverlay, .slowMotion, .pause, .throwCurrent]
        for (key, action) in Self.bound {
            for modifier: KeyModifiers in [.control, .alt, .command] {
                let expected = plain.contains(action) ? nil : action
                #expect(KeyBindings.action(for: KeyPress(key: key, modifiers: modifier)) == expected, "\(modifier) \(key)")
            }
            let repeated = KeyBindings.action(for: KeyPress(key: key, isRepeat: true))
            #expect(repeated == (once.contains(action) ? nil : action), "auto-repeat of \(key)")
        }
    }

    /// The legend beside the phone and `--help` name every key and say what each line does.
    @Test func legendAndHelpMentionEveryAction() {
        let legend = Overlay.keys.flatMap { $0 }
        let help = keyHelp
        for row in KeyBindings.rows {
            let names = row.keyNames()
            #expect(legend.contains(KeyBindings.LegendEntry(keys: names, label: row.label)), "legend: \(names)")
            #expect(help.contains("\n  \(names) ") && help.contains(row.help.replacingOccurrences(of: "`", with: "")),
                    "help: \(names)")
            #expect(!row.label.isEmpty && !row.help.isEmpty)
        }
        for (key, _) in Self.bound {
            let name = KeyBindings.name(of: key)
            #expect(legend.contains { $0.keys.contains(name) }, "legend: \(name)")
            #expect(help.contains(name), "help: \(name)")
        }
        // Compact: short rows share a line (Z with R, Space with .), long ones have their own.
        let lines = Overlay.keys.map { $0.map(\.keys) }
        #expect(lines.contains(["Z", "R"]) && lines.contains(["Space", "."]) && lines.contains(["1 2 3 4 5"]))
        #expect(Overlay.keys.map { $0.map(\.keys).joined(separator: ", ") } == Self.legendLines, "\(Overlay.keys)")
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(help)")
    }

    /// Each key once, pressed in a headless window through `App.handleKey`: it does its action,
    /// checked by what the action changes (the input recorded, the toggle flipped).
    @Test func eachKeyDoesItsActionInTheWindow() throws {
        let app = try Self.app(["--headless", "--demo", "swipe", "--size", "1000x800"])
        for (key, action) in Self.bound {
            app.input.running = true
            _ = app.runner.takeOutputs()
            let before = State(app)
            app.handleKey(KeyPress(key: key))
            let recorded = app.runner.takeOutputs().compactMap { out -> SessionInput? in
                if case .recorded(let r) = out { return r.input } else { return nil }
            }
            let after = State(app)
            let what = "\(KeyBindings.name(of: key)) → \(action)"
            var toggled = before   // the window's switches as the action should leave them
            switch action {
            case .interaction(let i):
                #expect(before.interaction != i && recorded == [.interaction(i)] && after.interaction == i, "\(what)")
            case .throwOrPage(let d):
                let expected: CardScene.Command = before.keyThrows.contains(d) ? App.throwCommand(d)
                    : (d == .left || d == .up ? .previousPage : .nextPage)
                #expect(recorded == [.command(expected)], "\(what): \(recorded)")
            case .previousCard: #expect(recorded == [.command(.previousPage)], "\(what)")
            case .nextCard: #expect(recorded == [.command(.nextPage)], "\(what)")
            case .throwCurrent: #expect(recorded == [.command(.throwCurrent)], "\(what)")
            case .undo: #expect(recorded == [.command(.undo)], "\(what)")
            case .reset: #expect(recorded == [.command(.reset)], "\(what)")
            case .hud: toggled.hud.toggle()
            case .fullscreen: toggled.fullscreen.toggle()
            case .screenshot:
                #expect(app.screen.screenshotRequested, "\(what)")
                app.screen.screenshotRequested = false
            case .taskMarker:
                #expect(recorded.count == 1 && { if case .marker = recorded[0] { true } else { false } }(), "\(what)")
            case .tuningPanel: toggled.panel.toggle()
            case .debugOverlay: toggled.debug.toggle()
            case .slowMotion: #expect(recorded == [.time(.slow)] && after.slow, "\(what)")
            case .pause: #expect(recorded == [.time(.pause)] && after.paused, "\(what)")
            case .step: #expect(before.paused && recorded == [.time(.step)], "\(what)")
            case .presentation: toggled.presenting.toggle()
            case .quit: #expect(!app.input.running, "\(what)")
            }
            #expect(after.switches == toggled.switches, "\(what)")
            #expect(app.input.running || action == .quit, "\(what) quit")
        }
        // The arrows both threw (the swipe deck's directions) and paged (one it does not throw).
        #expect(!State(app).keyThrows.isEmpty && State(app).keyThrows.count < 4)
    }

    /// The guards in the window: Ctrl+T leaves the panel, a held Space pauses once, a held
    /// Delete throws once, and a held Z undoes again (it repeats).
    @Test func guardsInTheWindow() throws {
        let app = try Self.app(["--headless", "--demo", "now"])
        app.handleKey(KeyPress(key: .character("t"), modifiers: .control))
        #expect(!app.sources.tools.panel.isOpen)
        app.handleKey(KeyPress(key: .space))
        app.handleKey(KeyPress(key: .space, isRepeat: true))
        #expect(app.timeline.isPaused)
        _ = app.runner.takeOutputs()
        app.handleKey(KeyPress(key: .delete, isRepeat: true))
        app.handleKey(KeyPress(key: .character("z"), isRepeat: true))
        let recorded = app.runner.takeOutputs().compactMap { out -> SessionInput? in
            if case .recorded(let r) = out { return r.input } else { return nil }
        }
        #expect(recorded == [.command(.undo)])
        // `.` steps only while paused.
        app.handleKey(KeyPress(key: .space))
        #expect(!app.timeline.isPaused)
        _ = app.runner.takeOutputs()
        app.handleKey(KeyPress(key: .character(".")))
        #expect(app.runner.takeOutputs().isEmpty)
    }

    /// A replay: the keys that would change the scene are taken and do nothing (the recording
    /// drives it), Space pauses the playback, the rest act as live.
    @Test func replayRules() throws {
        let recording = Self.root.appendingPathComponent("docs/sessions/now.jsonl").path
        let app = try Self.app(["--headless", "--replay", recording])
        for (key, action) in Self.bound {
            app.input.running = true
            _ = app.runner.takeOutputs()
            let before = State(app)
            let wasPaused = app.session.replay.paused
            app.handleKey(KeyPress(key: key))
            let outputs = app.runner.takeOutputs()
            let after = State(app)
            let what = "replay: \(KeyBindings.name(of: key)) → \(action)"
            switch action.duringReplay {
            case .ignored:
                #expect(outputs.isEmpty && after == before, "\(what)")
            case .pausesPlayback:
                #expect(outputs.isEmpty && app.session.replay.paused != wasPaused && !after.paused, "\(what)")
            case .acts:
                #expect(outputs.isEmpty, "\(what)")
                #expect(after != before || action == .screenshot || action == .quit, "\(what)")
            }
            app.screen.screenshotRequested = false
        }
    }

    // MARK: - Helpers

    /// A headless window (hidden, on SDL's dummy driver) with these options.
    static func app(_ arguments: [String]) throws -> App {
        _ = AppTestSDL.context
        let options = try AppOptions(WindowCommand.parse(arguments))
        return try App(options: options, sdl: AppTestSDL.context, log: nil)
    }

    /// What the keys change besides recorded inputs.
    struct State: Equatable {
        var interaction: Interaction
        var keyThrows: Set<ThrowDirection>
        var hud, panel, debug, presenting, slow, paused, fullscreen: Bool

        @MainActor init(_ app: App) {
            interaction = app.scene.interaction
            keyThrows = app.scene.keyThrowDirections
            hud = app.screen.overlay.hudVisible
            panel = app.sources.tools.panel.isOpen
            debug = app.sources.tools.overlay.isOn
            presenting = app.screen.presentation.isOn
            slow = app.timeline.isSlow
            paused = app.timeline.isPaused
            fullscreen = app.screen.window.isFullscreen
        }

        /// The window's own switches (not the scene's).
        var switches: [Bool] { [hud, panel, debug, presenting, fullscreen] }
    }
}
