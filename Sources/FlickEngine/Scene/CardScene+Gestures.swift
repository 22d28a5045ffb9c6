/// Pointer routing: a drag along the scroll axis scrolls; across it, on a card, drags that card
/// toward a throw; a press that never moves is a tap.
extension CardScene {
    /// Feeds one pointer event (time in seconds, position in points). Events earlier than the
    /// scene's time or with non-finite numbers are refused with the reason, changing nothing.
    @discardableResult
    public func handle(_ event: PointerEvent) -> InputRejection? {
        guard event.time.isFinite else { return .nonFiniteTime(event.time) }
        guard event.position.isFinite else { return .nonFinitePosition(event.position) }
        guard event.hasPlausiblePosition else {
            return .invalidValue(name: "position", value: max(abs(event.position.x), abs(event.position.y)))
        }
        if let late = refusal(ofInputAt: event.time) { return late }
        let isTracked = pan.trackedPointer == nil ? event.phase == .down : pan.trackedPointer == event.pointerID
        let shown = beginInput(at: event.time)
        defer { endInput(showing: shown) }
        let output = pan.handle(event)
        if case .rejected(let why) = output { return why }
        switch output {
        case .none, .rejected:
            break
        case .tap(let point):
            tap(at: point, time: event.time)
        case .began(let p):
            began(p)
        case .changed(let p):
            changed(p)
        case .ended(let p):
            ended(p, cancelled: false)
        case .cancelled(let p):
            ended(p, cancelled: true)
        }
        // After the old pan (if a new press replaced it) was cancelled: a press starts afresh. A
        // press on the surround (outside the viewport) catches nothing: it is only recorded.
        if isTracked, event.phase == .down {
            press.position = event.position
            press.onSurround = !isInViewport(event.position)
            if press.onSurround {
                gesture = .pressed
                press.translation = .zero
            } else {
                pointerDown(at: event.time)
            }
        }
        // A press cancelled before it moved: the content it caught settles again.
        if isTracked, event.phase == .cancel, case .pressed = gesture {
            releaseAxisIfHeld(at: event.time)
            gesture = .idle
        }
        // A returning card shown for a press that did not pull it goes back out.
        if case .idle = gesture { sendReturningOut(at: event.time) }
        return nil
    }

    /// The pointer went down: the content stops where it is drawn (a touch catches momentum),
    /// and where a drag can pull the last thrown card back, that card shows at the edge (or is
    /// caught where it is, on its way back out).
    func pointerDown(at t: Double) {
        gesture = .pressed
        press.translation = .zero
        content.press(&axis, count: deck.count, at: t)
        let peek = state.bringBack.card == nil && undos.isEmpty && !isThrowInFlight
            ? mode.returnPeekOffset(viewport: viewport) : nil
        state.bringBack.press(at: t, peek: peek, lastThrown: peek == nil ? nil : deck.lastUndoable?.card)
    }

    /// A returning card held without being pulled flies back out to the thrown pile.
    func sendReturningOut(at t: Double) {
        state.bringBack.sendOut(at: t, rules: mode, restOffset: thrownRestOffset)
    }

    func began(_ p: Pan) {
        pointerVelocity = p.velocity
        press.translation = p.translation
        if press.onSurround {
            miss(p, pressedOn: nil)
            return
        }
        let context = routingContext(for: p)
        let route = mode.route(p, in: context)
        if route != .bringBack { sendReturningOut(at: p.time) }
        switch route {
        case .scroll:
            let start = layout.currentIndex(position: axis.offset(at: p.time), count: deck.count, viewport: viewport)
            gesture = .scrolling(startIndex: start)
            emit(.gestureBegan(time: p.time, kind: .scroll, card: nil))
            return
        case .card(let card):
            gesture = .card(card, base: grab(card), kind: .card)
            if let j = motionIndex(of: card) {
                let local = [context.pressed, context.pressedStaying].lazy.compactMap { $0 }
                    .first { $0.card == card }?.local
                motions[j].tiltSign = local.map { mode.tiltSign(grabbedAt: $0, cardSize: cardSize) } ?? 1
            }
            emit(.gestureBegan(time: p.time, kind: .card, card: card))
        case .bringBack:
            guard let r = state.bringBack.grab(at: p.time) else {
                miss(p, pressedOn: context.pressed?.card)
                return
            }
            gesture = .card(r.card, base: r.base, kind: .bringBack)
            emit(.gestureBegan(time: p.time, kind: .bringBack, card: r.card))
        case .ignored:
            miss(p, pressedOn: context.pressed?.card)
            return
        }
        changed(p)
    }

    /// A pan with nothing to act on: a `missed` gesture in the record, ended `cancelled` with its
    /// translation and velocity, naming the card it was pressed on (if any) and where the press
    /// landed (on the stage or the surround).
    func miss(_ p: Pan, pressedOn card: CardID?) {
        gesture = .ignored(card)
        emit(.gestureBegan(time: p.time, kind: .missed, card: card),
             press: MissedPress(point: p.startPosition, onSurround: press.onSurround))
    }

    /// Whether `point` (scene points) is on the stage: inside the viewport, edges included.
    func isInViewport(_ point: Point) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x <= viewport.width && point.y <= viewport.height
    }

    /// What the interaction may know when it routes `p`: the scene as drawn at the pan's start.
    func routingContext(for p: Pan) -> InteractionContext {
        func pressedCard(_ hit: CardAttributes?) -> InteractionContext.PressedCard? {
            guard let hit, let inverse = hit.transform.inverted() else { return nil }
            return .init(card: hit.card, index: hit.index, isLeaving: deck.isLeaving(hit.card),
                         local: inverse.apply(to: p.startPosition))
        }
        let pressed = pressedCard(hitCard(at: p.startPosition))
        let beneath = pressed?.isLeaving == true ? pressedCard(hitStayingCard(at: p.startPosition)) : pressed
        let index = positionIndex
        let card = index.map { deck.id(at: $0) }
        let staying = firstStaying(from: index)
        return InteractionContext(viewport: viewport, count: deck.count, currentIndex: index, currentCard: card,
                                  currentIsLeaving: card.map { deck.isLeaving($0) } ?? false, pressed: pressed,
                                  scrollPosition: position(at: time), hasReturningCard: state.bringBack.card != nil,
                                  firstStayingIndex: .some(staying), firstStayingCard: .some(staying.map { deck.id(at: $0) }),
                                  pressedStaying: .some(beneath))
    }

    /// Takes hold of `card` where it is drawn (mid snap-back included) and returns that offset.
    func grab(_ card: CardID) -> Vector {
        if let j = motionIndex(of: card) {
            let o = motions[j].offset(at: time)
            motions[j].phase = .held(o)
            motions[j].ending = .rest
            return o
        }
        motions.append(CardMotion(card: card, phase: .held(.zero), ending: .rest))
        return .zero
    }

    func changed(_ p: Pan) {
        pointerVelocity = p.velocity
        press.translation = p.translation
        switch gesture {
        case .scrolling:
            axis.drag(translation: content.along(p.translation), at: p.time)
        case .card(_, let base, .bringBack):
            // The returning card follows the pointer from where it went down, slop included.
            state.bringBack.hold(at: base + mode.cardTranslation(p.position - p.startPosition))
        case .card(let card, let base, _):
            guard let j = motionIndex(of: card) else { return }
            motions[j].phase = .held(base + mode.cardTranslation(p.translation))
        default:
            break
        }
    }

    func ended(_ p: Pan, cancelled: Bool) {
        pointerVelocity = p.velocity
        let velocity = cancelled ? Vector.zero : p.velocity
        let estimate = cancelled ? VelocityEstimate.fit : p.velocityEstimate
        switch gesture {
        case .scrolling(let startIndex):
            axis.release(velocity: content.along(velocity), at: p.time)
            // The page it comes to rest on is announced when it gets there (`paged`).
            let outcome = scrollOutcome(from: startIndex, at: p.time, cancelled: cancelled)
            emit(.gestureEnded(time: p.time, kind: .scroll, translation: p.translation, velocity: velocity,
                               outcome: outcome, card: nil), estimate: estimate)
        case .card(let card, _, .bringBack):
            let (outcome, verdict) = releaseReturning(velocity: velocity, cancelled: cancelled, at: p.time)
            emit(.gestureEnded(time: p.time, kind: .bringBack, translation: p.translation, velocity: velocity,
                               outcome: outcome, card: card), release: verdict.map(record), estimate: estimate)
        case .card(let card, _, let kind):
            releaseAxisIfHeld(at: p.time)
            let (outcome, verdict) = releaseCard(card, kind: kind, translation: p.translation, velocity: velocity,
                                                 cancelled: cancelled, at: p.time)
            emit(.gestureEnded(time: p.time, kind: kind, translation: p.translation, velocity: velocity,
                               outcome: outcome, card: card), release: verdict.map(record), estimate: estimate)
        case .ignored(let pressed):
            releaseAxisIfHeld(at: p.time)
            emit(.gestureEnded(time: p.time, kind: .missed, translation: p.translation, velocity: velocity,
                               outcome: .cancelled, card: pressed), estimate: estimate)
        case .idle, .pressed:
            releaseAxisIfHeld(at: p.time)
        }
        gesture = .idle
    }

    /// A press caught the content; a gesture that was not a scroll lets it settle on a page.
    func releaseAxisIfHeld(at t: Double) {
        content.releaseIfHeld(&axis, at: t)
    }

    /// Where a released scroll is heading, as the gesture's outcome: another card than the one
    /// it started on (paged, or scrolled for a free list), coasting, or staying.
    func scrollOutcome(from startIndex: Int?, at t: Double, cancelled: Bool) -> GestureOutcome {
        let count = deck.count
        guard let from = startIndex, count > 0 else { return cancelled ? .cancelled : .stayed }
        let restTime = axis.settleTime ?? t
        let rest = axis.offset(at: max(restTime, t))
        guard let to = layout.currentIndex(position: rest, count: count, viewport: viewport) else { return .stayed }
        let paged = layout.pageSize(viewport: viewport) != nil
        if to != from { return paged ? .paged : .scrolled }
        if cancelled { return .cancelled }
        return !paged && axis.velocity(at: t) != 0 ? .scrolled : .stayed
    }

    /// Decides the fate of the returning card let go at `t`: home into the deck (`restored`),
    /// or back out to the thrown pile, quietly (it never joined the deck).
    func releaseReturning(velocity: Vector, cancelled: Bool, at t: Double) -> (GestureOutcome, ThrowOutcome?) {
        guard let r = state.bringBack.release(velocity: velocity, cancelled: cancelled, at: t, rules: mode,
                                              viewport: viewport) else { return (.cancelled, nil) }
        if r.home, bringHome(r.card, from: r.offset, velocity: velocity, at: t, cause: .pointer) {
            return (.broughtBack, r.verdict)
        }
        state.bringBack.flyOut(from: r.offset, velocity: velocity, at: t, rules: mode, restOffset: thrownRestOffset)
        return (cancelled ? .cancelled : .sentBack, r.verdict)
    }

    /// The returning card joins the deck on top at `t` (`restored`, made by `cause`) and flies
    /// home from `offset` at `velocity`; false, changing nothing, when the deck refuses it.
    func bringHome(_ card: CardID, from offset: Vector, velocity: Vector, at t: Double, cause: DeckChangeCause) -> Bool {
        guard let restored = deck.restore(card, at: min(top, deck.count)) else { return false }
        state.bringBack.clear()
        emit(.restored(time: t, card: restored.card, index: restored.index), origin: DeckChangeOrigin(cause: cause))
        deckChanged(at: restored.index, delta: 1, at: t, slides: !mode.flightMovesNeighbours)
        motions.append(CardMotion(card: restored.card,
                                  phase: .flight(mode.returnFlight(from: offset, velocity: velocity, to: .zero, at: t)),
                                  ending: .rest))
        return true
    }

    /// The log's form of a verdict, with the interaction's name for its direction.
    func record(_ o: ThrowOutcome) -> ReleaseRecord {
        ReleaseRecord(direction: o.direction, label: o.direction.flatMap { mode.label(for: $0) },
                      distanceFraction: o.distanceFraction, speedFraction: o.speedFraction)
    }

    /// Decides a released card's fate and starts its motion; returns the outcome to log.
    func releaseCard(_ card: CardID, kind: GestureKind, translation: Vector, velocity: Vector,
                     cancelled: Bool, at t: Double) -> (GestureOutcome, ThrowOutcome?) {
        guard let j = motionIndex(of: card) else { return (.cancelled, nil) }
        let offset = motions[j].offset(at: t)
        let verdict = cancelled ? nil : mode.decide(kind: kind, offset: offset, velocity: velocity, viewport: viewport)
        var decision = verdict?.decision ?? .snapBack
        // A card that may not leave (the stack's last) goes home whatever the release.
        if decision.isThrow, let i = deck.index(of: card), !mode.canThrow(index: i, count: deck.count) {
            decision = .snapBack
        }
        switch decision {
        case .throwAway(let direction):
            deck.markLeaving(card)
            motions[j].phase = .flight(mode.throwFlight(from: offset, velocity: velocity, direction: direction,
                                                        viewport: viewport, at: t))
            motions[j].ending = .delete
            noteDeparture(of: card, cause: .pointer, direction: verdict?.direction)
            return (.thrown, verdict)
        case .snapBack:
            motions[j].phase = mode.snapBack(from: offset, velocity: velocity, at: t)
            motions[j].ending = .snapBack
            return (cancelled ? .cancelled : .snappedBack, verdict)
        case .bringBack, .sendBackOut:
            // Only the returning card is brought back or sent out (see `releaseReturning`).
            motions[j].phase = mode.snapBack(from: offset, velocity: velocity, at: t)
            motions[j].ending = .snapBack
            return (.snappedBack, verdict)
        }
    }

    /// Ends the gesture in progress as cancelled (an interaction switch, a new config or a
    /// reset took the scene from under the pointer): every `gestureBegan` gets its `gestureEnded`.
    /// The pointer is forgotten; its next press starts afresh.
    func endGesture(at t: Double) {
        switch gesture {
        case .scrolling:
            axis.release(velocity: 0, at: t)
            emit(.gestureEnded(time: t, kind: .scroll, translation: press.translation, velocity: .zero, outcome: .cancelled,
                               card: nil))
        case .card(let card, _, let kind):
            if kind == .bringBack {
                _ = releaseReturning(velocity: .zero, cancelled: true, at: t)
            } else if let j = motionIndex(of: card) {
                let o = motions[j].offset(at: t)
                motions[j].phase = mode.snapBack(from: o, velocity: .zero, at: t)
                motions[j].ending = .snapBack
            }
            emit(.gestureEnded(time: t, kind: kind, translation: press.translation, velocity: .zero, outcome: .cancelled,
                               card: card))
        case .ignored(let pressed):
            releaseAxisIfHeld(at: t)
            emit(.gestureEnded(time: t, kind: .missed, translation: press.translation, velocity: .zero, outcome: .cancelled,
                               card: pressed))
        case .idle, .pressed:
            releaseAxisIfHeld(at: t)
        }
        sendReturningOut(at: t)
        gesture = .idle
        pan = PanRecognizer(configuration: config.pan)
    }

    /// A tap selects the card under it; on a scrolling list or row it also brings that card to
    /// the centre (the current card stays: the front end shows a press).
    /// A tap on no card (empty stage, the surround) or on a card already leaving selects nothing:
    /// it is a `missed` gesture begun and ended at its release, with where it was pressed.
    func tap(at point: Point, time t: Double) {
        releaseAxisIfHeld(at: t)
        gesture = .idle
        let hit = press.onSurround ? nil : hitCard(at: point)
        guard let hit, deck.contains(hit.card), !deck.isLeaving(hit.card) else {
            emit(.gestureBegan(time: t, kind: .missed, card: hit?.card),
                 press: MissedPress(point: press.position, onSurround: press.onSurround))
            emit(.gestureEnded(time: t, kind: .missed, translation: point - press.position, velocity: .zero,
                               outcome: .cancelled, card: hit?.card))
            return
        }
        emit(.selected(time: t, card: hit.card))
        guard let target = content.tapTarget(index: hit.index, in: contentContext, at: t) else { return }
        // `paged` follows when the content comes to rest there.
        axis.animate(to: target, at: t)
    }
}
