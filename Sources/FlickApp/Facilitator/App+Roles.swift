import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// Two windows, two roles (`--facilitator`): the participant's window answers only what a
/// participant does (pointer, wheel and the participant keys of the tasks file); everything
/// else (notes, markers, pause, the developer keys, quitting) is the facilitator's window's.
/// A facilitator who types into the participant's window by mistake loses nothing and changes
/// nothing on the phone: the text goes to the note.
extension App {
    /// Whether the participant's window takes only the participant's keys: a live session with
    /// a facilitator window (a replay's viewer keeps every key).
    var rolesApart: Bool { facilitatorWindow != nil && player == nil }

    /// The participant keys in force now: the tasks file's `participantKeys`, else the arrows
    /// and, in the swipe deck, Z (undo).
    var participantKeys: Set<ParticipantKey> {
        if let keys = study.tasks?.list.participantKeys { return Set(keys) }
        return scene.interaction == .swipe ? [.arrows, .undo] : [.arrows]
    }

    /// Whether `action` is one of the participant keys `keys`.
    static func isParticipant(_ action: KeyAction, keys: Set<ParticipantKey>) -> Bool {
        switch action {
        case .throwOrPage: return keys.contains(.arrows)
        case .previousCard, .nextCard: return keys.contains(.pages)
        case .undo: return keys.contains(.undo)
        case .throwCurrent: return keys.contains(.throw)
        default: return false
        }
    }

    /// A key of the participant's window while roles are apart (on the session clock): a
    /// participant key acts; the note's own keys (Enter and Backspace while a note is being
    /// typed, F1-F10) do what they do in the facilitator's window; every other key does nothing
    /// (its text, if it types any, arrives as `.text` and goes to the note).
    func handleParticipantKey(_ press: KeyPress) {
        switch press.key {
        case .backspace where !desk.draft.isEmpty, .enter where !desk.draft.isEmpty:
            handleFacilitatorKey(press)
            return
        case .function(let n) where (1...10).contains(n):
            handleFacilitatorKey(press)
            return
        default:
            break
        }
        guard let (binding, action) = KeyBindings.binding(for: press.key), binding.acts(on: press),
              Self.isParticipant(action, keys: participantKeys) else { return }
        perform(action, at: press.time)
    }

    /// Text typed in the participant's window while roles are apart: the note's (a facilitator
    /// typing in the wrong window), never a key of the phone.
    func participantTyped(_ text: String) {
        guard rolesApart else { return }
        desk.type(text)
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
        desk.facilitatorActing = true
        perform(action, at: press.time)
        desk.facilitatorActing = false
    }

    /// Quit asked (Ctrl+Q in the facilitator window, either window's close button): a recorded
    /// session with a facilitator asks first, and a second ask within `FacilitatorDesk.quitWindow`
    /// seconds quits; anything else quits at once. A signal always quits.
    func requestQuit() {
        if askSUSBeforeQuit() { return }
        guard facilitatorWindow != nil, recorder != nil, player == nil else {
            running = false
            return
        }
        let now = SDLContext.now
        if desk.quitPending(at: now) {
            running = false
            return
        }
        desk.quitAskedAt = now
        post("Quit the recorded session? Ctrl+Q again within \(Int(FacilitatorDesk.quitWindow)) s quits", kind: .problem)
    }
}
