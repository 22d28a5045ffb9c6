/// The interaction's own state (`CardInteraction.State`): the rules on show keep it
/// (`InteractionRules`) and hand it, as its own type, to the interaction's hooks.
extension CardScene {
    /// The state the interaction on show keeps of its own, when it is an `I`; nil when another
    /// interaction is on show.
    public func interactionState<I: CardInteraction>(of type: I.Type = I.self) -> I.State? {
        (mode as? RulesOf<I>)?.state
    }
}
