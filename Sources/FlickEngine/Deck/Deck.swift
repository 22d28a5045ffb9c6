/// Anything that can name the card at a deck index: what a layout needs to label its output.
///
/// `Deck` conforms; tests and benchmarks can use `SequentialCards` to lay out without a deck.
public protocol CardIDSource {
    /// Number of cards, so layouts can clamp their visible range.
    var count: Int { get }
    /// The card at `index` (0 ..< count); must be O(1) or O(log n) since layouts call it per frame.
    func id(at index: Int) -> CardID
}

/// Cards 0 ..< count with ids equal to their index: a deck with no history, for tests and benchmarks.
public struct SequentialCards: CardIDSource, Hashable, Sendable {
    /// Number of cards.
    public var count: Int
    /// - Parameter count: number of cards (negative counts as 0).
    public init(count: Int) { self.count = max(0, count) }
    /// Card `index` is `CardID(index)`.
    public func id(at index: Int) -> CardID { CardID(index) }
}

/// A data change that may have to wait until a moving card settles (see `Deck.enqueue`).
public enum DeckChange: Hashable, Sendable {
    /// Remove this card; by id, so that a change queued earlier cannot hit the wrong card.
    case delete(CardID)
    /// Insert a new card at this index (clamped to the count when applied), for `cause` (what
    /// its `inserted` event is logged as).
    case insert(at: Int, cause: DeckChangeCause = .api)
}

/// What `Deck.applyQueued()` did with one queued change, for the scene's event log.
public enum AppliedChange: Hashable, Sendable {
    /// The card left the deck; it was at `index`.
    case deleted(CardID, index: Int)
    /// A new card was created at `index`, for the cause its insert was queued with.
    case inserted(CardID, index: Int, cause: DeckChangeCause)
    /// The change no longer applied (its card was already gone or leaving) and was skipped.
    case dropped(DeckChange)
}

/// The ordered cards of a scene, as stable ids.
///
/// Why not `[CardID]`: a million cards must be cheap to create, and deleting or restoring one
/// must not move megabytes. The ids live in fixed-size chunks (512 per chunk, one flat Int32
/// buffer) with a table of the chunks' first deck indices, so:
/// - creating n cards writes two Int32 arrays of n (no per-card object),
/// - `id(at:)` is a binary search over the chunks, O(log(n / 512)),
/// - `index(of:)` is O(1) to find the chunk plus a scan of at most 512 ids,
/// - insert and delete move at most 512 ids and adjust one Int per chunk (about 2,000 at 1M).
///
/// Ids are handed out in increasing order and never reused: a deleted card that comes back by
/// `undoLastDeletion()` or `reset()` is the same card again, never a different one under an old id.
public struct Deck: CardIDSource, Sendable {
    /// Ids per chunk: a move inside a chunk stays within 2 KB.
    static let chunkCapacity = 512

    // MARK: Storage
    /// Chunk storage: chunk c holds `fill[c]` ids (relative to `idBase`) from `store[c * B]`.
    private var store: ContiguousArray<Int32> = []
    /// Number of ids in each storage chunk.
    private var fill: ContiguousArray<Int32> = []
    /// Storage chunks in deck order (empty chunks are removed from the order and recycled).
    private var order: ContiguousArray<Int32> = []
    /// Deck index of the first card of `order[k]`; same length as `order`.
    private var starts: ContiguousArray<Int> = []
    /// Position in `order` of each storage chunk, or -1 for a free chunk.
    private var positionOfChunk: ContiguousArray<Int32> = []
    /// Storage chunk of each id (relative to `idBase`), or -1 when the card is not in the deck.
    private var chunkOfID: ContiguousArray<Int32> = []
    /// Storage chunks ready for reuse.
    private var freeChunks: ContiguousArray<Int32> = []
    /// What a trial changed, to put the deck back exactly (see `beginTrial()`): one reference,
    /// so copying a deck (which layouts do every frame) costs no more than before trials.
    private var trialBox: TrialBox?

    /// Ids below this belong to a deck replaced by `replaceAll(count:)`; all gone for good.
    private var idBase: Int = 0
    /// Number of cards the deck was created with (ids `idBase ..< idBase + initialCount`).
    public private(set) var initialCount: Int = 0
    /// The id the next new card gets; only grows, which is what keeps ids unique forever.
    public private(set) var nextID: Int = 0
    /// Number of cards in the deck.
    public private(set) var count: Int = 0

    // MARK: History and pending work
    /// One deletion that `undoLastDeletion()` can take back.
    public struct Deletion: Hashable, Sendable {
        /// The card that left.
        public var card: CardID
        /// Its index just before it left.
        public var index: Int
        /// Where it went: the offset from its place (points) at which its throw's flight came to
        /// rest, so an undo brings it back from that side whatever is on show by then; nil for a
        /// card that left without a flight (a deletion from outside, a queued throw).
        public var exit: Vector?

        /// - Parameters:
        ///   - card: the card that left.
        ///   - index: its index just before it left.
        ///   - exit: where its flight came to rest (points from its place), if it flew.
        public init(card: CardID, index: Int, exit: Vector? = nil) {
            self.card = card
            self.index = index
            self.exit = exit
        }
    }
    /// Deletions that can still be undone, oldest first.
    public private(set) var deletions: ContiguousArray<Deletion> = []
    /// How many deletions undo remembers; older ones are forgotten first.
    public var undoLimit: Int = 256
    /// Changes waiting for a motion to settle, in arrival order.
    public private(set) var queued: ContiguousArray<DeckChange> = []
    /// Cards on their way out (thrown and flying): still in the deck, but no longer touchable.
    public private(set) var leaving: ContiguousArray<CardID> = []

    /// Creates `count` cards with ids 0 ..< count in order.
    /// - Parameter count: number of cards (negative counts as 0).
    public init(count: Int = 0) {
        rebuild(idBase: 0, count: max(0, count), nextID: max(0, count))
    }

    // MARK: - Queries

    /// True when the deck has no card.
    public var isEmpty: Bool { count == 0 }

    /// The card at `index`, which must be in 0 ..< count. O(log(count / 512)).
    public func id(at index: Int) -> CardID {
        precondition(index >= 0 && index < count, "Deck index \(index) out of range 0..<\(count)")
        let k = chunkPosition(containing: index)
        let c = Int(order[k])
        return CardID(Int(store[c &* Deck.chunkCapacity &+ (index &- starts[k])]) &+ idBase)
    }

    /// The card at `index`, or nil outside 0 ..< count: for callers holding a possibly stale index.
    public func card(at index: Int) -> CardID? {
        index >= 0 && index < count ? id(at: index) : nil
    }

    /// Where `card` is, or nil when it is not in the deck. O(1) plus a scan of one chunk (≤ 512).
    public func index(of card: CardID) -> Int? {
        guard let c = chunk(of: card) else { return nil }
        let rel = Int32(truncatingIfNeeded: card.value &- idBase)
        let base = c &* Deck.chunkCapacity
        let n = Int(fill[c])
        for j in 0..<n where store[base &+ j] == rel {
            return starts[Int(positionOfChunk[c])] &+ j
        }
        return nil
    }

    /// True when `card` is in the deck (including while it is leaving).
    public func contains(_ card: CardID) -> Bool { chunk(of: card) != nil }

    /// True while `card` is flying away: gestures and queued changes must leave it alone.
    public func isLeaving(_ card: CardID) -> Bool { leaving.contains(card) }

    /// True when `undoLastDeletion()` has something to restore.
    public var canUndo: Bool { lastUndoable != nil }

    /// The deletion `undoLastDeletion()` would take back now (its index as recorded), or nil.
    public var lastUndoable: Deletion? {
        deletions.last { !contains($0.card) }
    }

    /// True while a deletion waits in the queue.
    public var hasQueuedDeletion: Bool {
        queued.contains { if case .delete = $0 { return true } else { return false } }
    }

    // MARK: - Edits

    /// Inserts a brand-new card at `index` (clamped to 0 ... count) and returns its id.
    @discardableResult
    public mutating func insert(at index: Int) -> CardID {
        let card = CardID(nextID)
        nextID += 1
        let rel = card.value - idBase
        precondition(rel < Int(Int32.max), "Deck: too many ids since the last replaceAll")
        chunkOfID.append(-1)
        let at = min(max(0, index), count)
        place(rel: Int32(rel), at: at)
        shiftDeletions(forInsertionAt: at)
        return card
    }

    /// Removes the card at `index` (must be in 0 ..< count) and remembers it for undo.
    @discardableResult
    public mutating func delete(at index: Int) -> CardID {
        precondition(index >= 0 && index < count, "Deck index \(index) out of range 0..<\(count)")
        let card = remove(at: index)
        remember(Deletion(card: card, index: index))
        return card
    }

    /// Removes `card` wherever it is now and returns the index it had; nil (and nothing
    /// happens) when it is already gone. Idempotent, so a late or repeated request is harmless.
    /// `exit`: where its flight came to rest (points from its place), kept with the deletion.
    @discardableResult
    public mutating func delete(_ card: CardID, exit: Vector? = nil) -> Int? {
        guard let index = index(of: card) else { return nil }
        _ = remove(at: index)
        remember(Deletion(card: card, index: index, exit: exit))
        return index
    }

    /// Puts the most recently deleted card back at its old index (clamped to the count if the
    /// deck has shrunk since). Returns the card and where it went, or nil when there is nothing
    /// to undo. Repeated calls take back earlier deletions in reverse order, which restores the
    /// original order exactly.
    @discardableResult
    public mutating func undoLastDeletion() -> Deletion? {
        while let last = deletions.popLast() {
            // A card restored by reset() meanwhile is in the deck: that deletion is moot.
            if contains(last.card) { continue }
            let index = min(last.index, count)
            place(rel: Int32(truncatingIfNeeded: last.card.value - idBase), at: index)
            return Deletion(card: last.card, index: index, exit: last.exit)
        }
        return nil
    }

    /// Puts `card` back from the undo history at `index` (clamped to 0 ... count) instead of its
    /// old place, forgetting that one deletion: for a card pulled back by hand, which lands where
    /// it was dropped. Nil (and nothing happens) when `card` is in the deck or not in the history.
    @discardableResult
    public mutating func restore(_ card: CardID, at index: Int) -> Deletion? {
        guard !contains(card), let j = deletions.lastIndex(where: { $0.card == card }) else { return nil }
        let exit = deletions.remove(at: j).exit
        let at = min(max(0, index), count)
        place(rel: Int32(truncatingIfNeeded: card.value - idBase), at: at)
        return Deletion(card: card, index: at, exit: exit)
    }

    /// Restores the deck as it was created: the same ids in their first order. Deleted cards
    /// come back, inserted cards are dropped, undo history, queue and leaving marks are cleared.
    /// `nextID` keeps growing, so no id is ever handed to a second card.
    public mutating func reset() {
        rebuild(idBase: idBase, count: initialCount, nextID: nextID)
    }

    /// Replaces every card with `count` brand-new ones (fresh ids from `nextID`), clearing
    /// history: for a "reload" whose cards are not the old ones.
    public mutating func replaceAll(count newCount: Int) {
        let n = max(0, newCount)
        rebuild(idBase: nextID, count: n, nextID: nextID + n)
    }

    // MARK: - Leaving and the change queue

    /// Marks `card` as flying away. Returns false (and changes nothing) when the card is not in
    /// the deck or already leaving: that is how a second fast flick on the same card is ignored.
    @discardableResult
    public mutating func markLeaving(_ card: CardID) -> Bool {
        guard contains(card), !leaving.contains(card) else { return false }
        leaving.append(card)
        return true
    }

    /// Clears the leaving mark without deleting (a throw that was cancelled).
    public mutating func unmarkLeaving(_ card: CardID) {
        if let j = leaving.firstIndex(of: card) { leaving.remove(at: j) }
    }

    /// Queues a change until the scene's motion settles. Returns false when it is dropped at
    /// once: deleting a card that is gone, leaving (its own flight deletes it) or already
    /// queued for deletion.
    @discardableResult
    public mutating func enqueue(_ change: DeckChange) -> Bool {
        if case .delete(let card) = change {
            guard contains(card), !isLeaving(card), !queued.contains(change) else { return false }
        }
        queued.append(change)
        return true
    }

    /// True while changes are waiting.
    public var hasQueuedChanges: Bool { !queued.isEmpty }

    /// Applies every queued change in order, when the motion they waited for has settled.
    /// A deletion whose card has meanwhile gone or started leaving is dropped, never applied
    /// to whatever card now has that index. Deletions applied here can be undone.
    @discardableResult
    public mutating func applyQueued() -> [AppliedChange] {
        guard !queued.isEmpty else { return [] }
        var done: [AppliedChange] = []
        done.reserveCapacity(queued.count)
        let pending = queued
        queued.removeAll(keepingCapacity: true)
        for change in pending {
            switch change {
            case .delete(let card):
                if isLeaving(card) { done.append(.dropped(change)); continue }
                if let index = delete(card) {
                    done.append(.deleted(card, index: index))
                } else {
                    done.append(.dropped(change))
                }
            case .insert(let at, let cause):
                let index = min(max(0, at), count)
                let card = insert(at: index)
                done.append(.inserted(card, index: index, cause: cause))
            }
        }
        return done
    }

    // MARK: - Internals

    /// After a new card went in at `index`, each remembered deletion's index is moved to where
    /// that card belongs now, so a later undo puts it back beside the same neighbours. Deletions
    /// are undone newest first, so the insertion is carried back through each in turn: in the
    /// deck as it was before a deletion, the new card sits one further when it came after it.
    private mutating func shiftDeletions(forInsertionAt index: Int) {
        var at = index
        for j in deletions.indices.reversed() {
            if at <= deletions[j].index { deletions[j].index += 1 } else { at += 1 }
        }
    }

    private mutating func remember(_ deletion: Deletion) {
        unmarkLeaving(deletion.card)
        if undoLimit <= 0 { return }
        if deletions.count >= undoLimit { deletions.removeFirst(deletions.count - undoLimit + 1) }
        deletions.append(deletion)
    }

    /// Storage chunk of `card`, or nil when it is not in the deck.
    private func chunk(of card: CardID) -> Int? {
        let rel = card.value &- idBase
        guard card.value >= idBase, rel < chunkOfID.count else { return nil }
        let c = chunkOfID[rel]
        return c < 0 ? nil : Int(c)
    }

    /// Position k in `order` of the chunk holding deck index `index` (0 ..< count).
    private func chunkPosition(containing index: Int) -> Int {
        // Largest k with starts[k] <= index.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo &+ hi &+ 1) >> 1
            if starts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private mutating func rebuild(idBase base: Int, count n: Int, nextID next: Int) {
        if isInTrial { keepWholeDeckForTrial() }
        let b = Deck.chunkCapacity
        let chunks = (n + b - 1) / b
        idBase = base
        initialCount = n
        nextID = next
        count = n
        precondition(next - base < Int(Int32.max), "Deck: too many cards")
        store = ContiguousArray(unsafeUninitializedCapacity: chunks * b) { buf, initialized in
            for i in 0..<(chunks * b) { buf[i] = Int32(truncatingIfNeeded: i) }
            initialized = chunks * b
        }
        fill = ContiguousArray(unsafeUninitializedCapacity: chunks) { buf, initialized in
            for c in 0..<chunks { buf[c] = Int32(min(b, n - c * b)) }
            initialized = chunks
        }
        order = ContiguousArray((0..<chunks).lazy.map { Int32($0) })
        starts = ContiguousArray((0..<chunks).lazy.map { $0 * b })
        positionOfChunk = order
        let known = next - base
        chunkOfID = ContiguousArray(unsafeUninitializedCapacity: known) { buf, initialized in
            for i in 0..<n { buf[i] = Int32(truncatingIfNeeded: i / b) }
            for i in n..<known { buf[i] = -1 }
            initialized = known
        }
        freeChunks = []
        deletions = []
        queued = []
        leaving = []
    }

    /// Takes the card at `index` out of the storage (no history).
    private mutating func remove(at index: Int) -> CardID {
        let b = Deck.chunkCapacity
        let k = chunkPosition(containing: index)
        let c = Int(order[k])
        let offset = index - starts[k]
        let n = Int(fill[c])
        let base = c * b
        let rel = store[base + offset]
        preserveChunk(c)
        store.withUnsafeMutableBufferPointer { buf in
            var j = base + offset
            while j < base + n - 1 { buf[j] = buf[j + 1]; j += 1 }
        }
        fill[c] = Int32(n - 1)
        setChunk(-1, ofRel: Int(rel))
        count -= 1
        if n == 1 {
            // The chunk is empty: take it out of the order and recycle it.
            order.remove(at: k)
            starts.remove(at: k)
            positionOfChunk[c] = -1
            freeChunks.append(Int32(c))
            for j in k..<order.count { positionOfChunk[Int(order[j])] = Int32(j) }
            shiftStarts(from: k, by: -1)
        } else {
            shiftStarts(from: k + 1, by: -1)
        }
        return CardID(Int(rel) + idBase)
    }

    /// Puts the id `rel` (relative to `idBase`) into the storage at deck index `index` (0 ... count).
    private mutating func place(rel: Int32, at index: Int) {
        let b = Deck.chunkCapacity
        var k: Int
        var offset: Int
        if order.isEmpty {
            let c = newChunk()
            order.append(Int32(c))
            starts.append(0)
            positionOfChunk[c] = 0
            k = 0
            offset = 0
        } else if index == count {
            k = order.count - 1
            offset = index - starts[k]
        } else {
            k = chunkPosition(containing: index)
            offset = index - starts[k]
            // At a chunk boundary, prefer the previous chunk if it has room (keeps chunks full).
            if offset == 0, k > 0, Int(fill[Int(order[k - 1])]) < b {
                k -= 1
                offset = Int(fill[Int(order[k])])
            }
        }
        if Int(fill[Int(order[k])]) == b {
            split(at: k)
            let half = Int(fill[Int(order[k])])
            if offset > half { k += 1; offset -= half }
        }
        let c = Int(order[k])
        let n = Int(fill[c])
        let base = c * b
        preserveChunk(c)
        store.withUnsafeMutableBufferPointer { buf in
            var j = base + n
            while j > base + offset { buf[j] = buf[j - 1]; j -= 1 }
            buf[base + offset] = rel
        }
        fill[c] = Int32(n + 1)
        setChunk(Int32(c), ofRel: Int(rel))
        count += 1
        shiftStarts(from: k + 1, by: 1)
    }

    /// Moves the upper half of the full chunk at order position `k` into a new chunk after it.
    private mutating func split(at k: Int) {
        let b = Deck.chunkCapacity
        let c = Int(order[k])
        let half = b / 2
        let d = newChunk()
        preserveChunk(d)
        for j in 0..<(b - half) {
            let rel = store[c * b + half + j]
            store[d * b + j] = rel
            setChunk(Int32(d), ofRel: Int(rel))
        }
        fill[c] = Int32(half)
        fill[d] = Int32(b - half)
        order.insert(Int32(d), at: k + 1)
        starts.insert(starts[k] + half, at: k + 1)
        for j in (k + 1)..<order.count { positionOfChunk[Int(order[j])] = Int32(j) }
    }

    /// A free storage chunk (recycled, or appended to the storage).
    private mutating func newChunk() -> Int {
        if let c = freeChunks.popLast() { fill[Int(c)] = 0; return Int(c) }
        let c = fill.count
        store.append(contentsOf: repeatElement(0, count: Deck.chunkCapacity))
        fill.append(0)
        positionOfChunk.append(-1)
        return c
    }

    private mutating func shiftStarts(from k: Int, by delta: Int) {
        guard k < starts.count else { return }
        starts.withUnsafeMutableBufferPointer { buf in
            for j in k..<buf.count { buf[j] &+= delta }
        }
    }
}

extension Deck: CustomStringConvertible {
    /// Short form for logs: the count and the first few ids.
    public var description: String {
        let shown = (0..<min(count, 8)).map { id(at: $0).description }.joined(separator: " ")
        return "Deck(\(count): \(shown)\(count > 8 ? " …" : ""))"
    }
}

// MARK: - Trials

extension Deck {
    /// Starts a trial: changes from now on can be taken back exactly with `rollBackTrial()`.
    /// For a scene that shows changes it has not committed yet: it makes them on the deck, lays
    /// the frame out and rolls them back. Costs O(count / 512) to start and O(512) per chunk
    /// changed (the old contents of each chunk are kept the first time it changes), instead of
    /// a copy of the whole deck; nothing is allocated once the journal's buffers are warm.
    /// Trials do not nest: starting one while one runs is a programming error.
    mutating func beginTrial() {
        let box = ownTrialBox()
        precondition(!box.trial.isActive, "Deck: a trial is already running")
        box.trial.begin(self)
    }

    /// Puts the deck back exactly as it was when the trial began (ids, order, history, queue,
    /// leaving marks) and ends the trial.
    mutating func rollBackTrial() {
        let box = ownTrialBox()
        precondition(box.trial.isActive, "Deck: no trial to roll back")
        box.trial.rollBack(&self)
    }

    /// True while a trial runs.
    var isInTrial: Bool { trialBox?.trial.isActive ?? false }

    /// The journal, this deck's own: a copy of a deck shares it until one of them changes
    /// (copy on write by hand, as the arrays do it themselves).
    private mutating func ownTrialBox() -> TrialBox {
        if trialBox == nil || !isKnownUniquelyReferenced(&trialBox) {
            trialBox = TrialBox(trialBox?.trial ?? Trial())
        }
        return trialBox!
    }

    /// Before a rebuild (reset, replaceAll) in a trial: puts the deck back as it was at the start
    /// and keeps its big buffers whole for the rollback (they move into the journal; the
    /// rebuild makes new ones, so nothing is copied).
    private mutating func keepWholeDeckForTrial() {
        let box = ownTrialBox()
        guard !box.trial.wholeDeck else { return }
        box.trial.rollBack(&self)
        box.trial.isActive = true
        box.trial.wholeDeck = true
        box.trial.wholeStore = store
        box.trial.wholeChunkOfID = chunkOfID
    }

    /// Keeps chunk `c`'s storage as it was before the trial, the first time it changes in one.
    fileprivate mutating func preserveChunk(_ c: Int) {
        guard isInTrial else { return }
        let box = ownTrialBox()
        guard !box.trial.wholeDeck, c < box.trial.storeCount / Deck.chunkCapacity,
              !box.trial.chunks.contains(Int32(c)) else { return }
        let b = Deck.chunkCapacity
        box.trial.chunks.append(Int32(c))
        box.trial.chunkStore.append(contentsOf: store[(c * b)..<(c * b + b)])
    }

    /// Sets the storage chunk of id `rel`, remembering the old one during a trial.
    fileprivate mutating func setChunk(_ c: Int32, ofRel rel: Int) {
        if isInTrial {
            let box = ownTrialBox()
            if !box.trial.wholeDeck && rel < box.trial.chunkOfIDCount {
                box.trial.idWrites.append(Int32(truncatingIfNeeded: rel))
                box.trial.idOldChunks.append(chunkOfID[rel])
            }
        }
        chunkOfID[rel] = c
    }

    /// Sendable by hand: a box is only changed through `ownTrialBox()`, which copies one that
    /// any other deck still holds, so no two threads ever change or read-while-changed one box.
    fileprivate final class TrialBox: @unchecked Sendable {
        var trial: Trial
        init(_ trial: Trial) { self.trial = trial }
    }

    /// The journal of a trial. Its buffers keep their capacity between trials.
    fileprivate struct Trial: Sendable {
        var isActive = false
        /// The deck was rebuilt (reset, replaceAll) during the trial: its big buffers as they
        /// were are kept whole below, and the chunk journal is not used.
        var wholeDeck = false
        var wholeStore: ContiguousArray<Int32> = []
        var wholeChunkOfID: ContiguousArray<Int32> = []
        // Scalars and lengths at the start.
        var idBase = 0, initialCount = 0, nextID = 0, count = 0, undoLimit = 0
        var storeCount = 0, chunkOfIDCount = 0
        // The small arrays, O(chunks) or bounded, copied whole.
        var fill: ContiguousArray<Int32> = []
        var order: ContiguousArray<Int32> = []
        var starts: ContiguousArray<Int> = []
        var positionOfChunk: ContiguousArray<Int32> = []
        var freeChunks: ContiguousArray<Int32> = []
        var deletions: ContiguousArray<Deletion> = []
        var queued: ContiguousArray<DeckChange> = []
        var leaving: ContiguousArray<CardID> = []
        // Storage chunks changed (their old contents, 512 ids each) and ids moved.
        var chunks: ContiguousArray<Int32> = []
        var chunkStore: ContiguousArray<Int32> = []
        var idWrites: ContiguousArray<Int32> = []
        var idOldChunks: ContiguousArray<Int32> = []

        mutating func begin(_ deck: Deck) {
            isActive = true
            wholeDeck = false
            idBase = deck.idBase
            initialCount = deck.initialCount
            nextID = deck.nextID
            count = deck.count
            undoLimit = deck.undoLimit
            storeCount = deck.store.count
            chunkOfIDCount = deck.chunkOfID.count
            copy(&fill, deck.fill)
            copy(&order, deck.order)
            copy(&starts, deck.starts)
            copy(&positionOfChunk, deck.positionOfChunk)
            copy(&freeChunks, deck.freeChunks)
            copy(&deletions, deck.deletions)
            copy(&queued, deck.queued)
            copy(&leaving, deck.leaving)
            chunks.removeAll(keepingCapacity: true)
            chunkStore.removeAll(keepingCapacity: true)
            idWrites.removeAll(keepingCapacity: true)
            idOldChunks.removeAll(keepingCapacity: true)
        }

        /// Restores `deck` to the start of the trial.
        mutating func rollBack(_ deck: inout Deck) {
            defer { isActive = false }
            if wholeDeck {
                deck.store = wholeStore
                deck.chunkOfID = wholeChunkOfID
                wholeStore = []
                wholeChunkOfID = []
            } else {
                let b = Deck.chunkCapacity
                for i in idWrites.indices.reversed() { deck.chunkOfID[Int(idWrites[i])] = idOldChunks[i] }
                deck.chunkOfID.removeLast(deck.chunkOfID.count - chunkOfIDCount)
                for (i, c) in chunks.enumerated() {
                    let at = Int(c) * b
                    deck.store.withUnsafeMutableBufferPointer { buf in
                        for j in 0..<b { buf[at + j] = chunkStore[i * b + j] }
                    }
                }
                deck.store.removeLast(deck.store.count - storeCount)
            }
            copy(&deck.fill, fill)
            copy(&deck.order, order)
            copy(&deck.starts, starts)
            copy(&deck.positionOfChunk, positionOfChunk)
            copy(&deck.freeChunks, freeChunks)
            copy(&deck.deletions, deletions)
            copy(&deck.queued, queued)
            copy(&deck.leaving, leaving)
            deck.idBase = idBase
            deck.initialCount = initialCount
            deck.nextID = nextID
            deck.count = count
            deck.undoLimit = undoLimit
        }

        private func copy<T>(_ a: inout ContiguousArray<T>, _ b: ContiguousArray<T>) {
            a.removeAll(keepingCapacity: true)
            a.append(contentsOf: b)
        }
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension DeckChange: Codable {}
extension AppliedChange: Codable {}
extension Deck.Deletion: Codable {}
#endif
