/// Hit, miss and eviction counts of a cache, for the HUD and tests.
public struct CacheStatistics: Hashable, Sendable {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public init() {}
    /// hits / (hits + misses), 0 before the first lookup.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
}

/// A bounded least-recently-used map with O(1) lookup, insertion and eviction: a dictionary into
/// an array of nodes linked most-recent-first, with a free list so nodes are recycled.
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value?
        var newer: Int   // toward `head` (most recent); -1 at the head
        var older: Int   // toward `tail` (least recent); -1 at the tail
    }

    /// Most entries kept; inserting beyond it evicts the least recently used. At least 1.
    public private(set) var capacity: Int
    public private(set) var statistics = CacheStatistics()
    private var nodes: [Node] = []
    private var slots: [Key: Int] = [:]
    private var free: [Int] = []
    private var head = -1, tail = -1

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots.reserveCapacity(self.capacity)
    }

    public var count: Int { slots.count }
    public var isEmpty: Bool { slots.isEmpty }

    /// The cached value (now most recent, counted as a hit), or `load(key)`'s result inserted
    /// (a miss), evicting the least recently used entry when full. A throwing load caches nothing.
    public mutating func value(for key: Key, load: (Key) throws -> Value) rethrows -> Value {
        if let value = lookup(key) { return value }
        statistics.misses += 1
        let value = try load(key)
        insert(value, for: key)
        return value
    }

    /// The cached value, made most recent and counted as a hit; nil (not counted) when absent.
    public mutating func lookup(_ key: Key) -> Value? {
        guard let i = slots[key] else { return nil }
        statistics.hits += 1
        moveToHead(i)
        return nodes[i].value
    }

    /// The cached value without touching recency or statistics.
    public func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0].value }
    }

    public func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// Inserts or replaces `value` as the most recent entry, evicting as needed.
    public mutating func insert(_ value: Value, for key: Key) {
        if let i = slots[key] {
            nodes[i].value = value
            moveToHead(i)
            return
        }
        while slots.count >= capacity { evictLeastRecent() }
        let node = Node(key: key, value: value, newer: -1, older: -1)
        let i: Int
        if let reused = free.popLast() { nodes[reused] = node; i = reused } else { nodes.append(node); i = nodes.count - 1 }
        slots[key] = i
        linkAtHead(i)
    }

    /// Removes one entry (not counted as an eviction); returns its value.
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let i = slots.removeValue(forKey: key) else { return nil }
        unlink(i)
        let value = nodes[i].value
        nodes[i].value = nil
        free.append(i)
        return value
    }

    /// Drops every entry (releasing the values); statistics are kept.
    public mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
        head = -1; tail = -1
    }

    /// Changes the bound, evicting least recently used entries if it shrinks.
    public mutating func setCapacity(_ newCapacity: Int) {
        capacity = max(1, newCapacity)
        while slots.count > capacity { evictLeastRecent() }
    }

    public mutating func resetStatistics() { statistics = CacheStatistics() }

    /// Keys from most to least recently used (O(n); for tests and debugging).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var i = head
        while i >= 0 { keys.append(nodes[i].key); i = nodes[i].older }
        return keys
    }

    // MARK: - The list

    private mutating func evictLeastRecent() {
        guard tail >= 0 else { return }
        let key = nodes[tail].key
        removeValue(for: key)   // releasing the value destroys a Texture (its deinit)
        statistics.evictions += 1
    }

    private mutating func unlink(_ i: Int) {
        let newer = nodes[i].newer, older = nodes[i].older
        if newer >= 0 { nodes[newer].older = older } else { head = older }
        if older >= 0 { nodes[older].newer = newer } else { tail = newer }
        nodes[i].newer = -1; nodes[i].older = -1
    }

    private mutating func linkAtHead(_ i: Int) {
        nodes[i].newer = -1
        nodes[i].older = head
        if head >= 0 { nodes[head].newer = i }
        head = i
        if tail < 0 { tail = i }
    }

    private mutating func moveToHead(_ i: Int) {
        guard head != i else { return }
        unlink(i)
        linkAtHead(i)
    }
}

/// Card textures by key (a CardID or an image path), bounded, least recently used evicted
/// (the Texture's deinit calls SDL_DestroyTexture), loaded on a miss by the caller's loader.
public final class TextureCache<Key: Hashable> {
    private var lru: LRUCache<Key, Texture>
    private let loader: (Key) throws -> Texture

    /// - Parameters:
    ///   - capacity: textures kept; size it to the visible cards plus a margin.
    ///   - loader: makes the texture on a miss; may return a placeholder instead of throwing.
    public init(capacity: Int, loader: @escaping (Key) throws -> Texture) {
        lru = LRUCache(capacity: capacity)
        self.loader = loader
    }

    /// The texture for `key`, loading it on a miss. A throwing loader caches nothing.
    public func texture(for key: Key) throws -> Texture {
        try lru.value(for: key, load: loader)
    }

    /// The cached texture without loading or touching recency.
    public func cachedTexture(for key: Key) -> Texture? { lru.peek(key) }

    public func contains(_ key: Key) -> Bool { lru.contains(key) }
    /// Drops one texture (e.g. the card was deleted or its image changed).
    public func remove(_ key: Key) { lru.removeValue(for: key) }
    public func removeAll() { lru.removeAll() }

    public var count: Int { lru.count }
    public var capacity: Int {
        get { lru.capacity }
        set { lru.setCapacity(newValue) }
    }
    public var statistics: CacheStatistics { lru.statistics }
    public func resetStatistics() { lru.resetStatistics() }
    /// Keys from most to least recently used.
    public var keysByRecency: [Key] { lru.keysByRecency }
}
