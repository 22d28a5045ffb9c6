
/// Every constant of the iOS 9 task switcher (defaults from the original design).
public struct SwitcherConfig: Hashable, Sendable {
    /// Cards per viewport width: pitch = W / this.
    public var cardsAcross: Double
    /// Card width as a fraction of the viewport width.
    public var widthRatio: Double
    /// Card height as a fraction of the viewport height.
    public var heightRatio: Double
    /// Opacity lost per pitch left of the centre (right of it stays opaque).
    public var alphaFalloff: Double
    /// Scale gained per pitch to the right (lost to the left).
    public var scalePerPitch: Double
    /// Right of the centre a card moves p × W / this further right (in its scaled space).
    public var rightShiftDivisor: Double
    /// Left of the centre a card moves |p| × W / this to the right (in its scaled space).
    public var leftShiftDivisor: Double
    /// Leftmost progress drawn; the last pitch before it fades in, so nothing pops.
    public var minProgress: Double
    /// Rightmost progress drawn (already off screen with the defaults).
    public var maxProgress: Double
    /// One fling travels at most this many cards.
    public var maxCardsPerFling: Int
    /// Opacity lost per half viewport height of vertical offset (a card flicked up fades).
    public var dragAlphaFalloff: Double
    /// An upward release faster than this throws, pt/s.
    public var throwSpeed: Double
    /// An upward release beyond this fraction of the viewport height throws.
    public var throwDistanceRatio: Double
    /// Shortest throw, seconds.
    public var minThrowDuration: Double
    /// Longest throw, seconds.
    public var maxThrowDuration: Double
    /// Duration of the slide closing the gap after a deletion, seconds.
    public var gapCloseDuration: Double
    /// Space between a thrown card's resting place and the top edge, points.
    public var throwTargetMargin: Double
    /// Views the row needs (six on screen at most plus one flying).
    public var viewCount: Int

    /// The design's values: pitch W/5, 0.72 W × 0.75 H cards, alpha −0.2 per pitch left, scale
    /// +0.03 per pitch, shifts W/2.2 and W/15, throw up past H/2 or 500 pt/s, seven views.
    public static let `default` = SwitcherConfig(
        cardsAcross: 5, widthRatio: 0.72, heightRatio: 0.75, alphaFalloff: 0.2, scalePerPitch: 0.03,
        rightShiftDivisor: 2.2, leftShiftDivisor: 15, minProgress: -4, maxProgress: 2,
        maxCardsPerFling: 3, dragAlphaFalloff: 0.2, throwSpeed: 500, throwDistanceRatio: 0.5,
        minThrowDuration: 0.15, maxThrowDuration: 0.5, gapCloseDuration: 0.3, throwTargetMargin: 8, viewCount: 7)

    /// Memberwise; see the properties for units.
    public init(cardsAcross: Double, widthRatio: Double, heightRatio: Double, alphaFalloff: Double,
                scalePerPitch: Double, rightShiftDivisor: Double, leftShiftDivisor: Double,
                minProgress: Double, maxProgress: Double, maxCardsPerFling: Int,
                dragAlphaFalloff: Double, throwSpeed: Double, throwDistanceRatio: Double,
                minThrowDuration: Double, maxThrowDuration: Double, gapCloseDuration: Double,
                throwTargetMargin: Double, viewCount: Int) {
        self.cardsAcross = cardsAcross
        self.widthRatio = widthRatio
        self.heightRatio = heightRatio
        self.alphaFalloff = alphaFalloff
        self.scalePerPitch = scalePerPitch
        self.rightShiftDivisor = rightShiftDivisor
        self.leftShiftDivisor = leftShiftDivisor
        self.minProgress = minProgress
        self.maxProgress = maxProgress
        self.maxCardsPerFling = maxCardsPerFling
        self.dragAlphaFalloff = dragAlphaFalloff
        self.throwSpeed = throwSpeed
        self.throwDistanceRatio = throwDistanceRatio
        self.minThrowDuration = minThrowDuration
        self.maxThrowDuration = maxThrowDuration
        self.gapCloseDuration = gapCloseDuration
        self.throwTargetMargin = throwTargetMargin
        self.viewCount = viewCount
    }
}

/// The iOS 9 task switcher: an endless horizontal row where each card's look depends on its
/// progress p = (card centre − viewport centre) / pitch.
///
/// Position: content x (points) at the viewport centre; card i sits at i × pitch, and the
/// row repeats every count × pitch, so any position is valid. With fewer cards than fit, a
/// card is drawn once, at the repetition nearest the centre.
public struct SwitcherLayout: CardLayout, Hashable, Sendable {
    /// The constants.
    public var config: SwitcherConfig

    /// - Parameter config: constants, `.default` for the design's.
    public init(config: SwitcherConfig = .default) { self.config = config }

    /// Scrolls horizontally.
    public var direction: LayoutDirection { .horizontal }

    /// `widthRatio` W by `heightRatio` H, points.
    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, config.widthRatio * viewport.width), height: max(0, config.heightRatio * viewport.height))
    }

    /// W / cardsAcross, points; never 0.
    public func pitch(viewport: Size) -> Double {
        let p = viewport.width / config.cardsAcross
        return p.isFinite && p > 1e-6 ? p : 1e-6
    }

    /// Unbounded (the row wraps), or 0...0 with no card.
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        count > 0 ? -Double.infinity...Double.infinity : 0...0
    }

    /// One pitch: the row always settles centred on a card.
    public func pageSize(viewport: Size) -> Double? { pitch(viewport: viewport) }

    /// The card nearest the centre, wrapped into 0 ..< count.
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0, position.isFinite else { return count > 0 ? 0 : nil }
        let k = (position / pitch(viewport: viewport)).rounded()
        let m = k - Double(count) * (k / Double(count)).rounded(.down)
        return clampedIndex(m, 0, count - 1)
    }

    /// The position centring card `index` at the repetition nearest `near`, points.
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        let p = pitch(viewport: viewport)
        guard count > 0, near.isFinite else { return Double(index) * p }
        let period = Double(count) * p
        let base = Double(index) * p
        return base + period * ((near - base) / period).rounded()
    }

    /// `position` brought into 0 ..< count × pitch, so the scene can re-anchor a settled row
    /// and keep the numbers small; the drawing does not change.
    public func wrappedPosition(_ position: Double, count: Int, viewport: Size) -> Double {
        guard count > 0, position.isFinite else { return 0 }
        let period = Double(count) * pitch(viewport: viewport)
        let r = position - period * (position / period).rounded(.down)
        // Far from 0 the subtraction loses all precision; any value in range beats garbage.
        return r >= 0 && r < period ? r : 0
    }

    /// Where a card flicked up flies to, as an offset from its place: just above the top edge.
    public func throwTarget(viewport: Size) -> Vector {
        let size = cardSize(viewport: viewport)
        // 0.55 of the height: half the card, grown by the scale a card right of centre may have.
        return Vector(dx: 0, dy: -(viewport.height / 2 + size.height * 0.55 + config.throwTargetMargin))
    }

    /// Scale at progress `p` (pitches from the centre).
    public func scale(progress p: Double) -> Double { max(0.01, 1 + config.scalePerPitch * p) }
    /// Opacity at progress `p`: opaque on the right, fading to the left.
    public func alpha(progress p: Double) -> Double { p >= 0 ? 1 : max(0, 1 - config.alphaFalloff * abs(p)) }
    /// The x shift at progress `p` before scaling, points: big to the right, small to the left,
    /// so the centred card shows most of itself.
    public func shift(progress p: Double, viewport: Size) -> Double {
        p > 0 ? p * viewport.width / config.rightShiftDivisor : abs(p) * viewport.width / config.leftShiftDivisor
    }

    /// Lays out the cards with progress in (minProgress, maxProgress), right ones on top.
    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        output.removeAll(keepingCapacity: true)
        let count = cards.count
        guard canLayOut(input, count: count) else { return }
        let v = input.viewport
        let size = cardSize(viewport: v)
        let pitch = pitch(viewport: v)
        let c = wrappedPosition(input.position, count: count, viewport: v) / pitch
        // Virtual indices k (card k mod count), nearest the centre first so that with few
        // cards each one is drawn at its nearest repetition. One extra each side for a gap.
        let k0 = (c).rounded()
        let span = Int(max(0, min(64, config.maxProgress - config.minProgress + 2)).rounded(.up))
        for step in 0...(2 * span) {
            let kk = k0 + Double(step % 2 == 0 ? step / 2 : -(step + 1) / 2)
            let i = Int(kk - Double(count) * (kk / Double(count)).rounded(.down))
            guard i >= 0 && i < count else { continue }
            let p = kk - c + (input.gap?.displacement(of: i) ?? 0)
            guard p > config.minProgress && p < config.maxProgress else { continue }
            if output.contains(where: { $0.index == i }) { continue }
            var alpha = alpha(progress: p) * min(1, p - config.minProgress)
            let scale = scale(progress: p)
            var offset = Vector.zero
            var z = p
            if let o = input.overrides.override(for: i) {
                offset = o.offset
                let q = v.height > 0 ? abs(offset.dy) / (v.height / 2) : 0
                alpha *= max(0, 1 - config.dragAlphaFalloff * q) * max(0, min(1, o.alpha))
                z += overrideZBoost
            }
            let cx = v.width / 2 + p * pitch + scale * shift(progress: p, viewport: v)
            let t = cardTransform(scaleX: scale, scaleY: scale, rotation: 0,
                                  centerX: cx + offset.dx, centerY: v.height / 2 + offset.dy)
            appendIfVisible(CardAttributes(card: cards.id(at: i), index: i, size: size, transform: t,
                                           alpha: alpha, zIndex: z),
                            viewport: v, to: &output)
        }
        sortBackToFront(&output)
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension SwitcherConfig: Codable {}
#endif
