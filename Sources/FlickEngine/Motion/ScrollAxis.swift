
/// The content offset along one axis of a scroll view: dragging with a rubber band past the
/// edges, momentum, bounce and paging.
///
/// Sign convention: the offset grows when the content moves toward its end (the finger moves
/// left or up), so content offset = grabbed offset − finger translation, and a content
/// velocity is −(finger velocity).
///
/// Every motion is a closed-form `Decay` or `Spring` anchored at an event time and queried at
/// absolute times, so `offset(at:)` depends only on the events and the time asked about, never
/// on how often frames were drawn. Nothing advances per frame.
///
/// Degenerate geometry has a defined outcome: a negative or non-finite viewport extent counts
/// as 0 (a zero viewport has no rubber band give: the edges are hard); content that fits
/// (`maxOffset` ≤ `minOffset`) rests at `minOffset`; a non-positive page size means no paging.
/// Non-finite inputs and times earlier than the last event are rejected with a reason and
/// change nothing.
public struct ScrollAxis: Hashable, Sendable {
    /// What the content is doing, for the scene's events and for debugging overlays.
    public enum Phase: String, Hashable, Sendable {
        /// Still.
        case resting
        /// Held by the pointer.
        case dragging
        /// Coasting after a fling.
        case decelerating
        /// Springing back from past an edge.
        case bouncing
        /// Settling on a page after a release.
        case paging
        /// Moving to an offset asked for by `animate(to:at:)`.
        case animating
    }

    enum SpringKind: Hashable, Sendable { case bounce, paging, animation }

    enum Motion: Hashable, Sendable {
        case resting(Double)
        /// `grabbedRaw` is the un-banded offset at touch down; `shown` what is drawn now.
        case dragging(grabbedRaw: Double, translation: Double, shown: Double)
        /// A fling; `bounce` takes over at its `startTime`, the moment the decay crosses an edge.
        case decaying(Decay, bounce: Spring?)
        case spring(Spring, SpringKind)
    }

    /// Every constant of the motion (sanitized: out-of-range values replaced by defaults).
    public private(set) var physics: ScrollPhysics
    /// Visible extent along the axis, pt; the rubber band's dimension.
    public private(set) var viewportExtent: Double
    /// Smallest resting offset, pt.
    public private(set) var minOffset: Double
    /// Largest resting offset, pt (never below `minOffset`).
    public private(set) var maxOffset: Double
    /// Distance between pages, pt, or nil when not paged. Page n rests at offset n · pageSize
    /// (clamped to the bounds).
    public private(set) var pageSize: Double?
    /// Endless content: no edges, offsets unbounded (callers take them modulo the content length).
    public private(set) var wrapsAround: Bool
    /// The page the last release or `animate` is heading to, nil when not paged.
    public private(set) var targetPage: Int?
    /// The paging decision of the last release, for the interaction log.
    public private(set) var lastPagingDecision: PagingDecision?
    /// Time of the last accepted event, seconds: later events must not be earlier.
    public private(set) var lastEventTime: Double?
    var motion: Motion
    /// Page under the content when the drag began: a fling pages relative to it.
    var dragStartPage: Int = 0

    /// - Parameters:
    ///   - physics: every constant; invalid ones fall back to defaults.
    ///   - viewportExtent: visible extent along the axis, pt.
    ///   - minOffset: smallest resting offset, pt.
    ///   - maxOffset: largest resting offset, pt (content length − viewport, say).
    ///   - pageSize: pt, or nil for free scrolling.
    ///   - wrapsAround: endless content without edges.
    ///   - offset: initial offset, pt (clamped into the bounds; `minOffset` if nil).
    public init(physics: ScrollPhysics = .default, viewportExtent: Double, minOffset: Double = 0,
                maxOffset: Double, pageSize: Double? = nil, wrapsAround: Bool = false, offset: Double? = nil) {
        self.physics = physics.sanitized
        self.viewportExtent = ScrollAxis.sanitizedExtent(viewportExtent)
        let lo = minOffset.isFinite ? minOffset : 0
        self.minOffset = lo
        self.maxOffset = (maxOffset.isFinite && maxOffset > lo) ? maxOffset : lo
        self.pageSize = ScrollAxis.sanitizedPageSize(pageSize)
        self.wrapsAround = wrapsAround
        motion = .resting(lo)
        let start = (offset?.isFinite ?? false) ? offset! : lo
        motion = .resting(clampToBounds(start))
        targetPage = self.pageSize.map { Paging.page(nearest: clampToBounds(start), pageSize: $0) }
    }

    static func sanitizedExtent(_ e: Double) -> Double { (e.isFinite && e > 0) ? e : 0 }
    static func sanitizedPageSize(_ p: Double?) -> Double? {
        guard let p, p.isFinite, p > 0 else { return nil }
        return p
    }

    // MARK: - Geometry helpers

    /// Lower edge, pt (−∞ when wrapping).
    var lower: Double { wrapsAround ? -.infinity : minOffset }
    /// Upper edge, pt (+∞ when wrapping).
    var upper: Double { wrapsAround ? .infinity : maxOffset }
    var band: RubberBand { RubberBand(coefficient: physics.rubberBandCoefficient) }

    func clampToBounds(_ x: Double) -> Double { min(max(x, lower), upper) }

    /// The pages that exist, nil when endless or not paged.
    public var validPages: ClosedRange<Int>? {
        guard let ps = pageSize, !wrapsAround else { return nil }
        let lo = Int((minOffset / ps - 1e-9).rounded(.up))
        let hi = max(lo, Int((maxOffset / ps + 1e-9).rounded(.down)))
        return lo...hi
    }

    /// Resting offset of page `page`, pt (clamped to the bounds); nil when not paged.
    public func offset(ofPage page: Int) -> Double? {
        pageSize.map { clampToBounds(Double(page) * $0) }
    }

    // MARK: - Queries

    /// Offset drawn at `time` (seconds), pt. Settled motions report their exact rest value.
    public func offset(at time: Double) -> Double {
        switch motion {
        case let .resting(x): return x
        case let .dragging(_, _, shown): return shown
        case let .decaying(d, bounce):
            if let b = bounce {
                return time >= b.startTime ? (b.isDone(at: time) ? b.target : b.position(at: time)) : d.position(at: time)
            }
            return d.isDone(at: time) ? d.endPosition : d.position(at: time)
        case let .spring(s, _): return s.isDone(at: time) ? s.target : s.position(at: time)
        }
    }

    /// Content velocity at `time` (seconds), pt/s; 0 at rest and while dragging (the finger's
    /// velocity is the pan recognizer's business).
    public func velocity(at time: Double) -> Double {
        switch motion {
        case .resting, .dragging: return 0
        case let .decaying(d, bounce):
            if let b = bounce, time >= b.startTime { return b.isDone(at: time) ? 0 : b.velocity(at: time) }
            if bounce == nil, d.isDone(at: time) { return 0 }
            return d.velocity(at: time)
        case let .spring(s, _): return s.isDone(at: time) ? 0 : s.velocity(at: time)
        }
    }

    /// Absolute time (seconds) at which the current motion comes to rest; nil while dragging,
    /// −∞ at rest. Known in advance, so the scene can schedule "settled" events exactly.
    public var settleTime: Double? {
        switch motion {
        case .resting: return -.infinity
        case .dragging: return nil
        case let .decaying(d, bounce): return bounce?.settleTime ?? d.settleTime
        case let .spring(s, _): return s.settleTime
        }
    }

    /// True when nothing moves at `time` (seconds) and no pointer holds the content.
    public func isSettled(at time: Double) -> Bool {
        guard let t = settleTime else { return false }
        return time >= t
    }

    /// What the content is doing at `time` (seconds).
    public func phase(at time: Double) -> Phase {
        if isSettled(at: time) { return .resting }
        switch motion {
        case .resting: return .resting
        case .dragging: return .dragging
        case let .decaying(_, bounce):
            if let b = bounce, time >= b.startTime { return .bouncing }
            return .decelerating
        case let .spring(_, kind):
            switch kind {
            case .bounce: return .bouncing
            case .paging: return .paging
            case .animation: return .animating
            }
        }
    }

    /// The page nearest the drawn offset at `time` (seconds), halves up, within the valid
    /// pages; nil when not paged. With `wrapsAround` it is unbounded: take it modulo the count.
    public func currentPage(at time: Double) -> Int? {
        guard let ps = pageSize else { return nil }
        let p = Paging.page(nearest: offset(at: time), pageSize: ps)
        guard let r = validPages else { return p }
        return min(max(p, r.lowerBound), r.upperBound)
    }

    // MARK: - Validation

    private func check(time: Double) -> InputRejection? {
        guard time.isFinite else { return .nonFiniteTime(time) }
        if let last = lastEventTime, time < last { return .timeWentBackwards(previous: last, received: time) }
        return nil
    }

    private func check(_ value: Double, _ name: String) -> InputRejection? {
        value.isFinite ? nil : .nonFiniteValue(name: name, value: value)
    }

    // MARK: - Gestures

    /// The pointer went down at `time` (seconds): the content stops exactly where it is drawn,
    /// with no leftover velocity. Past an edge (mid-bounce) the grab goes through the rubber
    /// band's inverse, so the content stays under the pointer as the drag continues.
    @discardableResult
    public mutating func touchDown(at time: Double) -> InputRejection? {
        if let r = check(time: time) { return r }
        lastEventTime = time
        let shown = offset(at: time)
        dragStartPage = currentPage(at: time) ?? 0
        let raw = band.rawOffset(shown: shown, lower: lower, upper: upper, dimension: viewportExtent)
        motion = .dragging(grabbedRaw: raw, translation: 0, shown: shown)
        return nil
    }

    /// The pointer moved: `translation` is the finger's movement along the axis since
    /// `touchDown`, pt (positive right or down). Content offset = grabbed − translation, with
    /// the rubber band past the edges. Without a `touchDown` first, it grabs the content
    /// where it is, so nothing jumps.
    @discardableResult
    public mutating func drag(translation: Double, at time: Double) -> InputRejection? {
        if let r = check(time: time) ?? check(translation, "translation (pt)") { return r }
        guard case let .dragging(grabbedRaw, _, _) = motion else {
            touchDown(at: time)
            guard case let .dragging(raw, _, _) = motion else { return nil }
            motion = .dragging(grabbedRaw: raw + translation, translation: translation,
                               shown: offset(at: time))
            return nil
        }
        lastEventTime = time
        let shown = band.shownOffset(raw: grabbedRaw - translation, lower: lower, upper: upper,
                                     dimension: viewportExtent)
        motion = .dragging(grabbedRaw: grabbedRaw, translation: translation, shown: shown)
        return nil
    }

    /// The pointer lifted at `time` (seconds) moving at `velocity`, the FINGER's velocity
    /// along the axis, pt/s (the content moves at −velocity, clamped to `physics.maxVelocity`).
    ///
    /// Paged: a critically damped spring to the page `Paging.decide` picks, carrying the
    /// velocity. Past an edge: a bounce spring back to it. Otherwise a decay, which hands over
    /// to a bounce spring at the exact time it crosses an edge, with the same velocity.
    @discardableResult
    public mutating func release(velocity: Double, at time: Double) -> InputRejection? {
        if let r = check(time: time) ?? check(velocity, "velocity (pt/s)") { return r }
        lastEventTime = time
        let x = offset(at: time)
        if case .dragging = motion {} else { dragStartPage = currentPage(at: time) ?? 0 }
        let maxV = physics.maxVelocity
        let v = min(max(-velocity, -maxV), maxV)
        if let ps = pageSize {
            let decision = Paging.decide(offset: x, velocity: v, pageSize: ps, startPage: dragStartPage,
                                         rate: physics.decelerationRate, maxPages: physics.maxPagesPerFling,
                                         validPages: validPages)
            lastPagingDecision = decision
            targetPage = decision.targetPage
            let target = offset(ofPage: decision.targetPage) ?? x
            motion = .spring(makeSpring(from: x, to: target, velocity: v, time: time, physics.pagingSpring), .paging)
        } else {
            coast(from: x, velocity: v, at: time)
        }
        return nil
    }

    /// Free momentum from `x` (pt) at `v` (pt/s): decay, with the edge hand-over solved in closed form.
    private mutating func coast(from x: Double, velocity v: Double, at time: Double) {
        if x < lower || x > upper {
            let edge = clampToBounds(x)
            motion = .spring(makeSpring(from: x, to: edge, velocity: v, time: time, physics.bounceSpring), .bounce)
            return
        }
        guard v != 0 else { motion = .resting(x); return }
        let decay = Decay(position: x, velocity: v, rate: physics.decelerationRate, time: time,
                          restingDistance: physics.restingDistance)
        let end = decay.endPosition
        let edge: Double? = end < lower ? lower : (end > upper ? upper : nil)
        if let edge, let crossing = decay.time(toReach: edge) {
            let bounce = makeSpring(from: edge, to: edge, velocity: decay.velocity(at: crossing),
                                    time: crossing, physics.bounceSpring)
            motion = .decaying(decay, bounce: bounce)
        } else {
            motion = .decaying(decay, bounce: nil)
        }
    }

    private func makeSpring(from x: Double, to target: Double, velocity v: Double, time: Double,
                            _ parameters: SpringParameters) -> Spring {
        Spring(from: x, to: target, velocity: v, parameters: parameters, time: time,
               restingDistance: physics.restingDistance, restingSpeed: physics.restingSpeed)
    }

    // MARK: - Programmatic motion

    /// Springs to `target` (pt, clamped to the bounds) from wherever the content is drawn at
    /// `time` (seconds), keeping its current velocity, so retargeting mid-flight never kinks.
    /// Uses the paging spring (critically damped, 0.3 s). Cancels a drag.
    @discardableResult
    public mutating func animate(to target: Double, at time: Double) -> InputRejection? {
        if let r = check(time: time) ?? check(target, "target offset (pt)") { return r }
        lastEventTime = time
        let goal = clampToBounds(target)
        motion = .spring(makeSpring(from: offset(at: time), to: goal, velocity: velocity(at: time),
                                    time: time, physics.pagingSpring), .animation)
        targetPage = pageSize.map { Paging.page(nearest: goal, pageSize: $0) }
        return nil
    }

    /// Springs to page `page` (clamped to the valid pages), as `animate(to:at:)`; for keyboard
    /// paging. Ignored (nil returned) when not paged.
    @discardableResult
    public mutating func animate(toPage page: Int, at time: Double) -> InputRejection? {
        guard pageSize != nil else { return nil }
        let p = validPages.map { min(max(page, $0.lowerBound), $0.upperBound) } ?? page
        if let r = animate(to: offset(ofPage: p)!, at: time) { return r }
        targetPage = p
        return nil
    }

    /// Puts the content at `offset` (pt, clamped to the bounds) at rest, with no animation.
    @discardableResult
    public mutating func jump(to offset: Double) -> InputRejection? {
        if let r = check(offset, "offset (pt)") { return r }
        let x = clampToBounds(offset)
        motion = .resting(x)
        targetPage = pageSize.map { Paging.page(nearest: x, pageSize: $0) }
        return nil
    }

    // MARK: - Geometry changes

    /// Changes the bounds (pt) at `time` (seconds), e.g. after a card was deleted. A drag keeps
    /// the content under the finger; a motion continues from its current offset and velocity
    /// toward the new bounds; content left past an edge springs back.
    @discardableResult
    public mutating func setBounds(minOffset: Double, maxOffset: Double, at time: Double) -> InputRejection? {
        setGeometry(viewportExtent: viewportExtent, minOffset: minOffset, maxOffset: maxOffset,
                    pageSize: pageSize, at: time)
    }

    /// Changes the viewport extent (pt) at `time` (seconds), keeping the state as `setBounds` does.
    @discardableResult
    public mutating func setViewportExtent(_ extent: Double, at time: Double) -> InputRejection? {
        setGeometry(viewportExtent: extent, minOffset: minOffset, maxOffset: maxOffset,
                    pageSize: pageSize, at: time)
    }

    /// Changes everything about the geometry at once (pt; `time` in seconds), keeping the
    /// motion: a drag stays under the finger, a fling coasts on, a spring keeps its goal.
    /// Offsets and velocities are multiplied by `scale` (when given: e.g. the ratio of the new
    /// card pitch to the old, so the content stays on the same fractional card), else by the
    /// ratio of the page sizes when both exist, else kept. A negative viewport extent, a
    /// non-finite value or a non-positive page size or scale is rejected.
    @discardableResult
    public mutating func setGeometry(viewportExtent extent: Double, minOffset newMin: Double,
                                     maxOffset newMax: Double, pageSize newPage: Double?, scale explicitScale: Double? = nil,
                                     at time: Double) -> InputRejection? {
        if let r = check(time: time) ?? check(extent, "viewport extent (pt)") ?? check(newMin, "min offset (pt)")
            ?? check(newMax, "max offset (pt)") ?? newPage.flatMap({ check($0, "page size (pt)") })
            ?? explicitScale.flatMap({ check($0, "scale") }) { return r }
        if extent < 0 { return .invalidValue(name: "viewport extent (pt)", value: extent) }
        if let p = newPage, p <= 0 { return .invalidValue(name: "page size (pt)", value: p) }
        if let k = explicitScale, k <= 0 { return .invalidValue(name: "scale", value: k) }
        lastEventTime = time
        let scale = explicitScale ?? ((pageSize != nil && newPage != nil) ? newPage! / pageSize! : 1)
        let x = offset(at: time) * scale, v = velocity(at: time) * scale
        let settled = isSettled(at: time)
        var springGoal: (Double, SpringKind)? = nil
        if case let .spring(s, kind) = motion, !settled { springGoal = (s.target * scale, kind) }
        let drag: (Double)? = { if case let .dragging(_, tr, _) = motion { return tr } else { return nil } }()

        viewportExtent = extent
        minOffset = newMin
        maxOffset = max(newMin, newMax)
        pageSize = newPage

        if let translation = drag {
            let raw = band.rawOffset(shown: x, lower: lower, upper: upper, dimension: viewportExtent)
            motion = .dragging(grabbedRaw: raw + translation, translation: translation, shown: x)
        } else if let (goal, kind) = springGoal, kind != .bounce {
            let params = kind == .paging ? physics.pagingSpring : physics.bounceSpring
            motion = .spring(makeSpring(from: x, to: clampToBounds(goal), velocity: v, time: time,
                                        kind == .animation ? physics.pagingSpring : params), kind)
        } else if settled {
            if x < lower || x > upper {
                motion = .spring(makeSpring(from: x, to: clampToBounds(x), velocity: 0, time: time,
                                            physics.bounceSpring), .bounce)
            } else {
                motion = .resting(x)
            }
        } else {
            coast(from: x, velocity: v, at: time)
        }
        if let t = targetPage, let r = validPages { targetPage = min(max(t, r.lowerBound), r.upperBound) }
        if pageSize == nil { targetPage = nil }
        return nil
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension ScrollAxis.Phase: Codable {}
#endif
