/// The iOS 9 task switcher: an endless row, five cards across, up to three cards per fling; a
/// card flicked up past half the height or 500 pt/s is thrown off the top.
struct SwitcherInteraction: CardInteraction {
    static let name = Interaction.switcher
    let config: SwitcherConfig
    let scroll: ScrollPhysics
    let snapBackSpring: SpringParameters
    let commands: CommandConfig

    init(config: SceneConfig) {
        self.config = config.switcher
        scroll = config.scroll
        snapBackSpring = config.snapBackSpring
        commands = config.commands
    }

    func makeLayout() -> any CardLayout { SwitcherLayout(config: config) }

    /// Several cards per fling, as the design has it.
    var scrollPhysics: ScrollPhysics {
        var p = scroll
        p.maxPagesPerFling = max(1, config.maxCardsPerFling)
        return p
    }

    var contentMovement: ContentMovement { .scroll(.horizontal) }
    var viewBound: Int { config.viewCount + 1 }
    var gapDuration: Double { config.gapCloseDuration }
    var undoFlightDuration: Double { commands.undoFlightDuration }
    var keyThrowVelocity: Vector { Vector(dx: 0, dy: -commands.keyThrowSpeed) }

    /// Just above the top edge.
    func thrownRestOffset(viewport: Size) -> Vector { SwitcherLayout(config: config).throwTarget(viewport: viewport) }

    /// Cards move vertically only.
    func cardTranslation(_ t: Vector) -> Vector { Vector(dx: 0, dy: t.dy) }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        config.decideThrow(translation: offset, velocity: velocity, viewportHeight: viewport.height)
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        config.throwAnimation(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), startTime: t)
    }

    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        .spring(SnapBack(from: offset, velocity: velocity, parameters: snapBackSpring, time: t))
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
