import FlickEngine
import FlickIO
import FlickPhone
import FlickSession
import FlickStage
import Foundation

/// `--phone-engine`: the page runs the engine itself (docs/wasm.md). The page gives each touch
/// to its own engine at the touch's own time and draws its own frames; it sends the host what it
/// gave its engine, numbered (`PageFeed`). The host gives the same inputs, at the same times, to
/// its `SessionRunner`, so its window, log and recording are the page's session, and checks the
/// page's event digests against its own.
///
/// Time: the session's clock is the page's. Before the phone first connects it stands at 0;
/// after, it is the time of the last frame the page drew. What the host makes itself (a marker,
/// a note) is stamped as late as a late input may be, so no record of the page is ever older
/// than it and none is moved.
@MainActor
final class PageEngineLink {
    var feed = PageFeed()
    /// The scene the page's engine starts, made when the phone first connects.
    var setup: PhoneEngineSetup?
    /// Problems said on the terminal so far (the rest are logged and counted).
    var said = 0
    /// Problems written to the log (a flood of them cannot fill the disk).
    var logged = 0
    var batches = 0
    /// The host's inputs refused because the page's engine would not see them.
    var refusedHostInputs = 0
    /// When the connection dropped (session time), until the page is back.
    var droppedAt: Double?

    /// The engine's files: `make wasm` leaves them in .build/wasm; an installed flick keeps them
    /// beside itself. `FLICK_WASM_DIR` names another folder.
    static func files() throws -> PhoneServer.EngineFiles {
        var dirs: [String] = []
        if let dir = ProcessInfo.processInfo.environment["FLICK_WASM_DIR"], !dir.isEmpty { dirs.append(dir) }
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                      ?? CommandLine.arguments[0]).deletingLastPathComponent()
        dirs += [exe.path, exe.appendingPathComponent("../wasm").standardized.path,
                 exe.appendingPathComponent("../../wasm").standardized.path,
                 exe.appendingPathComponent("../share/flick").standardized.path]
        for dir in dirs {
            let fm = FileManager.default
            if let module = fm.contents(atPath: dir + "/flick-engine.wasm"), let script = fm.contents(atPath: dir + "/flick-engine.mjs") {
                return PhoneServer.EngineFiles(module: Array(module), script: Array(script))
            }
        }
        throw UserError("--phone-engine: flick-engine.wasm and flick-engine.mjs are in none of \(dirs.joined(separator: ", ")) (run make wasm, or set FLICK_WASM_DIR to their folder)")
    }

    /// The config's edits of the defaults as [key number, value]; a problem for a text key that
    /// differs (the page's engine takes numbers only).
    static func configEdits(_ config: SceneConfig) throws -> [[Double]] {
        let defaults = SceneConfig()
        for path in SceneConfig.textKeys where config.text(at: path) != defaults.text(at: path) {
            throw UserError("--phone-engine: the config sets the text key \(path) to '\(config.text(at: path) ?? "")'; the page's engine takes only numeric keys yet (leave \(path) at '\(defaults.text(at: path) ?? "")')")
        }
        var edits: [[Double]] = []
        for (i, key) in SceneConfig.keys.enumerated() {
            guard let v = config.value(at: key.path), v.bitPattern != defaults.value(at: key.path)?.bitPattern else { continue }
            edits.append([Double(i), v])
        }
        return edits
    }
}

extension App {
    var pageEngine: PageEngineLink? { phone?.engine }

    /// The session's clock while the page runs the engine: the page's last frame (0 before it).
    var pageClock: Double { pageEngine?.feed.lastFrame ?? 0 }

    /// The welcome's engine: the scene as the session started it (made at the first connect:
    /// the host lets nothing change the scene before), and the record the host expects next.
    func pageEngineSetup() -> PhoneEngineSetup? {
        guard let engine = pageEngine else { return nil }
        if engine.setup == nil {
            let edits = (try? PageEngineLink.configEdits(scene.config)) ?? []
            let theme = Theme.of(scene.interaction)
            engine.setup = PhoneEngineSetup(interaction: Interaction.allCases.firstIndex(of: scene.interaction) ?? 0,
                                            count: scene.deck.count, viewport: scene.viewport,
                                            lateWindow: runner.lateInputWindow, config: edits, start: pageClock, next: 0,
                                            stage: PhoneProtocol.hex(theme.stage.r, theme.stage.g, theme.stage.b))
        }
        engine.setup?.next = engine.feed.next
        return engine.setup
    }

    /// An input the host made while the page runs the engine. The stage's size goes to the page
    /// (it gives it to its engine and sends it back as its own record); a marker, a note or an
    /// answer plays here, stamped no later than a late record may be. What else would change the
    /// scene (a key, the tuning panel, a time control) is refused and said: the page's engine
    /// would not see it. Returns the input to submit here, or nil.
    func pageEngineAdmits(_ input: RecordedInput) -> RecordedInput? {
        guard let engine = pageEngine else { return input }
        var input = input
        input.t = pageClock - runner.lateInputWindow
        switch input.input {
        case .marker, .note, .answer, .ask:
            return input
        case .time(.sync):
            return nil
        case .viewport(let size, _):
            phone?.server.send(PhoneProtocol.input(.viewport(size)))
            return nil
        case .pointer, .wheel, .notches, .command, .interaction, .config, .cards, .time:
            engine.refusedHostInputs += 1
            if engine.refusedHostInputs <= 10 {
                warn("\(input.input.kind) refused: the page runs the engine (--phone-engine), and the host cannot change its scene yet")
            }
            return nil
        }
    }

    /// A batch of the page's records: each taken once, in order, into the session at its own
    /// time; a frame moves the session there. Problems and divergences are logged and said.
    func phoneRecords(_ batch: PhoneRecords) {
        guard let engine = pageEngine, let phone else { return }
        engine.batches += 1
        let taken = engine.feed.take(batch)
        if let from = taken.resendFrom { phone.server.send(PhoneProtocol.resend(from: from)) }
        for step in taken.steps {
            let t = step.t
            switch step.input {
            case .frame:
                runner.advance(to: t)
            case .pointer(let phase, let position):
                runner.submit(RecordedInput(t: t, .pointer(EngineInput.pointerEvent(phase, position, time: t))), now: t)
            case .command(let command):
                runner.submit(RecordedInput(t: t, .command(command)), now: t)
            case .notches(let n):
                runner.submit(RecordedInput(t: t, .notches(n)), now: t)
            case .viewport(let size):
                runner.submit(RecordedInput(t: t, .viewport(size, window: nil)), now: t)
            case .interaction, .insert, .delete, .setValue:
                pageProblem("record \(step.number): the page made a change only the host makes (\(step.input)); refused")
            }
            submittedInputs += 1
        }
        for line in taken.problems { pageProblem(line) }
    }

    /// The host's events as they come out: the page's digests are checked against them.
    func pageEngineSaw(_ logged: LoggedSceneEvent) {
        guard let engine = pageEngine else { return }
        engine.feed.hostEvent(logged.event, notes: logged.notes)
        for line in engine.feed.compare() { pageProblem(line) }
    }

    /// At the session's end: digests the host never caught up with.
    func finishPageEngine() {
        guard let engine = pageEngine else { return }
        for line in engine.feed.finish() { pageProblem(line) }
    }

    func pageProblem(_ line: String) {
        guard let engine = pageEngine else { return }
        if engine.said < 10 { warn("phone engine: \(line)") }
        if engine.said == 10 { warn("phone engine: further problems are logged, not said") }
        engine.said += 1
        if engine.logged < 1000 {
            engine.logged += 1
            logPhone(LogPhone(t: scene.time, what: line.hasPrefix("diverged") ? .diverged : .records, detail: line))
        }
    }
}
