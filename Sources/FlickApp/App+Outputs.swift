import FlickStage
import FlickIO
import FlickEngine
import FlickSDL
import FlickSession

/// The window's sink: what the session did (`SessionOutput`, in order) goes to the recording,
/// the log (`InteractionLog.record` of each output, the soak's mapping too), the facilitator's feed, the toasts
/// and the views. Every output reaches every writer
/// even when one of them failed (a full disk stops the log, not the recording); the first
/// failure is thrown after the batch and ends the session with exit 3.
extension App {
    /// Returns whether the session did anything (any output): a frame with nothing to say at
    /// rest need not be drawn.
    @discardableResult
    func emitOutputs() throws -> Bool {
        var failure: Error?
        func write(_ body: () throws -> Void) {
            do { try body() } catch { failure = failure ?? error }
        }
        let outputs = runner.takeOutputs()
        for output in outputs {
            write { try sinks.log?.record(output, wallClock: session.wallClock(at:)) }
            switch output {
            case .recorded(let input):
                write { try sinks.recorder?.record(input) }
            case .applied(let input, let t):
                applied(input, at: t)
            case .refused(let input, let reason, let t):
                // Counted (HUD), logged and said: a refused input is never dropped unseen.
                sinks.refusedInputs += 1
                warn("\(input) input refused: \(reason)")
            case .scene(let logged):
                let e = logged.event
                pageEngine?.saw(logged, host: self)
                screen.overlay.remember(e)
                roles.desk.event(e, release: logged.release, text: Overlay.feedLine(e, origin: logged.origin, title: feedTitle))
                // An inserted card, or a deck replaced by a task's start cards, shows its image.
                switch e {
                case .inserted, .reset: screen.stageView.follow(study.images)
                default: break
                }
                notePress(e)
                sources.tools.noteEvent(e, now: clock())
            case .configChanged(let change, _, _):
                // The --config write-back takes what the session applied and logged, never a
                // value still being typed in the panel; a replay's recorded changes stay out.
                if player == nil { sources.tools.configApplied(change.config) }
            case .marker(let marker, let acted, let t):
                roles.desk.add("marker: \(marker.label)\(marker.task.map { " (\($0))" } ?? "")", .marker, at: t)
                if !acted { announcePlainMarker(marker, at: t) }
            case .note(let text, _, let t):
                roles.desk.add("note: \(text)", .note, at: t)
                post("Note saved")
            case .taskStarted(let line):
                roles.desk.add("task \(line.number) started: \(line.task)", .task, at: line.t)
                post("Task \(line.number) started: \(line.task). Enter or M ends it")
            case .taskEnded(let line):
                taskEnded(line)
            case .cardsChanged(let change, let t):
                screen.stageView.follow(study.images)
                roles.desk.add("cards \(change.summary)", .event, at: t)
                post("Cards changed: \(change.summary)")
            case .timeControl(let acted):
                if acted.control != .sync { roles.desk.add("time: \(acted.control.rawValue)", .event, at: acted.sceneTime) }
            case .questionnaire(let line):
                questionnaireLine(line)
            case .answer(let line):
                answered(line)
            case .configReloaded, .blocked:
                break   // the log's alone
            case .heldGestureCancelled:
                // Said only of a recording played to its end (not of a replay a failure stopped).
                if let player, player.isFinished {
                    note("the recording '\(player.path)' ends with the pointer down (the session was cut off): its gesture is cancelled as the replay ends")
                }
            }
        }
        if let failure { throw failure }
        return !outputs.isEmpty
    }

    /// A card's title for the facilitator's feed: as the look titles it, else its file name.
    func feedTitle(_ card: CardID) -> String? {
        guard let name = study.images.name(of: card) else { return nil }
        if case .map(let titles) = options.look.session.titles, let title = titles[name] { return title }
        return name
    }

    /// An input reached the scene: the views that follow it.
    private func applied(_ input: SessionInput, at t: Double) {
        switch input {
        case .pointer(let p):
            sources.tools.overlay.pointer = p
            screen.presentation.touch.note(p, now: clock())
        case .interaction, .time:
            updateTitle()
        case .viewport(let viewport, _):
            // A replay keeps the recorded viewport and fits it into whatever window it has.
            if player != nil { screen.stage = Stage(viewport: viewport, window: screen.window.size) }
        case .wheel, .notches, .command, .config, .marker, .note, .cards, .answer, .ask:
            break
        }
    }
}
