import FlickIO
import FlickEngine
import FlickSDL
import FlickSession

/// What the participant's side keeps between events: the button held, the one Tab moved to,
/// the key pressed on a questionnaire that answers nothing (the questionnaire says so until the
/// next answer), whether the SUS was asked by a quit (the session ends when it is answered).
struct ParticipantSideState {
    var pressed: PanelButton?
    var focus: PanelButton?
    var refusedKey: String?
    var quitAfterSUS = false
}

/// The participant's side of a task (`participantSide` of the tasks file): the task's text with
/// Done and Give up, the SEQ after each task, the SUS after the session, in the participant's
/// window. The panel follows the session's own state (`StudyInputs`), so a replay shows it as
/// it was; every answer is a recorded input of the participant's (`SessionInput.answer`).
extension App {
    /// What the panel shows now, if anything.
    var participantPanel: ParticipantPanelMode? {
        if let prompt = study.questions.prompt {
            switch prompt.questionnaire {
            case .seq: return .seq(task: prompt.task ?? "")
            case .sus: return .sus(item: prompt.nextItem ?? Questionnaire.susItems.count)
            }
        }
        guard study.showsTaskText, let run = study.tasks, let active = run.current, let task = run.currentTask else { return nil }
        return .taskBar(text: "Task \(active.index + 1) of \(run.list.tasks.count): \(task.name)")
    }

    /// A pointer event of the participant's window (window points, session time): true when the
    /// panel took it. A press on a questionnaire, anywhere, or on the task bar is the panel's; a
    /// button acts when released over it. A gesture begun on the stage goes on to the stage.
    func panelPointer(_ p: PointerEvent) -> Bool {
        guard player == nil, !input.pointerOnStage else { return false }
        guard let mode = participantPanel else {
            roles.participant.pressed = nil
            return false
        }
        let layout = ParticipantPanelLayout(mode, window: screen.window.size)
        switch p.phase {
        case .down:
            guard layout.covers(p.position) else { return false }
            roles.participant.pressed = layout.button(at: p.position)
            return true
        case .move:
            return roles.participant.pressed != nil || layout.isModal
        case .up, .cancel:
            defer { roles.participant.pressed = nil }
            guard let pressed = roles.participant.pressed else { return layout.isModal }
            if p.phase == .up, layout.button(at: p.position) == pressed { activate(pressed, mode: mode, at: p.time) }
            return true
        }
    }

    /// A button of the panel acted at session time `t`: the participant's answer, recorded.
    func activate(_ button: PanelButton, mode: ParticipantPanelMode, at t: Double) {
        guard let input = answerInput(button, mode: mode, at: t) else { return }
        submit(input)
    }

    /// The answer `button` gives on the panel `mode` shows, at `t` (nil: the button answers
    /// nothing there).
    func answerInput(_ button: PanelButton, mode: ParticipantPanelMode, at t: Double) -> RecordedInput? {
        roles.participant.focus = nil
        roles.participant.refusedKey = nil
        let answer: ParticipantAnswer
        switch (button, mode) {
        case (.done, .taskBar): answer = .done
        case (.giveUp, .taskBar): answer = .giveUp
        case (.answer(let v), .seq): answer = .seq(v)
        case (.answer(let v), .sus(let item)): answer = .sus(item: item, value: v)
        default: return nil
        }
        return RecordedInput(t: t, .answer(answer))
    }

    /// What the panel shows, as the roles' router sees it; nil in a replay (it plays the
    /// recorded answers).
    var rolePanel: RolePanel? {
        guard player == nil, let mode = participantPanel else { return nil }
        switch mode {
        case .taskBar: return .taskBar(focus: roles.participant.focus)
        case .seq, .sus: return .questionnaire(scale: mode.questionnaire!.scale)
        }
    }

    /// A key of the window without a facilitator window (session time) for the panel: digits
    /// of the scale answer the questionnaire up, another digit is said to answer nothing; Tab
    /// moves between Done and Give up, and Enter or Space presses the one it is on. True when
    /// taken. (With a facilitator window, `RoleRouter` decides the same.)
    func panelKey(_ press: KeyPress) -> Bool {
        guard player == nil, press.modifiers.isDisjoint(with: [.control, .alt]), let mode = participantPanel else { return false }
        switch (press.key, mode) {
        case (.character(let c), .seq), (.character(let c), .sus):
            guard let v = c.wholeNumberValue else { return false }
            if !mode.questionnaire!.scale.contains(v) {
                if !press.isRepeat { roles.participant.refusedKey = KeyBindings.name(of: press.key) }
            } else if !press.isRepeat {
                activate(.answer(v), mode: mode, at: press.time)
            }
            return true
        case (.tab, .taskBar):
            roles.participant.focus = roles.participant.focus == .done ? .giveUp : .done
            return true
        case (.enter, .taskBar), (.space, .taskBar):
            guard let focus = roles.participant.focus else { return false }
            if !press.isRepeat { activate(focus, mode: mode, at: press.time) }
            return true
        default:
            return false
        }
    }

    /// F11 in the facilitator window, or a quit asked: the SUS on the participant's screen (a
    /// facilitator's input, recorded). False when there is none to ask.
    @discardableResult
    func askSUS(at t: Double) -> Bool {
        guard player == nil else { return false }
        guard study.asksSUS else {
            post("The tasks file asks for no SUS (\"participantSide\": {\"sus\": true})")
            return false
        }
        guard !study.questions.susShown else {
            post(study.questions.susComplete ? "The SUS was answered" : "The SUS is on the participant's screen")
            return false
        }
        submit(RecordedInput(t: t, .ask(.sus), byFacilitator: true))
        return true
    }

    /// A quit asked with the SUS still to ask: it comes up first, and the session ends when it
    /// has been answered (a second quit ends it at once, the SUS incomplete). True when it did.
    func askSUSBeforeQuit() -> Bool {
        guard player == nil, study.asksSUS, !study.questions.susShown, !Interrupt.isRequested else { return false }
        guard askSUS(at: clock()) else { return false }
        roles.participant.quitAfterSUS = true
        post("The SUS is on the participant's screen: the session ends when it is answered (quit again to end it now)")
        return true
    }

    /// A questionnaire's line: the facilitator's feed, and the end of the session after a SUS
    /// a quit asked for.
    func questionnaireLine(_ line: LogQuestionnaire) {
        let name = line.questionnaire == .seq ? "SEQ" + (line.number.map { " (task \($0))" } ?? "") : "SUS"
        switch line.what {
        case .shown: roles.desk.add("\(name) shown to the participant", .task, at: line.t)
        case .completed:
            roles.desk.add("\(name) answered" + (line.score.map { String(format: ": score %.1f", $0) } ?? ""), .task, at: line.t)
            post("\(name) answered" + (line.score.map { String(format: ": score %.1f", $0) } ?? ""))
            if line.questionnaire == .sus, roles.participant.quitAfterSUS { input.running = false }
        case .incomplete:
            roles.desk.add("\(name) left incomplete (\(line.answered ?? 0) answered)", .task, at: line.t)
        }
        roles.participant.pressed = nil
        roles.participant.focus = nil
        roles.participant.refusedKey = nil
    }

    /// An answer's line: the facilitator's feed.
    func answered(_ line: LogAnswer) {
        switch line.question {
        case "done", "give_up":
            roles.desk.add("participant: \(line.question == "done" ? "Done" : "Give up") on task \(line.number ?? 0)", .task, at: line.t)
        case "seq": roles.desk.add("participant: SEQ \(line.value ?? 0)", .task, at: line.t)
        default: roles.desk.add("participant: SUS item \(line.item ?? 0) = \(line.value ?? 0)", .task, at: line.t)
        }
    }

    /// The facilitator window's line on the participant's side: what the participant sees.
    var participantSideLine: String? {
        if let prompt = study.questions.prompt {
            switch prompt.questionnaire {
            case .seq: return "Participant: SEQ for task \(prompt.number ?? 0), waiting for the answer"
            case .sus: return "Participant: SUS, \(prompt.answered) of \(Questionnaire.susItems.count) answered"
            }
        }
        if study.showsTaskText { return "Participant sees the task with Done and Give up" }
        if study.questions.susComplete { return "Participant: SUS answered" }
        if study.asksSUS { return "F11 (or quitting) puts the SUS on the participant's screen" }
        return nil
    }

    /// Draws the panel over the participant's window, if it shows anything.
    func drawParticipantPanel(pixelScale px: Double) throws {
        guard let mode = participantPanel else { return }
        try roles.panelView.draw(mode, window: screen.window.size, pixelScale: px, focus: roles.participant.focus, pressed: roles.participant.pressed,
                                      refused: mode.questionnaire == nil ? nil : roles.participant.refusedKey)
    }
}
