import Testing
@testable import FlickEngine

// MARK: - Gesture synthesis

/// Builds a timeline of pointer events and scene commands, the way a finger and a keyboard
/// would produce them, like Flutter's `flingFrom` (many moves spaced from distance and speed).
///
/// Time is kept as whole milliseconds so every run sees bit-identical timestamps; moves fall on
/// a grid of `step` milliseconds (8 by default, a 125 Hz touch panel).
struct GestureScript {
    /// One thing that happens at its own time.
    enum Step: Hashable, Sendable {
        case pointer(PointerEvent)
        case command(CardScene.Command, time: Double)
        case viewport(Size, time: Double)

        var time: Double {
            switch self {
            case .pointer(let e): return e.time
            case .command(_, let t), .viewport(_, let t): return t
            }
        }
    }

    /// How a gesture ends.
    enum Release { case up, cancel }

    private(set) var steps: [Step] = []
    /// The clock, milliseconds.
    private(set) var now: Int
    /// Grid of the moves, milliseconds.
    var step: Int
    var device: PointerEvent.Device = .touch
    var pointerID = 0
    /// Number of gestures written (taps, drags, flings, holds).
    private(set) var gestureCount = 0

    /// - Parameters:
    ///   - start: first event time, milliseconds.
    ///   - step: spacing of the moves, milliseconds (8, or 1 for a fine grid).
    init(start: Int = 100, step: Int = 8) {
        self.now = start
        self.step = max(1, step)
    }

    /// The clock in seconds.
    var time: Double { Double(now) / 1000 }

    // MARK: Pointer primitives

    mutating func down(at p: Point) { emit(.down, p) }
    mutating func move(to p: Point) { emit(.move, p) }
    mutating func up(at p: Point) { emit(.up, p) }
    mutating func cancel(at p: Point) { emit(.cancel, p) }

    /// Lets `seconds` pass with nothing happening (rounded to whole milliseconds).
    mutating func wait(_ seconds: Double) { now += Int((seconds * 1000).rounded()) }

    private mutating func emit(_ phase: PointerEvent.Phase, _ p: Point) {
        steps.append(.pointer(PointerEvent(pointerID: pointerID, phase: phase, position: p, time: time, device: device)))
    }

    // MARK: Gestures

    /// Presses at `start`, moves by `by` (points) at a constant `speed` (pt/s) with one move per
    /// grid step, and lets go while still moving: a fling whose release velocity is about
    /// `speed` along `by`. The last move is clipped to land exactly on `start + by`.
    mutating func fling(from start: Point, by: Vector, speed: Double, release: Release = .up) {
        let distance = by.length
        precondition(distance > 0 && speed > 0, "a fling needs a distance and a speed")
        path(from: start, by: by, duration: distance / speed, holdBeforeRelease: 0, release: release)
    }

    /// A slow drag: `by` (points) over `duration` seconds, released as it arrives.
    mutating func drag(from start: Point, by: Vector, duration: Double, release: Release = .up) {
        path(from: start, by: by, duration: duration, holdBeforeRelease: 0, release: release)
    }

    /// A drag of `by` (points) over `duration` seconds, then held still for `seconds` before the
    /// release: the release velocity is 0 (no motion in the last 40 ms).
    mutating func hold(from start: Point, by: Vector, duration: Double = 0.25, for seconds: Double,
                       release: Release = .up) {
        path(from: start, by: by, duration: duration, holdBeforeRelease: seconds, release: release)
    }

    /// A press and release at `point` after `duration` seconds without moving.
    mutating func tap(at point: Point, duration: Double = 0.06) {
        gestureCount += 1
        down(at: point)
        wait(duration)
        up(at: point)
    }

    /// A key command at the current time.
    mutating func command(_ c: CardScene.Command) {
        steps.append(.command(c, time: time))
    }

    /// A viewport change at the current time.
    mutating func viewport(_ size: Size) {
        steps.append(.viewport(size, time: time))
    }

    private mutating func path(from start: Point, by: Vector, duration: Double, holdBeforeRelease: Double,
                               release: Release) {
        gestureCount += 1
        // Whole grid steps, so every move of the gesture lands on the grid.
        let steps = max(1, Int((duration * 1000 / Double(step)).rounded()))
        down(at: start)
        var p = start
        for i in 1...steps {
            now += step
            p = start + by * (Double(i) / Double(steps))
            move(to: p)
        }
        if holdBeforeRelease > 0 {
            // Still: an SDL mouse sends no motion while it rests; a touch panel repeats the spot.
            let end = now + Int((holdBeforeRelease * 1000).rounded())
            while now + step < end { now += step; move(to: p) }
            now = end
        }
        switch release {
        case .up: up(at: p)
        case .cancel: cancel(at: p)
        }
    }
}

// MARK: - Frame schedules

/// When frames are drawn.
enum FrameSchedule: Hashable, Sendable, CustomTestStringConvertible {
    /// A steady display, frames at k / hz seconds.
    case hz(Double)
    /// Jittered frames 2 ... 45 ms apart, from a seeded generator.
    case random(seed: UInt64)

    /// Frame times from 0 to `end` seconds; `end` itself is always the last frame, so every
    /// schedule ends on the same instant.
    func times(until end: Double) -> [Double] {
        var out: [Double] = []
        switch self {
        case .hz(let hz):
            var k = 0
            while Double(k) / hz < end { out.append(Double(k) / hz); k += 1 }
        case .random(let seed):
            var rng = SplitMix(seed: seed)
            var t = 0.0
            while t < end { out.append(t); t += Double.random(in: 0.002...0.045, using: &rng) }
        }
        out.append(end)
        return out
    }

    var testDescription: String {
        switch self {
        case .hz(let hz): return "\(Int(hz)) Hz"
        case .random(let seed): return "random frames (seed \(seed))"
        }
    }

    /// The four schedules every determinism test runs.
    static let all: [FrameSchedule] = [.hz(30), .hz(60), .hz(144), .random(seed: 0x5EED)]
}

// MARK: - Driving a scene

/// What a run of a script looked like.
struct SceneRun {
    var events: [SceneEvent] = []
    var finalRenderList: [CardAttributes] = []
    var frames = 0
    /// Most live reuse slots seen in any frame.
    var maxLive = 0
    /// Inputs the scene refused, with their reason (a script should have none).
    var rejections: [String] = []
    /// The first frames that broke an invariant (NaN, shared slot, too many slots).
    var violations: [String] = []
}

/// Invariants of one frame: finite numbers, one slot per card, live slots within the bound.
func frameViolation(_ scene: CardScene) -> String? {
    if let bad = scene.renderList.first(where: { !$0.isFinite }) {
        return "t=\(scene.time): non-finite attributes for \(bad.card)"
    }
    let slots = scene.renderList.map(\.slot)
    if Set(slots).count != slots.count || slots.contains(where: { $0 < 0 }) {
        return "t=\(scene.time): slots not distinct \(slots)"
    }
    if scene.pool.liveCount > scene.viewBound {
        return "t=\(scene.time): \(scene.pool.liveCount) live slots > bound \(scene.viewBound)"
    }
    if !scene.scrollPosition.isFinite { return "t=\(scene.time): scroll position \(scene.scrollPosition)" }
    return nil
}

/// Feeds `steps` to `scene` and draws frames on `schedule` until `end` seconds, interleaved as
/// a front end does: before each input, every frame whose time is at or before the input's time
/// is drawn; then the input is handled. Every frame is checked with `frameViolation`.
@discardableResult
func drive(_ scene: CardScene, _ steps: [GestureScript.Step], schedule: FrameSchedule, until end: Double,
           onFrame: (CardScene) -> Void = { _ in }) -> SceneRun {
    var run = SceneRun()
    // A scene that already ran (a second script on it) draws only the frames still ahead.
    let frames = schedule.times(until: end).filter { $0 >= scene.time }
    var f = 0
    func frame(_ t: Double) {
        if let r = scene.advance(to: t) { run.rejections.append("frame \(t): \(r)") }
        run.frames += 1
        run.maxLive = max(run.maxLive, scene.pool.liveCount)
        if run.violations.count < 5, let v = frameViolation(scene) { run.violations.append(v) }
        onFrame(scene)
    }
    for s in steps {
        while f < frames.count, frames[f] <= s.time { frame(frames[f]); f += 1 }
        let rejection: InputRejection?
        switch s {
        case .pointer(let e): rejection = scene.handle(e)
        case .command(let c, let t): rejection = scene.perform(c, at: t).rejection
        case .viewport(let size, let t): scene.setViewport(size, at: t); rejection = nil
        }
        if let rejection { run.rejections.append("\(s): \(rejection)") }
    }
    while f < frames.count { frame(frames[f]); f += 1 }
    run.events = scene.events
    run.finalRenderList = scene.renderList
    return run
}

// MARK: - Small helpers

extension Size {
    /// A phone in portrait, points.
    static let phone = Size(width: 390, height: 844)
    /// A laptop screen, points.
    static let laptop = Size(width: 1280, height: 800)
    var centre: Point { Point(x: width / 2, y: height / 2) }
}

extension SceneEvent {
    /// One short line for printed tables and failure messages.
    var brief: String {
        func f(_ x: Double) -> String { fixed(x, 3) }
        switch self {
        case let .gestureBegan(t, kind, card): return "\(f(t)) began \(kind.rawValue) \(card.map { "\($0)" } ?? "-")"
        case let .gestureEnded(t, kind, _, v, outcome):
            return "\(f(t)) ended \(kind.rawValue) v=(\(Int(v.dx)),\(Int(v.dy))) → \(outcome.rawValue)"
        case let .paged(t, from, to): return "\(f(t)) paged \(from)→\(to)"
        case let .deleted(t, card, index): return "\(f(t)) deleted \(card)@\(index)"
        case let .restored(t, card, index): return "\(f(t)) restored \(card)@\(index)"
        case let .snappedBack(t, card): return "\(f(t)) snapped back \(card)"
        case let .selected(t, card): return "\(f(t)) selected \(card)"
        case let .inserted(t, card, index): return "\(f(t)) inserted \(card)@\(index)"
        case let .reset(t): return "\(f(t)) reset"
        case let .interactionChanged(t, from, to): return "\(f(t)) interaction \(from.rawValue)→\(to.rawValue)"
        }
    }
}

/// Advances `scene` from completion to completion (exact times, no frame grid) until nothing
/// moves, and returns that time; gives up at `limit` seconds after the call.
@discardableResult
func advanceToRest(_ scene: CardScene, limit: Double = 10) -> Double {
    let stop = scene.time + limit
    while !scene.isAtRest && scene.time < stop {
        var next = Double.infinity
        for m in scene.motions { if let e = m.endTime { next = min(next, e) } }
        if let g = scene.gap { next = min(next, g.endTime) }
        if let e = scene.returning?.endTime { next = min(next, e) }
        if let s = scene.axis.settleTime, s > scene.time { next = min(next, s) }
        if !(next > scene.time) || !next.isFinite { next = scene.time + 0.001 }
        scene.advance(to: min(next, stop))
    }
    return scene.time
}

/// A script starting `delay` seconds after the scene's time.
func script(after scene: CardScene, delay: Double = 0.1, step: Int = 8) -> GestureScript {
    GestureScript(start: Int(((scene.time + delay) * 1000).rounded(.up)), step: step)
}

/// The ids of a deck, in order.
func cardIDs(_ deck: Deck) -> [CardID] { (0..<deck.count).map { deck.id(at: $0) } }

/// `x` with `digits` decimals, without Foundation.
func fixed(_ x: Double, _ digits: Int) -> String {
    guard x.isFinite else { return "\(x)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((abs(x) * scale).rounded())
    let whole = n / Int(scale), frac = n % Int(scale)
    var fs = String(frac)
    while fs.count < digits { fs = "0" + fs }
    return (x < 0 && n != 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + fs : "")
}
