/// What made a deck change: the study tools count every decision, whoever made it, and tell a
/// participant's throw from a file removed from the card folder.
public enum DeckChangeCause: String, Hashable, Sendable, CaseIterable {
    /// A pointer gesture: a throw, a stack bring-back.
    case pointer
    /// A key the front end turned into a command (an arrow, Delete, Z, R).
    case key
    /// A command from anything else (`perform` with its default cause).
    case command
    /// The front end's content changed (a file added to or removed from a card folder).
    case folder
    /// `insert` or `delete` called by the embedder.
    case api
    /// The facilitator, not the participant: a task's start state, a key of the facilitator's
    /// window.
    case facilitator

    /// Made by the person using the cards (a participant), not by the content or the embedder.
    public var isPersonal: Bool { self == .pointer || self == .key }
}

/// Why a card left or came back (or the deck was reset): the cause, and for a throw the
/// direction it went and the interaction's name for it (`like`).
public struct DeckChangeOrigin: Hashable, Sendable {
    public var cause: DeckChangeCause
    /// The way a thrown card left; nil for a change that is not a throw.
    public var direction: ThrowDirection?
    /// The interaction's name for `direction`, if it has one.
    public var label: String?

    /// Memberwise.
    public init(cause: DeckChangeCause, direction: ThrowDirection? = nil, label: String? = nil) {
        self.cause = cause
        self.direction = direction
        self.label = label
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension DeckChangeCause: Codable {}
#endif
