/// The shape every depth stack shares: its card size, how far down each level sits, how many
/// levels show, how far off screen a thrown card rests, and the step of its position.
public struct DepthStackShape: Hashable, Sendable {
    /// The position step unless a shape says otherwise: 100 points a card.
    public static let defaultPositionStep = 100.0

    /// Card width as a fraction of the viewport width.
    public var widthRatio: Double
    /// Card height as a fraction of the viewport height.
    public var heightRatio: Double
    /// Downward shift per level of depth, points.
    public var depthOffset: Double
    /// Levels drawn; the next card fades in behind the last as the stack advances.
    public var visibleCount: Int
    /// Gap between a thrown card's resting place and the left edge, points.
    public var restMargin: Double
    /// Position per card, points: the stack whose top card is card i is at position
    /// i × `positionStep`, so its position, bounds, pitch and page are points like every other
    /// layout's. A depth stack does not scroll, so nothing on screen travels this distance: it is
    /// the unit, the same whatever the viewport. Not positive and finite: counts as
    /// `defaultPositionStep`.
    public var positionStep: Double

    /// Memberwise; see the properties for units.
    public init(widthRatio: Double, heightRatio: Double, depthOffset: Double, visibleCount: Int, restMargin: Double,
                positionStep: Double = DepthStackShape.defaultPositionStep) {
        self.widthRatio = widthRatio
        self.heightRatio = heightRatio
        self.depthOffset = depthOffset
        self.visibleCount = visibleCount
        self.restMargin = restMargin
        self.positionStep = positionStep
    }
}

/// A depth stack's layout (the stack, the swipe deck, a plug-in's pile): the card at depth d
/// (d = index − top, continuous while the top card moves away) is drawn `depthOffset` × d lower,
/// grown as `scale(depth:)` says and turned as `tilt(offset:sign:viewport:)` says; cards above
/// the top (thrown) are not drawn unless they move. The loop, the fade of the card entering at
/// the back, the hit order and the geometry are shared here; a conforming layout gives its
/// shape and its per-card hooks.
///
/// Position: points, as for every layout: the top card's index (a continuous number) times
/// `positionStep`. `position(ofTop:)` and `top(atPosition:)` are the only conversions between
/// the two; `pitch` and `pageSize` are one step. Overrides are offsets from the top-of-stack
/// place, whatever the card's depth.
public protocol DepthStackLayout: CardLayout {
    /// Its card size, depth and reach.
    var shape: DepthStackShape { get }
    /// Growth: the x and y scale of a card `depth` levels down (0 on top).
    func scale(depth: Double) -> (x: Double, y: Double)
    /// Tilt of a card `offset` from home, radians (positive: clockwise on screen); `sign` is the
    /// override's tilt sign (-1 when grabbed where the interaction flips it).
    func tilt(offset: Vector, sign: Double, viewport: Size) -> Double
}

extension DepthStackLayout {
    /// A thrown card has left the top: the current card is the first that stays.
    public var currentSkipsLeaving: Bool { true }

    /// The position runs into the depth (the top card's index times the step).
    public var direction: LayoutDirection { .depth }

    /// Position per card, points: `shape.positionStep`, or `DepthStackShape.defaultPositionStep`
    /// when that is not positive and finite.
    public var positionStep: Double {
        let step = shape.positionStep
        return step > 0 && step.isFinite ? step : DepthStackShape.defaultPositionStep
    }

    /// The position (points) at which the top card is `top` (a continuous index, cards).
    public func position(ofTop top: Double) -> Double { top * positionStep }

    /// The top card's index as a continuous number (cards) at `position` (points).
    public func top(atPosition position: Double) -> Double { position / positionStep }

    /// `widthRatio` W by `heightRatio` H, points.
    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, shape.widthRatio * viewport.width), height: max(0, shape.heightRatio * viewport.height))
    }

    /// One card: `positionStep` points, whatever the viewport.
    public func pitch(viewport: Size) -> Double { positionStep }

    /// One card (`positionStep` points): the stack rests on whole cards.
    public func pageSize(viewport: Size) -> Double? { positionStep }

    /// The top card; nil when the position is past the last card (every card thrown).
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0 else { return nil }
        let i = top(atPosition: position).rounded()
        guard !(i >= Double(count)) else { return nil }
        return clampedIndex(i, 0, count - 1)
    }

    /// `index` on top: `index` × `positionStep`, points.
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        position(ofTop: Double(index))
    }

    /// Centre of the top card, points: the stack (top card plus the visible depth) is centred.
    public func homeCenter(viewport: Size) -> Point {
        let depth = Double(max(0, shape.visibleCount - 1)) * shape.depthOffset
        return Point(x: viewport.width / 2, y: viewport.height / 2 - depth / 2)
    }

    /// Offset from home of a thrown card at rest, points: far enough left that the card, tilted
    /// as it is there, is wholly off screen.
    public func thrownOffset(viewport: Size) -> Vector {
        let size = cardSize(viewport: viewport)
        // A card turned by any angle reaches at most (w + h) / 2 from its centre horizontally.
        return Vector(dx: -(viewport.width / 2 + (size.width + size.height) / 2 + shape.restMargin), dy: 0)
    }

    /// Lays out the stack from the back (deepest) to the top card, then overridden cards.
    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        let shape = shape
        let top = self.top(atPosition: input.position)
        layOutDepthStack(input, top: top, count: cards.count, visibleCount: shape.visibleCount, into: &output) { i, out in
            emitDepthCard(i, top: top, shape: shape, input: input, cards: cards, into: &out)
        }
    }

    private func emitDepthCard(_ i: Int, top: Double, shape: DepthStackShape, input: LayoutInput,
                               cards: some CardIDSource, into output: inout [CardAttributes]) {
        let v = input.viewport
        let size = cardSize(viewport: v)
        let n = Double(max(1, shape.visibleCount))
        let d = Double(i) + (input.gap?.displacement(of: i) ?? 0) - top
        let o = input.overrides.override(for: i)
        // Thrown and not moving: resting off screen, nothing to draw.
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
        let s = scale(depth: depth)
        let tr = cardTransform(scaleX: s.x, scaleY: s.y, rotation: tilt(offset: offset, sign: sign, viewport: v),
                               centerX: home.x + offset.dx,
                               centerY: home.y + shape.depthOffset * depth + offset.dy)
        appendIfVisible(CardAttributes(card: cards.id(at: i), index: i, size: size, transform: tr,
                                       alpha: alpha, zIndex: z),
                        viewport: v, to: &output)
    }
}
