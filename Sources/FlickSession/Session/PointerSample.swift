import FlickIO
import FlickEngine

/// One pointer sample of a replayed recording, session seconds and scene points. A `down` on a
/// card carries where on the card it landed, normalised (0...1 across, 0...1 down the card's
/// own unrotated rectangle), hit-tested against the last frame drawn, as the app does.
package struct PointerSample: Equatable {
    package var t: Double
    package var phase: PointerEvent.Phase
    package var position: Point
    package var onCard: Point?

    package init(t: Double, phase: PointerEvent.Phase, position: Point, onCard: Point? = nil) {
        self.t = t
        self.phase = phase
        self.position = position
        self.onCard = onCard
    }
}
