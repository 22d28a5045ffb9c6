/// The iOS 9 task switcher: an endless row, five cards across, up to three cards per fling; a
/// card flicked up past half the height or 500 pt/s is thrown off the top.
struct SwitcherInteraction: ThrowsOffTheTop, ContentPhysics {
    static let name = Interaction.switcher
    let config: SwitcherConfig
    let env: InteractionEnvironment

    init(config: SceneConfig) {
        self.config = config.switcher
        env = config.environment
    }

    func makeLayout() -> SwitcherLayout { SwitcherLayout(config: config) }

    /// Several cards per fling, as the design has it.
    var scrollPhysics: ScrollPhysics {
        var p = env.scroll
        p.maxPagesPerFling = max(1, config.maxCardsPerFling)
        return p
    }

    var contentMovement: ContentMovement { .scroll(.horizontal) }
    var viewBound: Int { config.viewCount + 1 }
    var gapDuration: Double { config.gapCloseDuration }
    var undoFlightDuration: Double { env.commands.undoFlightDuration }

    func throwTarget(viewport: Size) -> Vector { SwitcherLayout(config: config).throwTarget(viewport: viewport) }
    var throwDistanceRatio: Double { config.throwDistanceRatio }
    var throwSpeed: Double { config.throwSpeed }
    func throwOffTop(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation {
        config.throwAnimation(from: offset, velocity: velocity, to: target, startTime: t)
    }

    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        env.springHome(from: offset, velocity: velocity, at: t)
    }
}

extension SwitcherConfig {
    /// Vertical release, the carousel's rule with this config's thresholds.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: pt/s.
    ///   - viewportHeight: H, points.
    public func decideThrow(translation: Vector, velocity: Vector, viewportHeight: Double) -> ThrowOutcome {
        decideVerticalThrow(translation: translation, velocity: velocity, viewportHeight: viewportHeight,
                            distanceRatio: throwDistanceRatio, speed: throwSpeed)
    }

    /// The flight off the top (`SwitcherLayout.throwTarget`): remaining distance at the release
    /// speed, clamped to [min, max] seconds.
    public func throwAnimation(from offset: Vector, velocity: Vector, to target: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime,
                       duration: clampedFlightDuration(distance: (target - offset).length, speed: velocity.length,
                                                       min: minThrowDuration, max: maxThrowDuration))
    }
}

extension Interaction {
    /// iOS 9 task switcher: an endless horizontal row, flick a card up to dismiss it.
    public static let switcher = Interaction(named: "switcher")
}

extension SwitcherInteraction {
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name and section.
    static let registration = InteractionRegistration(SwitcherInteraction.self, section: SwitcherConfig.self)
}

extension SwitcherConfig: InteractionSection {
    /// Kept under "switcher".
    public static var interaction: Interaction { .switcher }
    /// The design's values (`default`).
    public init() { self = .default }
    #if !hasFeature(Embedded)
    /// Any subset of its keys over the defaults (a preset holds only what it changes).
    public init(from decoder: any Decoder) throws { self = try Self.decodedOverDefaults(from: decoder) }
    #endif
}

extension SceneConfig {
    /// iOS 9 task switcher: its section.
    public var switcher: SwitcherConfig {
        get { section(SwitcherConfig.self) }
        set { setSection(newValue) }
    }
}
