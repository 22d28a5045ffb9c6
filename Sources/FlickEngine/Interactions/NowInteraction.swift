/// Google Now cards: a vertical list with momentum; a card dragged sideways is thrown past 0.7
/// of its width or 600 pt/s, tilting as it goes, and the cards below close the gap.
struct NowInteraction: CardInteraction, ThrowRule, CardFlights, ContentPhysics {
    static let name = Interaction.now
    let config: NowConfig
    let env: InteractionEnvironment

    init(config: SceneConfig) {
        self.config = config.now
        env = config.environment
    }

    func makeLayout() -> NowLayout { NowLayout(config: config) }
    var scrollPhysics: ScrollPhysics { onePagePerFling(env.scroll) }
    var contentMovement: ContentMovement { .scroll(.vertical) }
    var viewBound: Int { config.viewCount + 1 }
    var gapDuration: Double { config.gapCloseDuration }
    var undoFlightDuration: Double { env.commands.undoFlightDuration }
    var keyThrowVelocity: Vector { Vector(dx: env.commands.keyThrowSpeed, dy: 0) }

    private func cardWidth(_ viewport: Size) -> Double { NowLayout(config: config).cardSize(viewport: viewport).width }

    /// 1.5 card widths to the right.
    func thrownRestOffset(viewport: Size) -> Vector {
        Vector(dx: config.throwTargetWidths * cardWidth(viewport), dy: 0)
    }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        config.decideThrow(translation: offset, velocity: velocity, cardWidth: cardWidth(viewport))
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        config.throwAnimation(from: offset, velocity: velocity, direction: direction.dx,
                              cardWidth: cardWidth(viewport), startTime: t)
    }

    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        env.springHome(from: offset, velocity: velocity, at: t)
    }
}

extension NowConfig {
    /// Sideways release of a Now card: throw if |dx| / width > `throwDistanceRatio` or
    /// |vx| > `throwSpeed`, toward the velocity when it decided, else toward the offset.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: release velocity, pt/s.
    ///   - cardWidth: points.
    public func decideThrow(translation: Vector, velocity: Vector, cardWidth: Double) -> ThrowOutcome {
        let t = finite(translation), v = finite(velocity)
        let distance = safeRatio(abs(t.dx), cardWidth)
        let df = safeRatio(distance, throwDistanceRatio), sf = safeRatio(abs(v.dx), throwSpeed)
        func outcome(_ d: ThrowDecision, leaning dx: Double) -> ThrowOutcome {
            ThrowOutcome(decision: d, intent: max(df, sf), direction: dx == 0 ? nil : (dx < 0 ? .left : .right),
                         distanceFraction: df, speedFraction: sf)
        }
        if abs(v.dx) > throwSpeed {
            return outcome(.throwAway(direction: Vector(dx: v.dx < 0 ? -1 : 1, dy: 0)), leaning: v.dx)
        }
        if distance > throwDistanceRatio {
            return outcome(.throwAway(direction: Vector(dx: t.dx < 0 ? -1 : 1, dy: 0)), leaning: t.dx)
        }
        return outcome(.snapBack, leaning: sf > df ? v.dx : t.dx)
    }

    /// Throw duration for a sideways release speed, seconds: `throwDurationDistance` / |v|
    /// clamped to [min, max] (the original's 1000 / |v| in [0.2, 2]).
    public func throwDuration(speed: Double) -> Double {
        let s = abs(speed)
        guard s > 0, s.isFinite else { return s.isInfinite ? minThrowDuration : maxThrowDuration }
        return min(max(throwDurationDistance / s, minThrowDuration), maxThrowDuration)
    }

    /// The flight of a thrown Now card to `throwTargetWidths` card widths in `direction` (±1),
    /// starting from its offset and velocity at release.
    public func throwAnimation(from offset: Vector, velocity: Vector, direction: Double, cardWidth: Double,
                               startTime: Double) -> ThrowAnimation {
        let target = Vector(dx: (direction < 0 ? -1 : 1) * throwTargetWidths * max(0, cardWidth), dy: 0)
        return ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime,
                              duration: throwDuration(speed: velocity.dx))
    }
}

extension Interaction {
    /// Google Now: a vertical list, swipe a card sideways to dismiss it.
    public static let now = Interaction(named: "now")
}

extension NowInteraction {
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name and section.
    static let registration = InteractionRegistration(NowInteraction.self, section: NowConfig.self)
}

extension NowConfig: InteractionSection {
    /// Kept under "now".
    public static var interaction: Interaction { .now }
    /// The design's values (`default`).
    public init() { self = .default }
    #if !hasFeature(Embedded)
    /// Any subset of its keys over the defaults (a preset holds only what it changes).
    public init(from decoder: any Decoder) throws { self = try Self.decodedOverDefaults(from: decoder) }
    #endif
}

extension SceneConfig {
    /// Google Now list: its section.
    public var now: NowConfig {
        get { section(NowConfig.self) }
        set { setSection(newValue) }
    }
}
