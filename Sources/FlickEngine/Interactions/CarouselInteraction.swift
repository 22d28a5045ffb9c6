/// The iOS 7 app switcher: pages of 0.8 the width; a card flicked up past half the height or
/// 500 pt/s is deleted; everything moves in the design's fixed 0.3 s.
struct CarouselInteraction: CardInteraction {
    static let name = Interaction.carousel
    let config: CarouselConfig
    let scroll: ScrollPhysics
    let commands: CommandConfig

    init(config: SceneConfig) {
        self.config = config.carousel
        scroll = config.scroll
        commands = config.commands
    }

    func makeLayout() -> any CardLayout { CarouselLayout(config: config) }
    var scrollPhysics: ScrollPhysics { onePagePerFling(scroll) }
    var contentMovement: ContentMovement { .scroll(.horizontal) }
    var viewBound: Int { config.viewCount }
    var gapDuration: Double { config.gapCloseDuration }
    var undoFlightDuration: Double { config.returnDuration }
    var keyThrowVelocity: Vector { Vector(dx: 0, dy: -commands.keyThrowSpeed) }

    /// Just above the top edge.
    func thrownRestOffset(viewport: Size) -> Vector { CarouselLayout(config: config).throwTarget(viewport: viewport) }

    /// Cards move vertically only.
    func cardTranslation(_ t: Vector) -> Vector { Vector(dx: 0, dy: t.dy) }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        config.decideThrow(translation: offset, velocity: velocity, viewportHeight: viewport.height)
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        config.throwAnimation(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), startTime: t)
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
