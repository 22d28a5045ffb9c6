/// How a card moves on its own once let go: thrown away, springing home, flying back in by
/// undo or a bring-back, and where thrown cards rest meanwhile. One of the four small contracts
/// a `CardInteraction` is made of; the undo and bring-back flights have defaults built on the
/// rest place and the undo time.
public protocol CardFlights: Sendable {
    /// Where a thrown card comes to rest, as an offset from its place (points). Throws fly
    /// there; undo and bring-back start there.
    func thrownRestOffset(viewport: Size) -> Vector

    /// The flight of a thrown card from `offset` at `velocity` along `direction`, from `t`.
    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation

    /// How a card let go short of a throw goes home from `offset` at `velocity`, from `t`.
    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase

    /// Seconds a card brought back by undo takes to fly home.
    var undoFlightDuration: Double { get }

    /// The flight of a card pulled back in, to `target` (home, or back out), from `t`.
    func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation

    /// Where a card brought back by undo starts, as an offset from its place (points), given
    /// where its throw flew to (`exit`, nil when unknown).
    func undoStartOffset(exit: Vector?, viewport: Size) -> Vector

    /// Where the last thrown card shows while a pointer is down, ready to be pulled back
    /// (points from its place), or nil when a drag cannot pull it back.
    func returnPeekOffset(viewport: Size) -> Vector?
}

extension CardFlights {
    /// A straight flight there, in the undo flight's time.
    public func returnFlight(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: target, startTime: t, duration: undoFlightDuration)
    }

    /// Where thrown cards rest, whatever the exit.
    public func undoStartOffset(exit: Vector?, viewport: Size) -> Vector { thrownRestOffset(viewport: viewport) }

    /// No bring-back by dragging.
    public func returnPeekOffset(viewport: Size) -> Vector? { nil }
}
