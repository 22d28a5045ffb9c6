/// What a pan and an arrow key do, and how a dragged card follows the pointer: the part of an
/// interaction that reads input, with the state it keeps between inputs. One of the four small
/// contracts a `CardInteraction` is made of (with `ThrowRule`, `CardFlights` and
/// `ContentPhysics`); every member but the routing itself has a default, and an interaction
/// that writes none of it scrolls along its axis and drags cards across it (`ScrollRouting`).
///
/// It decides from a read-only `InteractionContext` and from its own constants, never from the
/// scene. What it keeps between inputs is its `State`, a value of its own type that the scene
/// holds for it and hands back, mutable, to `route(_:in:state:)`, `step(_:state:)` and
/// `observe(_:state:)`.
public protocol PanRouting: Sendable {
    /// What the interaction keeps between inputs, of its own type (a count, a mode, the last
    /// direction): a value type, so the scene can lay out a frame ahead of late input on a copy
    /// and put it back. The scene makes it with `makeState()` when the interaction comes on show
    /// (a switch to another interaction and back starts afresh) and keeps it while it stays on
    /// show: through `setConfig`, reloads and panel edits (which make the rules afresh, not the
    /// state), a switch to the same interaction, and a `reset` (an event it observes).
    /// `NoState` unless given.
    associatedtype State: Sendable = NoState

    /// The state the interaction starts with when it comes on show.
    func makeState() -> State

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

    /// The part of a pan's translation that moves a dragged card, points.
    func cardTranslation(_ translation: Vector) -> Vector

    /// Sign of the tilt of a card grabbed at `local` (its own points, origin at its centre, y
    /// down) of a card `cardSize` big: 1 as the layout designs it, -1 flipped.
    func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double
}

extension PanRouting {
    /// The card under the press (as drawn now), unless it is already leaving.
    public func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        guard let hit = context.pressed, !hit.isLeaving else { return .ignored }
        return .card(hit.card)
    }

    /// The stateless rule.
    public func route(_ pan: Pan, in context: InteractionContext, state: inout State) -> PanRoute {
        route(pan, in: context)
    }

    /// Arrows page.
    public func step(_ delta: Int) -> StepAction { .page }

    /// The stateless rule.
    public func step(_ delta: Int, state: inout State) -> StepAction { step(delta) }

    /// Keeps nothing.
    public func observe(_ event: SceneEvent, state: inout State) {}

    /// The card follows the pointer on both axes.
    public func cardTranslation(_ translation: Vector) -> Vector { translation }

    /// As designed, wherever grabbed.
    public func tiltSign(grabbedAt local: Point, cardSize: Size) -> Double { 1 }
}

extension PanRouting where State == NoState {
    /// Nothing to keep.
    public func makeState() -> NoState { NoState() }
}

/// The state of an interaction that keeps none of its own.
public struct NoState: Hashable, Sendable {
    /// Nothing.
    public init() {}
}

/// The scrolling interactions' routing, and every interaction's unless it gives its own: a drag
/// along the scroll axis scrolls; across it, it drags the card under the press (as drawn now,
/// unless it is already leaving), which moves across the axis only. Arrows page. In a depth
/// stack, which has no scroll axis, every drag takes the card pressed and it follows on both
/// axes.
public struct ScrollRouting: PanRouting, Hashable {
    /// How the content moves (`ContentPhysics.contentMovement`): where the scroll axis is.
    public var movement: ContentMovement

    /// The routing of content that moves as `movement`.
    public init(movement: ContentMovement) { self.movement = movement }

    /// Along the scroll axis: scroll; across it: the card under the press, unless leaving.
    public func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        if case .scroll(let axis) = movement, pan.axis == axis { return .scroll }
        guard let hit = context.pressed, !hit.isLeaving else { return .ignored }
        return .card(hit.card)
    }

    /// Across the scroll axis only.
    public func cardTranslation(_ t: Vector) -> Vector {
        switch movement {
        case .scroll(.vertical): Vector(dx: t.dx, dy: 0)
        case .scroll(.horizontal): Vector(dx: 0, dy: t.dy)
        case .depthStack: t
        }
    }
}
