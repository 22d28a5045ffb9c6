/// What a pan does once it has passed the slop, as the interaction decides it.
public enum PanRoute: Hashable, Sendable {
    /// Moves the content along the scroll axis.
    case scroll
    /// Drags this card across the scroll axis, toward a throw.
    case card(CardID)
    /// Pulls the last thrown card back in (the stack's drag to the right).
    case bringBack
    /// Nothing to act on.
    case ignored
}

/// What an arrow key asks of an interaction.
public enum StepAction: Hashable, Sendable {
    /// Move one card or page along the scroll axis.
    case page
    /// Throw the current card away.
    case throwCurrent
    /// Bring the last thrown card back.
    case undo
}

/// Everything that differs between the card interactions. `CardScene` owns what they share
/// (input routing, time, motions, the deck, events) and asks its interaction for the rest; it
/// never asks which interaction it shows, and the interaction never sees the scene: it decides
/// from a read-only `InteractionContext` and from its own constants.
///
/// Public, so an embedder can add an interaction without forking the engine: conform a value
/// type, then `CardScene.install(_:at:)` it (see Tests/FlickPluginTests for a small one).
///
/// The rules are made afresh from the config on every change of it; what an interaction keeps
/// between inputs is its `State`, a value of its own type that the scene holds for it and hands
/// back, mutable, to `route(_:in:state:)`, `step(_:state:)` and `observe(_:state:)`.
///
/// The defaults below are the scrolling interactions' common behaviour (drag along the scroll
/// axis to scroll, across it to move the card under the press; arrows page; a card let go
/// short of a throw springs home; the neighbours slide into a gap).
public protocol CardInteraction: Sendable {
    /// What this interaction keeps between inputs, of its own type (a count, a mode, the last
    /// direction): a value type, so the scene can lay out a frame ahead of late input on a copy
    /// and put it back. The scene makes it with `makeState()` when the interaction comes on show
    /// (a switch to another interaction and back starts afresh) and keeps it while it stays on
    /// show: through `setConfig`, reloads and panel edits (which make the rules afresh, not the
    /// state), a switch to the same interaction, and a `reset` (an event it observes).
    /// `NoState` unless given.
    associatedtype State: Sendable = NoState

    /// The state the interaction starts with when it comes on show.
    func makeState() -> State

    /// Its name: what the log, the recording and the study show, and what it is registered
    /// under (`InteractionRegistry`).
    static var name: Interaction { get }

    /// Its constants, taken from the scene's config (a plug-in's own section:
    /// `config.section(MySection.self)`). A new config (`setConfig`, a reload, a panel edit)
    /// makes the rules on show afresh through this.
    init(config: SceneConfig)

    /// The type of its layout (inferred from `makeLayout()`).
    associatedtype Layout: CardLayout

    /// A fresh layout (the scene keeps it: built once per change of config, never per frame).
    /// Its type is the interaction's own (`-> some CardLayout` or the layout's type), never
    /// `any CardLayout`: the scene erases it where it is known (`SceneLayout`).
    func makeLayout() -> Layout

    /// Scroll physics of the content (momentum, paging) for this interaction.
    var scrollPhysics: ScrollPhysics { get }

    /// How the content moves: along a scroll axis, or as a depth stack whose top card is the
    /// current one. The scene takes its content strategy from this, once per change.
    var contentMovement: ContentMovement { get }

    /// The name under which a gesture or key throwing a card `direction` is logged and
    /// labelled on the card (`like`, `nope`), or nil for a direction without one.
    func label(for direction: ThrowDirection) -> String?

    /// The directions arrow keys throw the current card in (empty: arrows page or step).
    var keyThrowDirections: Set<ThrowDirection> { get }

    /// The velocity (pt/s) of a throw `direction` asked for by a key, or nil when this
    /// interaction does not throw that way.
    func keyThrowVelocity(toward direction: ThrowDirection) -> Vector?

    /// Where a card brought back by undo starts, as an offset from its place (points), given
    /// where its throw flew to (`exit`, nil when unknown).
    func undoStartOffset(exit: Vector?, viewport: Size) -> Vector

    /// Most live view slots this interaction needs: the design's view count.
    var viewBound: Int { get }

    /// Seconds the neighbours take to slide into a gap after a deletion (or out of the way of
    /// a card coming back).
    var gapDuration: Double { get }

    /// True when a card flying away or back already moves its neighbours (the stack follows
    /// its top card), so its landing starts no slide of its own.
    var flightMovesNeighbours: Bool { get }

    /// Seconds a card brought back by undo takes to fly home.
    var undoFlightDuration: Double { get }

    /// The velocity of a throw asked for by a key (pt/s): a brisk flick the design's way.
    var keyThrowVelocity: Vector { get }

    /// Where a thrown card comes to rest, as an offset from its place (points). Throws fly
    /// there; undo and bring-back start there.
    func thrownRestOffset(viewport: Size) -> Vector

    /// What a pan does, decided when it passes the slop.
    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute

    /// What a pan does, with the interaction's own state (the scene calls this one; by default
    /// it asks `route(_:in:)`).
    func route(_ pan: Pan, in context: InteractionContext, state: inout State) -> PanRoute

    /// What an arrow key (`delta` +1 next, -1 previous) does.
    func step(_ delta: Int) -> StepAction

    /// What an arrow key does, with the interaction's own state (the scene calls this one; by
    /// default it asks `step(_:)`).
    func step(_ delta: Int, state: inout State) -> StepAction

    /// Every event the scene emits while this interaction is on show, as it is committed (in
    /// time order, each once): where the state learns what happened (a throw decided, a card
    /// deleted or restored, a page reached, a reset). Nothing by default.
    func observe(_ event: SceneEvent, state: inout State)

    /// Sign of the tilt of a card grabbed at `local` (its own points, origin at its centre, y
    /// down) of a card `cardSize` big: 1 as the layout designs it, -1 flipped.
    func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double

    /// The part of a pan's translation that moves a dragged card, points.
    func cardTranslation(_ translation: Vector) -> Vector

    /// The throw rule for a card of gesture `kind` released at `offset` (points from its
    /// place) moving at `velocity` (pt/s): the decision with its direction and the distance and
    /// speed as fractions of their thresholds, as the log keeps it.
    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome

    /// The flight of a thrown card from `offset` at `velocity` along `direction`, from `t`.
    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation

    /// The flight of a card pulled back in, to `target` (home, or back out), from `t`.
    func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation

    /// How a card let go short of a throw goes home from `offset` at `velocity`, from `t`.
    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase

    /// Where the last thrown card shows while a pointer is down, ready to be pulled back
    /// (points from its place), or nil when a drag cannot pull it back.
    func returnPeekOffset(viewport: Size) -> Vector?

    /// True when the card at `index` of `count` may be thrown away.
    func canThrow(index: Int, count: Int) -> Bool

    /// The gap the layout draws: `sliding` is the slide after the last deck change; `top` the
    /// current card's index and `topOffset` its offset when it moves on its own.
    func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing?

    /// A scripted session that shows what this interaction does (drags, flings, throws, undos)
    /// on a `viewport` (points), written into `s`: what the render benchmarks play. By default a
    /// drag and a fling (GestureWriter.swift).
    static func demo(_ s: inout some GestureWriter, viewport: Size)
}

extension CardInteraction {
    /// Along the scroll axis: scroll; across it: drag the card under the press (as drawn now)
    /// unless it is already leaving.
    public func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        if case .scroll(let axis) = contentMovement, pan.axis == axis { return .scroll }
        guard let hit = context.pressed, !hit.isLeaving else { return .ignored }
        return .card(hit.card)
    }

    /// Arrows page.
    public func step(_ delta: Int) -> StepAction { .page }

    /// The stateless rule.
    public func route(_ pan: Pan, in context: InteractionContext, state: inout State) -> PanRoute {
        route(pan, in: context)
    }

    /// The stateless rule.
    public func step(_ delta: Int, state: inout State) -> StepAction { step(delta) }

    /// Keeps nothing.
    public func observe(_ event: SceneEvent, state: inout State) {}

    /// As designed, wherever grabbed.
    public func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double { 1 }

    /// No names.
    public func label(for direction: ThrowDirection) -> String? { nil }

    /// Arrows do not throw.
    public var keyThrowDirections: Set<ThrowDirection> { [] }

    /// Only the directions in `keyThrowDirections`, at `keyThrowVelocity`'s speed.
    public func keyThrowVelocity(toward direction: ThrowDirection) -> Vector? {
        keyThrowDirections.contains(direction) ? direction.unit * keyThrowVelocity.length : nil
    }

    /// Where thrown cards rest, whatever the exit.
    public func undoStartOffset(exit: Vector?, viewport: Size) -> Vector { thrownRestOffset(viewport: viewport) }

    /// One page per fling.
    func onePagePerFling(_ shared: ScrollPhysics) -> ScrollPhysics {
        var p = shared
        p.maxPagesPerFling = 1
        return p
    }

    /// A straight flight there, in the undo flight's time.
    public func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: t, duration: undoFlightDuration)
    }

    /// The neighbours slide once a thrown card has gone.
    public var flightMovesNeighbours: Bool { false }

    /// No bring-back by dragging.
    public func returnPeekOffset(viewport: Size) -> Vector? { nil }

    /// Any card may go.
    public func canThrow(index: Int, count: Int) -> Bool { true }

    /// The slide after the last deck change.
    public func gapClosing(sliding: GapClosing?, top: Int, topOffset: Vector?, viewport: Size) -> GapClosing? { sliding }
}

/// The state of an interaction that keeps none of its own.
public struct NoState: Hashable, Sendable {
    /// Nothing.
    public init() {}
}

extension CardInteraction where State == NoState {
    /// Nothing to keep.
    public func makeState() -> NoState { NoState() }
}
