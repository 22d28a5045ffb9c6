import FlickEngine
import FlickIO
import FlickPhone
import FlickSession

/// The participant's side on the phone (`--phone` with a tasks file's `participantSide`): the
/// page shows what the participant's window's panel shows (the task with Done and Give up, the
/// SEQ, the SUS) and offers Undo where the Z key is one of the participant's keys, in a panel
/// below the stage, never over it; between tasks it says what it waits for. A tap there is the
/// same recorded input as a click on the window's panel (`activate`) or the Z key (`perform`),
/// at the tap's own time: no rule of the phone's own.
extension App {
    /// Whether the session has a participant's side at all: some task shows its text or asks the
    /// SEQ, or the study asks the SUS. The phone keeps its panel then (the stage above it).
    var hasParticipantSide: Bool {
        guard let list = study.tasks?.list else { return false }
        if study.asksSUS { return true }
        return list.tasks.indices.contains { i in
            let s = study.side(ofTask: i + 1)
            return s.taskText || s.seq
        }
    }

    /// Points at the window's bottom the stage keeps clear of: the task bar's, for a session
    /// some of whose tasks show their text with Done and Give up (the same all session long, from
    /// the first frame and the log's `started` line on, so the stage never moves under a hand).
    var taskBarInset: Double { Self.taskBarInset(tasks: study.tasks?.list, window: screen.window.size) }

    static func taskBarInset(tasks: TaskList?, window: Size) -> Double {
        guard let list = tasks, list.tasks.contains(where: {
            ParticipantSide.resolved(study: list.participantSide, task: $0.participantSide).taskText
        }) else { return 0 }
        return ParticipantPanelLayout(.taskBar(text: ""), window: window).panel.height
    }

    /// Undo is one of the participant's actions now: the Z key's rule (`participantKeys`), with no
    /// questionnaire up (the session takes no participant command then).
    var phoneOffersUndo: Bool {
        participantKeys.contains(.undo) && !study.questionnaireUp
    }

    /// What the phone's panel shows now.
    func phoneSide() -> PhoneSide { ParticipantPanel.phoneSide(study, undo: phoneOffersUndo) }

    /// Sends the panel's state to the phone when it changed (or `force`: a new connection).
    func publishPhoneSide(force: Bool = false) {
        guard let phone, phone.isConnected, phone.panel > 0 else { return }
        let text = phoneSide().json()
        guard force || text != phone.lastSide else { return }
        phone.lastSide = text
        phone.server.send(text)
    }

    /// An answer tapped on the phone at host time `hostTime`: the window's panel's own action
    /// when the panel up now is the one the page answered (a second tap on a panel already
    /// answered, or one the facilitator closed meanwhile, is said and dropped).
    func phoneAnswer(_ a: PhoneAnswer, hostTime: Double) {
        phoneAnswer(a, at: session.time(sdl: hostTime), record: false)
    }

    /// The phone's answer at session time `t`: taken as the participant's panel would take it,
    /// or dropped and said when the panel shows something else by then. A page that runs the
    /// engine sends its answers as records (`record`): `t` is the record's own, and the answer
    /// is the session's there, among the page's touches.
    func phoneAnswer(_ a: PhoneAnswer, at t: Double, record: Bool) {
        guard player == nil, let mode = participantPanel else {
            note("phone: \(a.answer.kind) dropped (nothing on the participant's side to answer)")
            return
        }
        guard let button = ParticipantPanel.button(answering: a, on: mode, study: study) else {
            note("phone: \(a.answer.kind)\(a.task.map { " for task \($0)" } ?? "") dropped (the participant's side shows something else now)")
            return
        }
        guard let input = roles.participant.answer(button, mode: mode, at: t) else { return }
        if record {
            runner.submit(input, now: t)
        } else {
            submit(input)
        }
    }

    /// The phone's Undo at host time `hostTime`: the Z key of the participant's window.
    func phoneUndo(hostTime: Double) {
        guard player == nil, participantKeys.contains(.undo) else {
            note("phone: undo dropped (not one of the participant's keys here)")
            return
        }
        perform(.undo, at: session.time(sdl: hostTime))
    }
}
