/// The reuse pool seen from a front end: one view per slot, rebound when its slot changes card.
extension CardScene {
    /// Installs the hook the scene's reuse pool calls whenever it gives a view slot to another
    /// card: `(slot, previous card, card)`. A front end keeps one view (a texture, a widget) per
    /// slot and refills it here, so views stay at `viewBound` however long the deck is.
    /// The slots already drawing are announced at once (`previous` nil), so a hook installed
    /// after the scene laid out its first frame misses nothing. Pass nil to remove it.
    public func setReuseHook(_ hook: ReusePool.ResetHook?) {
        pool.setResetHook(hook)
    }
}
