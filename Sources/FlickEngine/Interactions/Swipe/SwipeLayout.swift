/// The swipe deck: the card at depth d (d = index − top, continuous while the top card moves
/// away) is drawn at scale 1 − `scaleStep` × d and `depthOffset` × d lower; cards above the top
/// (thrown) are not drawn unless they move. The top card tilts with its horizontal offset, up to
/// `maxTilt` at one card width, the sign flipped when it was grabbed in its lower half
/// (`CardOverride.tiltSign`). The loop and the geometry are the shared depth stack's
/// (`DepthStackLayout`).
///
/// Position: points, the top card's index (a continuous number) times `positionStep`
/// (`DepthStackLayout`). Overrides are offsets from the top-of-deck place, whatever the card's
/// depth, as in `StackLayout`.
public struct SwipeLayout: DepthStackLayout, Hashable, Sendable {
    /// The constants.
    public var config: SwipeConfig

    /// - Parameter config: constants, `.default` for the libraries' feel.
    public init(config: SwipeConfig = .default) { self.config = config }

    /// Card size, depth and reach from the config.
    public var shape: DepthStackShape {
        DepthStackShape(widthRatio: config.widthRatio, heightRatio: config.heightRatio, depthOffset: config.depthOffset,
                        visibleCount: config.visibleCount, restMargin: config.restMargin)
    }

    /// From the first card on top to every card gone (0 ... count × `positionStep`, points):
    /// every card may go, the deck may be empty.
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        0...position(ofTop: Double(max(0, count)))
    }

    /// Smaller by `scaleStep` a level, both ways: the card beneath grows as the top one leaves.
    public func scale(depth: Double) -> (x: Double, y: Double) {
        let s = max(0.01, 1 - config.scaleStep * depth)
        return (s, s)
    }

    /// The tilt of a card `offset` from home, radians (positive: clockwise on screen).
    public func tilt(offset: Vector, sign: Double, viewport: Size) -> Double {
        let w = cardSize(viewport: viewport).width
        guard w > 0, offset.dx.isFinite else { return 0 }
        return (sign < 0 ? -1 : 1) * config.maxTilt * min(max(offset.dx / w, -1), 1)
    }
}
