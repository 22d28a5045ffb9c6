import FlickIO
import FlickEngine

/// What the pointer did during one gesture, from the recording's raw samples (a log holds no
/// samples: these measures need the session's recording).
///
/// Definitions (quoted on the study page and in the README):
/// - *hesitation*: seconds from the press (`down`) to the gesture's start, which the engine
///   emits when the pointer passes the pan slop;
/// - a *pause*: between the gesture's start and its release, the pointer stays within
///   `pauseRadius` (3 pt) of one place for at least `pauseSeconds` (0.25 s) and then moves on
///   (a hold that ends with letting go is not a pause);
/// - a *reversal*: along the axis the drag went furthest on (from the press), the pointer comes
///   back from its furthest point by at least `reversalPoints` (24 pt) and `reversalShare`
///   (a third) of that excursion before the release: a change of mind;
/// - the *path*: the samples from press to release, relative to the press point.
package struct GestureTrace {
    package static let pauseRadius = 3.0
    package static let pauseSeconds = 0.25
    package static let reversalPoints = 24.0
    package static let reversalShare = 1.0 / 3

    package var hesitation: Double
    package var pauses: Int
    package var reversed: Bool
    /// Where on the card the press landed (normalised card coordinates), card gestures only.
    package var onCard: Point?
    /// Points relative to the press, press first, release last.
    package var path: [Point]

    /// The trace of `gesture` from `samples` (one press to its release), nil when the samples do
    /// not hold that press.
    package init?(_ gesture: Gesture, samples: ArraySlice<PointerSample>) {
        guard let down = samples.first, down.phase == .down, down.t <= gesture.start + 1e-9 else { return nil }
        hesitation = max(0, gesture.start - down.t)
        onCard = gesture.kind == .card || gesture.kind == .bringBack ? down.onCard : nil
        path = samples.map { Point(x: $0.position.x - down.position.x, y: $0.position.y - down.position.y) }
        // Pauses: the pointer stays within the radius of one sample (a mouse at rest sends
        // nothing) until a move takes it out; the rest lasted from that sample to the move.
        var pauses = 0
        var anchor: PointerSample?
        for s in samples where s.t >= gesture.start {
            if let a = anchor, Self.length(s.position, a.position) <= Self.pauseRadius { continue }
            // Mid-drag: a move ends it (a hold that the release ends is not a pause).
            if let a = anchor, s.phase == .move, s.t - a.t >= Self.pauseSeconds { pauses += 1 }
            anchor = s
        }
        self.pauses = pauses
        // Reversal along the axis of the furthest excursion.
        let furthestX = path.map { abs($0.x) }.max() ?? 0, furthestY = path.map { abs($0.y) }.max() ?? 0
        let along: (Point) -> Double = furthestX >= furthestY ? { $0.x } : { $0.y }
        var peak = 0.0, reversed = false
        for p in path {
            let v = along(p)
            if abs(v) > abs(peak) { peak = v }
            let back = (peak - v) * (peak < 0 ? -1 : 1)
            if abs(peak) > 0, back >= Self.reversalPoints, back >= Self.reversalShare * abs(peak) { reversed = true }
        }
        self.reversed = reversed
    }

    static func length(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The trace of every gesture of a session, by index (nil where there is none: a log, a
    /// wheel scroll, a command). Each gesture takes the last press at or before its start and
    /// the samples up to its release.
    package static func traces(_ gestures: [Gesture], samples: [PointerSample]) -> [GestureTrace?] {
        guard !samples.isEmpty else { return gestures.map { _ in nil } }
        var out: [GestureTrace?] = []
        out.reserveCapacity(gestures.count)
        var downIndex: Int? = nil
        var i = 0
        for g in gestures {
            // Advance to the last press at or before the gesture's start.
            while i < samples.count, samples[i].t <= g.start + 1e-9 {
                if samples[i].phase == .down { downIndex = i }
                i += 1
            }
            guard let d = downIndex, g.kind != .tap else { out.append(nil); continue }
            var e = d + 1
            while e < samples.count, samples[e].t <= g.end + 1e-9, samples[e].phase != .down {
                if samples[e].phase == .up || samples[e].phase == .cancel { e += 1; break }
                e += 1
            }
            out.append(GestureTrace(g, samples: samples[d..<e]))
        }
        return out
    }
}

extension Gesture {
    /// The release in units of the throw threshold along the direction it was judged along
    /// (card releases only): the throw boundary is at 1 on that axis, so releases from every
    /// direction and config share one picture. Nil without a verdict or movement.
    package var releaseOnBoundary: Point? {
        guard let d = direction, let fraction = distanceFraction else { return nil }
        let along = translation.dx * d.unit.dx + translation.dy * d.unit.dy
        guard along > 0 else { return nil }
        let scale = fraction / along
        return Point(x: translation.dx * scale, y: translation.dy * scale)
    }
}
