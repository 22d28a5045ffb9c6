
/// Every constant of the iOS 7 app switcher carousel (defaults from the original design).
public struct CarouselConfig: Hashable, Sendable {
    /// Page width as a fraction of the viewport width (the rest shows the neighbours).
    public var pageRatio: Double
    /// Card width as a fraction of the page width.
    public var cardWidthRatio: Double
    /// Card height as a fraction of the viewport height.
    public var heightRatio: Double
    /// Scale lost by a card one page from the centre (resting neighbours: 1 − this).
    public var scaleFalloff: Double
    /// Opacity lost by a card one page from the centre (resting neighbours: 1 − this).
    public var alphaFalloff: Double
    /// Opacity lost per half viewport height of vertical offset.
    public var dragAlphaFalloff: Double
    /// An upward release faster than this throws, pt/s.
    public var throwSpeed: Double
    /// An upward release beyond this fraction of the viewport height throws.
    public var throwDistanceRatio: Double
    /// Flight off the top, seconds.
    public var throwDuration: Double
    /// Return of a card not thrown, seconds.
    public var returnDuration: Double
    /// Slide of the cards closing the gap, seconds.
    public var gapCloseDuration: Double
    /// Space between a thrown card's resting place and the top edge, points.
    public var throwTargetMargin: Double
    /// Views the carousel needs: the original's four (three cards on screen at most, one flying away).
    public var viewCount: Int

    /// The design's values: page 0.8 W, cards 0.9 of a page, scale −0.1 and alpha −0.2 per page,
    /// throw up past H/2 or 500 pt/s in 0.3 s, everything else 0.3 s.
    public static let `default` = CarouselConfig(
        pageRatio: 0.8, cardWidthRatio: 0.9, heightRatio: 0.7, scaleFalloff: 0.1,
        alphaFalloff: 0.2, dragAlphaFalloff: 0.2, throwSpeed: 500, throwDistanceRatio: 0.5,
        throwDuration: 0.3, returnDuration: 0.3, gapCloseDuration: 0.3, throwTargetMargin: 8, viewCount: 4)

    /// Memberwise; see the properties for units.
    public init(pageRatio: Double, cardWidthRatio: Double, heightRatio: Double,
                scaleFalloff: Double, alphaFalloff: Double, dragAlphaFalloff: Double, throwSpeed: Double,
                throwDistanceRatio: Double, throwDuration: Double, returnDuration: Double,
                gapCloseDuration: Double, throwTargetMargin: Double, viewCount: Int) {
        self.pageRatio = pageRatio
        self.cardWidthRatio = cardWidthRatio
        self.heightRatio = heightRatio
        self.scaleFalloff = scaleFalloff
        self.alphaFalloff = alphaFalloff
        self.dragAlphaFalloff = dragAlphaFalloff
        self.throwSpeed = throwSpeed
        self.throwDistanceRatio = throwDistanceRatio
        self.throwDuration = throwDuration
        self.returnDuration = returnDuration
        self.gapCloseDuration = gapCloseDuration
        self.throwTargetMargin = throwTargetMargin
        self.viewCount = viewCount
    }
}

/// The iOS 7 app switcher: horizontal pages narrower than the viewport so both neighbours show.
///
/// With d = |card place − position / page| (pages), a card has scale 1 − 0.1 min(d, 1) and alpha
/// 1 − 0.2 min(d, 1). That single formula is the original's two rules: the current card at
/// progress p has d = p, the neighbour it moves toward d = 1 − p (so 0.9 + 0.1 p), and the
/// other neighbour rests at 0.9 / 0.8; and it stays continuous when the current page changes.
///
/// Position: content x (points) at the viewport centre; card i is centred at i × page.
public struct CarouselLayout: CardLayout, Hashable, Sendable {
    /// The constants.
    public var config: CarouselConfig

    /// - Parameter config: constants, `.default` for the design's.
    public init(config: CarouselConfig = .default) { self.config = config }

    /// Scrolls horizontally.
    public var direction: LayoutDirection { .horizontal }

    /// Page width, points; never 0.
    public func page(viewport: Size) -> Double {
        let p = config.pageRatio * viewport.width
        return p.isFinite && p > 1e-6 ? p : 1e-6
    }

    /// `cardWidthRatio` of a page by `heightRatio` H, points.
    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, config.cardWidthRatio * config.pageRatio * viewport.width),
             height: max(0, config.heightRatio * viewport.height))
    }

    /// One page, points.
    public func pitch(viewport: Size) -> Double { page(viewport: viewport) }

    /// First page to last page, points.
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        0...(Double(max(0, count - 1)) * page(viewport: viewport))
    }

    /// One page, points.
    public func pageSize(viewport: Size) -> Double? { page(viewport: viewport) }

    /// The page nearest the position.
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0 else { return nil }
        return clampedIndex((position / page(viewport: viewport)).rounded(), 0, count - 1)
    }

    /// index × page, points.
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        Double(index) * page(viewport: viewport)
    }

    /// Where a card flicked up flies to, as an offset from its place: just above the top edge.
    public func throwTarget(viewport: Size) -> Vector {
        let size = cardSize(viewport: viewport)
        return Vector(dx: 0, dy: -(viewport.height / 2 + size.height / 2 + config.throwTargetMargin))
    }

    /// Scale of a card `d` pages from the centre.
    public func scale(distance d: Double) -> Double { 1 - config.scaleFalloff * min(abs(d), 1) }
    /// Opacity of a card `d` pages from the centre.
    public func alpha(distance d: Double) -> Double { max(0, 1 - config.alphaFalloff * min(abs(d), 1)) }

    /// Lays out the current card and its neighbours, the centred one on top.
    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        output.removeAll(keepingCapacity: true)
        let count = cards.count
        guard canLayOut(input, count: count) else { return }
        let f = input.position / page(viewport: input.viewport)
        let lo = clampedIndex(f.rounded(.down) - 3, 0, count - 1)
        let hi = clampedIndex(f.rounded(.up) + 2, 0, count - 1)
        for i in lo...hi { emit(i, f: f, input: input, cards: cards, into: &output) }
        for o in input.overrides where (o.index < lo || o.index > hi) && o.index >= 0 && o.index < count {
            emit(o.index, f: f, input: input, cards: cards, into: &output)
        }
        sortBackToFront(&output)
    }

    private func emit(_ i: Int, f: Double, input: LayoutInput, cards: some CardIDSource,
                      into output: inout [CardAttributes]) {
        let v = input.viewport
        let x = Double(i) + (input.gap?.displacement(of: i) ?? 0)
        let d = abs(x - f)
        let s = scale(distance: d)
        var a = alpha(distance: d)
        var offset = Vector.zero
        var z = -d
        if let o = input.overrides.override(for: i) {
            offset = o.offset
            let q = v.height > 0 ? abs(offset.dy) / (v.height / 2) : 0
            a *= max(0, 1 - config.dragAlphaFalloff * q) * max(0, min(1, o.alpha))
            z += overrideZBoost
        }
        let t = cardTransform(scaleX: s, scaleY: s, rotation: 0,
                              centerX: v.width / 2 + (x - f) * page(viewport: v) + offset.dx,
                              centerY: v.height / 2 + offset.dy)
        appendIfVisible(CardAttributes(card: cards.id(at: i), index: i, size: cardSize(viewport: v),
                                       transform: t, alpha: a, zIndex: z),
                        viewport: v, to: &output)
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension CarouselConfig: Codable {}
#endif
