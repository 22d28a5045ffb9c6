/// Late input: touch timestamps lag the display link, so an input may be older than the frame
/// already shown. The rule, which keeps every result a function of the inputs and their times
/// alone (never of when frames were drawn or when inputs were delivered):
///
/// - The scene's state is *committed* up to `committedTime`: the latest input's time, or the
///   point `advance(to: t)` commits to, `t - lateInputWindow`. Motions that end and deck
///   changes due after that point are not applied yet; `advance` lays out the frame at `t` as
///   if they were (on a scratch copy of the state), so what is drawn is not late.
/// - An input at `t_in` is accepted when `t_in >= earliestInputTime`
///   (= max(`committedTime`, `time - lateInputWindow`)): completions up to `t_in` are applied
///   first, each at its own time, then the input, at its own time. So an input that arrives
///   30 ms late meets exactly the state it would have met on time: the same hit test, the same
///   velocity samples, the same outcome. Older inputs are refused (`tooLate`), as are earlier
///   than the last input (`timeWentBackwards`) and non-finite ones.
/// - Events of completions therefore come out when they are committed, up to
///   `lateInputWindow` after they happened, still stamped with their exact time and in time
///   order. `commit()` applies everything up to `time` at once (the end of a session, or a
///   front end that never sends late input), after which input older than `time` is refused.
///
/// Configuration and geometry changes (`setViewport`, `setInteraction`, `setConfig`) take a
/// time too and follow the same rule, clamped to `earliestInputTime` rather than refused.
extension CardScene {
    /// The oldest time an input may carry now, seconds.
    public var earliestInputTime: Double { max(committedTime, time - max(0, lateInputWindow)) }

    /// Applies every completion and deck change up to the scene's time now and emits their
    /// events; input older than `time` is refused from then on. Call it when no more late input
    /// can come: at the end of a session, before reading its last events.
    public func commit() {
        commit(upTo: time)
        rebuildRenderList()
    }

    /// Takes `time` (seconds) as the time of an input that changes nothing in the scene, such as
    /// a front end's marker: what is due by then happens and its events are emitted, and later
    /// input may not be older. A log that writes its own line for `time` after the scene's
    /// events then stays in time order. Refused like any input (too late, not finite).
    @discardableResult
    public func noteInput(at time: Double) -> InputRejection? {
        if let late = refusal(ofInputAt: time) { return late }
        endInput(showing: beginInput(at: time))
        return nil
    }

    /// Commits the state up to `t` (seconds; never backwards).
    func commit(upTo t: Double) {
        guard t > committedTime else { return }
        settle(upTo: t)
        committedTime = t
    }

    /// Why an input at `t` must be refused, or nil.
    func refusal(ofInputAt t: Double) -> InputRejection? {
        guard t.isFinite else { return .nonFiniteTime(t) }
        let earliest = earliestInputTime
        guard t < earliest else { return nil }
        // Behind an input (or a commit): time went backwards. Only behind the window: too late.
        let window = time - max(0, lateInputWindow)
        return committedTime > window ? .timeWentBackwards(previous: committedTime, received: t)
                                      : .tooLate(earliest: earliest, received: t)
    }

    /// `t` moved into the accepted range (a non-finite time counts as the frame's).
    func clampedInputTime(_ t: Double) -> Double {
        max(t.isFinite ? t : time, earliestInputTime)
    }

    /// Commits up to the input's time `t` and sets the scene's clock to it while the input is
    /// handled (hit tests, grabs and motions all happen at `t`). Returns the frame time to
    /// give back to `endInput(showing:)`.
    func beginInput(at t: Double) -> Double {
        let shown = time
        settle(upTo: t)
        committedTime = max(committedTime, t)
        time = t
        return shown
    }

    /// Puts the clock back on the frame on show after a late input, and lays that frame out
    /// again with the input in it.
    func endInput(showing shown: Double) {
        guard shown > time else { return }
        time = shown
        rebuildRenderList()
    }

    /// True when something is due between the committed time and the frame's time that the
    /// frame must show (a card's motion, the returning card, a gap, a waiting undo or deck change).
    var hasUncommittedChanges: Bool {
        for m in motions { if let e = m.endTime, e <= time { return true } }
        if let e = state.bringBack.endTime, e <= time { return true }
        if let g = gap, g.endTime <= time { return true }
        if !undos.isEmpty { return true }
        if deck.hasQueuedChanges, let s = axis.settleTime, s <= time { return true }
        return false
    }

    /// Lays out the frame at `time` into `renderList`. When completions are due that are not
    /// committed yet, they are applied to the state, the frame is laid out, and the state is put
    /// back as it was (their events too): the frame shows them, the record waits for them.
    /// Nothing is allocated once warm: the motions are saved into a scratch array, and a deck
    /// change is made in a deck trial (only while a deletion, an undo or a queued change is due
    /// and not committed), which keeps the few chunks it changes and rolls them back.
    func layOutShownFrame() {
        guard hasUncommittedChanges else {
            layOut(at: time, into: &renderList)
            return
        }
        let touchesDeck = deck.hasQueuedChanges || !undos.isEmpty || motions.contains { m in
            guard let e = m.endTime, e <= time else { return false }
            switch m.ending {
            case .delete: return true
            case .snapBack, .rest: return false
            }
        }
        if touchesDeck { deck.beginTrial() }
        scratch.motions.removeAll(keepingCapacity: true)
        scratch.motions.append(contentsOf: motions)
        // Every other field `settle(upTo:)` may change.
        mode.beginTrial()
        undos.beginTrial()
        let saved = (state: state, gap: gap, axis: axis, rest: rest,
                     lastCompletionTime: lastCompletionTime, lastQueueTime: lastQueueTime,
                     wheelPending: wheelPending, events: loggedEvents.count)
        settle(upTo: time)
        layOut(at: time, into: &renderList)
        if touchesDeck { deck.rollBackTrial() }
        motions.removeAll(keepingCapacity: true)
        motions.append(contentsOf: scratch.motions)
        state = saved.state
        mode.endTrial()
        gap = saved.gap
        axis = saved.axis
        undos.endTrial()
        rest = saved.rest
        lastCompletionTime = saved.lastCompletionTime
        lastQueueTime = saved.lastQueueTime
        wheelPending = saved.wheelPending
        if loggedEvents.count > saved.events { loggedEvents.removeLast(loggedEvents.count - saved.events) }
    }
}
