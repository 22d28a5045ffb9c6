/// When the scene will change on its own: for front ends that sleep between inputs, and for
/// test drivers that jump from one completion to the next.
extension CardScene {
    /// The next time (seconds) at which something ends on its own: a card's motion (the
    /// stack's returning card's too), a gap closing, or the scroll coming to rest. Nil when nothing is due (at rest, or only a card
    /// held under the pointer).
    public var nextChangeTime: Double? {
        var next = Double.infinity
        for m in motions { if let e = m.endTime { next = min(next, e) } }
        if let g = gap { next = min(next, g.endTime) }
        if let e = state.bringBack.endTime { next = min(next, e) }
        if let s = axis.settleTime, s > time { next = min(next, s) }
        return next.isFinite ? next : nil
    }
}
