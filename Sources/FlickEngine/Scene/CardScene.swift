/// The one object a front end talks to: feed it pointer events and commands, advance it to the
/// frame's time, draw its render list, log its events.
///
/// It routes each pan (a drag along the scroll axis scrolls; across it, on a card, drags that
/// card), runs every animation in closed form from the times passed in, applies deck changes
/// when the motion they wait for ends, and lays out only the visible cards. The same events
/// advanced at 30, 60 or 144 Hz give the same `SceneEvent`s and the same final render list,
/// because every completion is handled at the exact time it happens, not at the frame that
/// notices it. `advance(to:)` and `renderList` allocate nothing once warm.
public final class CardScene {
    // MARK: Public state

    /// The name of the interaction on show (a plug-in's own once installed).
    public internal(set) var interaction: Interaction
    /// Every constant in use.
    public internal(set) var config: SceneConfig
    /// Viewport size, points.
    public internal(set) var viewport: Size
    /// The cards, as stable ids.
    public internal(set) var deck: Deck
    /// Engine time of the last `advance` or input, whichever is later, seconds: the time of
    /// the frame on show. A late input (see `lateInputWindow`) does not move it back.
    public internal(set) var time: Double
    /// How much older than the last `advance` an input may be, seconds (touch timestamps lag
    /// the display link). 0 refuses any input older than the last frame. See CardScene+LateInput.
    public var lateInputWindow = 0.1
    /// Time up to which the scene's state is final: the latest input, or the point `advance`
    /// committed to (its time less `lateInputWindow`), or `commit()`. Seconds.
    public internal(set) var committedTime: Double
    /// Buffers reused by the frame loop (motions kept for a trial, hit-test layouts).
    var scratch = SceneScratch()
    /// The visible cards of the last `advance`, back to front, with their reuse slots.
    public internal(set) var renderList: [CardAttributes] = []
    /// Events since the last `clearEvents()`, oldest first, each with what the log writes beside
    /// it (the throw rule's verdict on a card release, what made a deck change, how a release's
    /// velocity was estimated).
    public internal(set) var loggedEvents: [LoggedSceneEvent] = []
    /// Why each card that is leaving or has left was sent away (kept until it leaves again).
    var departures: [CardID: DeckChangeOrigin] = [:]

    /// The events of `loggedEvents` alone, oldest first (a copy: a loop over a frame's events
    /// reads `loggedEvents` instead).
    public var events: [SceneEvent] { loggedEvents.map { $0.event } }

    /// The `i`-th of `loggedEvents`.
    public func logged(_ i: Int) -> LoggedSceneEvent { loggedEvents[i] }
    /// The reuse pool the render list's slots come from.
    public internal(set) var pool: ReusePool
    /// Velocity of the pointer in the current or last pan, pt/s (for a HUD).
    public internal(set) var pointerVelocity: Vector = .zero

    // MARK: Internal state

    /// Everything specific to the interaction on show (layout, routing, throw rules, flights),
    /// with the state it keeps of its own (its `CardInteraction.State`), handed to its hooks.
    var mode: any InteractionRules
    /// How the content moves, as `mode` chose it (scrolling or a depth stack).
    var content: any ContentStrategy
    /// What the interaction on show keeps (a depth stack's top and returning card, where thrown
    /// cards went); replaced when the interaction changes.
    var state = InteractionState()
    /// The interaction's layout, built once per change of interaction or config: its
    /// `pitch(viewport:)` is one card of `scrollPosition`, whatever the interaction.
    public internal(set) var layout: SceneLayout
    var axis: ScrollAxis
    var pan: PanRecognizer
    var gesture: Gesture = .idle
    /// Cards moving on their own or held; at most a handful (reserved, never reallocated).
    var motions: [CardMotion] = []
    /// The thrown card shown ready to be pulled back, if any (see `BringBack`).
    var returning: CardMotion? { state.bringBack.motion }
    var gap: GapMotion?
    /// Undo commands waiting for the throws in flight (and queued deletions) to land.
    var undos = UndoQueue()
    /// Where the content last came to rest, for `paged` events.
    var rest = RestWatch()
    /// Accumulated wheel travel not yet turned into a page, points.
    var wheelPending = 0.0
    /// Time of the latest completion (a motion or a gap ending), seconds.
    var lastCompletionTime = -Double.infinity
    /// Time the latest change was queued in the deck, seconds.
    var lastQueueTime = -Double.infinity
    /// The depth stack's top card (see `InteractionState.top`).
    var top: Int {
        get { state.top }
        set { state.top = newValue }
    }

    /// The tracked pointer's press: where, whether on the surround, the pan's translation.
    var press = Press()

    /// What the pointer is doing to the scene.
    enum Gesture: Sendable {
        case idle
        /// Down, not yet past the slop.
        case pressed
        /// Scrolling; the page (or card index for `now`) under the content when it began.
        case scrolling(startIndex: Int?)
        /// Dragging `card`, whose offset was `base` when the drag began.
        case card(CardID, base: Vector, kind: GestureKind)
        /// A pan with nothing to act on (a leaving card, empty space, an empty stack), pressed
        /// on this card if on any.
        case ignored(CardID?)
    }

    /// A scene of `count` cards (ids 0 ..< count) in `viewport` (points), at engine time `time`.
    public init(interaction: Interaction, count: Int, viewport: Size, config: SceneConfig = SceneConfig(),
                time: Double = 0) {
        self.interaction = interaction
        self.config = config
        self.viewport = Self.sanitized(viewport)
        self.deck = Deck(count: count)
        self.time = time.isFinite ? time : 0
        self.committedTime = self.time
        self.pan = PanRecognizer(configuration: config.pan)
        self.mode = interaction.rules(config)
        self.interaction = mode.name
        self.content = mode.contentMovement.strategy
        self.layout = mode.makeLayout()
        self.pool = ReusePool(capacity: 16)
        self.axis = ScrollAxis(viewportExtent: 0, maxOffset: 0)
        motions.reserveCapacity(8)
        scratch.motions.reserveCapacity(8)
        renderList.reserveCapacity(32)
        scratch.hits.reserveCapacity(32)
        loggedEvents.reserveCapacity(64)
        rebuildAxis(keepingIndex: 0)
        rebuildRenderList()
    }

    // MARK: - Time

    /// Moves the scene to `time` (seconds): ends the motions due by then, in time order, and
    /// lays out the frame. Non-finite or earlier times are refused with the reason.
    @discardableResult
    public func advance(to time: Double) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        guard time >= self.time else { return .timeWentBackwards(previous: self.time, received: time) }
        commit(upTo: time - max(0, lateInputWindow))
        self.time = time
        rebuildRenderList()
        return nil
    }

    /// Forgets the events read so far (the buffer keeps its capacity).
    public func clearEvents() {
        loggedEvents.removeAll(keepingCapacity: true)
    }

    // MARK: - Geometry and configuration

    /// The viewport changed (window resize, display change); the current card stays current
    /// and a fling or a drag in progress carries on (see `resize(to:at:)`).
    public func setViewport(_ size: Size, at time: Double) {
        if resize(to: Self.sanitized(size), at: time) { return }
        reconfigure(at: time, finishingMotions: false) { _ in
            viewport = Self.sanitized(size)
        }
    }

    /// Shows another interaction with the same deck, on the same current card: one registered
    /// under that name (`InteractionRegistry`); a name nothing is registered under changes
    /// nothing.
    public func setInteraction(_ interaction: Interaction, at time: Double) {
        guard let entry = InteractionRegistry.entry(named: interaction.rawValue) else { return }
        reconfigure(at: time, finishingMotions: true) { current in
            enter(entry.make(config), current: current)
        }
    }

    /// Shows `rules`, an interaction written outside the engine (a plug-in), with the same deck,
    /// on the same current card. `interaction` becomes its name (`CardInteraction.name`), which
    /// the log, the recording and the study show; a new config makes it afresh from the config
    /// (`init(config:)`), so it stays on show. Registering it too (`InteractionRegistry`) lets a
    /// recording that switches to it by name replay.
    public func install<I: CardInteraction>(_ rules: I, at time: Double) {
        reconfigure(at: time, finishingMotions: true) { current in
            enter(RulesOf(rules), current: current)
        }
    }

    /// The rules on show become `rules`, with fresh state, on card `current`. Where each thrown
    /// card went is kept with its deletion in the deck (`Deck.Deletion.exit`), not here, so an
    /// undo after a switch brings a card back from the side it left. The interaction's own state
    /// is kept when the same interaction comes on show again, else made afresh.
    private func enter(_ rules: any InteractionRules, current: Int?) {
        let name = rules.name
        if name != interaction { emit(.interactionChanged(time: time, from: interaction, to: name)) }
        if name == interaction { rules.keepState(of: mode) }
        interaction = name
        mode = rules
        content = rules.contentMovement.strategy
        layout = mode.makeLayout()
        state = InteractionState()
        top = content.entryTop(current: current)
        pool.checkInAll()
    }

    /// Replaces the constants (a preset loaded live); motions in flight finish first.
    public func setConfig(_ config: SceneConfig, at time: Double) {
        reconfigure(at: time, finishingMotions: true) { _ in
            self.config = config
            // The rules on show made afresh under the new constants: a plug-in stays a plug-in.
            mode = mode.remade(config: config)
            layout = mode.makeLayout()
        }
    }

    /// The frame of every change of geometry or constants: settle up to `time` (a bad time
    /// counts as now), optionally end the motions, apply `change` (given the current card), then
    /// rebuild the scroll axis on that card and lay out again.
    private func reconfigure(at time: Double, finishingMotions: Bool, _ change: (Int?) -> Void) {
        let t = clampedInputTime(time)
        let shown = beginInput(at: t)
        defer { endInput(showing: shown) }
        if finishingMotions {
            endGesture(at: t)
            finishAllMotions(at: t)
        }
        let current = positionIndex
        change(current)
        rebuildAxis(keepingIndex: current ?? 0)
        rebuildRenderList()
    }

    // MARK: - Queries

    /// The card a participant is on, by index; nil when empty. In a row (now, switcher,
    /// carousel) it is the card the scroll position is on, centred, even while it is thrown:
    /// it stays there, in the row, until it is deleted and the gap closes. In a depth stack
    /// (stack, swipe, a plug-in's `DepthStackLayout`) it is the first card that stays: a card
    /// flying away has already left the top, and a press there takes the card beneath it; nil
    /// when every card is leaving.
    public var currentIndex: Int? {
        layout.currentSkipsLeaving ? firstStaying(from: positionIndex) : positionIndex
    }

    /// The first index from `index` on whose card is not leaving; nil when there is none.
    func firstStaying(from index: Int?) -> Int? {
        guard var i = index else { return nil }
        while i < deck.count, deck.isLeaving(deck.id(at: i)) { i += 1 }
        return i < deck.count ? i : nil
    }

    /// The card a participant is on (`currentIndex`).
    public var currentCard: CardID? { currentIndex.map { deck.id(at: $0) } }

    /// The card index the scroll position is on (centred, or the top of the stack, leaving or
    /// not); nil when empty: what the axis and the layout keep to.
    var positionIndex: Int? {
        layout.currentIndex(position: position(at: time), count: deck.count, viewport: viewport)
    }

    /// Scroll position at the scene's time, points, for every interaction: along the layout's
    /// axis, or for a depth stack its top card's index times the layout's step
    /// (`DepthStackLayout.positionStep`). Divided by `layout.pitch(viewport:)` it counts cards.
    public var scrollPosition: Double { position(at: time) }

    /// True when nothing moves and no pointer is down: a front end may sleep until input.
    public var isAtRest: Bool {
        if case .idle = gesture {} else { return false }
        return motions.isEmpty && returning == nil && gap == nil && axis.isSettled(at: time)
    }

    /// A short name of what the pointer is doing, for a HUD.
    public var gestureDescription: String {
        switch gesture {
        case .idle: return isAtRest ? "idle" : "settling"
        case .pressed: return "pressed"
        case .scrolling: return "scrolling"
        case .card(_, _, let kind): return kind == .bringBack ? "bringing back" : "dragging card"
        case .ignored: return "ignored"
        }
    }

    /// Highest number of live reuse slots this interaction may hold.
    public var viewBound: Int { mode.viewBound }

    // MARK: - Internals shared by the extensions

    static func sanitized(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? max(0, size.width) : 0,
             height: size.height.isFinite ? max(0, size.height) : 0)
    }

    /// Scroll position at `t` (seconds), points (see `scrollPosition`).
    func position(at t: Double) -> Double {
        content.position(in: contentContext, state: state, at: t)
    }

    /// Where the content is heading at `t`: the rest position of a motion under way, else the
    /// position at `t`. Commands act on the card the content will rest on.
    func heading(at t: Double) -> Double {
        content.heading(in: contentContext, state: state, at: t)
    }

    /// What the content strategy answers from: the scene as it is, read-only.
    var contentContext: ContentContext {
        ContentContext(layout: layout, viewport: viewport, count: deck.count, axis: axis)
    }

    /// Rebuilds the scroll axis for the current layout, viewport and deck, centred on `index`.
    func rebuildAxis(keepingIndex index: Int) {
        let count = deck.count
        let bounds = layout.scrollBounds(count: count, viewport: viewport)
        let wraps = !(bounds.lowerBound.isFinite && bounds.upperBound.isFinite)
        let extent = layout.direction == .vertical ? viewport.height : viewport.width
        let start = count > 0
            ? layout.position(ofIndex: min(max(0, index), count - 1), count: count, viewport: viewport, near: 0)
            : 0
        axis = ScrollAxis(physics: mode.scrollPhysics, viewportExtent: extent,
                          minOffset: wraps ? 0 : bounds.lowerBound, maxOffset: wraps ? 0 : bounds.upperBound,
                          pageSize: content.pageSize(layout: layout, viewport: viewport), wrapsAround: wraps,
                          offset: start)
        wheelPending = 0
        rest.index = content.restIndex(in: contentContext, at: time)
        rest.checkedAxis = axis
    }

    /// New bounds after the deck changed at `time` (a motion carries on toward them).
    func updateBounds(at time: Double) {
        guard let bounds = content.restBounds(in: contentContext) else { return }
        axis.setBounds(minOffset: bounds.lowerBound, maxOffset: bounds.upperBound, at: time)
    }

    func emit(_ event: SceneEvent, release: ReleaseRecord? = nil, origin: DeckChangeOrigin? = nil,
              estimate: VelocityEstimate = .fit, press: MissedPress? = nil) {
        loggedEvents.append(LoggedSceneEvent(event, notes: LoggedSceneEvent.Notes(
            release: release, origin: origin, velocityEstimate: estimate == .fit ? nil : estimate, press: press)))
        mode.observe(event)
    }

    /// Why `card` left: what sent it away, else the embedder.
    func departure(of card: CardID) -> DeckChangeOrigin {
        departures[card] ?? DeckChangeOrigin(cause: .api)
    }

    /// Records why `card` is leaving: `cause`, and for a throw its direction and name.
    func noteDeparture(of card: CardID, cause: DeckChangeCause, direction: ThrowDirection?) {
        departures[card] = DeckChangeOrigin(cause: cause, direction: direction,
                                            label: direction.flatMap { mode.label(for: $0) })
    }

    func motionIndex(of card: CardID) -> Int? { motions.firstIndex { $0.card == card } }

    /// Lays out the frame at `time` into the reused buffer and gives each card its view slot.
    func rebuildRenderList() {
        layOutShownFrame()
        pool.reconcile(&renderList)
    }

    /// The card drawn under `point` at the scene's time, topmost first.
    ///
    /// It hit-tests a layout made for this instant rather than the last `renderList`, which is
    /// as old as the last frame: which card a press lands on must not depend on how often
    /// frames were drawn, or a replay at another frame rate could drag another card.
    func hitCard(at point: Point) -> CardAttributes? {
        layOut(at: time, into: &scratch.hits)
        return layout.hitTest(point, in: scratch.hits)
    }

    /// The topmost card under `point` at the scene's time that is not on its way out: the card
    /// beneath a thrown card still flying over it. Uses the layout `hitCard` made.
    func hitStayingCard(at point: Point) -> CardAttributes? {
        scratch.hits.removeAll { deck.isLeaving($0.card) }
        return layout.hitTest(point, in: scratch.hits)
    }

    /// In a depth stack whose top card is flying away, the last of the cards flying off the
    /// top one after another (its deck index and offset at `t`); nil otherwise.
    func lastFlyingOffTop(at t: Double) -> (index: Int, offset: Vector)? {
        content.lastFlyingOffTop(top: top, count: deck.count) { i in
            let card = deck.id(at: i)
            guard deck.isLeaving(card), let j = motionIndex(of: card) else { return nil }
            return motions[j].offset(at: t)
        }
    }

    /// The visible cards at `t` (seconds), back to front, without view slots.
    ///
    /// A returning card (not in the deck) is drawn on top of the stack, at the index `top`: the
    /// layout sees the deck with it inserted there, and the indices it reports are the deck's.
    func layOut(at t: Double, into output: inout [CardAttributes]) {
        var overrides = CardOverrides()
        var topOffset: Vector? = nil
        let visitor = returning.map { _ in min(top, deck.count) }
        for m in motions {
            guard var i = deck.index(of: m.card) else { continue }
            if let v = visitor, i >= v { i += 1 }
            let o = m.offset(at: t)
            overrides.set(CardOverride(index: i, offset: o, tiltSign: m.tiltSign))
            if i == top { topOffset = o }
        }
        if let r = returning, let v = visitor {
            let o = r.offset(at: t)
            overrides.set(CardOverride(index: v, offset: o))
            topOffset = o
        }
        var sliding = gap?.closing(at: t)
        if let v = visitor, sliding != nil, sliding!.index >= v { sliding!.index += 1 }
        var gapState: GapClosing?
        if visitor == nil, let last = lastFlyingOffTop(at: t), last.index > top {
            // Several cards thrown off the top in quick succession: the stack closes up behind
            // the last of them, those before it stay full size on their way out.
            gapState = mode.gapClosing(sliding: sliding, top: last.index, topOffset: last.offset, viewport: viewport)
            if var g = gapState, g.index == last.index + 1, !g.before {
                g.index = top + 1
                g.fraction -= Double(last.index - top)
                gapState = g
            }
        } else {
            gapState = mode.gapClosing(sliding: sliding, top: top, topOffset: topOffset, viewport: viewport)
        }
        let input = LayoutInput(position: position(at: t), viewport: viewport, overrides: overrides, gap: gapState)
        if let r = returning, let v = visitor {
            layout.layout(input, cards: DeckWithVisitor(deck: deck, visitor: r.card, at: v), into: &output)
            for k in output.indices where output[k].index > v { output[k].index -= 1 }
        } else {
            layout.layout(input, cards: deck, into: &output)
        }
    }
}
