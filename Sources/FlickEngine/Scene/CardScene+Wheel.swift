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
        guard notches != 0, deck.count > 0, !isHeld else { return nil }
        guard apply(content.wheel(notches: notches, heading: heading(at: time), in: contentContext, at: time),
                    at: time) else { return nil }
        rebuildRenderList()
        return nil
    }

    /// Carries out what the content answered to wheel travel at `t`; false when it ignored it.
    func apply(_ response: WheelResponse, at t: Double) -> Bool {
        switch response {
        case .ignored: return false
        case .gathered: break
        // A wheel is a pointer device: a card it throws or brings back is the pointer's doing.
        case .step(let delta): _ = step(by: delta, at: t, cause: .pointer)
        case .glide(let target): axis.animate(to: target, at: t)
        }
        return true
    }
}
