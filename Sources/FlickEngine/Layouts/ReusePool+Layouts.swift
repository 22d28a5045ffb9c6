/// A layout's output meets the reuse pool here, so the pool (Deck/) knows nothing of layouts.
extension ReusePool {
    /// Gives each visible card a slot and writes it into its `slot` field: cards that stay
    /// visible keep their slot, cards no longer listed return theirs, new cards take a free one.
    /// A card listed twice shares one slot. No allocation once the pool has warmed up.
    /// - Parameters:
    ///   - visible: this frame's layout output (caller-owned buffer).
    ///   - reuseIdentifier: kind of view for a card; called only for cards that need a new slot.
    public mutating func reconcile(_ visible: inout [CardAttributes],
                                   reuseIdentifier: (CardID) -> String = { _ in ReusePool.defaultIdentifier }) {
        visible.withUnsafeMutableBufferPointer { buf in
            reconcile(count: buf.count, card: { buf[$0].card }, setSlot: { buf[$0].slot = $1 },
                      reuseIdentifier: reuseIdentifier)
        }
    }
}
