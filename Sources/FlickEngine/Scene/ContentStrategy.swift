/// How the scene's content moves, as the interaction's `contentMovement` chose it: the one place
/// that knows whether cards scroll along an axis or lie in a depth stack. The scene asks it
/// where the content is and whether the scroll axis carries it, never which kind it is.
protocol ContentStrategy: Sendable {
    /// True when the scroll axis carries the content (paging, the wheel, a tap that centres a
    /// card, a press that catches momentum); false for a depth stack, whose position is the
    /// top card's index.
    var scrolls: Bool { get }
    /// The axis a scroll gesture moves along; nil when nothing scrolls.
    var axis: Axis? { get }
    /// Scroll position at `t` (seconds): points along the axis, or the top card's index.
    func position(axis: ScrollAxis, state: InteractionState, at t: Double) -> Double
    /// Where the content is heading at `t`: the rest of a motion under way, else `position`.
    func heading(axis: ScrollAxis, state: InteractionState, at t: Double) -> Double
    /// The top card to start from when the interaction comes on show on card `current`.
    func entryTop(current: Int?) -> Int
}

extension ContentMovement {
    /// The strategy for this movement (the only switch on it).
    var strategy: any ContentStrategy {
        switch self {
        case .scroll(let axis): return ScrollingContent(axis: axis)
        case .depthStack: return DepthStackContent()
        }
    }
}

/// Cards on a scrolling axis: the position is the axis's offset.
struct ScrollingContent: ContentStrategy {
    let axis: Axis?
    init(axis: Axis) { self.axis = axis }
    var scrolls: Bool { true }
    func position(axis: ScrollAxis, state: InteractionState, at t: Double) -> Double { axis.offset(at: t) }
    func heading(axis: ScrollAxis, state: InteractionState, at t: Double) -> Double {
        axis.settleTime.map { axis.offset(at: max($0, t)) } ?? axis.offset(at: t)
    }
    func entryTop(current: Int?) -> Int { 0 }
}

/// A depth stack: the position is the top card's index, kept in the interaction's state.
struct DepthStackContent: ContentStrategy {
    var scrolls: Bool { false }
    var axis: Axis? { nil }
    func position(axis: ScrollAxis, state: InteractionState, at t: Double) -> Double { Double(state.top) }
    func heading(axis: ScrollAxis, state: InteractionState, at t: Double) -> Double { Double(state.top) }
    /// The current card stays on top: the cards before it are set aside.
    func entryTop(current: Int?) -> Int { current ?? 0 }
}

/// What the interaction on show keeps between inputs, held for it by the scene and replaced
/// when the interaction changes. Only depth stacks use `top` and `returning`.
struct InteractionState: Sendable {
    /// Deck index of the first card in play in a depth stack (its top card): the cards before it
    /// are set aside, not drawn, so a switch to a stack keeps the current card on top without
    /// changing the deck. 0 for scrolling content, and unless the stack was entered from another
    /// card; `count` or more when the stack is empty.
    var top = 0
    /// The last thrown card while it is shown without being in the deck: peeking in at the
    /// press of a pointer, pulled back by a drag, or going back out. It joins the deck (with a
    /// `restored` event) only when it is let go home, so the deck and the events never differ.
    var returning: CardMotion?
}
