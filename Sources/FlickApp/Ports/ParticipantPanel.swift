import FlickEngine
import FlickPhone
import FlickSDL
import FlickSession

/// The participant's side of a task (`participantSide` of the tasks file): the task's text with
/// Done and Give up, the SEQ after each task, the SUS after the session, in the participant's
/// window. The panel follows the session's own state (`StudyInputs`), so a replay shows it as
/// it was; what it keeps itself is only between events: the button held, the one Tab moved to,
/// the key pressed on a questionnaire that answers nothing (said until the next answer), and
/// whether the SUS was asked by a quit.
///
/// Pointer, keys and a phone's answers all end here, in `answer(_:mode:at:)`: the answer as the
/// participant's recorded input (`SessionInput.answer`), which the caller submits.
@MainActor
final class ParticipantPanel {
    private(set) var pressed: PanelButton?
    private(set) var focus: PanelButton?
    private(set) var refusedKey: String?
    /// The SUS on show was asked by a quit: the session ends when it is answered.
    var quitAfterSUS = false

    init() {}

    /// What an event did on the panel.
    enum Take: Equatable {
        /// Not the panel's: it goes on (to the stage, to the other keys).
        case passed
        /// The panel's, with nothing to record.
        case taken
        /// The panel's: the participant's answer, to submit.
        case answered(RecordedInput)
    }

    /// What the panel shows for the session's state, if anything.
    static func mode(of study: StudyInputs) -> ParticipantPanelMode? {
        if let prompt = study.questions.prompt {
            switch prompt.questionnaire {
            case .seq: return .seq(task: prompt.task ?? "")
            case .sus: return .sus(item: prompt.nextItem ?? Questionnaire.susItems.count)
            }
        }
        guard study.showsTaskText, let run = study.tasks, let active = run.current, let task = run.currentTask else { return nil }
        return .taskBar(text: "Task \(active.index + 1) of \(run.list.tasks.count): \(task.name)")
    }

    /// The panel as the roles' router sees it (what its keys answer).
    func rolePanel(_ mode: ParticipantPanelMode) -> RolePanel {
        switch mode {
        case .taskBar: return .taskBar(focus: focus)
        case .seq, .sus: return .questionnaire(scale: mode.questionnaire!.scale)
        }
    }

    /// A pointer event of the participant's window (window points, session time). A press on a
    /// questionnaire, anywhere, or on the task bar is the panel's; a button acts when released
    /// over it.
    func pointer(_ p: PointerEvent, mode: ParticipantPanelMode?, window: Size) -> Take {
        guard let mode else {
            pressed = nil
            return .passed
        }
        let layout = ParticipantPanelLayout(mode, window: window)
        switch p.phase {
        case .down:
            guard layout.covers(p.position) else { return .passed }
            pressed = layout.button(at: p.position)
            return .taken
        case .move:
            return pressed != nil || layout.isModal ? .taken : .passed
        case .up, .cancel:
            defer { pressed = nil }
            guard let held = pressed else { return layout.isModal ? .taken : .passed }
            guard p.phase == .up, layout.button(at: p.position) == held else { return .taken }
            return answer(held, mode: mode, at: p.time).map(Take.answered) ?? .taken
        }
    }

    /// A plain key of the participant's window (the panel's keys, `PanelKeys`) at session time
    /// `t`. Roles apart (`--facilitator`), `RoleRouter` gives the decision; in a window of its
    /// own the panel takes only its own keys' decisions, and a character other than a digit on a
    /// questionnaire stays the developer's key it is.
    func key(_ decision: RoleDecision, key: Key, mode: ParticipantPanelMode, at t: Double) -> Take {
        switch decision {
        case .answer(let v):
            return answer(.answer(v), mode: mode, at: t).map(Take.answered) ?? .taken
        case .focusNext:
            focus = focus == .done ? .giveUp : .done
            return .taken
        case .pressFocused:
            guard let focus else { return .passed }
            return answer(focus, mode: mode, at: t).map(Take.answered) ?? .taken
        case .expectAnswer:
            refusedKey = KeyBindings.name(of: key)
            return .taken
        case .ignored:
            return .taken
        default:
            return .passed
        }
    }

    /// A key of a window without a facilitator window: the panel's keys' decision, where the
    /// panel has one for it.
    func plainKey(_ press: KeyPress, mode: ParticipantPanelMode?) -> Take {
        guard press.modifiers.isDisjoint(with: [.control, .alt]), let mode else { return .passed }
        if case .character(let c) = press.key, c.wholeNumberValue == nil { return .passed }
        guard let decision = PanelKeys.decision(for: press.key, on: rolePanel(mode), isRepeat: press.isRepeat) else { return .passed }
        return key(decision, key: press.key, mode: mode, at: press.time)
    }

    /// The answer `button` gives on the panel `mode` shows, at session time `t` (nil: the button
    /// answers nothing there): the participant's recorded input.
    func answer(_ button: PanelButton, mode: ParticipantPanelMode, at t: Double) -> RecordedInput? {
        focus = nil
        refusedKey = nil
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

    /// A questionnaire was shown, answered or left: nothing is held, focused or refused.
    func questionnaireChanged() {
        pressed = nil
        focus = nil
        refusedKey = nil
    }

    /// What the phone's panel shows for the session's state: what the window's panel shows (the
    /// task with Done and Give up, the SEQ, the SUS) and, between tasks, what it waits for;
    /// `undo`: whether it offers Undo.
    static func phoneSide(_ study: StudyInputs, undo: Bool) -> PhoneSide {
        if let prompt = study.questions.prompt {
            switch prompt.questionnaire {
            case .seq:
                return PhoneSide(state: .seq, text: Questionnaire.seqQuestion, task: prompt.number, title: "After the task: \(prompt.task ?? "")",
                                 scale: Questionnaire.seqScale, ends: Questionnaire.seqEnds, undo: false)
            case .sus:
                let item = prompt.nextItem ?? Questionnaire.susItems.count
                return PhoneSide(state: .sus, text: Questionnaire.susItems[max(0, min(Questionnaire.susItems.count - 1, item - 1))],
                                 item: item, items: Questionnaire.susItems.count,
                                 title: "Question \(item) of \(Questionnaire.susItems.count)",
                                 scale: Questionnaire.susScale, ends: Questionnaire.susEnds, undo: false)
            }
        }
        if let run = study.tasks, let active = run.current, let task = run.currentTask {
            // A task that shows no text on the participant's screen keeps its name off the phone too.
            let number = "Task \(active.index + 1) of \(run.list.tasks.count)"
            return study.showsTaskText
                ? PhoneSide(state: .task, text: "\(number): \(task.name)", task: active.index + 1, undo: undo)
                : PhoneSide(state: .running, text: number, task: active.index + 1, undo: undo)
        }
        let waiting: String
        if let run = study.tasks, run.allDone {
            waiting = study.asksSUS && !study.questions.susComplete ? "All tasks done. Please wait a moment." : "All done. Thank you!"
        } else if study.tasks?.ended.isEmpty ?? true {
            waiting = "Waiting for the first task to start…"
        } else {
            waiting = "Waiting for the next task to start…"
        }
        return PhoneSide(state: .waiting, text: waiting, undo: undo)
    }

    /// The window's panel button a phone's answer stands for, when the panel up now is the one the
    /// page answered (the task on show, the SEQ of that task, the SUS item up); nil for an answer
    /// to a panel that has since gone (a second tap, a panel the facilitator closed).
    static func button(answering a: PhoneAnswer, on mode: ParticipantPanelMode, study: StudyInputs) -> PanelButton? {
        switch (a.answer, mode) {
        case (.done, .taskBar) where a.task == study.tasks?.current.map({ $0.index + 1 }): return .done
        case (.giveUp, .taskBar) where a.task == study.tasks?.current.map({ $0.index + 1 }): return .giveUp
        case (.seq(let v), .seq) where a.task == study.questions.prompt?.number: return .answer(v)
        case (.sus(let item, let v), .sus(let up)) where item == up: return .answer(v)
        default: return nil
        }
    }

    /// The facilitator window's line on the participant's side: what the participant sees.
    static func line(_ study: StudyInputs) -> String? {
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

    /// Draws the panel over the participant's window with `view`, if it shows anything.
    func draw(_ mode: ParticipantPanelMode?, on view: ParticipantPanelView, window: Size, pixelScale px: Double) throws {
        guard let mode else { return }
        try view.draw(mode, window: window, pixelScale: px, focus: focus, pressed: pressed,
                      refused: mode.questionnaire == nil ? nil : refusedKey)
    }
}
