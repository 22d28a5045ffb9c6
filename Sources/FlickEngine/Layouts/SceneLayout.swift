/// The layout of an interaction, whatever its type: what `CardScene.layout` and
/// `SceneConfig.layout(for:)` give. It is itself a `CardLayout`, answering as the layout it holds.
///
/// It holds the layout behind a class-bound protocol made where the layout's type is known
/// (`CardInteraction.makeLayout()` is specialized there), for the reason `InteractionRules`
/// gives: one shape that runs natively and in Embedded Swift.
public struct SceneLayout: CardLayout {
    let held: any LayoutRules

    /// `layout`, held.
    public init<L: CardLayout>(_ layout: L) { held = LayoutOf(layout) }

    public var direction: LayoutDirection { held.direction }
    public var currentSkipsLeaving: Bool { held.currentSkipsLeaving }

    /// Lays out `cards`: a deck directly, any other source through its lookups.
    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        held.layout(input, cards: CardLookup(count: cards.count, id: { cards.id(at: $0) }), into: &output)
    }

    /// Lays out a deck (the scene's every frame).
    public func layout(_ input: LayoutInput, cards: Deck, into output: inout [CardAttributes]) {
        held.layout(input, deck: cards, into: &output)
    }

    /// Lays out a deck with a returning card in it.
    func layout(_ input: LayoutInput, cards: DeckWithVisitor, into output: inout [CardAttributes]) {
        held.layout(input, visiting: cards, into: &output)
    }

    public func cardSize(viewport: Size) -> Size { held.cardSize(viewport: viewport) }
    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        held.scrollBounds(count: count, viewport: viewport)
    }
    public func pageSize(viewport: Size) -> Double? { held.pageSize(viewport: viewport) }
    public func pitch(viewport: Size) -> Double { held.pitch(viewport: viewport) }
    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        held.currentIndex(position: position, count: count, viewport: viewport)
    }
    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        held.position(ofIndex: index, count: count, viewport: viewport, near: near)
    }

    /// The layout held, when it is an `L`.
    public func base<L: CardLayout>(as type: L.Type = L.self) -> L? { (held as? LayoutOf<L>)?.layout }
}

/// A card source by its lookups: what `SceneLayout` passes on for a source of any type.
struct CardLookup: CardIDSource {
    let count: Int
    let id: (Int) -> CardID
    func id(at index: Int) -> CardID { id(index) }
}

/// A layout behind a class-bound protocol without generic members (see `SceneLayout`).
protocol LayoutRules: AnyObject, Sendable {
    var direction: LayoutDirection { get }
    var currentSkipsLeaving: Bool { get }
    func layout(_ input: LayoutInput, deck: Deck, into output: inout [CardAttributes])
    func layout(_ input: LayoutInput, visiting: DeckWithVisitor, into output: inout [CardAttributes])
    func layout(_ input: LayoutInput, cards: CardLookup, into output: inout [CardAttributes])
    func cardSize(viewport: Size) -> Size
    func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double>
    func pageSize(viewport: Size) -> Double?
    func pitch(viewport: Size) -> Double
    func currentIndex(position: Double, count: Int, viewport: Size) -> Int?
    func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double
}

/// `L` behind `LayoutRules`.
final class LayoutOf<L: CardLayout>: LayoutRules {
    let layout: L
    init(_ layout: L) { self.layout = layout }

    var direction: LayoutDirection { layout.direction }
    var currentSkipsLeaving: Bool { layout.currentSkipsLeaving }
    func layout(_ input: LayoutInput, deck: Deck, into output: inout [CardAttributes]) {
        layout.layout(input, cards: deck, into: &output)
    }
    func layout(_ input: LayoutInput, visiting: DeckWithVisitor, into output: inout [CardAttributes]) {
        layout.layout(input, cards: visiting, into: &output)
    }
    func layout(_ input: LayoutInput, cards: CardLookup, into output: inout [CardAttributes]) {
        layout.layout(input, cards: cards, into: &output)
    }
    func cardSize(viewport: Size) -> Size { layout.cardSize(viewport: viewport) }
    func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        layout.scrollBounds(count: count, viewport: viewport)
    }
    func pageSize(viewport: Size) -> Double? { layout.pageSize(viewport: viewport) }
    func pitch(viewport: Size) -> Double { layout.pitch(viewport: viewport) }
    func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        layout.currentIndex(position: position, count: count, viewport: viewport)
    }
    func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        layout.position(ofIndex: index, count: count, viewport: viewport, near: near)
    }
}
