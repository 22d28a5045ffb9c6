/// Keyboard-level commands and the scroll wheel: the same motions a gesture would start.
extension CardScene {
    /// What a key can ask of a scene.
    public enum Command: String, Hashable, Sendable, CaseIterable {
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
        /// Throw the current card to the left, where the interaction throws that way (see
        /// `keyThrowDirections`); else nothing.
        case throwLeft = "throw_left"
        /// Throw the current card to the right, where the interaction throws that way.
        case throwRight = "throw_right"
        /// Throw the current card up, where the interaction throws that way.
        case throwUp = "throw_up"
        /// Throw the current card down, where the interaction throws that way.
        case throwDown = "throw_down"
    }

    /// What a command did.
    public enum CommandResult: Hashable, Sendable {
        /// It was carried out (its motion has started).
        case done
        /// It waits for a motion under way to end (a throw in flight, say), then happens.
        case queued
        /// Nothing to do: nothing to undo, no card to throw, no page further, or a pointer holds
        /// the content.
        case unchanged
        /// A bad time: refused, with the reason.
        case rejected(InputRejection)

        /// The rejection, if the command was refused.
        public var rejection: InputRejection? {
            if case .rejected(let why) = self { return why }
            return nil
        }
    }

    /// Carries out `command` at `time` (seconds), and says whether it changed anything. `cause`
    /// is what the deck changes it makes are logged as (a front end says `.key` for its keys).
    @discardableResult
    public func perform(_ command: Command, at time: Double, cause: DeckChangeCause = .command) -> CommandResult {
        if let late = refusal(ofInputAt: time) { return .rejected(late) }
        let shown = beginInput(at: time)
        defer { endInput(showing: shown) }
        let result: CommandResult
        switch command {
        case .nextPage: result = step(by: 1, at: time, cause: cause)
        case .previousPage: result = step(by: -1, at: time, cause: cause)
        case .throwCurrent: result = throwCurrentCard(at: time, cause: cause)
        case .undo: result = undo(at: time, cause: cause)
        case .reset: result = reset(at: time, cause: cause)
        case .throwLeft: result = throwCurrentCard(at: time, toward: .left, cause: cause)
        case .throwRight: result = throwCurrentCard(at: time, toward: .right, cause: cause)
        case .throwUp: result = throwCurrentCard(at: time, toward: .up, cause: cause)
        case .throwDown: result = throwCurrentCard(at: time, toward: .down, cause: cause)
        }
        rebuildRenderList()
        return result
    }

    /// Moves `delta` cards along the scroll axis (the stack: throw or bring back); `cause`: what
    /// a deck change it makes is logged as.
    func step(by delta: Int, at t: Double, cause: DeckChangeCause) -> CommandResult {
        switch mode.step(delta) {
        case .throwCurrent: return throwCurrentCard(at: t, cause: cause)
        case .undo: return undo(at: t, cause: cause)
        case .page: return page(by: delta, at: t)
        }
    }

    /// Moves the content `delta` pages (cards) from where it is heading; `paged` follows when
    /// it comes to rest.
    func page(by delta: Int, at t: Double) -> CommandResult {
        let count = deck.count
        guard count > 0, !isHeld,
              let target = content.pageTarget(by: delta, heading: heading(at: t), in: contentContext)
        else { return .unchanged }
        axis.animate(to: target, at: t)
        return .done
    }

    /// True while a pointer holds the content or a card.
    var isHeld: Bool {
        switch gesture {
        case .idle: return false
        default: return true
        }
    }

    /// True while a thrown card is flying toward its deletion.
    var isThrowInFlight: Bool { motions.contains { $0.ending == .delete } }

    /// Throws the current card as a flick would; while another motion runs, the deletion waits
    /// in the deck's queue and is applied when everything has settled.
    /// With `toward`, the throw goes that way, and only where the interaction throws that way.
    func throwCurrentCard(at t: Double, toward: ThrowDirection? = nil, cause: DeckChangeCause) -> CommandResult {
        let keyVelocity = toward.map { mode.keyThrowVelocity(toward: $0) } ?? mode.keyThrowVelocity
        guard let velocity = keyVelocity, deck.count > 0, !isHeld else { return .unchanged }
        guard let index = layout.currentIndex(position: heading(at: t), count: deck.count, viewport: viewport)
        else { return .unchanged }
        // The current card may already be on its way out (a flick or a throw in flight) or
        // queued to go: the throw is meant for the card that takes its place.
        guard let card = throwableCard(near: index) else { return .unchanged }
        if !motions.isEmpty || state.bringBack.card != nil || gap != nil || !axis.isSettled(at: t) {
            guard deck.enqueue(.delete(card)) else { return .unchanged }
            noteDeparture(of: card, cause: cause, direction: ThrowDirection(nearest: velocity))
            lastQueueTime = t
            return .queued
        }
        let direction = Vector(dx: velocity.dx == 0 ? 0 : (velocity.dx > 0 ? 1 : -1),
                               dy: velocity.dy == 0 ? 0 : (velocity.dy > 0 ? 1 : -1))
        deck.markLeaving(card)
        noteDeparture(of: card, cause: cause, direction: ThrowDirection(nearest: velocity))
        let flight = mode.throwFlight(from: .zero, velocity: velocity, direction: direction, viewport: viewport, at: t)
        motions.append(CardMotion(card: card, phase: .flight(flight), ending: .delete))
        return .done
    }

    /// The first card from `index` on (then before it) that is neither leaving nor queued to go
    /// and that the interaction lets leave.
    func throwableCard(near index: Int) -> CardID? {
        let count = deck.count
        func free(_ i: Int) -> CardID? {
            guard mode.canThrow(index: i, count: count) else { return nil }
            let card = deck.id(at: i)
            return deck.isLeaving(card) || deck.queued.contains(.delete(card)) ? nil : card
        }
        for i in index..<count { if let c = free(i) { return c } }
        for i in stride(from: index - 1, through: 0, by: -1) { if let c = free(i) { return c } }
        return nil
    }

    /// Brings back the last card thrown away, at its old index, flying in from where it left.
    /// Pressed while a throw is in flight (or a deletion waits), it waits for it to land and
    /// then takes that one back.
    func undo(at t: Double, cause: DeckChangeCause) -> CommandResult {
        guard !isHeld else { return .unchanged }
        if let r = state.bringBack.motion {
            // The returning card on its way back out: it comes home from where it is.
            return bringHome(r.card, from: r.offset(at: t), velocity: r.velocity(at: t), at: t, cause: cause)
                ? .done : .unchanged
        }
        if isThrowInFlight || deck.hasQueuedDeletion {
            undos.append(cause, at: t)
            return .queued
        }
        return restoreLastDeletion(at: t, animated: true, cause: cause) ? .done : .unchanged
    }

    /// Takes back the newest deletion at `t`: the card flies in from where thrown cards rest
    /// (or is simply there, unanimated) and the content scrolls to it. False when there is
    /// nothing to undo.
    @discardableResult
    func restoreLastDeletion(at t: Double, animated: Bool, cause: DeckChangeCause) -> Bool {
        guard let restored = deck.undoLastDeletion() else { return false }
        topRestored(at: restored.index)
        emit(.restored(time: t, card: restored.card, index: restored.index), origin: DeckChangeOrigin(cause: cause))
        deckChanged(at: restored.index, delta: 1, at: t, slides: !animated || !mode.flightMovesNeighbours)
        guard animated else { return true }
        let start = mode.undoStartOffset(exit: restored.exit, viewport: viewport)
        let flight = ThrowAnimation(from: start, velocity: .zero, to: .zero, startTime: t,
                                    duration: mode.undoFlightDuration)
        motions.append(CardMotion(card: restored.card, phase: .flight(flight), ending: .rest))
        // Bring the restored card into view.
        if let target = content.bringIntoView(index: restored.index, current: positionIndex, in: contentContext, at: t) {
            axis.animate(to: target, at: t)
        }
        return true
    }

    /// Every card back in its first order, scrolled to the first, nothing moving. A gesture in
    /// progress ends as cancelled first.
    func reset(at t: Double, replacingWith count: Int? = nil, cause: DeckChangeCause) -> CommandResult {
        endGesture(at: t)
        motions.removeAll(keepingCapacity: true)
        gap = nil
        undos.removeAll()
        if let count { deck.replaceAll(count: count) } else { deck.reset() }
        state = InteractionState()
        pool.checkInAll()
        rebuildAxis(keepingIndex: 0)
        emit(.reset(time: t), origin: DeckChangeOrigin(cause: cause))
        return .done
    }

    /// Scrolls by a wheel or trackpad delta (points, content direction: positive moves toward
    /// later cards) at `time` (seconds). Free lists glide there on a spring; paged rows turn a
    /// page once `commands.wheelPageFraction` of a page (a quarter) of travel has gathered.
    @discardableResult
    public func scroll(by delta: Double, at time: Double) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard delta.isFinite else { return .nonFiniteValue(name: "wheel delta", value: delta) }
        guard abs(delta) <= PointerEvent.coordinateLimit else { return .invalidValue(name: "wheel delta", value: delta) }
        if let late = refusal(ofInputAt: time) { return late }
        let shown = beginInput(at: time)
        defer { endInput(showing: shown) }
        guard deck.count > 0, !isHeld else { return nil }
        let response = content.scroll(by: delta, pending: &wheelPending, heading: heading(at: time),
                                      pageFraction: config.commands.wheelPageFraction, in: contentContext)
        guard apply(response, at: time) else { return nil }
        rebuildRenderList()
        return nil
    }

    /// Deletes `card` (a data change from outside, e.g. a reload): at once when nothing moves,
    /// else when everything has settled. Returns false when the card is gone or leaving.
    /// `cause`: what the `deleted` event is logged as (`.folder` for a file removed).
    @discardableResult
    public func delete(_ card: CardID, at time: Double, cause: DeckChangeCause = .api) -> Bool {
        guard refusal(ofInputAt: time) == nil else { return false }
        let shown = beginInput(at: time)
        defer { endInput(showing: shown) }
        guard deck.enqueue(.delete(card)) else { return false }
        departures[card] = DeckChangeOrigin(cause: cause)
        lastQueueTime = time
        settle(upTo: time)
        rebuildRenderList()
        return true
    }

    /// Replaces every card with `count` new ones (fresh ids, in order) and resets as `reset`
    /// does: scrolled to the first, nothing moving, no undo history; a later reset comes back to
    /// these cards. For a front end whose card set changes (a study task that starts with other
    /// cards, or another order). Emits `reset` with `cause`.
    public func replaceCards(count: Int, at time: Double, cause: DeckChangeCause = .api) {
        guard refusal(ofInputAt: time) == nil else { return }
        let shown = beginInput(at: time)
        defer { endInput(showing: shown) }
        _ = reset(at: time, replacingWith: max(0, count), cause: cause)
        rebuildRenderList()
    }

    /// A task's start state at `time`, as the facilitator's doing: another interaction (when it
    /// differs), a config in full, then a deck of `cards` new cards (a reset to them) or a reset
    /// (cause `facilitator`). The session's task start and the page's engine both start a task
    /// through this, so the two scenes take the same steps.
    public func start(interaction next: Interaction?, config: SceneConfig?, cards: Int?, reset: Bool, at time: Double) {
        if let next, next != interaction { setInteraction(next, at: time) }
        if let config { setConfig(config, at: time) }
        if let cards {
            replaceCards(count: cards, at: time, cause: .facilitator)
        } else if reset {
            _ = perform(.reset, at: time, cause: .facilitator)
        }
    }

    /// Inserts a new card at `index` (clamped to 0 ... count), at once when nothing moves, else
    /// when everything settles; an `inserted` event names it. `cause`: what the `inserted` event
    /// is logged as.
    ///
    /// Which card is current afterwards depends on where the insert lands:
    /// - scrolling content: the current card stays current (an insert before it moves the
    ///   position one pitch, so nothing on screen jumps);
    /// - a depth stack (stack, swipe): an insert before the top card keeps it on top, but an
    ///   insert at the top card's index puts the new card on top, and it becomes current (at
    ///   index 0 of a deck entered on its first card, say); after it, the new card waits in the
    ///   stack.
    public func insert(at index: Int, time: Double, cause: DeckChangeCause = .api) {
        guard refusal(ofInputAt: time) == nil else { return }
        let shown = beginInput(at: time)
        defer { endInput(showing: shown) }
        deck.enqueue(.insert(at: index, cause: cause))
        lastQueueTime = time
        settle(upTo: time)
        rebuildRenderList()
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension CardScene.Command: Codable {}
#endif
