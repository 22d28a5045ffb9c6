import FlickSDL
import FlickSession

/// The two windows of a facilitated session (`--facilitator`).
enum RoleWindow: CaseIterable, Sendable {
    case participant, facilitator
}

/// One event of either window as SDL gave it: a key going down, or text typed (SDL_TEXTINPUT,
/// which follows the key that typed it, in the same window).
enum RoleInput: Equatable, Sendable {
    case key(KeyPress)
    case text(String)
}

/// What the participant's panel shows that keys answer: the task bar (with the button Tab is on),
/// or a questionnaire and its scale.
enum RolePanel: Equatable, Sendable {
    case taskBar(focus: PanelButton?)
    case questionnaire(scale: ClosedRange<Int>)
}

/// What one event does. The participant's decisions come only from the participant's window and
/// the facilitator's only from the facilitator's (`RoleRouter.route`).
enum RoleDecision: Equatable, Sendable {
    // The participant's window.
    /// A participant key (`App.isParticipant`): a throw, a page, undo, on the scene.
    case participantAction(KeyAction)
    /// A questionnaire's answer, a value of its scale.
    case answer(Int)
    /// Tab on the task bar: the other button.
    case focusNext
    /// Enter or Space on the task bar: the button Tab is on.
    case pressFocused
    /// A key that answers nothing while a questionnaire is up: the participant's screen says
    /// which keys answer.
    case expectAnswer
    /// A key the participant's window does nothing with (a facilitator typing in the wrong
    /// window): the facilitator's window says where notes are typed.
    case notParticipants

    // The facilitator's window.
    /// Text for the note.
    case noteText(String)
    case noteBackspace
    /// Escape: the note typed so far is dropped (and a pending ask is let go).
    case noteClear
    /// Enter: the note saved, or the next task marker (`FacilitatorDesk.enter`).
    case enter
    /// F10: pause or resume the scene.
    case pause
    /// F11: the SUS on the participant's screen.
    case askSUS
    /// F1-F9: the labelled marker.
    case marker(Int)
    /// Ctrl (or Alt) with a key: the developer keys (`App.handleFacilitatorCommand`).
    case command(KeyAction)
    /// Ctrl (or Alt) with a participant's key (throw, page, undo): refused, the participant's
    /// decisions are theirs.
    case participantsOnly(KeyAction)

    /// Nothing at all: the text of a key in the participant's window, an auto-repeat of a key
    /// that does not repeat, a key bound to nothing.
    case ignored

    /// Decisions that act for the participant (the scene's cards, the panel's answers).
    var isParticipants: Bool {
        switch self {
        case .participantAction, .answer, .focusNext, .pressFocused, .expectAnswer: return true
        default: return false
        }
    }

    /// Decisions that act on the facilitator's controls (the note, markers, pause, the SUS,
    /// the developer keys).
    var isFacilitators: Bool {
        switch self {
        case .noteText, .noteBackspace, .noteClear, .enter, .pause, .askSUS, .marker, .command: return true
        default: return false
        }
    }
}

/// Roles by construction: which window an event came from decides whose it is, and nothing else
/// does. The participant's window never types the note or reaches a control of the
/// facilitator's (its text is dropped; a key there acts for the participant or not at all); the
/// facilitator's window never acts for the participant. Pure, so a test can send it any stream.
struct RoleRouter: Sendable {
    /// The participant keys in force (`App.participantKeys`).
    var participantKeys: Set<ParticipantKey>
    /// What the participant's panel shows, if anything (`App.participantPanel`).
    var panel: RolePanel?

    /// Actions that decide on a card: only ever the participant's.
    static func actsOnCards(_ action: KeyAction) -> Bool {
        switch action {
        case .throwOrPage, .previousCard, .nextCard, .throwCurrent, .undo: return true
        default: return false
        }
    }

    func route(_ input: RoleInput, from window: RoleWindow) -> RoleDecision {
        switch window {
        case .participant: return participant(input)
        case .facilitator: return facilitator(input)
        }
    }

    private func participant(_ input: RoleInput) -> RoleDecision {
        guard case .key(let press) = input else { return .ignored }
        let plain = press.modifiers.isDisjoint(with: [.control, .alt, .command])
        if plain, let panel, let decision = PanelKeys.decision(for: press.key, on: panel, isRepeat: press.isRepeat) {
            return decision
        }
        if let (binding, action) = KeyBindings.binding(for: press.key), App.isParticipant(action, keys: participantKeys) {
            return binding.acts(on: press) ? .participantAction(action) : .ignored
        }
        if press.isRepeat { return .ignored }
        if case .questionnaire? = panel, plain { return .expectAnswer }
        return press.key == .other ? .ignored : .notParticipants
    }

    private func facilitator(_ input: RoleInput) -> RoleDecision {
        let press: KeyPress
        switch input {
        case .text(let text): return .noteText(text)
        case .key(let p): press = p
        }
        if !press.modifiers.isDisjoint(with: [.control, .alt]) {
            guard let (binding, action) = KeyBindings.binding(for: press.key) else { return .ignored }
            if Self.actsOnCards(action) { return press.isRepeat ? .ignored : .participantsOnly(action) }
            // A held Ctrl+Q repeats: its repeats are not a second quit.
            return !press.isRepeat || (binding.repeats && action != .quit) ? .command(action) : .ignored
        }
        return FacilitatorKeys.decision(for: press.key, isRepeat: press.isRepeat)
    }
}
