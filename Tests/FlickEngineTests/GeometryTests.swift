import Testing
@testable import FlickEngine

@Suite struct AffineTransformTests {
    /// Checks that `t` maps `p` to `expected` within 1e-9 pt.
    func check(_ t: AffineTransform, maps p: Point, to expected: Point, sourceLocation: SourceLocation = #_sourceLocation) {
        let got = t.apply(to: p)
        #expect(got.isApproximatelyEqual(to: expected, tolerance: 1e-9), "\(got) != \(expected)", sourceLocation: sourceLocation)
    }

    @Test func translationScaleRotation() {
        check(AffineTransform(translationX: 10, y: -5), maps: Point(x: 1, y: 2), to: Point(x: 11, y: -3))
        check(AffineTransform(scaleX: 2, y: 3), maps: Point(x: 1, y: 2), to: Point(x: 2, y: 6))
        // A quarter turn (y down, so clockwise on screen): (1, 0) -> (0, 1).
        check(AffineTransform(rotation: .pi / 2), maps: Point(x: 1, y: 0), to: Point(x: 0, y: 1))
    }

    @Test func concatenationAppliesSelfFirst() {
        // Scale by 2 then move by (10, 0): (1, 1) -> (2, 2) -> (12, 2).
        let t = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        check(t, maps: Point(x: 1, y: 1), to: Point(x: 12, y: 2))
        // The other order: (1, 1) -> (11, 1) -> (22, 2).
        let u = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        check(u, maps: Point(x: 1, y: 1), to: Point(x: 22, y: 2))
    }

    @Test func inverseRoundTripsAndSingularIsNil() throws {
        let t = AffineTransform(rotation: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 7, y: -3)
        let inv = try #require(t.inverted())
        #expect(t.concatenating(inv).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
        check(inv, maps: t.apply(to: Point(x: 3, y: 4)), to: Point(x: 3, y: 4))
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test func vectorsIgnoreTranslationAndCornersFollow() {
        let t = AffineTransform(translationX: 100, y: 100)
        #expect(t.apply(to: Vector(dx: 1, dy: 2)) == Vector(dx: 1, dy: 2))
        let (tl, tr, br, bl) = t.apply(toCornersOf: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(tl == Point(x: 100, y: 100) && tr == Point(x: 110, y: 100))
        #expect(br == Point(x: 110, y: 120) && bl == Point(x: 100, y: 120))
    }

    @Test func exactEqualityIsNotApproximate() {
        let a = AffineTransform(rotation: .pi).concatenating(AffineTransform(rotation: .pi))
        #expect(a != .identity)
        #expect(a.isApproximatelyEqual(to: .identity, tolerance: 1e-12))
    }
}
