/// The interaction's own state (`CardInteraction.State`): the scene keeps it type-erased in
/// `ownState` and opens the interaction on show to hand it back, as its own type, to its hooks.
extension CardScene {
    /// The state the interaction on show keeps of its own, as `type`; nil when it keeps another
    /// type (`NoState` for the built-ins).
    public func interactionState<S>(as type: S.Type = S.self) -> S? { ownState as? S }

    /// The state `rules` starts with.
    static func freshState<I: CardInteraction>(of rules: I) -> any Sendable { rules.makeState() }

    /// `kept` when it is `rules`' kind of state, else a fresh one.
    static func state<I: CardInteraction>(of rules: I, keeping kept: any Sendable) -> any Sendable {
        (kept as? I.State) ?? rules.makeState()
    }

    /// `rules`' route for `pan`, its state handed to it and kept.
    func route<I: CardInteraction>(_ pan: Pan, in context: InteractionContext, with rules: I) -> PanRoute {
        var s = (ownState as? I.State) ?? rules.makeState()
        defer { ownState = s }
        return rules.route(pan, in: context, state: &s)
    }

    /// `rules`' answer to an arrow key, its state handed to it and kept.
    func step<I: CardInteraction>(_ delta: Int, with rules: I) -> StepAction {
        var s = (ownState as? I.State) ?? rules.makeState()
        defer { ownState = s }
        return rules.step(delta, state: &s)
    }

    /// Shows `rules` an event it emitted; an interaction without state of its own is skipped.
    func observe<I: CardInteraction>(_ event: SceneEvent, with rules: I) {
        guard I.State.self != NoState.self else { return }
        var s = (ownState as? I.State) ?? rules.makeState()
        rules.observe(event, state: &s)
        ownState = s
    }
}
