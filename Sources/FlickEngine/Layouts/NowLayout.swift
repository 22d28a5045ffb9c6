
/// Every constant of the Google Now interaction (defaults from the original design).
public struct NowConfig: Hashable, Sendable {
    /// Space left and right of a card, points.
    public var sideMargin: Double
    /// Space between two cards, points.
    public var spacing: Double
    /// Card height as a fraction of the viewport height.
    public var heightRatio: Double
    /// Scale of the cards not under the viewport centre (the centred one is 1).
    public var restScale: Double
    /// Tilt per card width of horizontal offset, radians: dx = width turns the card by this.
    public var rotationPerWidth: Double
    /// A release beyond this fraction of the card width throws.
    public var throwDistanceRatio: Double
    /// A release faster than this sideways throws, pt/s.
    public var throwSpeed: Double
    /// Where a thrown card flies to, in card widths from its place.
    public var throwTargetWidths: Double
    /// Throw duration = this / release speed, clamped; points (so pt / (pt/s) = s).
    public var throwDurationDistance: Double
    /// Shortest throw, seconds.
    public var minThrowDuration: Double
    /// Longest throw, seconds.
    public var maxThrowDuration: Double
    /// Duration of the slide that closes the gap after a deletion, seconds.
    public var gapCloseDuration: Double
    /// Views to keep for the visible cards and one flying away.
    public var viewCount: Int

    /// The design's values: 16 pt margins and spacing, 0.55 H cards, 0.75 rest scale, π/20 per
    /// width, throw past 0.7 W or 600 pt/s to 1.5 W in clamp(1000/|v|, 0.2, 2) s.
    public static let `default` = NowConfig(
        sideMargin: 16, spacing: 16, heightRatio: 0.55, restScale: 0.75,
        rotationPerWidth: Double.pi / 20, throwDistanceRatio: 0.7, throwSpeed: 600,
        throwTargetWidths: 1.5, throwDurationDistance: 1000, minThrowDuration: 0.2,
        maxThrowDuration: 2.0, gapCloseDuration: 0.3, viewCount: 6)

    /// Memberwise; see the properties for units.
    public init(sideMargin: Double, spacing: Double, heightRatio: Double, restScale: Double,
                rotationPerWidth: Double, throwDistanceRatio: Double, throwSpeed: Double,
                throwTargetWidths: Double, throwDurationDistance: Double, minThrowDuration: Double,
                maxThrowDuration: Double, gapCloseDuration: Double, viewCount: Int) {
        self.sideMargin = sideMargin
        self.spacing = spacing
        self.heightRatio = heightRatio
        self.restScale = restScale
        self.rotationPerWidth = rotationPerWidth
        self.throwDistanceRatio = throwDistanceRatio
        self.throwSpeed = throwSpeed
        self.throwTargetWidths = throwTargetWidths
        self.throwDurationDistance = throwDurationDistance
        self.minThrowDuration = minThrowDuration
        self.maxThrowDuration = maxThrowDuration
        self.gapCloseDuration = gapCloseDuration
        self.viewCount = viewCount
    }
}

/// Google Now cards: a vertical list; the card under the viewport centre is full size and on
/// top, the others shrink to `restScale` over one card pitch, so scrolling never pops.
///
/// Position: the content y (points) under the viewport centre; card i is centred at
/// i × pitch, so position 0 centres the first card and (count − 1) × pitch the last.
public struct NowLayout: CardLayout, Hashable, Sendable {
    /// The constants.
    public var config: NowConfig

    /// - Parameter config: constants, `.default` for the design's.
    public init(config: NowConfig = .default) { self.config = config }

    /// Scrolls vertically.
    public var direction: LayoutDirection { .vertical }

    /// Viewport width less the margins by `heightRatio` of the height, points.
    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, viewport.width - 2 * config.sideMargin),
             height: max(0, config.heightRatio * viewport.height))
    }

    /// Card height plus spacing, points; never 0, so divisions stay finite.
    public func pitch(viewport: Size) -> Double {
        max(cardSize(viewport: viewport).height + config.spacing, 1e-6)
    }

    /// First card centred to last card centred, points.
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        0...(Double(max(0, count - 1)) * pitch(viewport: viewport))
    }

    /// Nil: the list scrolls freely with momentum.
    public func pageSize(viewport: Size) -> Double? { nil }

    /// The card nearest the viewport centre.
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0 else { return nil }
        return clampedIndex((position / pitch(viewport: viewport)).rounded(), 0, count - 1)
    }

    /// index × pitch, points.
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        Double(index) * pitch(viewport: viewport)
    }

    /// Lays out the cards within reach of the viewport, back to front (centred card last).
    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        output.removeAll(keepingCapacity: true)
        let count = cards.count
        guard canLayOut(input, count: count) else { return }
        let v = input.viewport
        let size = cardSize(viewport: v)
        let p = pitch(viewport: v)
        let s = input.position
        // Cards whose centre is within half a viewport plus a card of the centre, widened by
        // one each side for a closing gap (displacement up to one place).
        let reach = (v.height / 2 + size.height) / p
        let lo = clampedIndex((s / p - reach).rounded(.down) - 1, 0, count - 1)
        let hi = clampedIndex((s / p + reach).rounded(.up) + 1, 0, count - 1)
        for i in lo...hi {
            emit(i, size: size, pitch: p, input: input, cards: cards, into: &output)
        }
        // Overridden cards outside that range (a card flying far) are still drawn if on screen.
        for o in input.overrides where (o.index < lo || o.index > hi) && o.index >= 0 && o.index < count {
            emit(o.index, size: size, pitch: p, input: input, cards: cards, into: &output)
        }
        sortBackToFront(&output)
    }

    private func emit(_ i: Int, size: Size, pitch p: Double, input: LayoutInput, cards: some CardIDSource,
                      into output: inout [CardAttributes]) {
        let v = input.viewport
        let place = Double(i) + (input.gap?.displacement(of: i) ?? 0)
        let cy = v.height / 2 + place * p - input.position
        let distance = abs(cy - v.height / 2) / p
        let scale = config.restScale + (1 - config.restScale) * max(0, 1 - distance)
        var offset = Vector.zero
        var alpha = 1.0
        var z = scale
        if let o = input.overrides.override(for: i) {
            offset = o.offset
            alpha = max(0, min(1, o.alpha))
            z += overrideZBoost
        }
        let rotation = size.width > 0 ? offset.dx / size.width * config.rotationPerWidth : 0
        let t = cardTransform(scaleX: scale, scaleY: scale, rotation: rotation,
                              centerX: v.width / 2 + offset.dx, centerY: cy + offset.dy)
        appendIfVisible(CardAttributes(card: cards.id(at: i), index: i, size: size, transform: t,
                                       alpha: alpha, zIndex: z),
                        viewport: v, to: &output)
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension NowConfig: Codable {}
#endif
