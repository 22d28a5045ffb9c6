
/// One card whose place is not (only) the layout's: dragged, flying away or coming back.
///
/// The offset is added on top of where the layout puts the card, so a drag, a throw animation
/// and a snap-back all just write `offset` each frame; the layout derives the tilt (now, stack)
/// or the fade (switcher, carousel) from it, so those stay consistent with the position.
public struct CardOverride: Hashable, Sendable {
    /// Deck index of the card.
    public var index: Int
    /// Displacement from the card's laid-out place, points (stack: from the top-of-stack place,
    /// see `StackLayout.thrownOffset`).
    public var offset: Vector
    /// Extra opacity factor 0...1 (1 = as laid out), for a front end fading a card by hand.
    public var alpha: Double
    /// Sign of the tilt a layout derives from the offset: 1 as designed, -1 flipped (the swipe
    /// deck's card grabbed in its lower half). Layouts without tilt ignore it.
    public var tiltSign: Double = 1

    /// - Parameters:
    ///   - index: deck index.
    ///   - offset: points.
    ///   - alpha: opacity factor 0...1.
    ///   - tiltSign: 1 or -1.
    public init(index: Int, offset: Vector, alpha: Double = 1, tiltSign: Double = 1) {
        self.index = index
        self.offset = offset
        self.alpha = alpha
        self.tiltSign = tiltSign
    }
}

/// Up to four overridden cards, stored inline so a layout input never allocates.
///
/// Four covers the worst case of every interaction (a dragged card, one still flying away, and
/// the stack's returning card); when full, setting a fifth drops the oldest.
public struct CardOverrides: Hashable, Sendable, RandomAccessCollection {
    /// Most entries held; more drop the oldest.
    public static let capacity = 4
    private var e0: CardOverride?, e1: CardOverride?, e2: CardOverride?, e3: CardOverride?
    /// Number of entries.
    public private(set) var count: Int = 0

    /// No overrides.
    public init() {}

    /// The given overrides (later entries for the same index win).
    public init(_ overrides: [CardOverride]) {
        for o in overrides { set(o) }
    }

    /// First position, always 0.
    public var startIndex: Int { 0 }
    /// One past the last entry.
    public var endIndex: Int { count }

    /// Entry `i` in insertion order.
    public subscript(i: Int) -> CardOverride {
        get {
            precondition(i >= 0 && i < count, "CardOverrides index out of range")
            switch i {
            case 0: return e0!
            case 1: return e1!
            case 2: return e2!
            default: return e3!
            }
        }
        set {
            precondition(i >= 0 && i < count, "CardOverrides index out of range")
            switch i {
            case 0: e0 = newValue
            case 1: e1 = newValue
            case 2: e2 = newValue
            default: e3 = newValue
            }
        }
    }

    /// The override of deck index `index`, if any.
    public func override(for index: Int) -> CardOverride? {
        for j in 0..<count where self[j].index == index { return self[j] }
        return nil
    }

    /// Sets the override of `o.index`, replacing an existing one; drops the oldest when full.
    public mutating func set(_ o: CardOverride) {
        for j in 0..<count where self[j].index == o.index { self[j] = o; return }
        if count == CardOverrides.capacity { remove(at: 0) }
        count += 1
        self[count - 1] = o
    }

    /// Removes the override of deck index `index`, if any.
    public mutating func remove(index: Int) {
        for j in 0..<count where self[j].index == index { remove(at: j); return }
    }

    /// Removes entry `j`, keeping the order of the rest.
    public mutating func remove(at j: Int) {
        precondition(j >= 0 && j < count)
        for k in j..<(count - 1) { self[k] = self[k + 1] }
        switch count - 1 {
        case 0: e0 = nil
        case 1: e1 = nil
        case 2: e2 = nil
        default: e3 = nil
        }
        count -= 1
    }

    /// Removes every entry.
    public mutating func removeAll() {
        e0 = nil; e1 = nil; e2 = nil; e3 = nil
        count = 0
    }

    /// Shifts the indices after a deck change so overrides stay on their cards: `delta` -1
    /// for a deletion at `index` (whose own override is removed), +1 for an insertion there.
    public mutating func adjust(forChangeAt index: Int, delta: Int) {
        if delta < 0 { remove(index: index) }
        for j in 0..<count where self[j].index >= index + (delta < 0 ? 1 : 0) {
            self[j].index += delta
        }
    }
}

/// The slide that closes (or opens) a gap after a deck change.
///
/// After a deletion at `index`, the cards from `index` on were one place further a moment
/// ago; drawing them `fraction` places further and animating `fraction` from 1 to 0 slides them
/// into place. For an insertion at i, use index i + 1 and animate the fraction from -1 to 0.
/// With `before`, the cards before `index` are the ones displaced instead: the scene uses that
/// when it keeps the current card still and the cards on the other side of the change move.
public struct GapClosing: Hashable, Sendable {
    /// First deck index (after the change) that is displaced, or with `before` the first that is not.
    public var index: Int
    /// How many card places those cards are still displaced (1 → 0 after a deletion).
    public var fraction: Double
    /// True when the cards before `index` are displaced rather than those from it on.
    public var before: Bool

    /// - Parameters:
    ///   - index: first displaced deck index (with `before`: first one not displaced).
    ///   - fraction: card places, 1 right after a deletion.
    ///   - before: displace the cards before `index` instead of those from it on.
    public init(index: Int, fraction: Double, before: Bool = false) {
        self.index = index
        self.fraction = fraction
        self.before = before
    }

    /// Displacement, in card places, of the card at `i`: zero on the side that stays.
    @inlinable
    public func displacement(of i: Int) -> Double {
        (before ? i < index : i >= index) && fraction.isFinite ? fraction : 0
    }
}

/// Everything a layout needs for one frame besides the card ids.
public struct LayoutInput: Hashable, Sendable {
    /// Position along the layout's axis, points, for every layout (now: content y at the viewport
    /// centre; switcher and carousel: content x at the viewport centre; a depth stack: its top
    /// card's index times its `positionStep`). `pitch(viewport:)` points are one card.
    public var position: Double
    /// Viewport size, points.
    public var viewport: Size
    /// Cards being dragged, thrown or brought back.
    public var overrides: CardOverrides
    /// A gap being closed after a deletion, if any.
    public var gap: GapClosing?

    /// - Parameters:
    ///   - position: points.
    ///   - viewport: points.
    ///   - overrides: cards the scene moves itself (dragged, flying, springing home).
    ///   - gap: a gap being closed after a deletion, if any.
    public init(position: Double, viewport: Size, overrides: CardOverrides = CardOverrides(),
                gap: GapClosing? = nil) {
        self.position = position
        self.viewport = viewport
        self.overrides = overrides
        self.gap = gap
    }
}

/// Which way a layout's position runs (points in every case).
public enum LayoutDirection: String, Hashable, Sendable {
    /// Position is a y in points.
    case vertical
    /// Position is an x in points.
    case horizontal
    /// Position runs into a depth stack: the top card's index times the layout's step
    /// (`DepthStackLayout.positionStep`), points.
    case depth
}

/// Turns a scroll position and a deck into where each visible card is drawn.
///
/// Layouts are pure values: the same input gives the same output, with no memory of earlier
/// frames, so a replayed event log draws identical frames. Only the visible range is computed,
/// so a frame costs the same at 10 or 1,000,000 cards.
public protocol CardLayout: Sendable {
    /// Which way `LayoutInput.position` runs.
    var direction: LayoutDirection { get }

    /// Whether the scene's current card passes over cards that are leaving (a depth stack: the
    /// thrown card has left the top) or stays on them (a row: the card stays in its place until
    /// it is deleted). False unless the layout says otherwise; a `DepthStackLayout` says true.
    var currentSkipsLeaving: Bool { get }

    /// Writes the visible cards into `output` (cleared first, capacity kept: no allocation per
    /// frame once warm), ordered back to front. Never emits NaN: an empty or non-finite viewport
    /// or position gives no cards.
    func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes])

    /// Untransformed card size for a viewport, points.
    func cardSize(viewport: Size) -> Size

    /// The range the position may rest in for `count` cards, points; infinite for the endless
    /// switcher. Beyond it the scroll physics rubber-band.
    func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double>

    /// Distance between resting positions, points (a depth stack: its `positionStep`), or nil
    /// when the layout scrolls freely (now).
    func pageSize(viewport: Size) -> Double?

    /// Distance between neighbouring cards' positions, points (a depth stack: its
    /// `positionStep`): position ÷ pitch counts cards in every layout.
    func pitch(viewport: Size) -> Double

    /// The card the position is on: centred (now, switcher, carousel) or on top (stack);
    /// nil for an empty deck.
    func currentIndex(position: Double, count: Int, viewport: Size) -> Int?

    /// The position that makes card `index` current; for the endless switcher, the one
    /// nearest `near` (points).
    func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double
}

extension CardLayout {
    /// The topmost card drawn under `point` in a frame's `attributes` (as returned by `layout`,
    /// back to front), by the inverse of each card's transform; nil when none is there.
    /// Hit-testing the frame that was drawn means a touch catches what the user sees.
    public func hitTest(_ point: Point, in attributes: [CardAttributes]) -> CardAttributes? {
        cardHit(at: point, in: attributes)
    }

    /// Card index at `point`, topmost first; see `hitTest`.
    public func index(at point: Point, in attributes: [CardAttributes]) -> Int? {
        cardHit(at: point, in: attributes)?.index
    }
}

/// The topmost card under `point`, skipping invisible ones (alpha 0).
func cardHit(at point: Point, in attributes: [CardAttributes]) -> CardAttributes? {
    for a in attributes.reversed() where a.alpha > 0 {
        guard let inverse = a.transform.inverted() else { continue }
        let local = inverse.apply(to: point)
        if abs(local.x) <= a.size.width / 2 && abs(local.y) <= a.size.height / 2 { return a }
    }
    return nil
}

// MARK: - Shared helpers for the four layouts

/// Added to the z of overridden cards: a dragged or flying card passes over its neighbours.
let overrideZBoost = 1000.0

/// Converts a real index bound to Int without trapping on huge or non-finite values.
@inline(__always)
func clampedIndex(_ x: Double, _ lo: Int, _ hi: Int) -> Int {
    guard x.isFinite else { return x > 0 ? hi : lo }
    if x <= Double(lo) { return lo }
    if x >= Double(hi) { return hi }
    return Int(x)
}

/// Appends `a` when it is finite, not transparent and overlaps the viewport.
@inline(__always)
func appendIfVisible(_ a: CardAttributes, viewport: Size, to output: inout [CardAttributes]) {
    guard a.isFinite, a.alpha > 0, a.size.width > 0, a.size.height > 0 else { return }
    let (p0, p1, p2, p3) = a.corners
    let minX = min(min(p0.x, p1.x), min(p2.x, p3.x)), maxX = max(max(p0.x, p1.x), max(p2.x, p3.x))
    let minY = min(min(p0.y, p1.y), min(p2.y, p3.y)), maxY = max(max(p0.y, p1.y), max(p2.y, p3.y))
    guard maxX > 0, minX < viewport.width, maxY > 0, minY < viewport.height else { return }
    output.append(a)
}

/// Sorts back to front by z (ties: lower index first), in place: an insertion sort, since a
/// frame holds a handful of cards and this allocates nothing.
func sortBackToFront(_ output: inout [CardAttributes]) {
    output.withUnsafeMutableBufferPointer { buf in
        guard buf.count > 1 else { return }
        for i in 1..<buf.count {
            let x = buf[i]
            var j = i - 1
            while j >= 0 && (buf[j].zIndex > x.zIndex || (buf[j].zIndex == x.zIndex && buf[j].index > x.index)) {
                buf[j + 1] = buf[j]
                j -= 1
            }
            buf[j + 1] = x
        }
    }
}

/// The card range a depth stack (stack, swipe) draws with its top card at `top` (the continuous
/// index its position converts to): from one above the top card (a thrown card still flying) to
/// one past the deepest visible level, then the overridden cards outside that range (dragged or
/// flying), sorted back to front. `emit` lays out one index into `output` (and may draw nothing
/// for it).
@inline(__always)
func layOutDepthStack(_ input: LayoutInput, top: Double, count: Int, visibleCount: Int,
                      into output: inout [CardAttributes], emit: (Int, inout [CardAttributes]) -> Void) {
    output.removeAll(keepingCapacity: true)
    guard canLayOut(input, count: count), top.isFinite else { return }
    let top = top.rounded(.down)
    if top - 1 <= Double(count - 1) {
        let lo = clampedIndex(top - 1, 0, count - 1)
        let hi = clampedIndex(top + Double(max(1, visibleCount)) + 1, 0, count - 1)
        for i in lo...hi { emit(i, &output) }
        for o in input.overrides where (o.index < lo || o.index > hi) && o.index >= 0 && o.index < count {
            emit(o.index, &output)
        }
    } else {   // every card thrown: only the ones still flying (overridden) are drawn
        for o in input.overrides where o.index >= 0 && o.index < count { emit(o.index, &output) }
    }
    sortBackToFront(&output)
}

/// True when the frame can show anything at all.
@inline(__always)
func canLayOut(_ input: LayoutInput, count: Int) -> Bool {
    count > 0 && input.position.isFinite && input.viewport.isFinite && !input.viewport.isEmpty
}

/// Card transform: scale (sx, sy) and rotate about the card's centre, then move the centre to
/// (x, y). The order matters: scaling after the move would also scale the position.
@inline(__always)
func cardTransform(scaleX sx: Double, scaleY sy: Double, rotation: Double, centerX x: Double, centerY y: Double) -> AffineTransform {
    var t = AffineTransform(scaleX: sx, y: sy)
    if rotation != 0 { t = t.rotated(by: rotation) }
    return t.translatedBy(x: x, y: y)
}

extension CardLayout {
    public var currentSkipsLeaving: Bool { false }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension CardOverride: Codable {}
extension GapClosing: Codable {}
extension LayoutDirection: Codable {}
#endif
