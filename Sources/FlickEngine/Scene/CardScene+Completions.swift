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
            if let e = state.bringBack.endTime, e <= t, e < dueTime {
                // Back on the thrown pile: it was never in the deck, so nothing to announce.
                lastCompletionTime = max(lastCompletionTime, e)
                state.bringBack.clear()
                continue
            }
            if let rest = axisRestTime, rest <= t, rest < dueTime {
                contentCameToRest(at: rest)
                continue
            }
            if let j = dueMotion {
                lastCompletionTime = max(lastCompletionTime, dueTime)
                finish(motionAt: j, at: dueTime)
                continue
            }
            // An undo pressed during a throw happens once the throw has landed.
            if !undos.isEmpty, !isThrowInFlight, !deck.hasQueuedDeletion {
                let cause = undos.takeFirst()
                restoreLastDeletion(at: max(lastCompletionTime, undos.lastRequest), animated: true, cause: cause)
                continue
            }
            // Queued deck changes wait until nothing moves (the scroll included), and apply at
            // the instant that became true: the latest of the scroll's rest, the last completion
            // and the request itself, never the time of the frame that noticed it.
            if deck.hasQueuedChanges, motions.isEmpty, state.bringBack.card == nil, gap == nil,
               let s = axis.settleTime, s <= t {
                applyQueuedChanges(at: max(s, lastCompletionTime, lastQueueTime))
                continue
            }
            return
        }
    }

    /// When the scroll content, set moving since its rest was last looked at, comes to rest
    /// (seconds); nil while it moves or is held, or when nothing changed.
    var axisRestTime: Double? {
        guard axis != rest.checkedAxis, let s = content.settleTime(of: axis) else { return nil }
        return max(s, axis.lastEventTime ?? -.infinity, lastCompletionTime)
    }

    /// The content came to rest at `te`: when that is on another card than the last rest,
    /// `paged` says so (a fling caught on its way is announced where it really stopped).
    func contentCameToRest(at te: Double) {
        rest.checkedAxis = axis
        let index = layout.currentIndex(position: axis.offset(at: te), count: deck.count, viewport: viewport)
        if let from = rest.index, let to = index, from != to {
            emit(.paged(time: te, from: from, to: to))
        }
        rest.index = index
    }

    /// Ends motion `j` at `te` (seconds) with what its ending says.
    func finish(motionAt j: Int, at te: Double) {
        let m = motions.remove(at: j)
        switch m.ending {
        case .delete:
            deck.unmarkLeaving(m.card)
            // Where its flight comes to rest is kept with the deletion, for an undo from there.
            if let index = deck.delete(m.card, exit: m.offset(at: .infinity)) {
                emit(.deleted(time: te, card: m.card, index: index), origin: departure(of: m.card))
                deckChanged(at: index, delta: -1, at: te, slides: !mode.flightMovesNeighbours)
            }
        case .snapBack:
            emit(.snappedBack(time: te, card: m.card))
        case .rest:
            break
        }
    }

    /// The deck changed at `index` at `te` (`delta` -1: a card left; +1: one came in). Keeps
    /// the top and the rest card on their cards, updates the bounds, and starts the slide of the
    /// neighbours. Content at rest keeps its current card still: a change before it moves the
    /// position one pitch, and the cards on the change's side slide instead.
    /// With `slides` false a flight has already moved the neighbours, so none starts.
    func deckChanged(at index: Int, delta: Int, at te: Double, slides: Bool = true) {
        topDeckChanged(at: index, delta: delta)
        let countBefore = deck.count - delta
        var shiftsContent = false
        var before = contentContext
        before.count = countBefore
        if deck.count > 0, countBefore > 0, let current = content.stillIndex(in: before, at: te) {
            shiftsContent = delta < 0 ? index < current : index <= current
        }
        rest.index = content.restIndex(rest.index, afterChangeAt: index, delta: delta, count: deck.count)
        if shiftsContent {
            let pitch = layout.pitch(viewport: viewport)
            if delta > 0 { updateBounds(at: te) }
            var p = axis.offset(at: te)
            if axis.wrapsAround {
                // The endless row counts its position modulo the deck: bring it into the first
                // period of the old deck before moving it.
                let period = Double(countBefore) * pitch
                p -= period * (p / period).rounded(.down)
            }
            axis.jump(to: p + Double(delta) * pitch)
            if delta < 0 { updateBounds(at: te) }
            rest.checkedAxis = axis
        } else {
            updateBounds(at: te)
        }
        // The slide: after a deletion the cards beyond were a place further (or, when the
        // content moved instead, those before were a place nearer); after an insertion, the
        // other way round.
        let slideIndex = delta < 0 ? index : index + 1
        var from = shiftsContent ? Double(delta) : -Double(delta)
        if let g = gap, g.index == slideIndex, g.before == shiftsContent { from += g.fraction(at: te) }
        guard slides else { return }
        gap = GapMotion(index: slideIndex, before: shiftsContent, from: from, startTime: te, duration: mode.gapDuration)
    }

    /// Keeps the top (see `top`) on its card when the deck changes before it, at `index`
    /// (`delta` -1 for a deletion, +1 for an insertion). Nothing to do while `top` is 0.
    func topDeckChanged(at index: Int, delta: Int) {
        if index < top { top += delta }
        // The top card itself left as the last one: the card set aside before it comes back.
        if top > 0, top >= deck.count { top = max(0, deck.count - 1) }
    }

    /// A card brought back (undo, bring-back) at `index` comes back on top of the stack, even
    /// when it had left from among the cards set aside before the top.
    func topRestored(at index: Int) {
        top = min(top, index)
    }

    /// Applies the deck changes queued while something moved, at `te` (seconds).
    func applyQueuedChanges(at te: Double) {
        for change in deck.applyQueued() {
            switch change {
            case .deleted(let card, let index):
                emit(.deleted(time: te, card: card, index: index), origin: departure(of: card))
                deckChanged(at: index, delta: -1, at: te)
            case .inserted(let card, let index, let cause):
                emit(.inserted(time: te, card: card, index: index), origin: DeckChangeOrigin(cause: cause))
                deckChanged(at: index, delta: 1, at: te)
            case .dropped:
                break
            }
        }
    }

    /// Ends every motion now (an interaction or preset switch): thrown cards are deleted, an
    /// undo waiting for them happens, everything else goes home.
    func finishAllMotions(at t: Double) {
        while !motions.isEmpty {
            if motions[0].isHeld { motions[0].ending = .rest }
            finish(motionAt: 0, at: t)
        }
        state.bringBack.clear()
        gap = nil
        if deck.hasQueuedChanges { applyQueuedChanges(at: t) }
        while !undos.isEmpty {
            restoreLastDeletion(at: t, animated: false, cause: undos.takeFirst())
        }
        gap = nil
    }
}
