/// A resize in the middle of a motion: the content keeps moving and stays on its card.
extension CardScene {
    /// Moves to `size` at `time` keeping the scroll's motion: offsets and velocity scale with
    /// the card pitch, so the content stays on the same fractional card, a fling coasts on at
    /// the same speed in cards per second, a paging spring keeps its target card, and a drag
    /// stays under the finger (later moves act one to one in points). Card motions (a held
    /// card, a flight, a snap-back) are offsets in points and carry on as they are.
    /// Returns false, changing nothing, when the motion cannot be kept: a layout that does not
    /// scroll, an empty deck, or a viewport (old or new) with no area; the caller then rebuilds
    /// the scroll on the current card.
    func resize(to size: Size, at time: Double) -> Bool {
        guard content.keepsMotion(resizingFrom: viewport, to: size, count: deck.count) else { return false }
        let t = clampedInputTime(time)
        let shown = beginInput(at: t)
        defer { endInput(showing: shown) }
        let current = positionIndex
        let old = viewport
        viewport = size
        if let resized = content.resized(in: contentContext, from: old, at: t) {
            axis = resized
        } else {
            rebuildAxis(keepingIndex: current ?? 0)
        }
        rebuildRenderList()
        return true
    }
}
