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
/// What the page's engine link needs of the session it feeds: its runner, a way to the page,
/// the log's phone lines, the participant panel's answer and the HUD's input count.
@MainActor
protocol PageEngineHost: AnyObject {
    var runner: SessionRunner { get }
    /// The page is connected (after its welcome): what waits for it can go.
    var pageConnected: Bool { get }
    func sendToPage(_ text: String)
    func logPhone(_ line: LogPhone)
    /// The participant's answer the page recorded at session time `t`, as the panel takes it.
    func pageAnswered(_ answer: PhoneAnswer, at t: Double)
    func inputSubmitted()
}

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

    /// The session's clock while the page runs the engine: the page's last frame (0 before it).
    var clock: Double { feed.lastFrame ?? 0 }

    /// The welcome's engine: the scene as the session started it (made at the first connect:
    /// the host lets nothing change the scene before), and the record the host expects next.
    func welcome(scene: CardScene, lateWindow: Double) -> PhoneEngineSetup {
        var made = setup ?? PhoneEngineSetup(interaction: Interaction.allCases.firstIndex(of: scene.interaction) ?? 0,
                                             count: scene.deck.count, viewport: scene.viewport, lateWindow: lateWindow,
                                             config: PageEngineEdits.configEdits(scene.config),
                                             configText: PageEngineEdits.textEdits(scene.config), start: clock, next: 0,
                                             stages: Theme.stageColours, stamps: DirectionStamp.colours,
                                             hint: DirectionStamp.emptyDeckHint)
        made.next = feed.next
        setup = made
        return made
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
    func admits(_ input: RecordedInput, at time: Double? = nil, host: PageEngineHost) -> RecordedInput? {
        var input = input
        input.t = time ?? clock - host.runner.lateInputWindow
        switch input.input {
        case .marker, .note, .answer, .ask:
            if starts.isWaiting {
                starts.hold(input)
                return nil
            }
            if case .marker(let marker) = input.input, let start = host.runner.study.startState(before: marker.label) {
                let records = starts.begin(input, start: start)
                // The start deck's faces, so the page draws them from its first frame.
                let faces = start.cards.map { $0.map { host.runner.study.images.image(named: $0) ?? -1 } }
                for (i, record) in records.enumerated() { relay(record, faces: i == records.count - 1 ? faces : nil, host: host) }
                return nil
            }
            return input
        case .time(.sync):
            return nil
        case .viewport(let size, _):
            relay(.viewport(size), host: host)
        case .command(let command):
            relay(.command(command, byFacilitator: input.byFacilitator), host: host)
        case .interaction(let next):
            relay(.interaction(next), host: host)
        case .config(let change):
            relayConfig(change, host: host)
        case .pointer, .wheel, .notches, .cards, .time:
            refuse(input, host: host)
        }
        return nil
    }

    /// A host input the page's engine cannot take: said (the first ten), logged as the phone's
    /// refusal (the first thousand) and counted. The card folder's changes are among them: the
    /// deck stays as the session started it.
    private func refuse(_ input: RecordedInput, host: PageEngineHost) {
        refusedHostInputs += 1
        let line: String
        if case .cards(let change) = input.input {
            line = "cards refused: the folder changed (\(change.summary)), and its changes cannot reach the page's engine (--phone-engine): the deck stays as the session started it"
        } else {
            line = "\(input.input.kind) refused: the page runs the engine (--phone-engine), and this cannot reach its scene"
        }
        if refusedHostInputs <= 10 { warn(line) }
        if refusedHostInputs <= 1000 { host.logPhone(LogPhone(t: host.runner.scene.time, what: .refused, detail: String(line.prefix(240)))) }
    }

    /// A config from the panel, a preset or the file, as edits of its numeric keys (one record
    /// each, taken as one config with the last). A text key cannot reach the page's engine: the
    /// edit is refused and said.
    private func relayConfig(_ change: ConfigInput, host: PageEngineHost) {
        let base = intended ?? host.runner.scene.config
        if let path = PageEngineEdits.changedTextKey(from: base, to: change.config) {
            warn("config refused: it changes the text key \(path), which the page's engine (--phone-engine) takes only as the session starts")
            return
        }
        let keys = PageEngineEdits.numericEdits(from: base, to: change.config)
        guard !keys.isEmpty else { return }
        intended = change.config
        edits.append(change)
        for (n, (key, value)) in keys.enumerated() { relay(.setValue(key: key, value: value, more: n < keys.count - 1), host: host) }
    }

    /// Sends an input to the page's engine now, or when the page is back; `faces`: a task start's
    /// deck, the image each card shows in deck order.
    func relay(_ input: EngineInput, faces: [Int]? = nil, host: PageEngineHost) {
        outbox.append(PhoneProtocol.input(input, faces: faces))
        flush(host: host)
    }

    /// The inputs waiting for the page, sent while it is connected (after its welcome), and the
    /// cards' faces when they changed.
    func flush(host: PageEngineHost) {
        guard host.pageConnected else { return }
        for text in outbox { host.sendToPage(text) }
        outbox.removeAll()
        let assigned = host.runner.study.images.assigned
        if facesSent != assigned {
            host.sendToPage(PhoneProtocol.faces(assigned))
            facesSent = assigned
        }
    }

    /// A batch of the page's records: each taken once, in order, into the session at its own
    /// time; a frame moves the session there. Problems and divergences are logged and said.
    func take(_ batch: PhoneRecords, host: PageEngineHost) {
        let taken = feed.take(batch)
        if let from = taken.resendFrom { host.sendToPage(PhoneProtocol.resend(from: from)) }
        if !taken.steps.isEmpty { host.sendToPage(PhoneProtocol.ack(next: feed.next)) }
        for step in taken.steps {
            let t = step.t
            let input: EngineInput
            switch step.input {
            case .engine(let i): input = i
            case .answer(let answer):
                host.pageAnswered(answer, at: t)
                host.inputSubmitted()
                continue
            case .taskStart, .askSUS:
                problem("record \(step.number): a page by link starts tasks and asks the SUS itself, not this one; refused", host: host)
                continue
            }
            if host.runner.takePageInput(input, at: t) {
                host.inputSubmitted()
                continue
            }
            switch input {
            case .setValue(let key, let value, let more):
                configEdit(step.number, key: key, value: value, more: more, at: t, host: host)
            case .start(_, _, _, let withConfig):
                taskStart(step, input, staged: withConfig ? EngineInput.takeStaged(&staged) : nil, host: host)
            default:
                problem("record \(step.number): the page made a change only the host makes (\(input)); refused", host: host)
            }
            host.inputSubmitted()
        }
        for line in taken.problems { problem(line, host: host) }
        flush(host: host)
    }

    /// The session's records so far, to a reloaded page: it gives them to a new engine and goes
    /// on from where the session is.
    func sendHistory(host: PageEngineHost) {
        let all = feed.history
        let chunk = PhoneLimits.historyChunk
        var first = 0
        repeat {
            let end = min(all.count, first + chunk)
            host.sendToPage(PhoneProtocol.history(first: first, all[first..<end], last: end == all.count))
            first = end
        } while first < all.count
        note("phone engine: the page was reloaded; it takes up the session from its \(all.count) records")
    }

    /// The page set a task's start state up: the marker that waited for it plays at the record's
    /// time (the session sets the same state up there), then what waited behind it.
    private func taskStart(_ step: PageFeed.Step, _ input: EngineInput, staged: SceneConfig?, host: PageEngineHost) {
        let (marker, why) = starts.started(input, staged: staged, at: step.t)
        if let why { problem("record \(step.number): \(why)", host: host) }
        guard let marker else { return }
        host.runner.submit(marker, now: step.t)
        while let held = starts.nextHeld() {
            guard let input = admits(held, at: step.t, host: host) else { continue }
            host.runner.submit(input, now: step.t)
        }
    }

    /// One key of a config edit the page gave its engine: staged until the edit's last key, then
    /// the session's config input, named as the host made it (the panel, a preset, the file).
    /// An edit the host did not send is the page's alone: refused and said.
    private func configEdit(_ number: Int, key: Int, value: Double, more: Bool, at t: Double, host: PageEngineHost) {
        let edit = EngineInput.edit(&staged, of: host.runner.scene.config, key: key, value: value, more: more)
        if edit.refused { problem("record \(number): \(SceneConfig.keys[key].path) refuses \(value); the edit goes on without it", host: host) }
        if more { return }
        guard !edits.isEmpty else {
            problem("record \(number): a config edit the host never sent; refused", host: host)
            return
        }
        var origin = edits.removeFirst()
        if edits.isEmpty { intended = nil }
        guard let final = edit.apply else { return }
        origin.config = final
        host.runner.submit(RecordedInput(t: t, .config(origin)), now: t)
    }

    /// The host's events as they come out: the page's digests are checked against them.
    func saw(_ logged: LoggedSceneEvent, host: PageEngineHost) {
        feed.hostEvent(logged.event, notes: logged.notes)
        for line in feed.compare() { problem(line, host: host) }
    }

    /// At the session's end: digests the host never caught up with.
    func finish(host: PageEngineHost) {
        for line in feed.finish() { problem(line, host: host) }
    }

    func problem(_ line: String, host: PageEngineHost) {
        if said < 10 { warn("phone engine: \(line)") }
        if said == 10 { warn("phone engine: further problems are logged, not said") }
        said += 1
        if logged < 1000 {
            logged += 1
            host.logPhone(LogPhone(t: host.runner.scene.time, what: line.hasPrefix("diverged") ? .diverged : .records, detail: line))
        }
    }
}
