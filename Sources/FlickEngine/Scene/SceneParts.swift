/// Undo commands waiting for the throws in flight (and queued deletions) to land.
struct UndoQueue: Sendable {
    /// Each waiting undo's cause (what its `restored` event is logged as), oldest first.
    private(set) var causes: [DeckChangeCause] = []
    /// Time of the latest undo that had to wait, seconds.
    private(set) var lastRequest = -Double.infinity
    /// `causes` as a trial found them (`beginTrial`): a buffer of its own, so that a frame shown
    /// ahead of the record allocates nothing once warm.
    private var saved: [DeckChangeCause] = []

    var isEmpty: Bool { causes.isEmpty }

    /// An undo of `cause` at `t` waits.
    mutating func append(_ cause: DeckChangeCause, at t: Double) {
        causes.append(cause)
        lastRequest = t
    }

    /// The oldest waiting undo's cause, taken out.
    mutating func takeFirst() -> DeckChangeCause { causes.removeFirst() }

    /// None waits any more (a reset).
    mutating func removeAll() { causes.removeAll(keepingCapacity: true) }

    /// Keeps the waiting undos, to be put back by `endTrial` (CardScene+LateInput.swift).
    mutating func beginTrial() {
        saved.removeAll(keepingCapacity: true)
        saved.append(contentsOf: causes)
    }

    /// The waiting undos as `beginTrial` kept them.
    mutating func endTrial() {
        causes.removeAll(keepingCapacity: true)
        causes.append(contentsOf: saved)
    }
}

/// The tracked pointer's press: where it went down (scene points), whether that was outside
/// the viewport (on the surround: such a press acts on nothing, and its gesture is `missed`),
/// and the pan's translation so far (for a gesture ended by a switch or a reset), points.
struct Press: Sendable {
    var position = Point(x: 0, y: 0)
    var onSurround = false
    var translation = Vector.zero
}

/// Where the content last came to rest, for `paged` events.
struct RestWatch: Sendable {
    /// The card index it rested on (kept on its card through deck changes); nil for an empty
    /// deck or a layout that does not scroll.
    var index: Int?
    /// The scroll axis as it was when its rest was last checked: a changed axis is checked again
    /// when it comes to rest.
    var checkedAxis: ScrollAxis?
}

/// Buffers the scene reuses so that the frame loop does not allocate.
struct SceneScratch: Sendable {
    /// Motions kept while changes not committed yet are laid out (CardScene+LateInput.swift).
    var motions: [CardMotion] = []
    /// A layout for hit tests at an event's time.
    var hits: [CardAttributes] = []
}
