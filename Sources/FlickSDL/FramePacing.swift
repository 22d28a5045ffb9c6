/// A frame loop's pacing, the window's and every bench's that times frames the way the window
/// does: when a paced frame samples its input (`FrameLatch`, the thread real-time while it
/// wants to be, `LatchWait`), what each frame's work and present took (the latch learns from
/// them), and whether a frame at rest needs drawing at all. Time is `PerformanceClock` seconds,
/// passed in.
public struct FramePacing {
    /// The frame planned by `plan`: its latch and its deadline (`FrameLatch`).
    public typealias Target = (latch: Double, deadline: Double)

    /// When paced frames sample their input; nil when frames are not paced.
    public private(set) var latch: FrameLatch?
    /// The frame thread runs real-time for its latches (`FramePriority.setRealtime`).
    public private(set) var realtime = false
    /// Frames planned while the thread was real-time.
    public private(set) var realtimeFrames = 0
    /// When the last `waitForLatch`'s sleep ended (nil: the latch had passed, nothing slept).
    public private(set) var lastWake: Double?
    /// When the loop last drew a frame: at rest, at most once every `restRedrawInterval`.
    private var lastDrawnAt = -Double.infinity
    /// When the loop last had an event, an output or motion.
    private var lastActiveAt = -Double.infinity

    /// At rest with nothing new, a frame at most this often, seconds.
    public static let restRedrawInterval = 1.0
    /// Frames go on being drawn this long after the last event or output, seconds.
    public static let settleInterval = 0.5

    public init(interval: Double? = nil) {
        latch = interval.map { FrameLatch(interval: $0) }
    }

    /// Paces frames `interval` seconds apart (the display's refresh), or not at all (nil): a new
    /// latch when the interval changed; unpaced, the thread leaves real-time.
    public mutating func pace(every interval: Double?) {
        guard let interval else {
            latch = nil
            end()
            return
        }
        if latch.map({ abs($0.interval - interval) > 1e-9 }) ?? true { latch = FrameLatch(interval: interval) }
    }

    /// After an idle wait the next frame draws at once: the latch starts over.
    public mutating func restart() {
        latch?.restart()
    }

    /// Waits for the next frame's latch (real-time while the frames leave the core mostly idle;
    /// the wait ends a little early, as learned, and polls the clock up to the latch; `comingSoon`
    /// just before it, so a decoder can step aside). Nil when frames are not paced.
    public mutating func waitForLatch(comingSoon: (() -> Void)? = nil) -> Target? {
        guard var latch else { return nil }
        let planned = LatchWait.nextFrame(&latch, realtime: &realtime, notice: CardFaces.decoderNotice, comingSoon: comingSoon)
        self.latch = latch
        lastWake = planned.woke
        if realtime { realtimeFrames += 1 }
        return (planned.latch, planned.deadline)
    }

    /// The frame that starts at `frameStart` without waiting: its place on the latch's grid.
    public func target(after frameStart: Double) -> Target? {
        latch?.next(after: frameStart)
    }

    /// Whether the frame that starts at `frameStart` is drawn: always while `active` (an event,
    /// an output, motion) and for `settleInterval` after; at rest once every
    /// `restRedrawInterval` (for what shows the time), else not at all.
    public mutating func draws(at frameStart: Double, active: Bool) -> Bool {
        if active { lastActiveAt = frameStart }
        if frameStart - lastActiveAt > Self.settleInterval, frameStart - lastDrawnAt < Self.restRedrawInterval { return false }
        lastDrawnAt = frameStart
        return true
    }

    /// The planned frame `target`, latched at `latched`, had its work done at `workDone` and its
    /// present return at `presented`; `displayWaits`: the present waited for the display.
    public mutating func record(_ target: Target, latched: Double, workDone: Double, presented: Double,
                                displayWaits: Bool, appliedInput: Bool = false) {
        latch?.record(latch: target.latch, deadline: target.deadline, workDone: workDone, presented: presented,
                      displayWaits: displayWaits, latched: latched, appliedInput: appliedInput)
    }

    /// The frames stop: the thread back to what it was before real-time.
    public mutating func end() {
        if realtime { realtime = FramePriority.setRealtime(false) }
    }
}
