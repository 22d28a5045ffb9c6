extension CardScene {
    /// Wheel notches (a mouse wheel's clicks; positive: toward later cards) at `time`, seconds.
    ///
    /// On a paged row one notch turns one page, and only from rest: notches that arrive while
    /// the page is still moving (the rest of a burst) are dropped, so a burst turns one page and
    /// `paged` is said once, where the content comes to rest. A free list (the Now cards)
    /// scrolls one card pitch per notch. Trackpads, whose deltas are fractions of a notch, go
    /// through `scroll(by:at:)` instead.
    ///
    /// Notches follow the late-input rule like every input (CardScene+LateInput.swift): one
    /// stamped before the frame on show is taken at its own time when it is within the window,
    /// refused (`tooLate`) when older.
    @discardableResult
    public func scrollNotches(_ notches: Int, at time: Double) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard abs(notches) <= 10_000 else { return .invalidValue(name: "wheel notches", value: Double(notches)) }
        if let late = refusal(ofInputAt: time) { return late }
        let shown = beginInput(at: time)
        defer { endInput(showing: shown) }
        wheelPending = 0
        guard notches != 0, content.scrolls, deck.count > 0, !isHeld else { return nil }
        if layout.pageSize(viewport: viewport) != nil {
            guard axis.isSettled(at: time) else { return nil }
            _ = step(by: notches > 0 ? 1 : -1, at: time)
        } else {
            let bounds = layout.scrollBounds(count: deck.count, viewport: viewport)
            let target = heading(at: time) + Double(notches) * layout.pitch(viewport: viewport)
            axis.animate(to: min(max(target, bounds.lowerBound), bounds.upperBound), at: time)
        }
        rebuildRenderList()
        return nil
    }
}
