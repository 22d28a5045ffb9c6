
/// Every constant of the card stack (defaults from the original design).
public struct StackConfig: Hashable, Sendable {
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
/// lower by `depthOffset` × i; cards above the top (thrown) rest off the left edge. The loop and
/// the geometry are the shared depth stack's (`DepthStackLayout`).
///
/// Position: points, the top card's index (a continuous number) times `positionStep`
/// (`DepthStackLayout`); between whole cards the cards below move up smoothly, as when the top
/// one leaves. Overrides are offsets from the top-of-stack place, whatever the card's depth: a
/// thrown card keeps flying where its override puts it, and at rest it is `thrownOffset` from
/// home (and not drawn).
public struct StackLayout: DepthStackLayout, Hashable, Sendable {
    /// The constants.
    public var config: StackConfig

    /// - Parameter config: constants, `.default` for the design's.
    public init(config: StackConfig = .default) { self.config = config }

    /// Card size, depth and reach from the config.
    public var shape: DepthStackShape {
        DepthStackShape(widthRatio: config.widthRatio, heightRatio: config.heightRatio, depthOffset: config.depthOffset,
                        visibleCount: config.visibleCount, restMargin: config.restMargin)
    }

    /// From the first card to the last on top (0 ... (count − 1) × `positionStep`, points): the
    /// last card cannot be thrown (as in the original).
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        0...position(ofTop: Double(max(0, count - 1)))
    }

    /// Narrower by `scaleStep` a level; the height stays.
    public func scale(depth: Double) -> (x: Double, y: Double) { (max(0.01, 1 - config.scaleStep * depth), 1) }

    /// `tiltPerWidth` per card width of horizontal offset, wherever grabbed.
    public func tilt(offset: Vector, sign: Double, viewport: Size) -> Double {
        let size = cardSize(viewport: viewport)
        return size.width > 0 ? offset.dx / size.width * config.tiltPerWidth : 0
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension StackConfig: Codable {}
#endif
