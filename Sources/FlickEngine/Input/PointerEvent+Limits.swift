extension PointerEvent {
    /// Largest coordinate (pt, either sign) the scene takes from a pointer or a wheel. Screens are
    /// a few thousand points; beyond this a position is a glitch or an attack, and differences of
    /// two such numbers (1e308 − (−1e308)) would overflow to infinity, so it is refused at input.
    public static let coordinateLimit = 1e6

    /// Whether both coordinates are finite and within `coordinateLimit`.
    public var hasPlausiblePosition: Bool {
        position.isFinite && abs(position.x) <= Self.coordinateLimit && abs(position.y) <= Self.coordinateLimit
    }
}
