import FlickIO
/// When a paced frame samples its input: as late before the frame's deadline (the display's
/// refresh it is meant for) as its drawing allows, so an input waits for the next latch and
/// then only for the drawing, not for a whole frame interval besides.
///
/// The time a frame is allowed (`lead`) is predicted from the last few frames: a frame costs
/// about what the ones just before it did (the frames of a drag cost alike; a throw or a card
/// starting to move costs more for a while), so the lead is the longest of the last `recent`
/// render times (from the planned latch, so a late wake-up counts, to the end of their present's
/// own work) plus a small margin. The margin grows after a frame that still missed its deadline
/// and shrinks again with every frame that made its own, so a run of dearer frames buys room
/// for the next ones and one slow frame is soon forgotten. A long-window percentile instead
/// allows every frame for the dearest in a second of them: its inputs then wait that much longer
/// though the frame is done early. Deadlines lie on a grid of the refresh interval: where the
/// renderer waits for the display (vsync), the grid is the present's return; elsewhere it is
/// kept here.
///
/// Frames that applied input are remembered apart (the last `inputHistory` of them): what an
/// input costs to draw is known only once it is applied (a card starts to move when the pointer
/// that holds it does), so the lead also covers the `inputQuantile` of those, and a gesture's
/// first dear frame is allowed what the gestures before it cost. Until `inputKnown` such frames
/// or the first rise (below) were measured, `inputPrior` of the interval stands in for them
/// (the first gesture is not yet known). Gestures that change little (a press, a pan that moves nothing) can outnumber the
/// dear ones among those frames, so the frames where input made the drawing much dearer than
/// the frames before it (`riseRatio`: a card starting to move or turn) are kept apart too, and
/// the lead also covers the `inputQuantile` of the last `riseHistory` of them.
/// Frames of one kind vary with what they draw (a card's angle, what it uncovers), so the
/// margin also grows with the render time (`proportionalMargin`).
///
/// The lead is never less than `leastLead` of the interval: the first frame of a kind of
/// drawing not seen before (a session's first dismiss after its scrolls, its first throw) costs
/// more than anything measured, and no history can cover it; a fifth of the interval (3.3 ms at
/// 60 Hz) leaves room for such a frame where the interval has room to spare.
///
/// While input flows (a frame among the last `holdFrames` applied some) the lead never falls:
/// an input that arrives just after a latch is shown one interval plus that frame's lead later,
/// so a lead that fell by some milliseconds between two latches would add them to its wait.
/// It falls to the prediction once input has paused that long.
///
/// The wait before a latch may end a little early (`wake(forLatch:)`) and poll the clock up to
/// the latch, so a wake-up that comes late (the timer fired but the thread waited for a core)
/// still latches on time; how early is learned from recent wake-ups' lateness, within
/// `earlyWakeLimit` (polling costs the CPU it spins). What lateness is left past the latch eats
/// into the frame's time, so the render times above count from the planned latch.
/// Time is passed in (seconds of one clock); nothing here reads a clock or sleeps.
public struct FrameLatch: Sendable {
    /// Seconds between the display's refreshes.
    public let interval: Double
    /// The frames whose longest render time the lead covers (the last `recent`).
    public let recent: Int
    /// The frames that applied input whose render times the lead covers (the last
    /// `inputHistory` of them, however long ago), at their `inputQuantile`.
    public let inputHistory: Int
    public let inputQuantile: Double
    /// Frames that applied input measured before they alone are trusted (`inputPrior` of the
    /// interval stands in until then, or until the first rise).
    public let inputKnown: Int
    /// The share of the interval that stands in for the frames with input until `inputKnown`.
    public let inputPrior: Double
    /// A frame that applied input and took more than `riseRatio` times the longest of the
    /// `recent` frames before it is a rise; the lead covers the `inputQuantile` of the last
    /// `riseHistory` rises.
    public let riseRatio: Double
    public let riseHistory: Int
    /// The most frames (or wake-ups, or rises) any history keeps.
    public static let longestHistory = 4096
    /// The share of the render time added to the margin (0.25: 25 %).
    public let proportionalMargin: Double
    /// The least margin added to that render time, seconds.
    public let minimumMargin: Double
    /// The share of the interval the lead never goes below (0.2: a fifth).
    public let leastLead: Double
    /// What a missed deadline adds to the margin, seconds.
    public let missGrowth: Double
    /// The share of the learned margin a frame that made its deadline keeps (0.9: a tenth goes).
    public let madeDecay: Double
    private let history: Int
    private var renders: [Double] = []
    private var next = 0
    private var inputRenders: [Double] = []
    private var nextInput = 0
    /// The `inputQuantile` of `inputRenders`, made when one is recorded (not each time the lead
    /// is asked for).
    private var inputRenderQuantile: Double?
    private var rises: [Double] = []
    private var nextRise = 0
    private var riseQuantile: Double?
    /// Frames without input after which the lead may fall again: at least 20 ms of them, and 2
    /// (input devices report every 4-17 ms, so a faster display has frames between reports).
    public var holdFrames: Int { max(2, Int((0.02 / interval).rounded(.up))) }
    /// Frames recorded since the last that applied input (`Int.max` before any), and the lead
    /// the last frame was planned with.
    private var framesSinceInput = Int.max
    private var heldLead = 0.0
    /// The margin learned from missed deadlines, seconds (on top of `minimumMargin`), at most a
    /// quarter interval.
    public private(set) var extraMargin = 0.0
    /// A deadline of the grid (a refresh); nil until the first frame, or after `restart()`.
    public private(set) var anchor: Double?
    /// Frames that missed their deadline, and all frames, since the start.
    public private(set) var missed = 0
    public private(set) var frames = 0
    /// The most the wait may end before the latch, seconds (0: it sleeps to the latch itself).
    public var earlyWakeLimit: Double
    private var lateness: [Double] = []
    private var nextLateness = 0
    /// Recent frames' own work (from when they actually latched to their work done), seconds.
    private var works: [Double] = []
    private var nextWork = 0

    /// - interval: the refresh interval, seconds (held to 1/360...1/24).
    /// - history: wake-ups and frames' own work kept for `earlyWake` and `wantsRealtime` (the
    ///   last `history`).
    /// - recent: the frames whose longest render time the lead covers (1...history).
    /// - inputHistory, inputQuantile, inputKnown, inputPrior, riseRatio, riseHistory: the frames
    ///   that applied input the lead covers (see the properties).
    /// - proportionalMargin, minimumMargin, missGrowth, madeDecay: the margin on top of it (see
    ///   the properties).
    /// - leastLead: the share of the interval the lead never goes below.
    /// - earlyWakeLimit: the most the wait may end before the latch to poll up to it, seconds.
    public init(interval: Double, history: Int = 60, recent: Int = 4, inputHistory: Int = 120, inputQuantile: Double = 0.9,
                inputKnown: Int = 8, inputPrior: Double = 0.6, riseRatio: Double = 2, riseHistory: Int = 16,
                proportionalMargin: Double = 0.25, minimumMargin: Double = 0.0004, leastLead: Double = 0.2,
                missGrowth: Double = 0.0005, madeDecay: Double = 0.9, earlyWakeLimit: Double = 0) {
        let i = interval.isFinite && interval > 0 ? interval : 1.0 / 60
        self.interval = min(1.0 / 24, max(1.0 / 360, i))
        self.history = min(Self.longestHistory, max(8, history))
        self.recent = min(self.history, max(1, recent))
        self.inputHistory = min(Self.longestHistory, max(1, inputHistory))
        self.inputQuantile = inputQuantile.isFinite ? min(1, max(0, inputQuantile)) : 0.9
        self.inputKnown = min(self.inputHistory, max(0, inputKnown))
        self.inputPrior = inputPrior.isFinite ? min(1, max(0, inputPrior)) : 0.6
        self.riseRatio = riseRatio.isFinite ? max(1, riseRatio) : 2
        self.riseHistory = min(Self.longestHistory, max(1, riseHistory))
        self.proportionalMargin = proportionalMargin.isFinite ? min(1, max(0, proportionalMargin)) : 0.25
        self.minimumMargin = minimumMargin.isFinite ? max(0, minimumMargin) : 0.0004
        self.leastLead = leastLead.isFinite ? min(1, max(0, leastLead)) : 0.2
        self.missGrowth = missGrowth.isFinite ? max(0, missGrowth) : 0.0005
        self.madeDecay = madeDecay.isFinite ? min(1, max(0, madeDecay)) : 0.9
        self.earlyWakeLimit = earlyWakeLimit.isFinite ? max(0, earlyWakeLimit) : 0
        renders.reserveCapacity(self.recent)
        inputRenders.reserveCapacity(self.inputHistory)
        rises.reserveCapacity(self.riseHistory)
        lateness.reserveCapacity(self.history)
    }

    /// How long before the latch the wait's timer is set, seconds: the 95th percentile of recent
    /// wake-ups' lateness plus 0.1 ms, within `earlyWakeLimit`; 0.5 ms (within it) before any.
    public var earlyWake: Double {
        guard !lateness.isEmpty else { return min(earlyWakeLimit, 0.0005) }
        return min(earlyWakeLimit, max(0, nearestRank(lateness.sorted(), 0.95)) + 0.0001)
    }

    /// The early wake-up a latching thread is allowed, seconds: a quarter interval up to 2 ms
    /// when it runs real-time (its wake-ups are rarely late, so it polls little), none otherwise:
    /// an ordinary thread that polls the clock uses up its share of the core and is preempted
    /// the more (EEVDF), so it sleeps to the latch itself.
    public static func earlyWakeLimit(interval: Double, realtime: Bool) -> Double {
        realtime ? min(0.002, interval / 4) : 0
    }

    /// When the wait before `latch` should end: `earlyWake` before it (the rest is polled).
    public func wake(forLatch latch: Double) -> Double { latch - earlyWake }

    /// A wait whose timer was set for `target` ended at `woke` (only waits that slept: a frame
    /// already late does not tell how late a wake-up comes).
    public mutating func recordWake(target: Double, woke: Double) {
        guard target.isFinite, woke.isFinite else { return }
        let late = max(0, woke - target)
        if lateness.count < history { lateness.append(late) } else {
            lateness[nextLateness] = late
            nextLateness = (nextLateness + 1) % history
        }
    }

    /// Whether the thread that latches should run real-time (`FramePriority.setRealtime`), when it
    /// does (`current`) or not: yes while the frames' own work (90th percentile, from when they
    /// actually latched: a late wake-up is not work) leaves at least half of each interval idle,
    /// no once it takes three quarters or more (a real-time thread must not keep a core busy),
    /// as it is in between.
    public func wantsRealtime(_ current: Bool) -> Bool {
        guard !works.isEmpty else { return true }
        let share = nearestRank(works.sorted(), 0.9) / interval
        if share <= 0.5 { return true }
        if share >= 0.75 { return false }
        return current
    }

    /// The render time the latch allows for, seconds: the longest of the last `recent` render
    /// times, the `inputQuantile` of the last `inputHistory` frames that applied input (at
    /// least `inputPrior` of the interval until `inputKnown` of them or a rise were measured) or that of
    /// the last `riseHistory` rises, plus the margin (`proportionalMargin` of it,
    /// `minimumMargin` and `extraMargin`), at least `leastLead` of the interval and at most the
    /// interval; half the interval before any frame was measured. While input flows, at least
    /// the lead the last frame had.
    public var lead: Double {
        guard var longest = renders.max() else { return interval / 2 }
        if let q = inputRenderQuantile {
            longest = max(longest, inputRenders.count < inputKnown && rises.isEmpty ? max(q, interval * inputPrior) : q)
        }
        if let r = riseQuantile { longest = max(longest, r) }
        let predicted = max(longest * (1 + proportionalMargin) + minimumMargin + extraMargin, interval * leastLead)
        return min(interval, framesSinceInput < holdFrames ? max(predicted, heldLead) : predicted)
    }

    /// The next deadline and the time to latch for it, when it is `now`: the first refresh of the
    /// grid that leaves `lead` to draw. With no grid yet (the first frame, or after idle) the
    /// frame latches now and its deadline is `now + lead`.
    public func next(after now: Double) -> (latch: Double, deadline: Double) {
        let lead = self.lead
        guard let anchor, now.isFinite else { return (now, now + lead) }
        let k = ((now + lead - anchor) / interval).rounded(.up)
        let deadline = anchor + max(1, k) * interval
        return (max(now, deadline - lead), deadline)
    }

    /// How long to wait from `now` until the next latch, seconds (0: latch at once).
    public func wait(now: Double) -> Double {
        let n = next(after: now)
        return max(0, n.latch - now)
    }

    /// A frame planned to latch at `latch` (`next(after:)`) for `deadline` did its work (drawing, and the present's own
    /// work where it does not wait) until `workDone`, and its present returned at `presented`.
    /// `displayWaits`: the present waited for the display's refresh, so its return is a refresh.
    /// `latched`: when the frame actually latched (after a late wake-up, later than `latch`).
    /// `appliedInput`: the frame applied input (a pointer's or a touch's event).
    public mutating func record(latch: Double, deadline: Double, workDone: Double, presented: Double, displayWaits: Bool,
                                latched: Double? = nil, appliedInput: Bool = false) {
        guard latch.isFinite, workDone.isFinite, presented.isFinite, workDone >= latch else { return }
        let planned = lead   // nothing the lead depends on changed since the frame was planned
        frames += 1
        let work = workDone - max(latch, latched.map { $0.isFinite ? $0 : latch } ?? latch)
        if works.count < history { works.append(max(0, work)) } else {
            works[nextWork] = max(0, work)
            nextWork = (nextWork + 1) % history
        }
        let render = workDone - latch
        if appliedInput, let before = renders.max(), render > riseRatio * before {
            if rises.count < riseHistory { rises.append(render) } else {
                rises[nextRise] = render
                nextRise = (nextRise + 1) % riseHistory
            }
            riseQuantile = nearestRank(rises.sorted(), inputQuantile)
        }
        if renders.count < recent { renders.append(render) } else {
            renders[next] = render
            next = (next + 1) % recent
        }
        if appliedInput {
            if inputRenders.count < inputHistory { inputRenders.append(render) } else {
                inputRenders[nextInput] = render
                nextInput = (nextInput + 1) % inputHistory
            }
            inputRenderQuantile = nearestRank(inputRenders.sorted(), inputQuantile)
        }
        // A present that waited returns on a refresh; one more than half an interval past the
        // deadline came a refresh late. Without a wait, the work itself must end by the deadline.
        let late = displayWaits ? presented > deadline + interval / 2 : workDone > deadline
        if late {
            missed += 1
            extraMargin = min(interval / 4, extraMargin + missGrowth)
        } else {
            extraMargin *= madeDecay
            if extraMargin < 1e-6 { extraMargin = 0 }
        }
        anchor = displayWaits ? presented : deadline
        framesSinceInput = appliedInput ? 0 : (framesSinceInput == Int.max ? Int.max : framesSinceInput + 1)
        heldLead = planned
    }

    /// Frames stopped (an idle wait): the next frame latches at once and starts a new grid,
    /// unless the renderer's own refreshes give one again.
    public mutating func restart() { anchor = nil }
}
