import RealModule

/// Every constant of the card stack (defaults from the original design).
public struct StackConfig: Hashable, Sendable, Codable {
    /// Card width as a fraction of the viewport width.
    public var widthRatio: Double
    /// Card height as a fraction of the viewport height.
    public var heightRatio: Double
    /// Horizontal scale lost per level of depth (the card at depth i has x scale 1 − i × this).
    public var scaleStep: Double
    /// Downward shift per level of depth, points.
    public var depthOffset: Double
    /// Cards drawn in the stack; the next one fades in behind the last as the stack advances.
    public var visibleCount: Int
    /// Tilt per card width of horizontal offset, radians.
    public var tiltPerWidth: Double
    /// Gap between a thrown card's resting place and the left edge, points.
    public var restMargin: Double
    /// A leftward release faster than this throws the top card, pt/s.
    public var throwSpeed: Double
    /// A leftward release beyond this throws the top card, points.
    public var throwDistance: Double
    /// A rightward release faster than this brings the returning card home, pt/s.
    public var returnSpeed: Double
    /// A rightward release beyond this brings the returning card home, points.
    public var returnDistance: Double
    /// Shortest throw or return, seconds.
    public var minThrowDuration: Double
    /// Longest throw or return, seconds.
    public var maxThrowDuration: Double
    /// How much of the last thrown card shows at the left edge while a pointer is down, points.
    public var peekWidth: Double
    /// Views the stack needs (four in the stack, one fading in, one flying).
    public var viewCount: Int

    /// The design's values: x scale −0.05 and 15 pt down per level, four visible, throw left
    /// past 100 pt or 800 pt/s, bring back past 100 pt or 800 pt/s.
    public static let `default` = StackConfig(
        widthRatio: 0.8, heightRatio: 0.6, scaleStep: 0.05, depthOffset: 15, visibleCount: 4,
        tiltPerWidth: Double.pi / 20, restMargin: 16, throwSpeed: 800, throwDistance: 100,
        returnSpeed: 800, returnDistance: 100, minThrowDuration: 0.15, maxThrowDuration: 0.5,
        peekWidth: 12, viewCount: 6)

    /// Memberwise; see the properties for units.
    public init(widthRatio: Double, heightRatio: Double, scaleStep: Double, depthOffset: Double,
                visibleCount: Int, tiltPerWidth: Double, restMargin: Double, throwSpeed: Double,
                throwDistance: Double, returnSpeed: Double, returnDistance: Double,
                minThrowDuration: Double, maxThrowDuration: Double, peekWidth: Double, viewCount: Int) {
        self.widthRatio = widthRatio
        self.heightRatio = heightRatio
        self.scaleStep = scaleStep
        self.depthOffset = depthOffset
        self.visibleCount = visibleCount
        self.tiltPerWidth = tiltPerWidth
        self.restMargin = restMargin
        self.throwSpeed = throwSpeed
        self.throwDistance = throwDistance
        self.returnSpeed = returnSpeed
        self.returnDistance = returnDistance
        self.minThrowDuration = minThrowDuration
        self.maxThrowDuration = maxThrowDuration
        self.peekWidth = peekWidth
        self.viewCount = viewCount
    }
}

/// A card stack: card at depth i (i = index − top) is drawn narrower by `scaleStep` × i and
/// lower by `depthOffset` × i; cards above the top (thrown) rest off the left edge.
///
/// Position: the top card's index as a continuous number (cards), so the scene animates it from
/// k to k + 1 and the cards below move up smoothly when the top one leaves. Overrides are offsets
/// from the top-of-stack place, whatever the card's depth: a thrown card keeps flying where its
/// override puts it, and at rest it is `thrownOffset` from home (and not drawn).
public struct StackLayout: CardLayout, Hashable, Sendable {
    /// The constants.
    public var config: StackConfig

    /// - Parameter config: constants, `.default` for the design's.
    public init(config: StackConfig = .default) { self.config = config }

    /// The position counts cards.
    public var direction: LayoutDirection { .depth }

    /// `widthRatio` W by `heightRatio` H, points.
    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, config.widthRatio * viewport.width), height: max(0, config.heightRatio * viewport.height))
    }

    /// One card.
    public func pitch(viewport: Size) -> Double { 1 }

    /// 0 ... count − 1: the last card cannot be thrown (as in the original).
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        0...Double(max(0, count - 1))
    }

    /// One card: the stack rests on whole cards.
    public func pageSize(viewport: Size) -> Double? { 1 }

    /// The top card; nil when the position is past the last card (every card thrown).
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0 else { return nil }
        let i = position.rounded()
        guard !(i >= Double(count)) else { return nil }
        return clampedIndex(i, 0, count - 1)
    }

    /// `index` itself (cards).
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        Double(index)
    }

    /// Centre of the top card, points: the stack (top card plus the visible depth) is centred.
    public func homeCenter(viewport: Size) -> Point {
        let depth = Double(max(0, config.visibleCount - 1)) * config.depthOffset
        return Point(x: viewport.width / 2, y: viewport.height / 2 - depth / 2)
    }

    /// Offset from home of a thrown card at rest, points: far enough left that the card, tilted
    /// as it is there, is wholly off screen. The returning card's drag starts from here.
    public func thrownOffset(viewport: Size) -> Vector {
        let size = cardSize(viewport: viewport)
        // A card turned by any angle reaches at most (w + h) / 2 from its centre horizontally.
        return Vector(dx: -(viewport.width / 2 + (size.width + size.height) / 2 + config.restMargin), dy: 0)
    }

    /// Lays out the stack from the back (deepest) to the top card, then overridden cards.
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
        // Thrown and not moving: resting off screen, nothing to draw.
        if d < 0 && o == nil { return }
        let depth = max(0, d)
        guard depth < n else { return }
        // The card entering at the back fades in over its last level, so nothing pops.
        var alpha = min(1, n - depth)
        var offset = Vector.zero
        var z = -depth
        if let o {
            offset = o.offset
            alpha *= max(0, min(1, o.alpha))
            z += overrideZBoost
        }
        let home = homeCenter(viewport: v)
        let rotation = size.width > 0 ? offset.dx / size.width * config.tiltPerWidth : 0
        let tr = cardTransform(scaleX: max(0.01, 1 - config.scaleStep * depth), scaleY: 1, rotation: rotation,
                               centerX: home.x + offset.dx,
                               centerY: home.y + config.depthOffset * depth + offset.dy)
        appendIfVisible(CardAttributes(card: cards.id(at: i), index: i, size: size, transform: tr,
                                       alpha: alpha, zIndex: z),
                        viewport: v, to: &output)
    }
}
