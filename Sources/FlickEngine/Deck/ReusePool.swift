/// Hands out view slots (small Ints 0, 1, 2, …) to the cards on screen, recycling them.
///
/// A front end keeps one view (texture, quad, widget) per slot, so the number of views stays at
/// the number of visible cards however long the deck is, like `UITableView`'s
/// `dequeueReusableCell(withIdentifier:)` and the original designs' four reused card views.
///
/// Freed slots go on a last-in-first-out free list per reuse identifier (the idea of an entity
/// id recycler: a freed id is the next one handed out), and a new slot number is made only when
/// that list is empty. So `slotCount` is the high-water mark of cards visible at once.
///
/// `reconcile` runs once per frame: cards that stay visible keep their slot, cards that left
/// give theirs back *before* new cards take one, so a card scrolling in reuses the slot of the
/// card scrolling out in the same frame. After warm-up it allocates nothing.
///
/// Not `Sendable`: the reset hook usually touches front-end state on the main thread.
public struct ReusePool {
    /// Called when a slot is given to a card: `slot`, the card it drew before (nil for a
    /// brand-new slot) and the card it draws now. The front end rebinds the view's content here.
    public typealias ResetHook = (_ slot: Int, _ previous: CardID?, _ card: CardID) -> Void

    /// The identifier used when none is given: one kind of card view.
    public static let defaultIdentifier = "card"

    /// Rebinds a view whenever its slot changes card; nil when the caller reads `slot(for:)`.
    public var onReset: ResetHook?

    /// Reuse identifiers seen so far; the position is the kind number.
    private var identifiers: ContiguousArray<String> = []
    /// Per kind, the free slots, most recently freed last (handed out first).
    private var freeLists: ContiguousArray<ContiguousArray<Int>> = []
    /// Per slot, the card drawing with it, or nil while the slot is free.
    private var owner: ContiguousArray<CardID?> = []
    /// Per slot, the last card it drew: what the reset hook reports as `previous`.
    private var lastOwner: ContiguousArray<CardID?> = []
    /// Per slot, its kind (a slot never changes kind: its view was built for it).
    private var kindOfSlot: ContiguousArray<Int> = []
    /// Scratch for `reconcile`: slots still visible this frame.
    private var seen: ContiguousArray<Bool> = []
    /// Number of slots checked out right now.
    public private(set) var liveCount: Int = 0
    /// Number of check-outs that recycled a slot rather than making one (for tests and the HUD).
    public private(set) var reuseCount: Int = 0

    /// - Parameters:
    ///   - capacity: slots to reserve room for, so steady state never allocates (views).
    ///   - onReset: see `ResetHook`.
    public init(capacity: Int = 16, onReset: ResetHook? = nil) {
        self.onReset = onReset
        owner.reserveCapacity(capacity)
        lastOwner.reserveCapacity(capacity)
        kindOfSlot.reserveCapacity(capacity)
        seen.reserveCapacity(capacity)
        identifiers.reserveCapacity(4)
        freeLists.reserveCapacity(4)
        _ = kind(for: ReusePool.defaultIdentifier)
        freeLists[0].reserveCapacity(capacity)
    }

    // MARK: - Queries

    /// Number of slots ever made: the most cards that were on screen at once.
    public var slotCount: Int { owner.count }

    /// The slot drawing `card`, or nil when it has none.
    public func slot(for card: CardID) -> Int? {
        for s in owner.indices where owner[s] == card { return s }
        return nil
    }

    /// The card drawn by `slot`, or nil when the slot is free (or does not exist).
    public func card(inSlot slot: Int) -> CardID? {
        slot >= 0 && slot < owner.count ? owner[slot] : nil
    }

    /// The reuse identifier `slot` was made for.
    public func reuseIdentifier(ofSlot slot: Int) -> String {
        identifiers[kindOfSlot[slot]]
    }

    /// Checks the bookkeeping: every slot is either checked out to exactly one card or on
    /// exactly one free list (of its own kind), no card holds two slots, and `liveCount` is
    /// right. Tests call it after every step; O(slots²), so not for the frame loop.
    public func isConsistent() -> Bool {
        var live = 0
        for s in owner.indices {
            let onFreeList = freeLists.indices.reduce(0) { n, k in
                n + freeLists[k].reduce(0) { $0 + ($1 == s ? 1 : 0) }
            }
            if let card = owner[s] {
                live += 1
                if onFreeList != 0 { return false }
                for t in owner.indices where t != s && owner[t] == card { return false }
            } else {
                if onFreeList != 1 || !freeLists[kindOfSlot[s]].contains(s) { return false }
            }
        }
        return live == liveCount
    }

    // MARK: - The hook, from outside

    /// Installs `hook` (nil removes it), e.g. from an embedder that owns one view per slot and
    /// did not make the pool. With `announcingLiveSlots`, `hook` is called at once for every
    /// slot checked out now, in slot order, with `previous` nil: views made after the pool has
    /// handed out slots are bound to the cards they must draw before the next frame.
    public mutating func setResetHook(_ hook: ResetHook?, announcingLiveSlots: Bool = true) {
        onReset = hook
        guard let hook, announcingLiveSlots else { return }
        for s in owner.indices {
            if let card = owner[s] { hook(s, nil, card) }
        }
    }

    // MARK: - Single check-out and check-in

    /// The slot for `card`: its current one if it has one, else a free slot of that identifier's
    /// kind (the most recently freed) or a new slot. Calls the reset hook when the slot changes card.
    public mutating func checkOut(_ card: CardID, reuseIdentifier: String = ReusePool.defaultIdentifier) -> Int {
        if let s = slot(for: card) { return s }
        let k = kind(for: reuseIdentifier)
        let s: Int
        if let free = freeLists[k].popLast() {
            s = free
            reuseCount += 1
        } else {
            s = owner.count
            owner.append(nil)
            lastOwner.append(nil)
            kindOfSlot.append(k)
            seen.append(false)
        }
        owner[s] = card
        liveCount += 1
        let previous = lastOwner[s]
        lastOwner[s] = card
        if previous != card { onReset?(s, previous, card) }
        return s
    }

    /// Gives `card`'s slot back to the pool; nothing happens when it has none.
    public mutating func checkIn(_ card: CardID) {
        if let s = slot(for: card) { release(slot: s) }
    }

    /// Gives every slot back (a reload): views stay made, ready for the next cards.
    public mutating func checkInAll() {
        for s in owner.indices where owner[s] != nil { release(slot: s) }
    }

    // MARK: - Per frame

    /// Gives each visible card a slot: cards that stay visible keep their slot, cards no longer
    /// listed return theirs, new cards take a free one. A card listed twice shares one slot. No
    /// allocation once the pool has warmed up. `slots` (caller-owned, capacity reused) receives
    /// one slot per entry of `visible`, in the same order.
    public mutating func reconcile(visible: [CardID], slots: inout [Int],
                                   reuseIdentifier: (CardID) -> String = { _ in ReusePool.defaultIdentifier }) {
        slots.removeAll(keepingCapacity: true)
        for _ in visible.indices { slots.append(-1) }
        slots.withUnsafeMutableBufferPointer { out in
            reconcile(count: visible.count, card: { visible[$0] }, setSlot: { out[$0] = $1 },
                      reuseIdentifier: reuseIdentifier)
        }
    }

    mutating func reconcile(count: Int, card: (Int) -> CardID, setSlot: (Int, Int) -> Void,
                                    reuseIdentifier: (CardID) -> String) {
        for s in seen.indices { seen[s] = false }
        // 1. Cards that already have a slot keep it.
        var missing = 0
        for j in 0..<count {
            if let s = slot(for: card(j)) {
                seen[s] = true
                setSlot(j, s)
            } else {
                setSlot(j, -1)
                missing += 1
            }
        }
        // 2. Cards that left give their slot back before anyone takes one.
        for s in owner.indices where owner[s] != nil && !seen[s] { release(slot: s) }
        guard missing > 0 else { return }
        // 3. New cards take a slot (the most recently freed of their kind first); a card listed
        //    twice finds the slot its first entry just took.
        for j in 0..<count {
            let c = card(j)
            setSlot(j, slot(for: c) ?? checkOut(c, reuseIdentifier: reuseIdentifier(c)))
        }
    }

    // MARK: - Internals

    private mutating func release(slot s: Int) {
        guard owner[s] != nil else { return }
        owner[s] = nil
        liveCount -= 1
        freeLists[kindOfSlot[s]].append(s)
    }

    /// The kind number of `identifier`, registering it on first use.
    private mutating func kind(for identifier: String) -> Int {
        if let k = identifiers.firstIndex(of: identifier) { return k }
        identifiers.append(identifier)
        var list = ContiguousArray<Int>()
        list.reserveCapacity(owner.capacity)
        freeLists.append(list)
        return identifiers.count - 1
    }
}
