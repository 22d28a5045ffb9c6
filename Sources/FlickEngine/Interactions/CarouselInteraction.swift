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
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name, section, summary, colours.
    static let registration = InteractionRegistration(
        CarouselInteraction.self,
        summary: "iOS 7 app switcher. Page through; flick a card up to delete it.",
        section: CarouselConfig.self, theme: InteractionTheme(window: RGB(18, 20, 24), stage: RGB(12, 13, 16)))
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

extension CarouselInteraction {
    /// Paging row: drag, flings, swipe up deletes, a drag down returns, undo.
    static func demo(_ s: inout some GestureWriter, viewport: Size) {
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: Point(x: 0.6 * w, y: c.y), by: Vector(dx: -0.2 * w, dy: 0), duration: 0.5, for: 0.1)
        s.wait(0.6)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.3 * w, dy: 0), duration: 0.1)
        s.wait(0.8)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.3 * w, dy: 0), duration: 0.1)
        s.wait(0.8)
        s.drag(from: Point(x: 0.3 * w, y: c.y), by: Vector(dx: 0.3 * w, dy: 0), duration: 0.1)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: 3, dy: -0.5 * h), duration: 0.1)              // thrown up
        s.wait(0.9)
        s.hold(from: c, by: Vector(dx: 0, dy: 0.2 * h), duration: 0.4, for: 0.1)    // returns
        s.wait(0.8)
        s.command(.undo)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: -2, dy: -0.4 * h), duration: 0.1)             // thrown up
        s.wait(0.9)
        s.command(.undo)
    }
}
