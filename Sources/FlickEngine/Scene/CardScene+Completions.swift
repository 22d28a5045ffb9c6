/// Ending motions at their exact times, and the deck changes that wait for them.
extension CardScene {
    /// Handles every completion due at or before `t`, earliest first, each at its own time.
    func settle(upTo t: Double) {
        while true {
            var dueTime = Double.infinity
            var dueMotion: Int? = nil
            for (j, m) in motions.enumerated() {
                if let e = m.endTime, e <= t, e < dueTime { dueTime = e; dueMotion = j }
            }
            if let g = gap, g.endTime <= t, g.endTime < dueTime {
                lastCompletionTime = max(lastCompletionTime, g.endTime)
                gap = nil
                continue
            }
            if let j = dueMotion {
                lastCompletionTime = max(lastCompletionTime, dueTime)
                finish(motionAt: j, at: dueTime)
                continue
            }
            // Queued deck changes wait until nothing moves (the scroll included), and apply at
            // the instant that became true: the latest of the scroll's rest, the last completion
            // and the request itself, never the time of the frame that noticed it.
            if deck.hasQueuedChanges, motions.isEmpty, gap == nil, let s = axis.settleTime, s <= t {
                applyQueuedChanges(at: max(s, lastCompletionTime, lastQueueTime))
                continue
            }
            return
        }
    }

    /// Ends motion `j` at `te` (seconds) with what its ending says.
    func finish(motionAt j: Int, at te: Double) {
        let m = motions.remove(at: j)
        switch m.ending {
        case .delete:
            deck.unmarkLeaving(m.card)
            if let index = deck.delete(m.card) {
                emit(.deleted(time: te, card: m.card, index: index))
                closeGap(at: index, time: te)
            }
        case .snapBack:
            emit(.snappedBack(time: te, card: m.card))
        case .rest:
            break
        case .sendOut:
            if let index = deck.delete(m.card) { topDeckChanged(at: index, delta: -1) }
            updateBounds(at: te)
        }
    }

    /// After a deletion at `index`, the cards after it slide into place; the bounds shrink.
    func closeGap(at index: Int, time te: Double) {
        topDeckChanged(at: index, delta: -1)
        updateBounds(at: te)
        keepWrappedRowOnItsCard(afterChangeAt: index, delta: -1, at: te)
        var from = 1.0
        if let g = gap, g.index == index { from += g.fraction(at: te) }
        gap = GapMotion(index: index, from: from, startTime: te, duration: mode.gapDuration)
    }

    /// Keeps the top (see `top`) on its card when the deck changes before it, at `index`
    /// (`delta` -1 for a deletion, +1 for an insertion). Nothing to do while `top` is 0.
    func topDeckChanged(at index: Int, delta: Int) {
        if index < top { top += delta }
    }

    /// A card brought back (undo, bring-back) at `index` comes back on top of the stack, even
    /// when it had left from among the cards set aside before the top.
    func topRestored(at index: Int) {
        top = min(top, index)
    }

    /// The endless switcher counts its position modulo the deck: when the deck changes before
    /// the current card, move the position by one pitch so the same card stays centred.
    func keepWrappedRowOnItsCard(afterChangeAt index: Int, delta: Int, at te: Double) {
        guard axis.wrapsAround, axis.isSettled(at: te), deck.count > 0 else { return }
        let pitch = layout.pitch(viewport: viewport)
        let countBefore = deck.count - delta
        guard countBefore > 0 else { return }
        let p = axis.offset(at: te)
        let period = Double(countBefore) * pitch
        let turns = (p / period).rounded(.down)
        var local = p - turns * period
        if Double(index) * pitch < local - pitch / 2 { local += Double(delta) * pitch }
        axis.jump(to: local)
    }

    /// Applies the deck changes queued while something moved, at `te` (seconds).
    func applyQueuedChanges(at te: Double) {
        for change in deck.applyQueued() {
            switch change {
            case .deleted(let card, let index):
                emit(.deleted(time: te, card: card, index: index))
                closeGap(at: index, time: te)
            case .inserted(let card, let index):
                emit(.inserted(time: te, card: card, index: index))
                topDeckChanged(at: index, delta: 1)
                updateBounds(at: te)
                keepWrappedRowOnItsCard(afterChangeAt: index, delta: 1, at: te)
            case .dropped:
                break
            }
        }
    }

    /// Ends every motion now (an interaction or preset switch): thrown cards are deleted,
    /// everything else goes home.
    func finishAllMotions(at t: Double) {
        while !motions.isEmpty {
            if motions[0].isHeld { motions[0].ending = .rest }
            finish(motionAt: 0, at: t)
        }
        gap = nil
        if deck.hasQueuedChanges { applyQueuedChanges(at: t) }
        gap = nil
    }
}
