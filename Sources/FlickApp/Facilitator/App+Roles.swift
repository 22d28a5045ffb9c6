import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// Two windows, two roles (`--facilitator`): the participant's window answers only what a
/// participant does (pointer, wheel, the participant keys of the tasks file, the panel's
/// answers); everything else (notes, markers, pause, the developer keys, quitting) is the
/// facilitator's window's, and no key there decides on a card. `RoleRouter` decides by the
/// window an event came from; text typed in the participant's window types nothing anywhere.
extension App {
    /// Whether the participant's window takes only the participant's keys: a live session with
    /// a facilitator window (a replay's viewer keeps every key).
    var rolesApart: Bool { roles.facilitatorWindow != nil && player == nil }

    /// The participant keys in force now: the tasks file's `participantKeys`, else the arrows
    /// and, in the swipe deck, Z (undo).
    var participantKeys: Set<ParticipantKey> {
        ParticipantKey.inForce(study.tasks?.list, interaction: scene.interaction)
    }

    /// Whether `action` is one of the participant keys `keys`.
    nonisolated static func isParticipant(_ action: KeyAction, keys: Set<ParticipantKey>) -> Bool {
        switch action {
        case .throwOrPage: return keys.contains(.arrows)
        case .previousCard, .nextCard: return keys.contains(.pages)
        case .undo: return keys.contains(.undo)
        case .throwCurrent: return keys.contains(.throw)
        default: return false
        }
    }

    /// Whose each event is, now.
    var roleRouter: RoleRouter { RoleRouter(participantKeys: participantKeys, panel: rolePanel) }

    /// A key of the participant's window while roles are apart (on the session clock): a
    /// participant key acts, the panel answers; anything else acts on nothing, and the
    /// facilitator's window says so once in a while.
    func handleParticipantKey(_ press: KeyPress) {
        let decision = roleRouter.route(.key(press), from: .participant)
        switch decision {
        case .participantAction(let action):
            perform(action, at: press.time)
        case .answer, .focusNext, .pressFocused, .expectAnswer:
            if let mode = participantPanel { take(roles.participant.key(decision, key: press.key, mode: mode, at: press.time)) }
            if decision == .expectAnswer { tellWrongWindow(press) }
        case .notParticipants:
            tellWrongWindow(press)
        default:
            assert(!decision.isFacilitators, "the participant's window decided \(decision)")
        }
    }

    /// A key the participant's window did nothing with: a word in the facilitator's window (at
    /// most every `FacilitatorDesk.wrongWindowInterval` seconds), where notes are typed.
    private func tellWrongWindow(_ press: KeyPress) {
        let now = SDLContext.now
        guard roles.desk.wrongWindowSaidAt.map({ now - $0 >= FacilitatorDesk.wrongWindowInterval }) ?? true else { return }
        roles.desk.wrongWindowSaidAt = now
        post("\(KeyBindings.name(of: press.key)) in the participant's window: it takes only the participant's keys (type notes here)")
    }

    /// Ctrl (or Alt) with a key of `KeyBindings` in the facilitator window: the developer keys,
    /// so that typing a note never changes the session. The tool windows, the HUD and
    /// presentation would draw on the participant's screen and are refused.
    func handleFacilitatorCommand(_ press: KeyPress) {
        guard let (binding, action) = KeyBindings.binding(for: press.key) else { return }
        switch action {
        case .quit:
            requestQuit()
            return
        case .hud, .tuningPanel, .debugOverlay, .presentation:
            post("\(binding.label): not with a facilitator window (it would show on the participant's screen)")
            return
        default:
            break
        }
        guard binding.repeats || !press.isRepeat else { return }
        if player != nil {
            switch action.duringReplay {
            case .acts: break
            case .ignored: return
            case .pausesPlayback:
                toggleReplayPause()
                return
            }
        }
        if action == .fullscreen, (options.facilitatorDisplay ?? 0) == 0 {
            post("fullscreen: not with both windows on one display (it would cover this window); see --facilitator-display")
            return
        }
        roles.desk.facilitatorActing = true
        perform(action, at: press.time)
        roles.desk.facilitatorActing = false
    }

    /// Quit asked (Ctrl+Q in the facilitator window, either window's close button): with a SUS
    /// to ask, the first quit puts it up and the second ends the session; otherwise a recorded
    /// session with a facilitator asks first, and a second ask within `FacilitatorDesk.quitWindow`
    /// seconds quits; anything else quits at once. A signal always quits.
    func requestQuit() {
        if askSUSBeforeQuit() { return }
        // The SUS a quit asked for is up: this is the second quit, and it ends the session.
        if roles.participant.quitAfterSUS, !study.questions.susComplete {
            input.running = false
            return
        }
        guard roles.facilitatorWindow != nil, sinks.recorder != nil, player == nil else {
            input.running = false
            return
        }
        let now = SDLContext.now
        if roles.desk.quitPending(at: now) {
            input.running = false
            return
        }
        roles.desk.quitAskedAt = now
        post("Quit the recorded session? Ctrl+Q again within \(Int(FacilitatorDesk.quitWindow)) s quits", kind: .problem)
    }
}
