/// A width and height in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when either side is zero or negative: nothing can be shown in it.
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    /// True when both sides are finite.
    public var isFinite: Bool { width.isFinite && height.isFinite }

    public func isApproximatelyEqual(to other: Size, tolerance: Double = 1e-9) -> Bool {
        abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension Size: Codable {}
#endif
