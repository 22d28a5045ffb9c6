/// Keyboard-level commands and the scroll wheel: the same motions a gesture would start.
extension CardScene {
    /// What a key can ask of a scene.
    public enum Command: String, Hashable, Sendable, CaseIterable, Codable {
        /// The next card or page.
        case nextPage = "next"
        /// The previous card or page.
        case previousPage = "previous"
        /// Throw the current card away, as a flick would.
        case throwCurrent = "throw"
        /// Bring back the last card thrown away.
        case undo
        /// Every card back, scrolled to the first.
        case reset
    }

    /// Speed of a throw asked for by a key, pt/s: a brisk flick.
    static let commandThrowSpeed = 1500.0

    /// Carries out `command` at `time` (seconds). Refused (with the reason) for a bad time.
    @discardableResult
    public func perform(_ command: Command, at time: Double) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard time >= self.time else { return .timeWentBackwards(previous: self.time, received: time) }
        settle(upTo: time)
        self.time = time
        switch command {
        case .nextPage: step(by: 1, at: time)
        case .previousPage: step(by: -1, at: time)
        case .throwCurrent: throwCurrentCard(at: time)
        case .undo: undo(at: time)
        case .reset: reset(at: time)
        }
        rebuildRenderList()
        return nil
    }

    /// Moves `delta` cards along the scroll axis (the stack: throw or bring back).
    func step(by delta: Int, at t: Double) {
        switch mode.step(delta) {
        case .throwCurrent: throwCurrentCard(at: t)
        case .undo: undo(at: t)
        case .page: page(by: delta, at: t)
        }
    }

    /// Moves the content `delta` pages (cards) from where it is heading.
    func page(by delta: Int, at t: Double) {
        let count = deck.count
        guard count > 0, !isHeld, scrollAxis != nil else { return }
        let heading = heading(at: t)
        guard let from = layout.currentIndex(position: heading, count: count, viewport: viewport) else { return }
        let wraps = axis.wrapsAround
        var to = from + delta
        if wraps { to = ((to % count) + count) % count } else { to = min(max(0, to), count - 1) }
        guard to != from else { return }
        // The endless row moves the short way, one pitch per step, across the seam too.
        let target = wraps
            ? layout.position(ofIndex: from, count: count, viewport: viewport, near: heading)
                + Double(delta) * layout.pitch(viewport: viewport)
            : layout.position(ofIndex: to, count: count, viewport: viewport, near: heading)
        axis.animate(to: target, at: t)
        emit(.paged(time: t, from: from, to: to))
    }

    /// True while a pointer holds the content or a card.
    var isHeld: Bool {
        switch gesture {
        case .idle: return false
        default: return true
        }
    }

    /// Throws the current card as a flick would; while another motion runs, the deletion waits
    /// in the deck's queue and is applied when everything has settled.
    func throwCurrentCard(at t: Double) {
        guard deck.count > 0, !isHeld else { return }
        guard let index = layout.currentIndex(position: heading(at: t), count: deck.count, viewport: viewport)
        else { return }
        // The current card may already be on its way out (a flick or a throw in flight) or
        // queued to go: the throw is meant for the card that takes its place.
        guard let card = throwableCard(near: index) else { return }
        if !motions.isEmpty || gap != nil || !axis.isSettled(at: t) {
            if deck.enqueue(.delete(card)) { lastQueueTime = t }
            return
        }
        let velocity = mode.keyThrowVelocity
        let direction = Vector(dx: velocity.dx == 0 ? 0 : (velocity.dx > 0 ? 1 : -1),
                               dy: velocity.dy == 0 ? 0 : (velocity.dy > 0 ? 1 : -1))
        deck.markLeaving(card)
        motions.append(CardMotion(card: card,
                                  phase: .flight(mode.throwFlight(from: .zero, velocity: velocity, direction: direction,
                                                                  viewport: viewport, at: t)),
                                  ending: .delete))
    }

    /// The first card from `index` on (then before it) that is neither leaving nor queued to go.
    func throwableCard(near index: Int) -> CardID? {
        func free(_ i: Int) -> CardID? {
            let card = deck.id(at: i)
            return deck.isLeaving(card) || deck.queued.contains(.delete(card)) ? nil : card
        }
        for i in index..<deck.count { if let c = free(i) { return c } }
        for i in stride(from: index - 1, through: 0, by: -1) { if let c = free(i) { return c } }
        return nil
    }

    /// Brings back the last card thrown away, at its old index, flying in from where it left.
    func undo(at t: Double) {
        guard !isHeld, let restored = deck.undoLastDeletion() else { return }
        topRestored(at: restored.index)
        emit(.restored(time: t, card: restored.card, index: restored.index))
        updateBounds(at: t)
        keepWrappedRowOnItsCard(afterChangeAt: restored.index, delta: 1, at: t)
        let flight = ThrowAnimation(from: thrownRestOffset, velocity: .zero, to: .zero, startTime: t,
                                    duration: mode.undoFlightDuration)
        motions.append(CardMotion(card: restored.card, phase: .flight(flight), ending: .rest))
        gap = GapMotion(index: restored.index + 1, from: -1, startTime: t, duration: mode.gapDuration)
        // Bring the restored card into view.
        if scrollAxis != nil, let current = currentIndex, current != restored.index {
            let target = layout.position(ofIndex: restored.index, count: deck.count, viewport: viewport,
                                         near: axis.offset(at: t))
            axis.animate(to: target, at: t)
        }
    }

    /// Every card back in its first order, scrolled to the first, nothing moving.
    func reset(at t: Double) {
        motions.removeAll(keepingCapacity: true)
        gap = nil
        gesture = .idle
        pan = PanRecognizer(configuration: config.pan)
        deck.reset()
        top = 0
        pool.checkInAll()
        rebuildAxis(keepingIndex: 0)
        emit(.reset(time: t))
    }

    /// Scrolls by a wheel or trackpad delta (points, content direction: positive moves toward
    /// later cards) at `time` (seconds). Free lists glide there on a spring; paged rows turn a
    /// page once a quarter page of travel has gathered.
    @discardableResult
    public func scroll(by delta: Double, at time: Double) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard delta.isFinite else { return .nonFiniteValue(name: "wheel delta", value: delta) }
        guard abs(delta) <= PointerEvent.coordinateLimit else { return .invalidValue(name: "wheel delta", value: delta) }
        guard time >= self.time else { return .timeWentBackwards(previous: self.time, received: time) }
        settle(upTo: time)
        self.time = time
        guard scrollAxis != nil, deck.count > 0, !isHeld else { return nil }
        if let page = layout.pageSize(viewport: viewport) {
            wheelPending += delta
            if abs(wheelPending) >= page / 4 {
                step(by: wheelPending > 0 ? 1 : -1, at: time)
                wheelPending = 0
            }
        } else {
            let heading = heading(at: time)
            let bounds = layout.scrollBounds(count: deck.count, viewport: viewport)
            let target = min(max(heading + delta, bounds.lowerBound), bounds.upperBound)
            let from = currentIndex
            axis.animate(to: target, at: time)
            if let from, let to = layout.currentIndex(position: target, count: deck.count, viewport: viewport), to != from {
                emit(.paged(time: time, from: from, to: to))
            }
        }
        rebuildRenderList()
        return nil
    }

    /// Deletes `card` (a data change from outside, e.g. a reload): at once when nothing moves,
    /// else when everything has settled. Returns false when the card is gone or leaving.
    @discardableResult
    public func delete(_ card: CardID, at time: Double) -> Bool {
        guard time.isFinite, time >= self.time else { return false }
        settle(upTo: time)
        self.time = time
        guard deck.enqueue(.delete(card)) else { return false }
        lastQueueTime = time
        settle(upTo: time)
        rebuildRenderList()
        return true
    }

    /// Inserts a new card at `index`, at once when nothing moves, else when everything settles.
    public func insert(at index: Int, time: Double) {
        guard time.isFinite, time >= self.time else { return }
        settle(upTo: time)
        self.time = time
        deck.enqueue(.insert(at: index))
        lastQueueTime = time
        settle(upTo: time)
        rebuildRenderList()
    }
}
