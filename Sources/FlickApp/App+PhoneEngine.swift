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
    /// The host's inputs refused because the page's engine would not see them.
    var refusedHostInputs = 0
    /// The host's inputs for the page's engine (`PhoneProtocol.input`), in order; sent while
    /// the page is connected, kept until it is.
    var outbox: [String] = []
    /// The config edits sent to the page and not back yet as its records, oldest first: where
    /// each came from (the panel, a preset, the file), for the session's config input.
    var edits: [ConfigInput] = []
    /// The config the page will have once the edits sent are back.
    var intended: SceneConfig?
    /// A config edit of the page's under way (records with more to come).
    var staged: SceneConfig?
    /// A task start on its way through the page's engine, and what waits behind it.
    var starts = PageTaskStarts()
    /// The faces of the cards that show an image of their own (`DeckImages.assigned`) as last
    /// sent to the page; nil: send them again (a new connection).
    var facesSent: [CardID: Int]?
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
            let edits = PageEngineEdits.configEdits(scene.config)
            engine.setup = PhoneEngineSetup(interaction: Interaction.allCases.firstIndex(of: scene.interaction) ?? 0,
                                            count: scene.deck.count, viewport: scene.viewport,
                                            lateWindow: runner.lateInputWindow, config: edits,
                                            configText: PageEngineEdits.textEdits(scene.config), start: pageClock, next: 0,
                                            stages: Theme.stageColours, stamps: DirectionStamp.colours,
                                            hint: DirectionStamp.emptyDeckHint)
        }
        engine.setup?.next = engine.feed.next
        return engine.setup
    }

    /// An input the host made while the page runs the engine. What changes the scene (the stage's
    /// size, a key's command, another interaction, a config edit from the panel, a preset or the
    /// file) goes to the page, which gives it to its engine at its own time and sends it back as a
    /// record of its own; a marker, a note or an answer plays here, stamped no later than a late
    /// record may be. The rest (the host's pointer and wheel, a time control) is refused and
    /// said: the page's engine has no way to take it. A marker that starts a task with a start
    /// state waits for the page to set the state up (`PageTaskStarts`), and the host's markers,
    /// notes and answers wait behind it. Returns the input to submit here, or nil. `time`: when
    /// it is taken (a held input let go at the page's start), else as late as a record may be.
    func pageEngineAdmits(_ input: RecordedInput, at time: Double? = nil) -> RecordedInput? {
        guard let engine = pageEngine else { return input }
        var input = input
        input.t = time ?? pageClock - runner.lateInputWindow
        switch input.input {
        case .marker, .note, .answer, .ask:
            if engine.starts.isWaiting {
                engine.starts.hold(input)
                return nil
            }
            if case .marker(let marker) = input.input, let start = study.startState(before: marker.label) {
                let records = engine.starts.begin(input, start: start)
                // The start deck's faces, so the page draws them from its first frame.
                let faces = start.cards.map { $0.map { study.images.image(named: $0) ?? -1 } }
                for (i, record) in records.enumerated() { relayToPage(record, faces: i == records.count - 1 ? faces : nil) }
                return nil
            }
            return input
        case .time(.sync):
            return nil
        case .viewport(let size, _):
            relayToPage(.viewport(size))
        case .command(let command):
            relayToPage(.command(command, byFacilitator: input.byFacilitator))
        case .interaction(let next):
            relayToPage(.interaction(next))
        case .config(let change):
            relayConfig(change)
        case .pointer, .wheel, .notches, .cards, .time:
            refuseForPage(input)
        }
        return nil
    }

    /// A host input the page's engine cannot take: said (the first ten), logged as the phone's
    /// refusal (the first thousand) and counted. The card folder's changes are among them: the
    /// deck stays as the session started it.
    private func refuseForPage(_ input: RecordedInput) {
        guard let engine = pageEngine else { return }
        engine.refusedHostInputs += 1
        let line: String
        if case .cards(let change) = input.input {
            line = "cards refused: the folder changed (\(change.summary)), and its changes cannot reach the page's engine (--phone-engine): the deck stays as the session started it"
        } else {
            line = "\(input.input.kind) refused: the page runs the engine (--phone-engine), and this cannot reach its scene"
        }
        if engine.refusedHostInputs <= 10 { warn(line) }
        if engine.refusedHostInputs <= 1000 { logPhone(LogPhone(t: scene.time, what: .refused, detail: String(line.prefix(240)))) }
    }

    /// A config from the panel, a preset or the file, as edits of its numeric keys (one record
    /// each, taken as one config with the last). A text key cannot reach the page's engine: the
    /// edit is refused and said.
    private func relayConfig(_ change: ConfigInput) {
        guard let engine = pageEngine else { return }
        let base = engine.intended ?? scene.config
        if let path = PageEngineEdits.changedTextKey(from: base, to: change.config) {
            warn("config refused: it changes the text key \(path), which the page's engine (--phone-engine) takes only as the session starts")
            return
        }
        let edits = PageEngineEdits.numericEdits(from: base, to: change.config)
        guard !edits.isEmpty else { return }
        engine.intended = change.config
        engine.edits.append(change)
        for (n, (key, value)) in edits.enumerated() { relayToPage(.setValue(key: key, value: value, more: n < edits.count - 1)) }
    }

    /// Sends an input to the page's engine now, or when the page is back; `faces`: a task start's
    /// deck, the image each card shows in deck order.
    func relayToPage(_ input: EngineInput, faces: [Int]? = nil) {
        guard let engine = pageEngine else { return }
        engine.outbox.append(PhoneProtocol.input(input, faces: faces))
        flushToPage()
    }

    /// The inputs waiting for the page, sent while it is connected (after its welcome), and the
    /// cards' faces when they changed.
    func flushToPage() {
        guard let engine = pageEngine, let phone, phone.isConnected else { return }
        for text in engine.outbox { phone.server.send(text) }
        engine.outbox.removeAll()
        let assigned = study.images.assigned
        if engine.facesSent != assigned {
            phone.server.send(PhoneProtocol.faces(assigned))
            engine.facesSent = assigned
        }
    }

    /// A batch of the page's records: each taken once, in order, into the session at its own
    /// time; a frame moves the session there. Problems and divergences are logged and said.
    func phoneRecords(_ batch: PhoneRecords) {
        guard let engine = pageEngine, let phone else { return }
        let taken = engine.feed.take(batch)
        if let from = taken.resendFrom { phone.server.send(PhoneProtocol.resend(from: from)) }
        if !taken.steps.isEmpty { phone.server.send(PhoneProtocol.ack(next: engine.feed.next)) }
        for step in taken.steps {
            let t = step.t
            let input: EngineInput
            switch step.input {
            case .engine(let i): input = i
            case .answer(let answer):
                phoneAnswer(answer, at: t, record: true)
                submittedInputs += 1
                continue
            case .taskStart, .askSUS:
                pageProblem("record \(step.number): a page by link starts tasks and asks the SUS itself, not this one; refused")
                continue
            }
            if runner.takePageInput(input, at: t) {
                submittedInputs += 1
                continue
            }
            switch input {
            case .setValue(let key, let value, let more):
                pageConfigEdit(step.number, key: key, value: value, more: more, at: t)
            case .start(_, _, _, let withConfig):
                pageTaskStart(step, input, staged: withConfig ? EngineInput.takeStaged(&engine.staged) : nil)
            default:
                pageProblem("record \(step.number): the page made a change only the host makes (\(input)); refused")
            }
            submittedInputs += 1
        }
        for line in taken.problems { pageProblem(line) }
        flushToPage()
    }

    /// The session's records so far, to a reloaded page: it gives them to a new engine and goes
    /// on from where the session is.
    func sendPageHistory() {
        guard let engine = pageEngine, let phone else { return }
        let all = engine.feed.history
        let chunk = PhoneLimits.historyChunk
        var first = 0
        repeat {
            let end = min(all.count, first + chunk)
            phone.server.send(PhoneProtocol.history(first: first, all[first..<end], last: end == all.count))
            first = end
        } while first < all.count
        note("phone engine: the page was reloaded; it takes up the session from its \(all.count) records")
    }

    /// The page set a task's start state up: the marker that waited for it plays at the record's
    /// time (the session sets the same state up there), then what waited behind it.
    private func pageTaskStart(_ step: PageFeed.Step, _ input: EngineInput, staged: SceneConfig?) {
        guard let engine = pageEngine else { return }
        let (marker, problem) = engine.starts.started(input, staged: staged, at: step.t)
        if let problem { pageProblem("record \(step.number): \(problem)") }
        guard let marker else { return }
        runner.submit(marker, now: step.t)
        while let held = engine.starts.nextHeld() {
            guard let input = pageEngineAdmits(held, at: step.t) else { continue }
            runner.submit(input, now: step.t)
        }
    }

    /// One key of a config edit the page gave its engine: staged until the edit's last key, then
    /// the session's config input, named as the host made it (the panel, a preset, the file).
    /// An edit the host did not send is the page's alone: refused and said.
    private func pageConfigEdit(_ number: Int, key: Int, value: Double, more: Bool, at t: Double) {
        guard let engine = pageEngine else { return }
        let edit = EngineInput.edit(&engine.staged, of: scene.config, key: key, value: value, more: more)
        if edit.refused { pageProblem("record \(number): \(SceneConfig.keys[key].path) refuses \(value); the edit goes on without it") }
        if more { return }
        guard !engine.edits.isEmpty else {
            pageProblem("record \(number): a config edit the host never sent; refused")
            return
        }
        var origin = engine.edits.removeFirst()
        if engine.edits.isEmpty { engine.intended = nil }
        guard let final = edit.apply else { return }
        origin.config = final
        runner.submit(RecordedInput(t: t, .config(origin)), now: t)
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
