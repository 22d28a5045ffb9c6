/// Every constant of the swipe deck: the decision stack of the card libraries (Koloda, Shuffle,
/// CardStackView), where the top card is swiped one way or another to decide.
public struct SwipeConfig: Hashable, Sendable {
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
    /// Whether a card may leave to the left.
    public var allowLeft: Bool
    /// Whether a card may leave to the right.
    public var allowRight: Bool
    /// Whether a card may leave upward.
    public var allowUp: Bool
    /// Whether a card may leave downward.
    public var allowDown: Bool
    /// True: the dragged card moves only toward allowed directions; false: it follows the
    /// pointer freely.
    public var lockToAllowed: Bool
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
    /// Seconds for the deck to move a level after a change from outside (an insert, a delete,
    /// an undo when switching away); a thrown or returning card moves the deck itself.
    public var closeDuration: Double

    /// The libraries' usual feel: left `nope`, right `like`, up `super`; throw past 0.4 of the
    /// card width (0.25 of its height upward) or 800 pt/s; tilt up to 15°.
    public static let `default` = SwipeConfig(
        widthRatio: 0.8, heightRatio: 0.6, scaleStep: 0.05, depthOffset: 12, visibleCount: 4,
        maxTilt: Double.pi / 12, allowLeft: true, allowRight: true, allowUp: true, allowDown: false, lockToAllowed: false,
        leftName: "nope", rightName: "like", upName: "super", downName: "pass",
        horizontalDistanceRatio: 0.4, verticalDistanceRatio: 0.25, horizontalSpeed: 800, verticalSpeed: 800,
        minFlingSpeed: 200, restMargin: 16, minThrowDuration: 0.15, maxThrowDuration: 0.5, viewCount: 6,
        closeDuration: 0.25)

    /// Memberwise; see the properties for units.
    public init(widthRatio: Double, heightRatio: Double, scaleStep: Double, depthOffset: Double, visibleCount: Int,
                maxTilt: Double, allowLeft: Bool, allowRight: Bool, allowUp: Bool, allowDown: Bool, lockToAllowed: Bool,
                leftName: String, rightName: String, upName: String, downName: String,
                horizontalDistanceRatio: Double, verticalDistanceRatio: Double, horizontalSpeed: Double,
                verticalSpeed: Double, minFlingSpeed: Double, restMargin: Double, minThrowDuration: Double,
                maxThrowDuration: Double, viewCount: Int, closeDuration: Double = 0.25) {
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
        self.closeDuration = closeDuration
    }

    /// True when a card may leave toward `direction`.
    public func allows(_ direction: ThrowDirection) -> Bool {
        switch direction {
        case .left: return allowLeft
        case .right: return allowRight
        case .up: return allowUp
        case .down: return allowDown
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
    /// Swipe deck constants a config may hold (the names are strings: `names`).
    public static let ranges: [ConfigField<SwipeConfig>] = [
        .number("widthRatio", { $0.widthRatio }, { $0.widthRatio = $1 }, unit: "", 0.05...4, "card width / viewport width"),
        .number("heightRatio", { $0.heightRatio }, { $0.heightRatio = $1 }, unit: "", 0.05...4, "card height / viewport height"),
        .number("scaleStep", { $0.scaleStep }, { $0.scaleStep = $1 }, unit: "", 0...0.2, "scale lost per level of depth"),
        .number("depthOffset", { $0.depthOffset }, { $0.depthOffset = $1 }, unit: "pt", -200...200, "downward shift per level of depth"),
        .count("visibleCount", { $0.visibleCount }, { $0.visibleCount = $1 }, 1...16, "cards drawn in the deck"),
        .number("maxTilt", { $0.maxTilt }, { $0.maxTilt = $1 }, unit: "rad", 0...1.6, "largest tilt of the dragged card (at one card width)"),
        .flag("allowLeft", { $0.allowLeft }, { $0.allowLeft = $1 }, "a card may leave to the left"),
        .flag("allowRight", { $0.allowRight }, { $0.allowRight = $1 }, "a card may leave to the right"),
        .flag("allowUp", { $0.allowUp }, { $0.allowUp = $1 }, "a card may leave upward"),
        .flag("allowDown", { $0.allowDown }, { $0.allowDown = $1 }, "a card may leave downward"),
        .flag("lockToAllowed", { $0.lockToAllowed }, { $0.lockToAllowed = $1 }, "the card moves only toward allowed directions"),
        .number("horizontalDistanceRatio", { $0.horizontalDistanceRatio }, { $0.horizontalDistanceRatio = $1 }, unit: "", 0.01...4,
                "a sideways release beyond this fraction of the card width throws"),
        .number("verticalDistanceRatio", { $0.verticalDistanceRatio }, { $0.verticalDistanceRatio = $1 }, unit: "", 0.01...4,
                "a vertical release beyond this fraction of the card height throws"),
        .number("horizontalSpeed", { $0.horizontalSpeed }, { $0.horizontalSpeed = $1 }, unit: "pt/s", 1...100_000, "a sideways release faster than this throws"),
        .number("verticalSpeed", { $0.verticalSpeed }, { $0.verticalSpeed = $1 }, unit: "pt/s", 1...100_000, "a vertical release faster than this throws"),
        .number("minFlingSpeed", { $0.minFlingSpeed }, { $0.minFlingSpeed = $1 }, unit: "pt/s", 0...100_000,
                "below this a throw flies along its direction, not the release velocity"),
        .number("restMargin", { $0.restMargin }, { $0.restMargin = $1 }, unit: "pt", 0...200, "gap between a thrown card and the screen edge"),
        .number("minThrowDuration", { $0.minThrowDuration }, { $0.minThrowDuration = $1 }, unit: "s", 0.01...10, "shortest throw flight"),
        .number("maxThrowDuration", { $0.maxThrowDuration }, { $0.maxThrowDuration = $1 }, unit: "s", 0.01...10, "longest throw flight"),
        .count("viewCount", { $0.viewCount }, { $0.viewCount = $1 }, 1...64, "views the deck needs"),
        .number("closeDuration", { $0.closeDuration }, { $0.closeDuration = $1 }, unit: "s", 0.01...10,
                "the deck moving a level after an insert or delete from outside"),
    ]

    /// The direction names, the text keys of the section.
    public static let names: [ConfigTextField<SwipeConfig>] = [
        .text("leftName", { $0.leftName }, { $0.leftName = $1 }, "name of a throw to the left, logged and drawn on the card"),
        .text("rightName", { $0.rightName }, { $0.rightName = $1 }, "name of a throw to the right"),
        .text("upName", { $0.upName }, { $0.upName = $1 }, "name of a throw upward"),
        .text("downName", { $0.downName }, { $0.downName = $1 }, "name of a throw downward"),
    ]
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension SwipeConfig: Codable {
    enum CodingKeys: String, CodingKey {
        case widthRatio, heightRatio, scaleStep, depthOffset, visibleCount, maxTilt
        case allowLeft, allowRight, allowUp, allowDown, lockToAllowed
        case leftName, rightName, upName, downName
        case horizontalDistanceRatio, verticalDistanceRatio, horizontalSpeed, verticalSpeed, minFlingSpeed
        case restMargin, minThrowDuration, maxThrowDuration, viewCount, closeDuration
    }

    /// Any subset of the keys, laid over the defaults in one pass (a preset holds only what it
    /// changes). The switches read `true`/`false`, and 1/0 as config files written before they
    /// were Booleans have them; every number must lie in its key's range (`ranges`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SwipeConfig.default
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        func flag(_ key: CodingKeys, _ fallback: Bool) throws -> Bool {
            guard c.contains(key) else { return fallback }
            if let b = try? c.decode(Bool.self, forKey: key) { return b }
            guard let n = try? c.decode(Int.self, forKey: key), n == 0 || n == 1 else {
                throw DecodingError.typeMismatch(Bool.self, .init(
                    codingPath: c.codingPath + [key], debugDescription: "expected true or false (or 1 or 0)"))
            }
            return n == 1
        }
        self.init(widthRatio: try value(.widthRatio, d.widthRatio), heightRatio: try value(.heightRatio, d.heightRatio),
                  scaleStep: try value(.scaleStep, d.scaleStep), depthOffset: try value(.depthOffset, d.depthOffset),
                  visibleCount: try value(.visibleCount, d.visibleCount), maxTilt: try value(.maxTilt, d.maxTilt),
                  allowLeft: try flag(.allowLeft, d.allowLeft), allowRight: try flag(.allowRight, d.allowRight),
                  allowUp: try flag(.allowUp, d.allowUp), allowDown: try flag(.allowDown, d.allowDown),
                  lockToAllowed: try flag(.lockToAllowed, d.lockToAllowed),
                  leftName: try value(.leftName, d.leftName), rightName: try value(.rightName, d.rightName),
                  upName: try value(.upName, d.upName), downName: try value(.downName, d.downName),
                  horizontalDistanceRatio: try value(.horizontalDistanceRatio, d.horizontalDistanceRatio),
                  verticalDistanceRatio: try value(.verticalDistanceRatio, d.verticalDistanceRatio),
                  horizontalSpeed: try value(.horizontalSpeed, d.horizontalSpeed),
                  verticalSpeed: try value(.verticalSpeed, d.verticalSpeed),
                  minFlingSpeed: try value(.minFlingSpeed, d.minFlingSpeed), restMargin: try value(.restMargin, d.restMargin),
                  minThrowDuration: try value(.minThrowDuration, d.minThrowDuration),
                  maxThrowDuration: try value(.maxThrowDuration, d.maxThrowDuration),
                  viewCount: try value(.viewCount, d.viewCount), closeDuration: try value(.closeDuration, d.closeDuration))
        for field in Self.ranges {
            guard let v = field.get(self), field.key(group: "swipe").accepts(v) else {
                throw ConfigError.outOfRange(key: "swipe.\(field.name)", value: field.get(self) ?? .nan, range: field.range)
            }
        }
    }
}
#endif
