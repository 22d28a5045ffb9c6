
/// A displacement (points) or a velocity (points per second), depending on use.
public struct Vector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    /// Euclidean length, in the vector's unit.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// True when both components are finite.
    public var isFinite: Bool { dx.isFinite && dy.isFinite }

    public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
    public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }

    /// Approximate equality: each component within `tolerance`.
    public func isApproximatelyEqual(to other: Vector, tolerance: Double = 1e-9) -> Bool {
        abs(dx - other.dx) <= tolerance && abs(dy - other.dy) <= tolerance
    }
}

/// `v` with each non-finite component replaced by 0.
@inline(__always)
func finite(_ v: Vector) -> Vector {
    Vector(dx: v.dx.isFinite ? v.dx : 0, dy: v.dy.isFinite ? v.dy : 0)
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension Vector: Codable {}
#endif
