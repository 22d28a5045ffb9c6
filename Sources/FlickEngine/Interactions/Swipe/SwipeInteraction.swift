/// The swipe deck: the top card follows the pointer on both axes and leaves toward an allowed
/// direction (left `nope`, right `like`, up `super` by default) past a distance or a speed; it
/// flies along the release velocity, and undo brings it back from where it went. The card
/// beneath grows to full size as the top one moves away.
struct SwipeInteraction: CardInteraction, PanRouting, ThrowRule, CardFlights, ContentPhysics {
    static let name = Interaction.swipe
    let config: SwipeConfig
    let env: InteractionEnvironment

    init(config: SceneConfig) {
        self.config = config.swipe
        env = config.environment
    }

    private var layout: SwipeLayout { SwipeLayout(config: config) }

    func makeLayout() -> SwipeLayout { layout }
    /// The deck does not scroll; its position is the top card's place (`DepthStackLayout`).
    var scrollPhysics: ScrollPhysics { .default }
    var contentMovement: ContentMovement { .depthStack }
    var viewBound: Int { config.viewCount + 1 }
    var gapDuration: Double { config.closeDuration }
    var flightMovesNeighbours: Bool { true }
    var undoFlightDuration: Double { env.commands.undoFlightDuration }

    /// The Delete key likes (or takes the first allowed direction).
    var keyThrowVelocity: Vector {
        let d = config.allows(.right) ? .right : (ThrowDirection.allCases.first(where: config.allows) ?? .right)
        return d.unit * env.commands.keyThrowSpeed
    }

    var keyThrowDirections: Set<ThrowDirection> { config.allowedDirections }

    func label(for direction: ThrowDirection) -> String? {
        config.allows(direction) ? config.name(of: direction) : nil
    }

    func thrownRestOffset(viewport: Size) -> Vector { layout.thrownOffset(viewport: viewport) }

    /// From the side it left: where its throw flew.
    func undoStartOffset(exit: Vector?, viewport: Size) -> Vector { exit ?? thrownRestOffset(viewport: viewport) }

    /// A press on the top card drags it; while a thrown card still flies off the deck, the top
    /// card is the one beneath it (a press on the flying card lands on it too), so the next
    /// swipe can start at once.
    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        guard let hit = context.pressedStaying, hit.index == context.firstStayingIndex else { return .ignored }
        return .card(hit.card)
    }

    /// Next throws the top card (a like), previous brings the last one back.
    func step(_ delta: Int) -> StepAction { delta > 0 ? .throwCurrent : .undo }

    /// Grabbed in its lower half, the card tilts the other way (it pivots about the finger).
    func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double { local.y > 0 ? -1 : 1 }

    /// Both axes; with `lockToAllowed`, never toward a direction the card may not leave by.
    func cardTranslation(_ t: Vector) -> Vector {
        guard config.lockToAllowed else { return t }
        var v = t
        if !config.allows(.left) { v.dx = max(0, v.dx) }
        if !config.allows(.right) { v.dx = min(0, v.dx) }
        if !config.allows(.up) { v.dy = max(0, v.dy) }
        if !config.allows(.down) { v.dy = min(0, v.dy) }
        return v
    }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        config.decideThrow(offset: offset, velocity: velocity, cardSize: layout.cardSize(viewport: viewport))
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        config.throwAnimation(from: offset, velocity: velocity, direction: direction, viewport: viewport, startTime: t)
    }

    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        env.springHome(from: offset, velocity: velocity, at: t)
    }

    /// The cards beneath move up a level as the top card moves away, fully once it is one card
    /// width from home (and back as it returns): continuous, so nothing pops when it leaves.
    func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing? {
        guard let o = topOffset else { return sliding }
        let w = layout.cardSize(viewport: viewport).width
        guard w > 0, o.isFinite else { return nil }
        return GapClosing(index: top + 1, fraction: -min(o.length / w, 1))
    }
}

extension SwipeConfig {
    /// Release of the top card `offset` from home (points) at `velocity` (pt/s), for a card
    /// `cardSize` big: judged along the direction it went furthest toward, as a fraction of that
    /// direction's thresholds (distance: `horizontalDistanceRatio` of the width or
    /// `verticalDistanceRatio` of the height; speed: `horizontalSpeed` or `verticalSpeed`).
    /// Past either threshold (strictly) it is thrown that way if the direction is allowed, else
    /// it springs back; short of both it springs back.
    public func decideThrow(offset: Vector, velocity: Vector, cardSize: Size) -> ThrowOutcome {
        let t = finite(offset), v = finite(velocity)
        var best: (direction: ThrowDirection, distance: Double, speed: Double)? = nil
        for d in ThrowDirection.allCases {
            let u = d.unit
            let horizontal = u.dx != 0
            let extent = horizontal ? cardSize.width * horizontalDistanceRatio : cardSize.height * verticalDistanceRatio
            let df = safeRatio(t.dx * u.dx + t.dy * u.dy, extent)
            let sf = safeRatio(v.dx * u.dx + v.dy * u.dy, horizontal ? horizontalSpeed : verticalSpeed)
            if max(df, sf) > max(best?.distance ?? 0, best?.speed ?? 0) { best = (d, df, sf) }
        }
        guard let b = best else { return ThrowOutcome(decision: .snapBack) }
        let thrown = (b.distance > 1 || b.speed > 1) && allows(b.direction)
        return ThrowOutcome(decision: thrown ? .throwAway(direction: b.direction.unit) : .snapBack,
                            direction: b.direction, distanceFraction: b.distance, speedFraction: b.speed)
    }

    /// The flight of a card thrown `direction` (a unit vector) from `offset` at `velocity`:
    /// along the velocity when it is at least `minFlingSpeed` and goes that way, else straight
    /// along `direction`, until the card (whatever its tilt) is wholly off the viewport; it
    /// takes the remaining distance at the release speed, clamped to [min, max] seconds.
    public func throwAnimation(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                               startTime: Double) -> ThrowAnimation {
        let layout = SwipeLayout(config: self)
        let size = layout.cardSize(viewport: viewport)
        let o = finite(offset), v = finite(velocity)
        let speed = v.length
        let along = v.dx * direction.dx + v.dy * direction.dy
        var dir = speed >= minFlingSpeed && along > 0 ? v * (1 / speed) : direction
        if !(dir.length > 0) { dir = Vector(dx: 1, dy: 0) }
        let home = layout.homeCenter(viewport: viewport)
        let c = Point(x: home.x + o.dx, y: home.y + o.dy)
        let reach = (size.width + size.height) / 2 + restMargin
        var s = Double.infinity
        if dir.dx > 0 { s = min(s, (viewport.width + reach - c.x) / dir.dx) }
        if dir.dx < 0 { s = min(s, (-reach - c.x) / dir.dx) }
        if dir.dy > 0 { s = min(s, (viewport.height + reach - c.y) / dir.dy) }
        if dir.dy < 0 { s = min(s, (-reach - c.y) / dir.dy) }
        s = s.isFinite ? max(0, s) : 0
        return ThrowAnimation(from: o, velocity: v, to: o + dir * s, startTime: startTime,
                              duration: clampedFlightDuration(distance: s, speed: speed,
                                                              min: minThrowDuration, max: maxThrowDuration))
    }
}

extension Interaction {
    /// The decision deck of the card libraries: swipe the top card left (nope), right (like) or
    /// up (super); undo brings it back from the side it left.
    public static let swipe = Interaction(named: "swipe")
}

extension SwipeInteraction {
    /// Its entry in the registry (`InteractionRegistry.builtIns`): name and section.
    static let registration = InteractionRegistration(SwipeInteraction.self, section: SwipeConfig.self)
}

extension SwipeConfig: InteractionSection {
    /// Kept under "swipe".
    public static var interaction: Interaction { .swipe }
    /// The design's values (`default`).
    public init() { self = .default }
    /// The direction names.
    public static var texts: [ConfigTextField<SwipeConfig>] { names }

    #if !hasFeature(Embedded)
    /// `init(from:)`; without its own close duration the deck runs on the stack's, as configs
    /// and recordings written before it had one did (so they replay the same).
    public static func decode(from decoder: (any Decoder)?, in config: SceneConfig) throws -> SwipeConfig {
        var s = try decoder.map { try SwipeConfig(from: $0) } ?? SwipeConfig()
        let own = try decoder?.container(keyedBy: CodingKeys.self).contains(.closeDuration) ?? false
        if !own { s.closeDuration = config.stackCloseDuration }
        return s
    }
    #endif
}

extension SceneConfig {
    /// The swipe deck: its section.
    public var swipe: SwipeConfig {
        get { section(SwipeConfig.self) }
        set { setSection(newValue) }
    }
}
