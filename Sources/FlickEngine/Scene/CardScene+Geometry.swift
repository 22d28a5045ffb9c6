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
        guard content.scrolls, deck.count > 0,
              viewport.width > 0, viewport.height > 0, size.width > 0, size.height > 0 else { return false }
        let t = clampedInputTime(time)
        let shown = beginInput(at: t)
        defer { endInput(showing: shown) }
        let current = currentIndex
        let oldPitch = layout.pitch(viewport: viewport)
        viewport = size
        let newPitch = layout.pitch(viewport: viewport)
        let bounds = layout.scrollBounds(count: deck.count, viewport: viewport)
        let wraps = !(bounds.lowerBound.isFinite && bounds.upperBound.isFinite)
        let extent = content.axis == .vertical ? viewport.height : viewport.width
        let rejected = axis.setGeometry(viewportExtent: extent, minOffset: wraps ? 0 : bounds.lowerBound,
                                        maxOffset: wraps ? 0 : bounds.upperBound,
                                        pageSize: layout.pageSize(viewport: viewport),
                                        scale: oldPitch > 0 ? newPitch / oldPitch : 1, at: t)
        if rejected != nil { rebuildAxis(keepingIndex: current ?? 0) }
        rebuildRenderList()
        return true
    }
}
