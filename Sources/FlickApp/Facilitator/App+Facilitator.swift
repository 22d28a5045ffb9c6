import FlickEngine
import FlickIO
import FlickSDL
import FlickSession
import Foundation

/// The facilitator window's keys and text, and what it is shown each frame.
extension App {
    func handleFacilitator(_ event: SecondWindowEvent) {
        switch event {
        case .text(let text):
            if case .noteText(let text) = roleRouter.route(.text(text), from: .facilitator) { roles.desk.type(text) }
        case .key(var press):
            press.time = session.time(sdl: press.time)
            handleFacilitatorKey(press)
        case .closeRequested:
            // One session, two windows: closing either ends it (the log gets its quit line),
            // a recorded one once asked twice.
            requestQuit()
        case .lost:
            endAfterWindowLoss("the facilitator window")
        case .resized, .exposed:
            break
        }
    }

    /// A window destroyed by another X client: nothing to ask (a recorded session's quit asks
    /// twice), the session ends through its recorded quit path (the log's quit line, the
    /// recording's end).
    func endAfterWindowLoss(_ which: String) {
        warn("\(which) was destroyed by another program; the session ends here")
        input.running = false
    }

    /// Typing always types the note (a digit or a space first too); F1-F9 drop the labelled
    /// markers and F10 pauses or resumes, so neither steals text. Enter saves a note, or with none
    /// typed starts or ends the task (`FacilitatorDesk.enter`); Escape drops the note. With Ctrl
    /// (or Alt), a key does what it does in a window of its own (`handleFacilitatorCommand`):
    /// Ctrl+R resets, Ctrl+Q quits; never what decides on a card (a throw, a page, undo), which
    /// is the participant's.
    func handleFacilitatorKey(_ press: KeyPress) {
        let t = press.time
        let decision = roleRouter.route(.key(press), from: .facilitator)
        if player != nil, case .command = decision {
            handleFacilitatorCommand(press)
            return
        }
        if player != nil {
            // A replay plays the recorded notes and markers; only pausing is the viewer's.
            if decision == .pause { pause(press) }
            return
        }
        switch decision {
        case .command:
            handleFacilitatorCommand(press)
        case .participantsOnly:
            post("\(KeyBindings.name(of: press.key)) decides on a card: the participant's key, in their window only")
        case .noteBackspace:
            if !roles.desk.draft.isEmpty { roles.desk.draft.removeLast() }
        case .noteClear:
            roles.desk.draft = ""
            roles.desk.enterAskedAt = nil
        case .enter:
            facilitatorEnter(at: t)
        case .pause:
            pause(press)
        case .askSUS:
            askSUS(at: t)
        case .marker(let n):
            dropLabelledMarker(n, at: t)
        default:
            assert(!decision.isParticipants, "the facilitator's window decided \(decision)")
        }
    }

    /// Enter in the facilitator window: a typed note is saved and said so, with what the next
    /// Enter does (never a task started with it); otherwise the next task, as M starts it.
    func facilitatorEnter(at t: Double) {
        switch roles.desk.enter(seqWaiting: seqWaiting, now: SDLContext.now) {
        case .saveNote(let text):
            submit(RecordedInput(t: t, .note(text)))
            let next = facilitatorModel().nextAction
            post("Note saved" + (next.isEmpty ? "" : ". " + next.replacingOccurrences(of: "Enter ", with: "Enter again ")))
        case .askFirst:
            askBeforeLeavingSEQ(key: "Enter")
        case .nextTask:
            dropTaskMarker(at: t)
        }
    }

    /// M (in whichever window binds it): the next task marker; with an SEQ still on the
    /// participant's screen, the first M asks and a second within `FacilitatorDesk.quitWindow`
    /// seconds starts the next task (the SEQ left incomplete), as Enter does.
    func taskMarkerKey(at t: Double) {
        switch roles.desk.nextTask(seqWaiting: seqWaiting, now: SDLContext.now) {
        case .askFirst: askBeforeLeavingSEQ(key: "M")
        case .nextTask, .saveNote: dropTaskMarker(at: t)
        }
    }

    /// The SEQ is on the participant's screen and the next task marker would start a task.
    private var seqWaiting: Bool {
        study.questions.prompt?.questionnaire == .seq && nextTaskMarker()?.label == "start"
    }

    private func askBeforeLeavingSEQ(key: String) {
        post("The participant is answering the SEQ: \(key) again within \(Int(FacilitatorDesk.quitWindow)) s starts the next task without it (Esc: wait)",
             kind: .problem)
    }

    /// F10: Space's pause as the participant's window binds it (`KeyBindings`).
    private func pause(_ press: KeyPress) {
        var space = press
        space.key = .space
        respond(to: space)
    }

    /// Draws the facilitator window, if there is one, after the participant's frame: at most
    /// 30 times a second, so that while the participant drags, the phone's frames come first.
    func drawFacilitator() throws {
        guard let facilitatorWindow = roles.facilitatorWindow, facilitatorWindow.isDue(at: SDLContext.now) else { return }
        try facilitatorWindow.draw(facilitatorModel(), toasts: roles.toasts, now: clock())
    }

    func facilitatorModel() -> FacilitatorModel {
        let now = clock()
        var m = FacilitatorModel()
        m.recording = sinks.recorder != nil ? options.recordPath : nil
        m.replaying = player != nil
        m.logging = sinks.log != nil
        m.elapsed = now
        m.participant = session.info.participant
        m.paused = timeline.isPaused
        m.quitPending = roles.desk.quitPending(at: SDLContext.now)
        m.markers = options.markers
        m.draft = roles.desk.draft
        m.feed = roles.desk.feed
        m.releases = roles.desk.releases
        m.interaction = scene.interaction.rawValue
        m.participantSide = ParticipantPanel.line(study)
        if let phone {
            m.phoneQR = phone.qr
            m.phoneLine = phone.isConnected ? "phone: \(phone.device?.summary ?? "connected")" : "phone: scan the code, or open \(phone.url)"
        }
        if let run = study.tasks {
            if let active = run.current, let task = run.currentTask {
                m.task = "Task \(active.index + 1) of \(run.list.tasks.count): \(task.name)"
                var detail = task.goal.map { "goal: \($0.description)" } ?? "no goal: Enter ends it"
                detail += String(format: " · %@", FacilitatorModel.clock(scene.time - active.start))
                if let limit = task.timeLimit { detail += " of " + FacilitatorModel.clock(limit) }
                detail += " · \(active.attempts) gestures"
                m.taskDetail = detail
                let giveUp = options.markers.firstIndex(of: run.list.giveUp).map { " · F\($0 + 1) '\(run.list.giveUp)' gives up" } ?? ""
                m.nextAction = "Enter ends the task" + giveUp
                m.taskRunning = true
            } else if let next = run.nextTask {
                m.task = run.next == 0 ? "No task yet" : "Between tasks (\(run.next) of \(run.list.tasks.count) done)"
                m.taskDetail = "next: \(next.name)" + (next.goal.map { " (\($0.description))" } ?? "")
                    + (next.start.map { " · starts with \($0.description)" } ?? "")
                m.nextAction = "Enter starts task \(run.next + 1)"
            } else {
                m.task = "All \(run.list.tasks.count) tasks done"
                let done = run.ended
                m.taskDetail = "\(done.filter { $0.outcome == .success }.count) met their goal"
                m.nextAction = ""
            }
        } else {
            let name = session.info.task.map { "Task: \($0)" } ?? "Task"
            m.task = name
            m.taskRunning = !session.markerStarts
            m.taskDetail = session.markerStarts ? "not started" : "running"
            m.nextAction = session.markerStarts ? "Enter (or M) starts the task" : "Enter (or M) ends the task"
        }
        if study.questions.prompt?.questionnaire == .seq, m.nextAction.hasPrefix("Enter starts") {
            m.nextAction += " (asks first: the SEQ is up)"
        }
        if !roles.desk.draft.isEmpty {
            m.nextAction = "Enter saves the note" + (m.nextAction.isEmpty ? "" : "; then " + m.nextAction)
        }
        return m
    }
}
