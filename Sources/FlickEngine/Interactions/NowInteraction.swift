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
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name, section, summary, colours.
    static let registration = InteractionRegistration(
        NowInteraction.self,
        summary: "Google Now cards. Scroll the list; swipe a card sideways to dismiss it.",
        section: NowConfig.self, theme: InteractionTheme(window: RGB(28, 31, 38), stage: RGB(232, 234, 237)))
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

extension NowInteraction {
    /// Vertical list: scroll, fling, a card dragged short of a throw, two throws, undo.
    static func demo(_ s: inout some GestureWriter, viewport: Size) {
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: Point(x: c.x, y: 0.75 * h), by: Vector(dx: 0, dy: -300), duration: 0.5, for: 0.1)
        s.wait(0.5)
        s.drag(from: Point(x: c.x, y: 0.8 * h), by: Vector(dx: 0, dy: -420), duration: 0.1)
        s.wait(1.2)
        s.drag(from: Point(x: c.x, y: 0.8 * h), by: Vector(dx: 0, dy: -360), duration: 0.1)
        s.wait(0.3)
        // Catch the momentum and let go.
        s.hold(from: Point(x: c.x, y: 0.5 * h), by: Vector(dx: 0, dy: -40), duration: 0.1, for: 0.1)
        s.wait(0.8)
        s.hold(from: c, by: Vector(dx: 0.2 * w, dy: 0), duration: 0.4, for: 0.1)      // snaps back
        s.wait(0.6)
        s.drag(from: c, by: Vector(dx: 0.45 * w, dy: 0), duration: 0.12)             // thrown right
        s.wait(1.0)
        s.drag(from: c, by: Vector(dx: -0.5 * w, dy: 10), duration: 0.15)            // thrown left
        s.wait(1.0)
        s.command(.undo)
        s.wait(0.8)
        s.drag(from: Point(x: c.x, y: 0.2 * h), by: Vector(dx: 0, dy: 500), duration: 0.1)  // fling back
        s.wait(1.2)
        s.command(.undo)
        s.wait(0.6)
        s.hold(from: Point(x: c.x, y: 0.7 * h), by: Vector(dx: 0, dy: -250), duration: 0.6, for: 0.1)
    }
}
