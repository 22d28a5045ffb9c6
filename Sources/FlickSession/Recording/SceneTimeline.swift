import FlickIO

/// Slow motion, pause and single frames: maps the app's frame clock (seconds, the clock input
/// events are stamped on) to the time passed to the scene.
///
/// Two clocks. The *timeline* T follows the frame clock while running, stands still while
/// paused and moves one frame per step; inputs are delivered in timeline order, so input made
/// while paused is queued, not lost, and plays with its own rhythm after a step or a resume.
/// The *scene time* S runs along T at the time scale (1, or 1/10 in slow motion), except while
/// a pointer is down on the stage: then S follows T one to one, so the card stays under the
/// pointer and a release has the velocity the hand gave it (a throw decides as at full speed);
/// everything after the release, flight, momentum and springs, runs slowed.
///
/// Pure value: given the same inputs at the same frame-clock times it delivers the same inputs
/// at the same scene times, so a recording of the inputs and the time controls replays exactly.
package struct SceneTimeline {
    /// A time control from the keyboard (S, Space, `.`), recorded with the inputs; `sync` is
    /// the window's own, once a second: it changes nothing and says which scene time the session
    /// clock (and so the wall clock) had then, for lining other recordings up with the log.
    package enum Control: String, CaseIterable, Codable, Hashable, Sendable {
        case slow, normal, pause, resume, step, sync
    }

    /// Scene seconds per timeline second in slow motion.
    package static let slowScale = 0.1
    /// Timeline seconds one step moves (one frame at 60 Hz).
    package static let stepDuration = 1.0 / 60

    package private(set) var isSlow = false
    package private(set) var isPaused = false
    /// A pointer is down on the stage (the scene runs 1:1 with it).
    package private(set) var pointerDown = false

    /// Anchor of T on the frame clock: T = tAnchor + (clock - clockAnchor) while running.
    private var clockAnchor: Double
    private var tAnchor: Double
    /// Anchor of S on T: S = sAnchor + (T - sAnchorT) * rate.
    private var sAnchor: Double
    private var sAnchorT: Double
    /// Inputs not delivered yet, in timeline order.
    private var queue: [(t: Double, input: RecordedInput)] = []
    /// First queued input of the current pause: its frame-clock time and timeline time.
    private var pauseFirst: (clock: Double, t: Double)?
    /// Latest timeline time handed out, so deliveries never go back.
    private var lastT: Double

    package init(start: Double) {
        clockAnchor = start
        tAnchor = start
        sAnchor = start
        sAnchorT = start
        lastT = start
    }

    /// Scene seconds per timeline second now.
    package var rate: Double { isSlow && !pointerDown ? Self.slowScale : 1 }

    /// The time scale shown to people: 1, 0.1, or 0 when paused.
    package var shownScale: Double { isPaused ? 0 : isSlow ? Self.slowScale : 1 }

    package var hasQueuedInput: Bool { !queue.isEmpty }

    /// A time control that took effect: the scene time it acted at (a step: the time it moved
    /// the scene from) and the time scale shown after it (1, 0.1, 0 while paused).
    package struct Acted: Equatable, Sendable {
        package var control: Control
        package var sceneTime: Double
        package var scale: Double
        /// The frame-clock (session) time of the control: with `sceneTime`, one point where scene
        /// time and session time (and so the wall clock) meet.
        package var clock: Double = 0
    }
    /// The controls that took effect since the last `takeActed`, in order (for the log).
    package private(set) var acted: [Acted] = []

    /// The controls that took effect since the last call.
    package mutating func takeActed() -> [Acted] {
        defer { acted = [] }
        return acted
    }

    /// Timeline time at frame-clock time `clock`.
    package func timeline(at clock: Double) -> Double {
        isPaused ? tAnchor : tAnchor + max(0, clock - clockAnchor)
    }

    /// Scene time at timeline time `t` (t at or after the last rate change).
    package func sceneTime(atTimeline t: Double) -> Double {
        sAnchor + max(0, t - sAnchorT) * rate
    }

    /// Scene time for a frame drawn at frame-clock time `clock`.
    package func sceneTime(at clock: Double) -> Double {
        sceneTime(atTimeline: max(timeline(at: clock), lastT))
    }

    /// Moves the scene anchor to timeline time `t` before the rate changes.
    private mutating func reanchorScene(at t: Double) {
        sAnchor = sceneTime(atTimeline: t)
        sAnchorT = t
    }

    /// Queues one input made at frame-clock time `input.t`. Time controls act at once (in
    /// timeline order: after everything queued before them is due); other inputs wait until
    /// the timeline reaches them (`due`).
    package mutating func submit(_ input: RecordedInput) {
        var t: Double
        if isPaused {
            // While paused, inputs keep their spacing, starting where the timeline stands.
            let first = pauseFirst ?? (input.t, tAnchor)
            pauseFirst = first
            t = first.t + max(0, input.t - first.clock)
        } else {
            t = timeline(at: input.t)
        }
        t = max(t, queue.last?.t ?? -.infinity, isPaused ? -.infinity : lastT)
        switch input.time {
        case .pause?, .resume?, .step?, .sync?:
            // These move the timeline itself (or read it): they act when pressed.
            control(input.time!, clock: input.t)
        case .slow?, .normal?:
            // In order with the input queued before it.
            if queue.isEmpty { setSlow(input.time == .slow, at: t, clock: input.t) } else { queue.append((t, input)) }
        case nil:
            queue.append((t, input))
        }
    }

    private mutating func setSlow(_ slow: Bool, at t: Double, clock: Double) {
        guard slow != isSlow else { return }
        reanchorScene(at: max(t, lastT))
        isSlow = slow
        acted.append(Acted(control: slow ? .slow : .normal, sceneTime: sAnchor, scale: shownScale, clock: clock))
    }

    private mutating func control(_ control: Control, clock: Double) {
        switch control {
        case .slow, .normal:
            setSlow(control == .slow, at: timeline(at: clock), clock: clock)
        case .sync:
            // A sync may be stamped before the frame shown (SessionRunner.submitSync): the scene
            // time of its own clock, not of the newest frame.
            let t = isPaused ? max(tAnchor, lastT) : timeline(at: clock)
            acted.append(Acted(control: .sync, sceneTime: sceneTime(atTimeline: t), scale: shownScale, clock: clock))
        case .pause:
            guard !isPaused else { return }
            tAnchor = max(timeline(at: clock), lastT)
            clockAnchor = clock
            isPaused = true
            pauseFirst = nil
            acted.append(Acted(control: .pause, sceneTime: sceneTime(atTimeline: tAnchor), scale: shownScale, clock: clock))
        case .resume:
            guard isPaused else { return }
            clockAnchor = clock
            isPaused = false
            pauseFirst = nil
            acted.append(Acted(control: .resume, sceneTime: sceneTime(atTimeline: max(tAnchor, lastT)), scale: shownScale, clock: clock))
        case .step:
            guard isPaused else { return }
            acted.append(Acted(control: .step, sceneTime: sceneTime(atTimeline: max(tAnchor, lastT)), scale: shownScale, clock: clock))
            tAnchor = max(tAnchor, lastT) + Self.stepDuration
        }
    }

    /// The session ends at frame-clock time `clock`: every input still queued, in order. What
    /// the timeline has reached comes at its own time (`due`); what waits behind a pause (the
    /// moves made while paused, the cancel of a gesture the quit ended) comes at the scene time
    /// where the timeline stands, the pause's instant, which a replay reaches the same way. So
    /// no recorded input goes unplayed and a gesture under way is closed in the log.
    package mutating func drain(at clock: Double) -> [(input: RecordedInput, sceneTime: Double)] {
        var out = due(by: clock)
        let t = max(timeline(at: clock), lastT)
        lastT = t
        for next in queue {
            if let control = next.input.time {
                setSlow(control == .slow, at: t, clock: next.input.t)
                continue
            }
            if let p = next.input.pointer, p.phase != .move { pointerDown = p.phase == .down }
            out.append((next.input, sceneTime(atTimeline: t)))
        }
        queue.removeAll()
        return out
    }

    /// Hands out the queued inputs the timeline has reached by frame-clock time `clock`, each
    /// with the scene time to give it; pointer downs and ups change the rate as they pass.
    package mutating func due(by clock: Double) -> [(input: RecordedInput, sceneTime: Double)] {
        let now = timeline(at: clock)
        var out: [(RecordedInput, Double)] = []
        // While paused, what was queued at the pause's instant waits for a step or the resume.
        while let next = queue.first, isPaused ? next.t < now : next.t <= now {
            queue.removeFirst()
            let t = max(next.t, lastT)
            lastT = t
            if let control = next.input.time {
                setSlow(control == .slow, at: t, clock: next.input.t)
                continue
            }
            if let p = next.input.pointer, p.phase != .move {
                let down = p.phase == .down
                if down != pointerDown {
                    // The rate changes here only in slow motion. Otherwise the anchor stays, so
                    // scene time stays the timeline's own number to the bit: an engine given
                    // the same input times elsewhere (the phone's) computes the same.
                    if isSlow { reanchorScene(at: t) }
                    pointerDown = down
                }
            }
            out.append((next.input, sceneTime(atTimeline: t)))
        }
        return out
    }
}
