/// What the content strategy may know about the scene when it answers: a read-only snapshot
/// (the layout, the viewport, the number of cards and the scroll axis as they are), never the
/// scene itself. The scene applies what the strategy answers.
struct ContentContext {
    /// The interaction's layout.
    var layout: SceneLayout
    /// Viewport size, points.
    var viewport: Size
    /// Cards in the deck (before the change, where a deck change is being handled).
    var count: Int
    /// The scroll axis as it is.
    var axis: ScrollAxis
}

/// What the content does with wheel or trackpad travel.
enum WheelResponse: Equatable {
    /// Nothing: the content does not move for the wheel now (the frame is not laid out again).
    case ignored
    /// The travel was kept toward the next page.
    case gathered
    /// Step this many pages (as an arrow key would).
    case step(Int)
    /// Glide the scroll axis to this position, points.
    case glide(to: Double)
}

/// How the scene's content moves, as the interaction's `contentMovement` chose it: its
/// behaviour, the way a scrollable asks its scroll physics. Paging, the wheel, a tap that
/// centres a card, a press that catches momentum, a resize and the rest of a scroll are answered
/// here from a read-only `ContentContext`; the scene applies the answers and never asks which
/// kind of content it shows.
protocol ContentStrategy: AnyObject, Sendable {
    /// Scroll position at `t` (seconds), points: the axis's offset, or where the layout puts the
    /// top card of a depth stack.
    func position(in c: ContentContext, state: InteractionState, at t: Double) -> Double
    /// Where the content is heading at `t`: the rest of a motion under way, else `position`.
    func heading(in c: ContentContext, state: InteractionState, at t: Double) -> Double
    /// The top card to start from when the interaction comes on show on card `current`.
    func entryTop(current: Int?) -> Int

    /// The page size the scroll axis snaps to (points), nil when it does not page.
    func pageSize(layout: SceneLayout, viewport: Size) -> Double?
    /// The part of a pan's translation or velocity that moves the content.
    func along(_ v: Vector) -> Double
    /// The card the content rests on now, for `paged`; nil when rests are not announced.
    func restIndex(in c: ContentContext, at t: Double) -> Int?
    /// The rest card `previous` kept on its card after a deck change at `index` (`delta` -1 a
    /// deletion, +1 an insertion), `count` cards after it.
    func restIndex(_ previous: Int?, afterChangeAt index: Int, delta: Int, count: Int) -> Int?
    /// The card the content stands still on at `te` before a deck change (`c.count` cards), when
    /// the change moves the position by a pitch to keep it still; nil when it does not.
    func stillIndex(in c: ContentContext, at te: Double) -> Int?
    /// The bounds the scroll may rest in after the deck changed; nil when none are set.
    func restBounds(in c: ContentContext) -> ClosedRange<Double>?
    /// When the content set moving by the scroll axis comes to rest; nil when it does not move
    /// with the axis or is still moving.
    func settleTime(of axis: ScrollAxis) -> Double?

    /// A press at `t` on `count` cards: the content stops where it is drawn (catches momentum).
    func press(_ axis: inout ScrollAxis, count: Int, at t: Double)
    /// A press that was not a scroll ended at `t`: content it caught settles on a page.
    func releaseIfHeld(_ axis: inout ScrollAxis, at t: Double)
    /// Where a step of `delta` pages from `heading` takes the content; nil when there is none.
    func pageTarget(by delta: Int, heading: Double, in c: ContentContext) -> Double?
    /// What `notches` wheel clicks (not 0) at `t` do, the content heading to `heading`.
    func wheel(notches: Int, heading: Double, in c: ContentContext, at t: Double) -> WheelResponse
    /// What `delta` points of trackpad travel do, `pending` the travel gathered toward a page
    /// (updated), `pageFraction` the share of a page that turns it.
    func scroll(by delta: Double, pending: inout Double, heading: Double, pageFraction: Double,
                in c: ContentContext) -> WheelResponse
    /// Where a tap at `t` on card `index` moves the content to centre it; nil when it stays.
    func tapTarget(index: Int, in c: ContentContext, at t: Double) -> Double?
    /// Where the content goes at `t` to bring card `index` (just restored) into view from
    /// `current`; nil when it stays.
    func bringIntoView(index: Int, current: Int?, in c: ContentContext, at t: Double) -> Double?
    /// True when a resize from `old` to `new` on `count` cards can keep the motion under way.
    func keepsMotion(resizingFrom old: Size, to new: Size, count: Int) -> Bool
    /// The scroll axis after a resize at `t` from `old` to `c.viewport`, the motion kept (its
    /// offsets scaled with the pitch); nil when the axis refused the new geometry.
    func resized(in c: ContentContext, from old: Size, at t: Double) -> ScrollAxis?

    /// Among the cards from `top` on (`count` cards), the last of those flying off the top one
    /// after another: its index and offset (`leavingOffset(i)`: the offset of card `i` when it
    /// is leaving and moving, else nil). Nil where cards do not leave from a top.
    func lastFlyingOffTop(top: Int, count: Int, leavingOffset: (Int) -> Vector?) -> (index: Int, offset: Vector)?
    /// True when the card at `index` shows the name of the direction it leans toward.
    func showsLabel(index: Int, top: Int) -> Bool

    /// Which way the content scrolls, nil when it does not.
    func scrollDirection(of layout: SceneLayout) -> LayoutDirection?
    /// True when the content scrolls round endlessly.
    func wrapsAround(_ axis: ScrollAxis) -> Bool
    /// The scroll position at which card `index` is current, the one nearest where the content
    /// is at `t`; nil when the content does not scroll.
    func restingPosition(ofIndex index: Int, in c: ContentContext, at t: Double) -> Double?
    /// Where a fling or spring under way at `t` comes to rest: the card and the position.
    func projectedLanding(in c: ContentContext, at t: Double) -> (index: Int, position: Double)?
}

extension ContentStrategy {
    /// The rest card moved with the change (kept on its card, clamped to the deck).
    func keptRestIndex(_ previous: Int?, afterChangeAt index: Int, delta: Int, count: Int) -> Int? {
        guard let r = previous else { return nil }
        let moved = (delta < 0 ? index < r : index <= r) ? r + delta : r
        return count > 0 ? min(max(0, moved), count - 1) : nil
    }
}

extension ContentMovement {
    /// The strategy for this movement (the only switch on it).
    var strategy: any ContentStrategy {
        switch self {
        case .scroll(.horizontal): return ScrollingContent.horizontal
        case .scroll(.vertical): return ScrollingContent.vertical
        case .depthStack: return DepthStackContent.shared
        }
    }
}

/// Cards on a scrolling axis: the position is the axis's offset, points.
final class ScrollingContent: ContentStrategy {
    /// One for each axis: the strategy keeps nothing but its axis, so the scene shares these.
    static let horizontal = ScrollingContent(axis: .horizontal)
    static let vertical = ScrollingContent(axis: .vertical)

    let axis: Axis
    private init(axis: Axis) { self.axis = axis }

    func position(in c: ContentContext, state: InteractionState, at t: Double) -> Double { c.axis.offset(at: t) }
    func heading(in c: ContentContext, state: InteractionState, at t: Double) -> Double {
        c.axis.settleTime.map { c.axis.offset(at: max($0, t)) } ?? c.axis.offset(at: t)
    }
    func entryTop(current: Int?) -> Int { 0 }

    func pageSize(layout: SceneLayout, viewport: Size) -> Double? { layout.pageSize(viewport: viewport) }
    func along(_ v: Vector) -> Double { axis == .vertical ? v.dy : v.dx }

    func restIndex(in c: ContentContext, at t: Double) -> Int? {
        c.layout.currentIndex(position: c.axis.offset(at: t), count: c.count, viewport: c.viewport)
    }

    /// Kept on its card; the first card once the deck has cards again.
    func restIndex(_ previous: Int?, afterChangeAt index: Int, delta: Int, count: Int) -> Int? {
        previous == nil ? (count > 0 ? 0 : nil) : keptRestIndex(previous, afterChangeAt: index, delta: delta, count: count)
    }

    func stillIndex(in c: ContentContext, at te: Double) -> Int? {
        guard c.axis.isSettled(at: te) else { return nil }
        return c.layout.currentIndex(position: c.axis.offset(at: te), count: c.count, viewport: c.viewport)
    }

    /// The layout's bounds, unless the row is endless.
    func restBounds(in c: ContentContext) -> ClosedRange<Double>? {
        let bounds = c.layout.scrollBounds(count: c.count, viewport: c.viewport)
        return bounds.lowerBound.isFinite && bounds.upperBound.isFinite ? bounds : nil
    }

    func settleTime(of axis: ScrollAxis) -> Double? { axis.settleTime }

    func press(_ axis: inout ScrollAxis, count: Int, at t: Double) {
        if count > 0 { axis.touchDown(at: t) }
    }

    func releaseIfHeld(_ axis: inout ScrollAxis, at t: Double) {
        if axis.settleTime == nil { axis.release(velocity: 0, at: t) }
    }

    /// From the card it is heading to, `delta` cards on (clamped, or round the endless row the
    /// short way, one pitch per step, across the seam too).
    func pageTarget(by delta: Int, heading: Double, in c: ContentContext) -> Double? {
        let count = c.count, layout = c.layout, viewport = c.viewport
        guard let from = layout.currentIndex(position: heading, count: count, viewport: viewport) else { return nil }
        let wraps = c.axis.wrapsAround
        var to = from + delta
        if wraps { to = ((to % count) + count) % count } else { to = min(max(0, to), count - 1) }
        guard to != from else { return nil }
        return wraps
            ? layout.position(ofIndex: from, count: count, viewport: viewport, near: heading)
                + Double(delta) * layout.pitch(viewport: viewport)
            : layout.position(ofIndex: to, count: count, viewport: viewport, near: heading)
    }

    /// A paged row turns one page, and only from rest; a free list glides a pitch a notch.
    func wheel(notches: Int, heading: Double, in c: ContentContext, at t: Double) -> WheelResponse {
        if c.layout.pageSize(viewport: c.viewport) != nil {
            guard c.axis.isSettled(at: t) else { return .ignored }
            return .step(notches > 0 ? 1 : -1)
        }
        let bounds = c.layout.scrollBounds(count: c.count, viewport: c.viewport)
        let target = heading + Double(notches) * c.layout.pitch(viewport: c.viewport)
        return .glide(to: min(max(target, bounds.lowerBound), bounds.upperBound))
    }

    /// A paged row gathers travel until a share of a page turns it; a free list glides there.
    func scroll(by delta: Double, pending: inout Double, heading: Double, pageFraction: Double,
                in c: ContentContext) -> WheelResponse {
        if let page = c.layout.pageSize(viewport: c.viewport) {
            pending += delta
            guard abs(pending) >= page * pageFraction else { return .gathered }
            let step = pending > 0 ? 1 : -1
            pending = 0
            return .step(step)
        }
        let bounds = c.layout.scrollBounds(count: c.count, viewport: c.viewport)
        return .glide(to: min(max(heading + delta, bounds.lowerBound), bounds.upperBound))
    }

    func tapTarget(index: Int, in c: ContentContext, at t: Double) -> Double? {
        guard let from = c.layout.currentIndex(position: c.axis.offset(at: t), count: c.count, viewport: c.viewport),
              from != index else { return nil }
        return c.layout.position(ofIndex: index, count: c.count, viewport: c.viewport, near: c.axis.offset(at: t))
    }

    func bringIntoView(index: Int, current: Int?, in c: ContentContext, at t: Double) -> Double? {
        guard let current, current != index else { return nil }
        return c.layout.position(ofIndex: index, count: c.count, viewport: c.viewport, near: c.axis.offset(at: t))
    }

    func keepsMotion(resizingFrom old: Size, to new: Size, count: Int) -> Bool {
        count > 0 && old.width > 0 && old.height > 0 && new.width > 0 && new.height > 0
    }

    /// Offsets and velocity scale with the card pitch, so the content stays on the same
    /// fractional card and a fling coasts on at the same speed in cards per second.
    func resized(in c: ContentContext, from old: Size, at t: Double) -> ScrollAxis? {
        let oldPitch = c.layout.pitch(viewport: old)
        let newPitch = c.layout.pitch(viewport: c.viewport)
        let bounds = c.layout.scrollBounds(count: c.count, viewport: c.viewport)
        let wraps = !(bounds.lowerBound.isFinite && bounds.upperBound.isFinite)
        let extent = axis == .vertical ? c.viewport.height : c.viewport.width
        var a = c.axis
        let rejected = a.setGeometry(viewportExtent: extent, minOffset: wraps ? 0 : bounds.lowerBound,
                                     maxOffset: wraps ? 0 : bounds.upperBound,
                                     pageSize: c.layout.pageSize(viewport: c.viewport),
                                     scale: oldPitch > 0 ? newPitch / oldPitch : 1, at: t)
        return rejected == nil ? a : nil
    }

    func lastFlyingOffTop(top: Int, count: Int, leavingOffset: (Int) -> Vector?) -> (index: Int, offset: Vector)? { nil }
    /// Any card the pointer moves.
    func showsLabel(index: Int, top: Int) -> Bool { true }

    func scrollDirection(of layout: SceneLayout) -> LayoutDirection? { layout.direction }
    func wrapsAround(_ axis: ScrollAxis) -> Bool { axis.wrapsAround }

    func restingPosition(ofIndex index: Int, in c: ContentContext, at t: Double) -> Double? {
        guard c.count > 0 else { return nil }
        return c.layout.position(ofIndex: index, count: c.count, viewport: c.viewport, near: c.axis.offset(at: t))
    }

    func projectedLanding(in c: ContentContext, at t: Double) -> (index: Int, position: Double)? {
        let axis = c.axis
        let rest: Double
        switch axis.motion {
        case .resting, .dragging:
            return nil
        case .decaying(let decay, let bounce):
            if let bounce {
                guard !bounce.isDone(at: t) else { return nil }
                rest = bounce.target
            } else {
                guard !decay.isDone(at: t) else { return nil }
                rest = axis.wrapsAround ? decay.endPosition : min(max(decay.endPosition, axis.minOffset), axis.maxOffset)
            }
        case .spring(let spring, _):
            guard !spring.isDone(at: t) else { return nil }
            rest = spring.target
        }
        guard let index = c.layout.currentIndex(position: rest, count: c.count, viewport: c.viewport) else { return nil }
        return (index, rest)
    }
}

/// A depth stack: the position is where the layout puts the top card (points, the layout's
/// conversion of the top index kept in the interaction's state). The scroll axis does not carry
/// it: paging, the wheel and taps leave it where it is, and the stack moves by throws, undo and
/// bring-back.
final class DepthStackContent: ContentStrategy {
    /// The one strategy of depth stacks (it keeps nothing).
    static let shared = DepthStackContent()
    private init() {}

    func position(in c: ContentContext, state: InteractionState, at t: Double) -> Double {
        c.layout.position(ofIndex: state.top, count: c.count, viewport: c.viewport, near: 0)
    }
    func heading(in c: ContentContext, state: InteractionState, at t: Double) -> Double {
        position(in: c, state: state, at: t)
    }
    /// The current card stays on top: the cards before it are set aside.
    func entryTop(current: Int?) -> Int { current ?? 0 }

    func pageSize(layout: SceneLayout, viewport: Size) -> Double? { nil }
    func along(_ v: Vector) -> Double { v.dx }
    func restIndex(in c: ContentContext, at t: Double) -> Int? { nil }
    func restIndex(_ previous: Int?, afterChangeAt index: Int, delta: Int, count: Int) -> Int? {
        keptRestIndex(previous, afterChangeAt: index, delta: delta, count: count)
    }
    func stillIndex(in c: ContentContext, at te: Double) -> Int? { nil }
    func restBounds(in c: ContentContext) -> ClosedRange<Double>? { nil }
    func settleTime(of axis: ScrollAxis) -> Double? { nil }
    func press(_ axis: inout ScrollAxis, count: Int, at t: Double) {}
    func releaseIfHeld(_ axis: inout ScrollAxis, at t: Double) {}
    func pageTarget(by delta: Int, heading: Double, in c: ContentContext) -> Double? { nil }
    func wheel(notches: Int, heading: Double, in c: ContentContext, at t: Double) -> WheelResponse { .ignored }
    func scroll(by delta: Double, pending: inout Double, heading: Double, pageFraction: Double,
                in c: ContentContext) -> WheelResponse { .ignored }
    func tapTarget(index: Int, in c: ContentContext, at t: Double) -> Double? { nil }
    func bringIntoView(index: Int, current: Int?, in c: ContentContext, at t: Double) -> Double? { nil }
    func keepsMotion(resizingFrom old: Size, to new: Size, count: Int) -> Bool { false }
    func resized(in c: ContentContext, from old: Size, at t: Double) -> ScrollAxis? { nil }

    /// The cards from the top on that are leaving and moving, one after another.
    func lastFlyingOffTop(top: Int, count: Int, leavingOffset: (Int) -> Vector?) -> (index: Int, offset: Vector)? {
        guard top < count else { return nil }
        var last: (index: Int, offset: Vector)? = nil
        var i = top
        while i < count, let o = leavingOffset(i) {
            last = (i, o)
            i += 1
        }
        return last
    }

    /// Only the top card.
    func showsLabel(index: Int, top: Int) -> Bool { index == top }

    func scrollDirection(of layout: SceneLayout) -> LayoutDirection? { nil }
    func wrapsAround(_ axis: ScrollAxis) -> Bool { false }
    func restingPosition(ofIndex index: Int, in c: ContentContext, at t: Double) -> Double? { nil }
    func projectedLanding(in c: ContentContext, at t: Double) -> (index: Int, position: Double)? { nil }
}

/// What the interaction on show keeps between inputs, held for it by the scene and replaced
/// when the interaction changes. Only depth stacks use `top` and `bringBack`.
struct InteractionState: Sendable {
    /// Deck index of the first card in play in a depth stack (its top card): the cards before it
    /// are set aside, not drawn, so a switch to a stack keeps the current card on top without
    /// changing the deck. 0 for scrolling content, and unless the stack was entered from another
    /// card; `count` or more when the stack is empty.
    var top = 0
    /// The last thrown card while it is shown without being in the deck (see `BringBack`).
    var bringBack = BringBack()
}
