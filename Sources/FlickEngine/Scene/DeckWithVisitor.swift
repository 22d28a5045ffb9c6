/// The deck as a layout sees it while a card that is not in it is drawn among its cards (the
/// stack's returning card): `visitor` at index `at`, the deck's cards around it. A value view,
/// so laying out with it allocates nothing.
struct DeckWithVisitor: CardIDSource {
    let deck: Deck
    let visitor: CardID
    /// Index of the visitor, 0 ... deck.count.
    let at: Int

    var count: Int { deck.count + 1 }

    func id(at index: Int) -> CardID {
        index < at ? deck.id(at: index) : (index == at ? visitor : deck.id(at: index - 1))
    }
}
