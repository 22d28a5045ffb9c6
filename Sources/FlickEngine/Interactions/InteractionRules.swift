/// The interaction on show as the scene sees it: one `CardInteraction` with its own `State`,
/// behind a class-bound protocol with no associated types and no generic members.
///
/// A plug-in author writes a `CardInteraction` (a value type with an associated `Layout` and
/// four contracts, the routing's with its `State`); the scene never holds one as
/// `any CardInteraction`. It holds this instead, made where the interaction's type is known
/// (`InteractionRules.make`, a registration, `install`), so every call the scene makes is a
/// plain witness call on a class. That is the one shape both targets can run: natively it costs
/// one indirection, and Embedded Swift (the engine in WebAssembly) has no existentials of
/// non-class protocols and cannot open an existential into a generic function
/// (docs/architecture.md, "One engine, two targets").
protocol InteractionRules: AnyObject {
    /// The interaction's name (`CardInteraction.name`).
    var name: Interaction { get }
    /// The same interaction made afresh under `config`, keeping the state it has.
    func remade(config: SceneConfig) -> any InteractionRules
    /// Takes over `previous`'s state when it is the same type of interaction (else keeps its
    /// fresh one).
    func keepState(of previous: any InteractionRules)
    /// Remembers the state, to put it back with `endTrial()` (a frame laid out ahead of late
    /// input).
    func beginTrial()
    /// Puts back the state `beginTrial()` remembered.
    func endTrial()

    func makeLayout() -> SceneLayout
    var scrollPhysics: ScrollPhysics { get }
    var contentMovement: ContentMovement { get }
    func label(for direction: ThrowDirection) -> String?
    var keyThrowDirections: Set<ThrowDirection> { get }
    func keyThrowVelocity(toward direction: ThrowDirection) -> Vector?
    func undoStartOffset(exit: Vector?, viewport: Size) -> Vector
    var viewBound: Int { get }
    var gapDuration: Double { get }
    var flightMovesNeighbours: Bool { get }
    var undoFlightDuration: Double { get }
    var keyThrowVelocity: Vector { get }
    func thrownRestOffset(viewport: Size) -> Vector
    /// The route for `pan`, the interaction's state handed to it and kept.
    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute
    /// The answer to an arrow key, the interaction's state handed to it and kept.
    func step(_ delta: Int) -> StepAction
    /// Shows the interaction an event it emitted (skipped for one without state).
    func observe(_ event: SceneEvent)
    func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double
    func cardTranslation(_ translation: Vector) -> Vector
    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome
    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation
    func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation
    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase
    func returnPeekOffset(viewport: Size) -> Vector?
    func canThrow(index: Int, count: Int) -> Bool
    func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing?
}

/// `I` with the state it keeps: the one type behind `InteractionRules`. It reads `I`'s four
/// contracts once, when the rules are made (they are constants of the config), and asks them.
final class RulesOf<I: CardInteraction>: InteractionRules {
    let rules: I
    let routing: I.Routing
    let throwRule: I.Rule
    let flights: I.Flights
    let physics: I.Physics
    var state: I.State
    private var saved: I.State?

    init(_ rules: I, state: I.State? = nil) {
        self.rules = rules
        routing = rules.routing
        throwRule = rules.throwRule
        flights = rules.flights
        physics = rules.physics
        self.state = state ?? routing.makeState()
    }

    var name: Interaction { I.name }
    func remade(config: SceneConfig) -> any InteractionRules { RulesOf(I(config: config), state: state) }
    func keepState(of previous: any InteractionRules) {
        if let same = previous as? RulesOf<I> { state = same.state }
    }
    func beginTrial() { saved = state }
    func endTrial() {
        if let saved { state = saved }
        saved = nil
    }

    func makeLayout() -> SceneLayout { SceneLayout(rules.makeLayout()) }

    var scrollPhysics: ScrollPhysics { physics.scrollPhysics }
    var contentMovement: ContentMovement { physics.contentMovement }
    var viewBound: Int { physics.viewBound }
    var gapDuration: Double { physics.gapDuration }
    var flightMovesNeighbours: Bool { physics.flightMovesNeighbours }
    func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing? {
        physics.gapClosing(sliding: sliding, top: top, topOffset: topOffset, viewport: viewport)
    }

    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute { routing.route(pan, in: context, state: &state) }
    func step(_ delta: Int) -> StepAction { routing.step(delta, state: &state) }
    func observe(_ event: SceneEvent) {
        guard I.State.self != NoState.self else { return }
        routing.observe(event, state: &state)
    }
    func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double { routing.tiltSign(grabbedAt: local, cardSize: cardSize) }
    func cardTranslation(_ translation: Vector) -> Vector { routing.cardTranslation(translation) }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        throwRule.decide(kind: kind, offset: offset, velocity: velocity, viewport: viewport)
    }
    func label(for direction: ThrowDirection) -> String? { throwRule.label(for: direction) }
    func canThrow(index: Int, count: Int) -> Bool { throwRule.canThrow(index: index, count: count) }
    var keyThrowVelocity: Vector { throwRule.keyThrowVelocity }
    var keyThrowDirections: Set<ThrowDirection> { throwRule.keyThrowDirections }
    func keyThrowVelocity(toward direction: ThrowDirection) -> Vector? { throwRule.keyThrowVelocity(toward: direction) }

    func thrownRestOffset(viewport: Size) -> Vector { flights.thrownRestOffset(viewport: viewport) }
    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        flights.throwFlight(from: offset, velocity: velocity, direction: direction, viewport: viewport, at: t)
    }
    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        flights.snapBack(from: offset, velocity: velocity, at: t)
    }
    var undoFlightDuration: Double { flights.undoFlightDuration }
    func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation {
        flights.returnFlight(from: offset, velocity: velocity, to: target, at: t)
    }
    func undoStartOffset(exit: Vector?, viewport: Size) -> Vector { flights.undoStartOffset(exit: exit, viewport: viewport) }
    func returnPeekOffset(viewport: Size) -> Vector? { flights.returnPeekOffset(viewport: viewport) }
}
