/// An interaction whose cards are flicked up off the top of a scrolling row (the carousel, the
/// switcher): its throw rule and flights. A key throws up, the vertical throw rule decides (past
/// a share of the viewport height or a speed), and a thrown card flies to just above the top
/// edge; cards move vertically only, across the row (`ScrollRouting`). A conforming interaction
/// gives the target, its thresholds and its flight's timing; the rest is this default.
public protocol ThrowsOffTheTop: CardInteraction, ThrowRule, CardFlights {
    /// The constants every interaction reads (the key's throw speed among them).
    var env: InteractionEnvironment { get }
    /// Where a thrown card rests: just above the top edge, points from its place.
    func throwTarget(viewport: Size) -> Vector
    /// An upward release beyond this share of the viewport height throws.
    var throwDistanceRatio: Double { get }
    /// An upward release faster than this throws, pt/s.
    var throwSpeed: Double { get }
    /// The flight of a thrown card from `offset` at `velocity` to `target`, from `t`.
    func throwOffTop(from offset: Vector, velocity: Vector, to target: Vector, at t: Double) -> ThrowAnimation
}

extension ThrowsOffTheTop {
    /// Straight up at the key's speed.
    public var keyThrowVelocity: Vector { Vector(dx: 0, dy: -env.commands.keyThrowSpeed) }

    /// Just above the top edge.
    public func thrownRestOffset(viewport: Size) -> Vector { throwTarget(viewport: viewport) }

    /// The vertical rule with this interaction's thresholds.
    public func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        decideVerticalThrow(translation: offset, velocity: velocity, viewportHeight: viewport.height,
                            distanceRatio: throwDistanceRatio, speed: throwSpeed)
    }

    /// Off the top, to `thrownRestOffset`.
    public func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                            at t: Double) -> ThrowAnimation {
        throwOffTop(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), at: t)
    }
}
