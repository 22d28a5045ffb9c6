/// The iOS 7 app switcher: pages of 0.8 the width; a card flicked up past half the height or
/// 500 pt/s is deleted; everything moves in the design's fixed 0.3 s.
struct CarouselInteraction: ThrowsOffTheTop, ContentPhysics {
    static let name = Interaction.carousel
    let config: CarouselConfig
    let env: InteractionEnvironment

    init(config: SceneConfig) {
        self.config = config.carousel
        env = config.environment
    }

    func makeLayout() -> CarouselLayout { CarouselLayout(config: config) }
    var scrollPhysics: ScrollPhysics { onePagePerFling(env.scroll) }
    var contentMovement: ContentMovement { .scroll(.horizontal) }
    var viewBound: Int { config.viewCount }
    var gapDuration: Double { config.gapCloseDuration }
    var undoFlightDuration: Double { config.returnDuration }

    func throwTarget(viewport: Size) -> Vector { CarouselLayout(config: config).throwTarget(viewport: viewport) }
    var throwDistanceRatio: Double { config.throwDistanceRatio }
    var throwSpeed: Double { config.throwSpeed }
    func throwOffTop(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation {
        config.throwAnimation(from: offset, velocity: velocity, to: target, startTime: t)
    }

    /// Home in the design's fixed time, not on a spring.
    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        .flight(config.returnAnimation(from: offset, velocity: velocity, startTime: t))
    }
}

extension CarouselConfig {
    /// Vertical release: throw up if dy ≤ −H/2 (q ≥ 1) or vy < −`throwSpeed`; else return.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: pt/s.
    ///   - viewportHeight: H, points.
    public func decideThrow(translation: Vector, velocity: Vector, viewportHeight: Double) -> ThrowOutcome {
        decideVerticalThrow(translation: translation, velocity: velocity, viewportHeight: viewportHeight,
                            distanceRatio: throwDistanceRatio, speed: throwSpeed)
    }

    /// The flight off the top (`CarouselLayout.throwTarget`) in `throwDuration` seconds.
    public func throwAnimation(from offset: Vector, velocity: Vector, to target: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime, duration: throwDuration)
    }

    /// The return of a card not thrown, in `returnDuration` seconds (the design's fixed 0.3 s).
    public func returnAnimation(from offset: Vector, velocity: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: .zero, startTime: startTime, duration: returnDuration)
    }
}

extension Interaction {
    /// iOS 7 app switcher: horizontal pages, flick a card up to delete it.
    public static let carousel = Interaction(named: "carousel")
}

extension CarouselInteraction {
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name and section.
    static let registration = InteractionRegistration(CarouselInteraction.self, section: CarouselConfig.self)
}

extension CarouselConfig: InteractionSection {
    /// Kept under "carousel".
    public static var interaction: Interaction { .carousel }
    /// The design's values (`default`).
    public init() { self = .default }
    #if !hasFeature(Embedded)
    /// Any subset of its keys over the defaults (a preset holds only what it changes).
    public init(from decoder: any Decoder) throws { self = try Self.decodedOverDefaults(from: decoder) }
    #endif
}

extension SceneConfig {
    /// iOS 7 app switcher: its section.
    public var carousel: CarouselConfig {
        get { section(CarouselConfig.self) }
        set { setSection(newValue) }
    }
}
