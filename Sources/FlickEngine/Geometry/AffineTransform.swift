import FlickMath

/// A 2-D affine transform, in the row-vector convention of Core Graphics:
///
///     [x' y' 1] = [x y 1] * | a  b  0 |
///                           | c  d  0 |
///                           | tx ty 1 |
///
/// so x' = a x + c y + tx and y' = b x + d y + ty. Angles are radians; with y down,
/// a positive angle turns clockwise on screen.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves by (`x`, `y`) points.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Scales by `sx` horizontally and `sy` vertically about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotates by `angle` radians about the origin.
    public init(rotation angle: Double) {
        let cosA = Elementary.cos(angle), sinA = Elementary.sin(angle)
        self.init(a: cosA, b: sinA, c: -sinA, d: cosA, tx: 0, ty: 0)
    }

    /// `self` first, then `other`: `t1.concatenating(t2).apply(p) == t2.apply(t1.apply(p))`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Scales after `self`.
    public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform {
        concatenating(AffineTransform(scaleX: sx, y: sy))
    }

    /// Translates after `self`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        concatenating(AffineTransform(translationX: x, y: y))
    }

    /// Rotates after `self`.
    public func rotated(by angle: Double) -> AffineTransform {
        concatenating(AffineTransform(rotation: angle))
    }

    /// The determinant a d - b c: zero when the transform flattens the plane.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is singular (or not finite).
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Maps a point (translation applies).
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Maps a vector (translation does not apply).
    public func apply(to v: Vector) -> Vector {
        Vector(dx: a * v.dx + c * v.dy, dy: b * v.dx + d * v.dy)
    }

    /// Maps the four corners of `r`, in the order of `Rect.corners`.
    public func apply(toCornersOf r: Rect) -> (Point, Point, Point, Point) {
        let (p0, p1, p2, p3) = r.corners
        return (apply(to: p0), apply(to: p1), apply(to: p2), apply(to: p3))
    }

    public var isIdentity: Bool { self == .identity }
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Approximate equality: every coefficient within `tolerance`.
    public func isApproximatelyEqual(to o: AffineTransform, tolerance: Double = 1e-9) -> Bool {
        abs(a - o.a) <= tolerance && abs(b - o.b) <= tolerance && abs(c - o.c) <= tolerance
            && abs(d - o.d) <= tolerance && abs(tx - o.tx) <= tolerance && abs(ty - o.ty) <= tolerance
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension AffineTransform: Codable {}
#endif
