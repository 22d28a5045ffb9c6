
/// Where a paged fling lands, and why: a value a log can record and a test can compare.
public struct PagingDecision: Hashable, Sendable {
    /// The page the drag began on.
    public var startPage: Int
    /// The offset the fling would coast to without paging, pt.
    public var projectedOffset: Double
    /// The page nearest `projectedOffset` before any limit.
    public var nearestPage: Int
    /// The page to settle on: nearest, at most `maxPages` from `startPage`, within the valid pages.
    public var targetPage: Int
}

/// Target selection for paged scrolling, as a pure function of where the content was released
/// and how fast, like Flutter's `_getTargetPixels`: no state machine to get out of sync.
public enum Paging {
    /// Picks the page a release settles on.
    ///
    /// Projects the release offset with the decay, takes the nearest page (halves round up),
    /// keeps it within `maxPages` of `startPage`, then within `validPages` (nil: endless).
    /// Page `n` sits at offset `n · pageSize`. A non-positive or non-finite `pageSize` or
    /// non-finite numbers keep the start page (clamped), so nothing ever jumps on bad input.
    /// - Parameters:
    ///   - offset: content offset at release, pt.
    ///   - velocity: content velocity at release, pt/s (positive moves toward higher pages).
    ///   - pageSize: distance between pages, pt.
    ///   - startPage: the page the drag began on.
    ///   - rate: decay rate used for the projection, per millisecond.
    ///   - maxPages: how many pages one fling may travel (1 by default; the switcher uses 3).
    ///   - validPages: the pages that exist, or nil when the content wraps around.
    public static func decide(offset: Double, velocity: Double, pageSize: Double, startPage: Int,
                              rate: Double = Decay.normalRate, maxPages: Int = 1,
                              validPages: ClosedRange<Int>? = nil) -> PagingDecision {
        func clampValid(_ p: Int) -> Int {
            guard let r = validPages else { return p }
            return min(max(p, r.lowerBound), r.upperBound)
        }
        guard pageSize > 0, pageSize.isFinite, offset.isFinite, velocity.isFinite else {
            let p = clampValid(startPage)
            return PagingDecision(startPage: startPage, projectedOffset: offset.isFinite ? offset : 0,
                                  nearestPage: p, targetPage: p)
        }
        let projected = offset + Decay.projectedDistance(velocity: velocity, rate: rate)
        let nearest = page(nearest: projected, pageSize: pageSize)
        let reach = max(0, maxPages)
        let limited = min(max(nearest, startPage &- reach), startPage &+ reach)
        return PagingDecision(startPage: startPage, projectedOffset: projected,
                              nearestPage: nearest, targetPage: clampValid(limited))
    }

    /// The page nearest `offset` (pt), halves rounding up; saturates instead of trapping.
    public static func page(nearest offset: Double, pageSize: Double) -> Int {
        guard pageSize > 0, pageSize.isFinite, offset.isFinite else { return 0 }
        let p = (offset / pageSize + 0.5).rounded(.down)
        // The same bound on every target: Int is 32 bits in WebAssembly.
        let limit = Double(Int32.max)
        return Int(min(max(p, -limit), limit))
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension PagingDecision: Codable {}
#endif
