/// How the content moves and makes room: along a scroll axis or as a depth stack, with what
/// momentum and paging, how many views it needs, and how the neighbours close a gap. One of
/// the four small contracts a `CardInteraction` is made of.
public protocol ContentPhysics: Sendable {
    /// How the content moves: along a scroll axis, or as a depth stack whose top card is the
    /// current one. The scene takes its content strategy from this, once per change.
    var contentMovement: ContentMovement { get }

    /// Scroll physics of the content (momentum, paging).
    var scrollPhysics: ScrollPhysics { get }

    /// Most live view slots this interaction needs: the design's view count.
    var viewBound: Int { get }

    /// Seconds the neighbours take to slide into a gap after a deletion (or out of the way of
    /// a card coming back).
    var gapDuration: Double { get }

    /// True when a card flying away or back already moves its neighbours (the stack follows
    /// its top card), so its landing starts no slide of its own.
    var flightMovesNeighbours: Bool { get }

    /// The gap the layout draws: `sliding` is the slide after the last deck change; `top` the
    /// current card's index and `topOffset` its offset when it moves on its own.
    func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing?
}

extension ContentPhysics {
    /// The default physics (`ScrollPhysics.default`), which a depth stack never uses; content
    /// that scrolls gives the config's (`SceneConfig.scroll`), so a panel edit reaches it.
    public var scrollPhysics: ScrollPhysics { .default }

    /// The neighbours slide once a thrown card has gone.
    public var flightMovesNeighbours: Bool { false }

    /// The slide after the last deck change.
    public func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing? { sliding }

    /// One page per fling.
    func onePagePerFling(_ shared: ScrollPhysics) -> ScrollPhysics {
        var p = shared
        p.maxPagesPerFling = 1
        return p
    }
}
