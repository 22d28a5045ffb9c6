import FlickEngine
import FlickSession
import Testing

/// Hesitation, pauses, reversals and paths from crafted pointer samples.
@Suite struct PointerTraceTests {
    static func gesture(_ start: Double, _ end: Double, kind: GestureKind = .card) -> Gesture {
        Gesture(session: "s", interaction: .stack, kind: kind, card: CardID(1), start: start, end: end,
                translation: Vector(dx: 0, dy: 0), velocity: .zero, outcome: .snappedBack)
    }

    static func samples(_ points: [(Double, PointerEvent.Phase, Double, Double)], onCard: Point? = Point(x: 0.25, y: 0.75)) -> [PointerSample] {
        points.map { PointerSample(t: $0.0, phase: $0.1, position: Point(x: $0.2, y: $0.3), onCard: $0.1 == .down ? onCard : nil) }
    }

    @Test func hesitationPauseAndReversal() {
        // Pressed at 1.0, past the slop at 1.4 (hesitation 0.4), out to +100 pt, a rest of 0.3 s
        // at +100, then back to +60 (40 pt back, 40 % of the way): a reversal with a pause.
        let s = Self.samples([(1.0, .down, 200, 300), (1.4, .move, 205, 300), (1.5, .move, 260, 301), (1.6, .move, 300, 302),
                              (1.9, .move, 301, 302), (2.0, .move, 280, 302), (2.1, .move, 260, 302), (2.15, .up, 260, 302)])
        let traces = GestureTrace.traces([Self.gesture(1.4, 2.15)], samples: s)
        let t = traces[0]!
        #expect(abs(t.hesitation - 0.4) < 1e-12)
        #expect(t.pauses == 1)
        #expect(t.reversed)
        #expect(t.onCard == Point(x: 0.25, y: 0.75))
        #expect(t.path.first == Point(x: 0, y: 0) && t.path.last == Point(x: 60, y: 2) && t.path.count == 8)
    }

    @Test func smallWobblesAndHoldsBeforeReleaseAreNeither() {
        // Out to -100 and back 20 pt (under 24 pt): no reversal; a 0.5 s hold then the release
        // (no move after it): no pause. Two gestures, each with its own press.
        let s = Self.samples([(0, .down, 300, 300), (0.05, .move, 290, 300), (0.2, .move, 200, 300), (0.3, .move, 220, 300),
                              (0.8, .up, 220, 300),
                              (2.0, .down, 100, 100), (2.1, .move, 100, 140), (2.2, .move, 100, 200), (2.3, .move, 100, 150), (2.35, .up, 100, 150)],
                             onCard: nil)
        let traces = GestureTrace.traces([Self.gesture(0.05, 0.8), Self.gesture(2.1, 2.35, kind: .scroll), Self.gesture(3, 3, kind: .tap)], samples: s)
        #expect(traces[0]!.reversed == false && traces[0]!.pauses == 0 && abs(traces[0]!.hesitation - 0.05) < 1e-12)
        #expect(traces[0]!.path.count == 5)
        // 100 pt down then 50 back (50 % of the way, over 24 pt): reversed; a scroll has no place on a card.
        #expect(traces[1]!.reversed && traces[1]!.onCard == nil && traces[1]!.path.count == 5)
        #expect(traces[2] == nil)
        // A log has no samples: no traces.
        #expect(GestureTrace.traces([Self.gesture(0, 1)], samples: []).allSatisfy { $0 == nil })
    }

    @Test func aRestWithNoSamplesIsAPause() {
        // A mouse at rest sends nothing: 0.4 s without a sample, then a 20 pt move.
        let s = Self.samples([(0, .down, 100, 100), (0.1, .move, 110, 100), (0.5, .move, 130, 100), (0.55, .move, 150, 100), (0.6, .up, 150, 100)])
        #expect(GestureTrace.traces([Self.gesture(0.1, 0.6)], samples: s)[0]!.pauses == 1)
        // The same path at an even pace: none.
        let even = Self.samples([(0, .down, 100, 100), (0.1, .move, 110, 100), (0.2, .move, 130, 100), (0.3, .move, 150, 100), (0.4, .up, 150, 100)])
        #expect(GestureTrace.traces([Self.gesture(0.1, 0.4)], samples: even)[0]!.pauses == 0)
    }

    @Test func releaseAgainstTheBoundary() {
        var g = Self.gesture(0, 1)
        g.translation = Vector(dx: -80, dy: 20)
        g.direction = .left
        g.distanceFraction = 0.8      // the left throw distance is 100 pt
        #expect(g.releaseOnBoundary == Point(x: -0.8, y: 0.2))
        g.direction = nil
        #expect(g.releaseOnBoundary == nil)
    }
}
