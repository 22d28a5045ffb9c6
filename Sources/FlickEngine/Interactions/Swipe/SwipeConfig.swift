/// Every constant of the swipe deck: the decision stack of the card libraries (Koloda, Shuffle,
/// CardStackView), where the top card is swiped one way or another to decide.
public struct SwipeConfig: Hashable, Sendable, Codable {
    /// Card width as a fraction of the viewport width.
    public var widthRatio: Double
    /// Card height as a fraction of the viewport height.
    public var heightRatio: Double
    /// Scale lost per level of depth (the card at depth i is drawn at 1 − i × this).
    public var scaleStep: Double
    /// Downward shift per level of depth, points.
    public var depthOffset: Double
    /// Cards drawn in the stack; the next one fades in behind the last as the deck advances.
    public var visibleCount: Int
    /// Largest tilt of the top card, radians, reached at one card width of horizontal offset.
    public var maxTilt: Double
    /// Whether a card may leave to the left (1) or not (0).
    public var allowLeft: Int
    /// Whether a card may leave to the right (1) or not (0).
    public var allowRight: Int
    /// Whether a card may leave upward (1) or not (0).
    public var allowUp: Int
    /// Whether a card may leave downward (1) or not (0).
    public var allowDown: Int
    /// 1: the dragged card moves only toward allowed directions; 0: it follows the pointer freely.
    public var lockToAllowed: Int
    /// Name of a throw to the left, logged and drawn on the card (`nope`).
    public var leftName: String
    /// Name of a throw to the right (`like`).
    public var rightName: String
    /// Name of a throw upward (`super`).
    public var upName: String
    /// Name of a throw downward.
    public var downName: String
    /// A sideways release beyond this fraction of the card width throws, unitless.
    public var horizontalDistanceRatio: Double
    /// A vertical release beyond this fraction of the card height throws, unitless.
    public var verticalDistanceRatio: Double
    /// A sideways release faster than this throws, pt/s.
    public var horizontalSpeed: Double
    /// A vertical release faster than this throws, pt/s.
    public var verticalSpeed: Double
    /// Below this release speed a throw flies straight along its direction rather than along
    /// the release velocity, pt/s.
    public var minFlingSpeed: Double
    /// Gap between a thrown card's resting place and the screen edge, points.
    public var restMargin: Double
    /// Shortest throw flight, seconds.
    public var minThrowDuration: Double
    /// Longest throw flight, seconds.
    public var maxThrowDuration: Double
    /// Views the deck needs (the visible cards, one fading in, one flying).
    public var viewCount: Int

    /// The libraries' usual feel: left `nope`, right `like`, up `super`; throw past 0.4 of the
    /// card width (0.25 of its height upward) or 800 pt/s; tilt up to 15°.
    public static let `default` = SwipeConfig(
        widthRatio: 0.8, heightRatio: 0.6, scaleStep: 0.05, depthOffset: 12, visibleCount: 4,
        maxTilt: Double.pi / 12, allowLeft: 1, allowRight: 1, allowUp: 1, allowDown: 0, lockToAllowed: 0,
        leftName: "nope", rightName: "like", upName: "super", downName: "pass",
        horizontalDistanceRatio: 0.4, verticalDistanceRatio: 0.25, horizontalSpeed: 800, verticalSpeed: 800,
        minFlingSpeed: 200, restMargin: 16, minThrowDuration: 0.15, maxThrowDuration: 0.5, viewCount: 6)

    /// Memberwise; see the properties for units.
    public init(widthRatio: Double, heightRatio: Double, scaleStep: Double, depthOffset: Double, visibleCount: Int,
                maxTilt: Double, allowLeft: Int, allowRight: Int, allowUp: Int, allowDown: Int, lockToAllowed: Int,
                leftName: String, rightName: String, upName: String, downName: String,
                horizontalDistanceRatio: Double, verticalDistanceRatio: Double, horizontalSpeed: Double,
                verticalSpeed: Double, minFlingSpeed: Double, restMargin: Double, minThrowDuration: Double,
                maxThrowDuration: Double, viewCount: Int) {
        self.widthRatio = widthRatio
        self.heightRatio = heightRatio
        self.scaleStep = scaleStep
        self.depthOffset = depthOffset
        self.visibleCount = visibleCount
        self.maxTilt = maxTilt
        self.allowLeft = allowLeft
        self.allowRight = allowRight
        self.allowUp = allowUp
        self.allowDown = allowDown
        self.lockToAllowed = lockToAllowed
        self.leftName = leftName
        self.rightName = rightName
        self.upName = upName
        self.downName = downName
        self.horizontalDistanceRatio = horizontalDistanceRatio
        self.verticalDistanceRatio = verticalDistanceRatio
        self.horizontalSpeed = horizontalSpeed
        self.verticalSpeed = verticalSpeed
        self.minFlingSpeed = minFlingSpeed
        self.restMargin = restMargin
        self.minThrowDuration = minThrowDuration
        self.maxThrowDuration = maxThrowDuration
        self.viewCount = viewCount
    }

    /// True when a card may leave toward `direction`.
    public func allows(_ direction: ThrowDirection) -> Bool {
        switch direction {
        case .left: return allowLeft != 0
        case .right: return allowRight != 0
        case .up: return allowUp != 0
        case .down: return allowDown != 0
        }
    }

    /// The directions a card may leave toward.
    public var allowedDirections: Set<ThrowDirection> { Set(ThrowDirection.allCases.filter(allows)) }

    /// The name of `direction`, whether allowed or not.
    public func name(of direction: ThrowDirection) -> String {
        switch direction {
        case .left: return leftName
        case .right: return rightName
        case .up: return upName
        case .down: return downName
        }
    }
}

extension SwipeConfig {
    /// Swipe deck constants a config may hold (the names are strings, outside this table).
    public static let ranges: [ConfigField<SwipeConfig>] = [
        .number("widthRatio", \.widthRatio, unit: "", 0.05...4, "card width / viewport width"),
        .number("heightRatio", \.heightRatio, unit: "", 0.05...4, "card height / viewport height"),
        .number("scaleStep", \.scaleStep, unit: "", 0...0.2, "scale lost per level of depth"),
        .number("depthOffset", \.depthOffset, unit: "pt", -200...200, "downward shift per level of depth"),
        .count("visibleCount", \.visibleCount, 1...16, "cards drawn in the deck"),
        .number("maxTilt", \.maxTilt, unit: "rad", 0...1.6, "largest tilt of the dragged card (at one card width)"),
        .count("allowLeft", \.allowLeft, 0...1, "1: a card may leave to the left"),
        .count("allowRight", \.allowRight, 0...1, "1: a card may leave to the right"),
        .count("allowUp", \.allowUp, 0...1, "1: a card may leave upward"),
        .count("allowDown", \.allowDown, 0...1, "1: a card may leave downward"),
        .count("lockToAllowed", \.lockToAllowed, 0...1, "1: the card moves only toward allowed directions"),
        .number("horizontalDistanceRatio", \.horizontalDistanceRatio, unit: "", 0.01...4,
                "a sideways release beyond this fraction of the card width throws"),
        .number("verticalDistanceRatio", \.verticalDistanceRatio, unit: "", 0.01...4,
                "a vertical release beyond this fraction of the card height throws"),
        .number("horizontalSpeed", \.horizontalSpeed, unit: "pt/s", 1...100_000, "a sideways release faster than this throws"),
        .number("verticalSpeed", \.verticalSpeed, unit: "pt/s", 1...100_000, "a vertical release faster than this throws"),
        .number("minFlingSpeed", \.minFlingSpeed, unit: "pt/s", 0...100_000,
                "below this a throw flies along its direction, not the release velocity"),
        .number("restMargin", \.restMargin, unit: "pt", 0...200, "gap between a thrown card and the screen edge"),
        .number("minThrowDuration", \.minThrowDuration, unit: "s", 0.01...10, "shortest throw flight"),
        .number("maxThrowDuration", \.maxThrowDuration, unit: "s", 0.01...10, "longest throw flight"),
        .count("viewCount", \.viewCount, 1...64, "views the deck needs"),
    ]
}
