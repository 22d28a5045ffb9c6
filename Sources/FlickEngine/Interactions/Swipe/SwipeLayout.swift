/// The swipe deck: the card at depth d (d = index − top, continuous while the top card moves
/// away) is drawn at scale 1 − `scaleStep` × d and `depthOffset` × d lower; cards above the top
/// (thrown) are not drawn unless they move. The top card tilts with its horizontal offset, up to
/// `maxTilt` at one card width, the sign flipped when it was grabbed in its lower half
/// (`CardOverride.tiltSign`).
///
/// Position: the top card's index as a continuous number (cards). Overrides are offsets from
/// the top-of-deck place, whatever the card's depth, as in `StackLayout`.
public struct SwipeLayout: CardLayout, Hashable, Sendable {
    /// The constants.
    public var config: SwipeConfig

    /// - Parameter config: constants, `.default` for the libraries' feel.
    public init(config: SwipeConfig = .default) { self.config = config }

    /// The position counts cards.
    public var direction: LayoutDirection { .depth }

    /// `widthRatio` W by `heightRatio` H, points.
    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, config.widthRatio * viewport.width), height: max(0, config.heightRatio * viewport.height))
    }

    /// One card.
    public func pitch(viewport: Size) -> Double { 1 }

    /// 0 ... count: every card may go, the deck may be empty.
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> { 0...Double(max(0, count)) }

    /// One card.
    public func pageSize(viewport: Size) -> Double? { 1 }

    /// The top card; nil when every card is gone.
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0 else { return nil }
        let i = position.rounded()
        guard !(i >= Double(count)) else { return nil }
        return clampedIndex(i, 0, count - 1)
    }

    /// `index` itself (cards).
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double { Double(index) }

    /// Centre of the top card, points: the deck (top card plus the visible depth) is centred.
    public func homeCenter(viewport: Size) -> Point {
        let depth = Double(max(0, config.visibleCount - 1)) * config.depthOffset
        return Point(x: viewport.width / 2, y: viewport.height / 2 - depth / 2)
    }

    /// Where a card thrown without a known exit rests: off the left edge, wholly out of sight.
    public func thrownOffset(viewport: Size) -> Vector {
        let size = cardSize(viewport: viewport)
        return Vector(dx: -(viewport.width / 2 + (size.width + size.height) / 2 + config.restMargin), dy: 0)
    }

    /// The tilt of a card `offset` from home, radians (positive: clockwise on screen).
    public func tilt(offset: Vector, sign: Double, viewport: Size) -> Double {
        let w = cardSize(viewport: viewport).width
        guard w > 0, offset.dx.isFinite else { return 0 }
        return (sign < 0 ? -1 : 1) * config.maxTilt * min(max(offset.dx / w, -1), 1)
    }

    /// Lays out the deck from the back (deepest) to the top card, then overridden cards.
    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        layOutDepthStack(input, count: cards.count, visibleCount: config.visibleCount, into: &output) { i, out in
            emit(i, input: input, cards: cards, into: &out)
        }
    }

    private func emit(_ i: Int, input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        let v = input.viewport
        let size = cardSize(viewport: v)
        let n = Double(max(1, config.visibleCount))
        let d = Double(i) + (input.gap?.displacement(of: i) ?? 0) - input.position
        let o = input.overrides.override(for: i)
        // Thrown and not moving: gone, nothing to draw.
        if d < 0 && o == nil { return }
        let depth = max(0, d)
        guard depth < n else { return }
        // The card entering at the back fades in over its last level, so nothing pops.
        var alpha = min(1, n - depth)
        var offset = Vector.zero
        var sign = 1.0
        var z = -depth
        if let o {
            offset = o.offset
            sign = o.tiltSign
            alpha *= max(0, min(1, o.alpha))
            z += overrideZBoost
        }
        let home = homeCenter(viewport: v)
        let scale = max(0.01, 1 - config.scaleStep * depth)
        let tr = cardTransform(scaleX: scale, scaleY: scale, rotation: tilt(offset: offset, sign: sign, viewport: v),
                               centerX: home.x + offset.dx,
                               centerY: home.y + config.depthOffset * depth + offset.dy)
        appendIfVisible(CardAttributes(card: cards.id(at: i), index: i, size: size, transform: tr,
                                       alpha: alpha, zIndex: z),
                        viewport: v, to: &output)
    }
}
