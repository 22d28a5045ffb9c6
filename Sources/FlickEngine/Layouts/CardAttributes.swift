/// Where and how one visible card is drawn this frame: the output of a layout and the
/// element of a scene's render list.
public struct CardAttributes: Hashable, Sendable {
    public var card: CardID
    /// Index of the card in the deck when laid out.
    public var index: Int
    /// The view slot from the reuse pool that draws this card.
    public var slot: Int
    /// Untransformed size of the card, points.
    public var size: Size
    /// Maps the card's local rectangle (centred on the origin, `size` big) to the viewport.
    /// It includes the translation to the card's centre.
    public var transform: AffineTransform
    /// Opacity 0...1.
    public var alpha: Double
    /// Drawing order: higher draws later (on top).
    public var zIndex: Double

    public init(card: CardID, index: Int, slot: Int = -1, size: Size, transform: AffineTransform,
                alpha: Double, zIndex: Double) {
        self.card = card
        self.index = index
        self.slot = slot
        self.size = size
        self.transform = transform
        self.alpha = alpha
        self.zIndex = zIndex
    }

    /// The card's centre on screen, points.
    public var center: Point { Point(x: transform.tx, y: transform.ty) }

    /// The four screen corners: top-left, top-right, bottom-right, bottom-left of the card.
    public var corners: (Point, Point, Point, Point) {
        transform.apply(toCornersOf: Rect(center: .zero, size: size))
    }

    /// True when every number in it is finite (render lists must never carry NaN).
    public var isFinite: Bool { size.isFinite && transform.isFinite && alpha.isFinite && zIndex.isFinite }
}
