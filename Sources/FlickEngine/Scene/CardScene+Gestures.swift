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
        guard event.time >= time else { return .timeWentBackwards(previous: time, received: event.time) }
        let isTracked = pan.trackedPointer == nil ? event.phase == .down : pan.trackedPointer == event.pointerID
        settle(upTo: event.time)
        time = event.time
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
        // After the old pan (if a new press replaced it) was cancelled: a press starts afresh.
        if isTracked, event.phase == .down { pointerDown(at: event.time) }
        return nil
    }

    /// The pointer went down: the content stops where it is drawn (a touch catches momentum).
    func pointerDown(at t: Double) {
        gesture = .pressed
        if scrollAxis != nil, deck.count > 0 { axis.touchDown(at: t) }
    }

    func began(_ p: Pan) {
        pointerVelocity = p.velocity
        switch mode.route(p, in: self) {
        case .scroll:
            let start = layout.currentIndex(position: axis.offset(at: p.time), count: deck.count, viewport: viewport)
            gesture = .scrolling(startIndex: start)
            emit(.gestureBegan(time: p.time, kind: .scroll, card: nil))
            return
        case .card(let card):
            gesture = .card(card, base: grab(card), kind: .card)
            emit(.gestureBegan(time: p.time, kind: .card, card: card))
        case .bringBack:
            guard let restored = deck.undoLastDeletion() else {
                gesture = .ignored
                return
            }
            topRestored(at: restored.index)
            let out = thrownRestOffset
            motions.append(CardMotion(card: restored.card, phase: .held(out), ending: .rest))
            gesture = .card(restored.card, base: out, kind: .bringBack)
            emit(.gestureBegan(time: p.time, kind: .bringBack, card: restored.card))
        case .ignored:
            gesture = .ignored
            return
        }
        changed(p)
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
        switch gesture {
        case .scrolling:
            axis.drag(translation: along(scrollAxis, p.translation), at: p.time)
        case .card(let card, let base, _):
            guard let j = motionIndex(of: card) else { return }
            motions[j].phase = .held(base + mode.cardTranslation(p.translation))
        default:
            break
        }
    }

    func along(_ axis: Axis?, _ v: Vector) -> Double {
        axis == .vertical ? v.dy : v.dx
    }

    func ended(_ p: Pan, cancelled: Bool) {
        pointerVelocity = p.velocity
        let velocity = cancelled ? Vector.zero : p.velocity
        switch gesture {
        case .scrolling(let startIndex):
            axis.release(velocity: along(scrollAxis, velocity), at: p.time)
            let (outcome, turn) = scrollOutcome(from: startIndex, at: p.time, cancelled: cancelled)
            emit(.gestureEnded(time: p.time, kind: .scroll, translation: p.translation, velocity: velocity,
                               outcome: outcome))
            // The gesture ends, then the page it sent the content to is announced.
            if let turn { emit(.paged(time: p.time, from: turn.from, to: turn.to)) }
        case .card(let card, _, let kind):
            releaseAxisIfHeld(at: p.time)
            let outcome = releaseCard(card, kind: kind, translation: p.translation, velocity: velocity,
                                      cancelled: cancelled, at: p.time)
            emit(.gestureEnded(time: p.time, kind: kind, translation: p.translation, velocity: velocity,
                               outcome: outcome))
        case .idle, .pressed, .ignored:
            releaseAxisIfHeld(at: p.time)
        }
        gesture = .idle
    }

    /// A press caught the content; a gesture that was not a scroll lets it settle on a page.
    func releaseAxisIfHeld(at t: Double) {
        if scrollAxis != nil, axis.settleTime == nil { axis.release(velocity: 0, at: t) }
    }

    /// Where a released scroll is heading: the outcome, and the page turn when it lands on
    /// another card than the one it started on.
    func scrollOutcome(from startIndex: Int?, at t: Double,
                       cancelled: Bool) -> (GestureOutcome, (from: Int, to: Int)?) {
        let count = deck.count
        guard let from = startIndex, count > 0 else { return (cancelled ? .cancelled : .stayed, nil) }
        let restTime = axis.settleTime ?? t
        let rest = axis.offset(at: max(restTime, t))
        guard let to = layout.currentIndex(position: rest, count: count, viewport: viewport) else { return (.stayed, nil) }
        let paged = layout.pageSize(viewport: viewport) != nil
        if to != from { return (paged ? .paged : .scrolled, (from, to)) }
        if cancelled { return (.cancelled, nil) }
        return (!paged && axis.velocity(at: t) != 0 ? .scrolled : .stayed, nil)
    }

    /// Decides a released card's fate and starts its motion; returns the outcome to log.
    func releaseCard(_ card: CardID, kind: GestureKind, translation: Vector, velocity: Vector,
                     cancelled: Bool, at t: Double) -> GestureOutcome {
        guard let j = motionIndex(of: card) else { return .cancelled }
        let offset = motions[j].offset(at: t)
        let decision = cancelled ? (kind == .bringBack ? ThrowDecision.sendBackOut : .snapBack)
                                 : mode.decide(kind: kind, offset: offset, velocity: velocity, viewport: viewport)
        switch decision {
        case .throwAway(let direction):
            deck.markLeaving(card)
            motions[j].phase = .flight(mode.throwFlight(from: offset, velocity: velocity, direction: direction,
                                                        viewport: viewport, at: t))
            motions[j].ending = .delete
            return .thrown
        case .snapBack:
            motions[j].phase = mode.snapBack(from: offset, velocity: velocity, at: t)
            motions[j].ending = .snapBack
            return cancelled ? .cancelled : .snappedBack
        case .bringBack:
            motions[j].phase = .flight(mode.returnFlight(from: offset, velocity: velocity, to: .zero, at: t))
            motions[j].ending = .rest
            if let index = deck.index(of: card) { emit(.restored(time: t, card: card, index: index)) }
            return .broughtBack
        case .sendBackOut:
            motions[j].phase = .flight(mode.returnFlight(from: offset, velocity: velocity, to: thrownRestOffset, at: t))
            motions[j].ending = .sendOut
            return cancelled ? .cancelled : .sentBack
        }
    }

    /// A tap selects the card under it; on a paged row it also brings that card to the centre.
    func tap(at point: Point, time t: Double) {
        releaseAxisIfHeld(at: t)
        gesture = .idle
        guard let hit = hitCard(at: point), !deck.isLeaving(hit.card) else { return }
        emit(.selected(time: t, card: hit.card))
        guard scrollAxis != nil, layout.pageSize(viewport: viewport) != nil,
              let from = layout.currentIndex(position: axis.offset(at: t), count: deck.count, viewport: viewport),
              from != hit.index else { return }
        let target = layout.position(ofIndex: hit.index, count: deck.count, viewport: viewport,
                                     near: axis.offset(at: t))
        axis.animate(to: target, at: t)
        emit(.paged(time: t, from: from, to: hit.index))
    }
}
