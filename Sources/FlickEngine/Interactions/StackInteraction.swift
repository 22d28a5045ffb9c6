import FlickMath

/// A card stack: the top card dragged left is thrown past 100 pt or 800 pt/s and rests off the
/// left edge; a drag to the right pulls the last thrown card back. The stack moves up a level
/// as its top card leaves, following the card rather than a clock of its own.
struct StackInteraction: CardInteraction, PanRouting, ThrowRule, CardFlights, ContentPhysics {
    static let name = Interaction.stack
    let config: StackConfig
    let closeDuration: Double
    let env: InteractionEnvironment

    init(config: SceneConfig) {
        self.config = config.stack
        closeDuration = config.stackCloseDuration
        env = config.environment
    }

    func makeLayout() -> StackLayout { StackLayout(config: config) }
    /// The stack does not scroll; its position is the top card's place (`DepthStackLayout`).
    var scrollPhysics: ScrollPhysics { .default }
    var contentMovement: ContentMovement { .depthStack }
    var viewBound: Int { config.viewCount + 1 }
    /// A change from outside (an insert, a delete, an undo without flight) moves the stack a
    /// level in this time; a thrown or returning card moves it itself (see `gapClosing`).
    var gapDuration: Double { closeDuration }
    var flightMovesNeighbours: Bool { true }
    var undoFlightDuration: Double { env.commands.undoFlightDuration }
    var keyThrowVelocity: Vector { Vector(dx: -env.commands.keyThrowSpeed, dy: 0) }

    /// Off the left edge, wholly out of sight.
    func thrownRestOffset(viewport: Size) -> Vector { StackLayout(config: config).thrownOffset(viewport: viewport) }

    /// Where the last thrown card waits while a pointer is down: its right edge `peekWidth`
    /// inside the left edge, so it is seen before the drag starts (the original adds it on
    /// touch-down) and follows the pointer from the first point.
    func returnPeekOffset(viewport: Size) -> Vector? {
        let layout = StackLayout(config: config)
        let home = layout.homeCenter(viewport: viewport)
        let size = layout.cardSize(viewport: viewport)
        guard size.width > 0 else { return .zero }
        // The card tilts with its offset, which moves its rightmost corner: a few rounds of
        // "offset from the extent, extent from the offset's tilt" settle on it.
        var dx = config.peekWidth - home.x - size.width / 2
        for _ in 0..<4 {
            let angle = dx / size.width * config.tiltPerWidth
            let reach = size.width / 2 * abs(Elementary.cos(angle)) + size.height / 2 * abs(Elementary.sin(angle))
            dx = config.peekWidth - home.x - reach
        }
        return Vector(dx: dx, dy: 0)
    }

    /// The last card stays: the original stops at the last item.
    func canThrow(index: Int, count: Int) -> Bool { index < count - 1 }

    /// A drag mostly to the right pulls the last thrown card back from the left edge; any other
    /// drag moves the top card (but not the last one, which cannot be thrown).
    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        let d = pan.position - pan.startPosition
        if d.dx > 0, d.dx > abs(d.dy), context.hasReturningCard { return .bringBack }
        // While the top card flies away, the one beneath it is the top.
        guard let index = context.firstStayingIndex, let top = context.firstStayingCard,
              canThrow(index: index, count: context.count) else { return .ignored }
        return .card(top)
    }

    /// Next throws the top card, previous brings the last one back.
    func step(_ delta: Int) -> StepAction { delta > 0 ? .throwCurrent : .undo }

    /// The card follows the pointer both ways.
    func cardTranslation(_ t: Vector) -> Vector { t }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        if kind == .bringBack {
            let start = returnPeekOffset(viewport: viewport) ?? thrownRestOffset(viewport: viewport)
            return config.decideReturningCard(translation: offset - start, velocity: velocity)
        }
        return config.decideTopCard(translation: offset, velocity: velocity)
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        config.flight(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), startTime: t)
    }

    /// Home or back out at the release speed, clamped.
    func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation {
        config.flight(from: offset, velocity: velocity, to: target, startTime: t)
    }

    /// A top card let go short of a throw springs home.
    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        env.springHome(from: offset, velocity: velocity, at: t)
    }

    /// The cards below the top move up a level as the top card leaves (and back down as a
    /// thrown card returns), by how far the top card is from home toward the left edge: a
    /// card peeking in from there leaves the stack as it was.
    func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing? {
        guard let o = topOffset else { return sliding }
        let out = abs((returnPeekOffset(viewport: viewport) ?? thrownRestOffset(viewport: viewport)).dx)
        guard out > 0 else { return nil }
        let progress = min(max(-o.dx / out, 0), 1)
        return GapClosing(index: top + 1, fraction: -progress)
    }
}

extension StackConfig {
    /// Release of the top card dragged left: throw left if vx < −`throwSpeed` or
    /// dx < −`throwDistance`, else snap back.
    /// - Parameters:
    ///   - translation: card offset at release, points.
    ///   - velocity: pt/s.
    public func decideTopCard(translation: Vector, velocity: Vector) -> ThrowOutcome {
        let t = finite(translation), v = finite(velocity)
        let df = safeRatio(-t.dx, throwDistance), sf = safeRatio(-v.dx, throwSpeed)
        let thrown = v.dx < -throwSpeed || t.dx < -throwDistance
        return ThrowOutcome(decision: thrown ? .throwAway(direction: Vector(dx: -1, dy: 0)) : .snapBack,
                            intent: max(df, sf), direction: .left, distanceFraction: df, speedFraction: sf)
    }

    /// Release of the returning card dragged right (translation counted from where the drag
    /// began, not from home): home if vx > `returnSpeed` or dx > `returnDistance`, else back out.
    /// - Parameters:
    ///   - translation: points.
    ///   - velocity: pt/s.
    public func decideReturningCard(translation: Vector, velocity: Vector) -> ThrowOutcome {
        let t = finite(translation), v = finite(velocity)
        let df = safeRatio(t.dx, returnDistance), sf = safeRatio(v.dx, returnSpeed)
        let home = v.dx > returnSpeed || t.dx > returnDistance
        return ThrowOutcome(decision: home ? .bringBack : .sendBackOut, intent: max(df, sf), direction: .right,
                            distanceFraction: df, speedFraction: sf)
    }

    /// Duration of a stack flight: the remaining distance at the release speed, clamped, seconds.
    public func flightDuration(distance: Double, speed: Double) -> Double {
        clampedFlightDuration(distance: distance, speed: speed, min: minThrowDuration, max: maxThrowDuration)
    }

    /// Flight of the top card (throw) or the returning card (back out) from `offset` to the
    /// resting place off the left edge (`StackLayout.thrownOffset`), or home (`.zero`) for a
    /// bring-back. Offsets are from the top-of-stack place, points.
    public func flight(from offset: Vector, velocity: Vector, to target: Vector, startTime: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: startTime,
                       duration: flightDuration(distance: (target - offset).length, speed: velocity.length))
    }
}

extension Interaction {
    /// A card stack: throw the top card left, drag right to bring the last one back.
    public static let stack = Interaction(named: "stack")
}

extension StackInteraction {
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name and section.
    static let registration = InteractionRegistration(StackInteraction.self, section: StackConfig.self)
}

extension StackConfig: InteractionSection {
    /// Kept under "stack".
    public static var interaction: Interaction { .stack }
    /// The design's values (`default`).
    public init() { self = .default }
    #if !hasFeature(Embedded)
    /// Any subset of its keys over the defaults (a preset holds only what it changes).
    public init(from decoder: any Decoder) throws { self = try Self.decodedOverDefaults(from: decoder) }
    #endif
}

extension SceneConfig {
    /// Card stack: its section.
    public var stack: StackConfig {
        get { section(StackConfig.self) }
        set { setSection(newValue) }
    }
}
