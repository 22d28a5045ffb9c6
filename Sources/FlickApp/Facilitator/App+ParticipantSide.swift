import FlickIO
import FlickEngine
import FlickSDL
import FlickSession

/// The participant's side (`ParticipantPanel`) wired to the session: its answers are submitted
/// as the participant's inputs, a replay plays the recorded ones instead, and its lines go to
/// the facilitator's feed.
extension App {
    /// What the panel shows now, if anything.
    var participantPanel: ParticipantPanelMode? { ParticipantPanel.mode(of: study) }

    /// A pointer event of the participant's window (window points, session time): true when the
    /// panel took it. A gesture begun on the stage goes on to the stage.
    func panelPointer(_ p: PointerEvent) -> Bool {
        guard player == nil, !input.pointerOnStage else { return false }
        return take(roles.participant.pointer(p, mode: participantPanel, window: screen.window.size))
    }

    /// A key of the window without a facilitator window (session time) for the panel. True when
    /// taken. (With a facilitator window, `RoleRouter` decides and `handleParticipantKey` acts.)
    func panelKey(_ press: KeyPress) -> Bool {
        guard player == nil else { return false }
        return take(roles.participant.plainKey(press, mode: participantPanel))
    }

    /// What the participant's side did: its answer submitted; whether it took the event.
    @discardableResult
    func take(_ t: ParticipantPanel.Take) -> Bool {
        switch t {
        case .passed: return false
        case .taken: return true
        case .answered(let input):
            submit(input)
            return true
        }
    }

    /// What the panel shows, as the roles' router sees it; nil in a replay (it plays the
    /// recorded answers).
    var rolePanel: RolePanel? {
        guard player == nil, let mode = participantPanel else { return nil }
        return roles.participant.rolePanel(mode)
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
        roles.participant.questionnaireChanged()
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
}
