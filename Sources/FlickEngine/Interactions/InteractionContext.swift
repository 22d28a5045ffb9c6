/// What an interaction may know about the scene when it routes a pan: a read-only snapshot
/// taken at the pan's start, never the scene itself, so an interaction cannot reach into the
/// scene's internals (and one written outside the engine sees exactly what a seed does).
public struct InteractionContext: Hashable, Sendable {
    /// The card drawn under the press, as drawn at that instant.
    public struct PressedCard: Hashable, Sendable {
        /// The card.
        public var card: CardID
        /// Its deck index.
        public var index: Int
        /// True when it is already on its way out (thrown, or queued to go).
        public var isLeaving: Bool
        /// Where the press landed on it, in the card's own points (origin at its centre, y
        /// down, before its transform): `y > 0` is its lower half.
        public var local: Point

        /// Memberwise; see the properties.
        public init(card: CardID, index: Int, isLeaving: Bool, local: Point) {
            self.card = card
            self.index = index
            self.isLeaving = isLeaving
            self.local = local
        }
    }

    /// Viewport size, points.
    public var viewport: Size
    /// Cards in the deck.
    public var count: Int
    /// The current card's index (centred, or the top of a depth stack); nil when empty.
    public var currentIndex: Int?
    /// The current card; nil when empty.
    public var currentCard: CardID?
    /// True when the current card is already leaving.
    public var currentIsLeaving: Bool
    /// The card under the press, if any: the topmost one as drawn, leaving or not.
    public var pressed: PressedCard?
    /// The topmost card under the press that is not on its way out: the card beneath a thrown
    /// card still flying over the press (`pressed` itself when it is not leaving).
    public var pressedStaying: PressedCard?
    /// The first card from the current one on that is not leaving: the top of a depth stack
    /// once the cards flying off it are discounted, the card a quick second swipe is meant for.
    /// Nil when the deck is empty or every card from the current one on is leaving.
    public var firstStayingIndex: Int?
    /// The card at `firstStayingIndex`.
    public var firstStayingCard: CardID?
    /// Scroll position, points, as `CardScene.scrollPosition`: along the scroll axis, or a depth
    /// stack's top card index times its layout's step; ÷ the layout's pitch, it counts cards.
    public var scrollPosition: Double
    /// True when a card thrown earlier is shown ready to be pulled back (a depth stack whose
    /// interaction has a `returnPeekOffset`): what the interaction itself keeps.
    public var hasReturningCard: Bool

    /// Memberwise; see the properties.
    /// `firstStayingIndex` and `firstStayingCard` default to the current card unless it is
    /// leaving, `pressedStaying` to `pressed` unless it is leaving.
    public init(viewport: Size, count: Int, currentIndex: Int?, currentCard: CardID?, currentIsLeaving: Bool,
                pressed: PressedCard?, scrollPosition: Double, hasReturningCard: Bool,
                firstStayingIndex: Int?? = nil, firstStayingCard: CardID?? = nil,
                pressedStaying: PressedCard?? = nil) {
        self.pressedStaying = pressedStaying ?? (pressed?.isLeaving == false ? pressed : nil)
        self.firstStayingIndex = firstStayingIndex ?? (currentIsLeaving ? nil : currentIndex)
        self.firstStayingCard = firstStayingCard ?? (currentIsLeaving ? nil : currentCard)
        self.viewport = viewport
        self.count = count
        self.currentIndex = currentIndex
        self.currentCard = currentCard
        self.currentIsLeaving = currentIsLeaving
        self.pressed = pressed
        self.scrollPosition = scrollPosition
        self.hasReturningCard = hasReturningCard
    }
}

/// How an interaction's content moves. The scene turns it into its content strategy once per
/// change of interaction, and from then on asks the strategy, not which kind it is.
public enum ContentMovement: Hashable, Sendable {
    /// The content scrolls along this axis (momentum, paging, rubber band); the current card is
    /// the one the scroll position is on.
    case scroll(Axis)
    /// The cards lie in a depth stack: the current card is the top one, and the cards before
    /// it in the deck are set aside (not drawn). The position is the top card's place in the
    /// layout, points (its index times the layout's `positionStep`).
    case depthStack
}
