import FlickEngine

/// What a run of a script looked like.
public struct SceneRun: Sendable {
    public var events: [SceneEvent] = []
    public var finalRenderList: [CardAttributes] = []
    public var frames = 0
    /// Most live reuse slots seen in any frame.
    public var maxLive = 0
    /// Inputs the scene refused, with their reason (a script should have none).
    public var rejections: [String] = []
    /// The first frames that broke an invariant (NaN, shared slot, too many slots).
    public var violations: [String] = []

    public init() {}
}

/// Invariants of one frame: finite numbers, one slot per card, live slots within the bound.
public func frameViolation(_ scene: CardScene) -> String? {
    if let bad = scene.renderList.first(where: { !$0.isFinite }) {
        return "t=\(scene.time): non-finite attributes for \(bad.card)"
    }
    let slots = scene.renderList.map { $0.slot }
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
/// is drawn (a real `advance(to:)`), then the input is handled. `lateBy[k]` (seconds; 0 when
/// the array is shorter) delivers input `k` that much late, as a phone's touch events that lag the display link: the frames up
/// to its time plus that are drawn first. Every frame is checked with `frameViolation`, then
/// given to `onFrame`. At the end the scene is committed (no late input will come).
@discardableResult
public func drive(_ scene: CardScene, _ steps: [GestureScript.Step], schedule: FrameSchedule, until end: Double,
                  lateBy: [Double] = [],
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
    for (k, s) in steps.enumerated() {
        let due = s.time + (k < lateBy.count ? max(0, lateBy[k]) : 0)
        while f < frames.count, frames[f] <= due { frame(frames[f]); f += 1 }
        if let rejection = s.apply(to: scene) { run.rejections.append("\(s): \(rejection)") }
    }
    while f < frames.count { frame(frames[f]); f += 1 }
    // The session is over: no late input will come, so everything up to the end happens.
    scene.commit()
    run.events = scene.events
    run.finalRenderList = scene.renderList
    return run
}

/// Advances `scene` from change to change (`nextChangeTime`: exact times, no frame grid) until
/// nothing moves, committing as it goes (no late input is expected), and returns that time;
/// gives up at `limit` seconds after the call.
@discardableResult
public func advanceToRest(_ scene: CardScene, limit: Double = 10) -> Double {
    let stop = scene.time + limit
    while !scene.isAtRest && scene.time < stop {
        var next = scene.nextChangeTime ?? (scene.time + 0.001)
        if !(next > scene.time) { next = scene.time + 0.001 }
        scene.advance(to: min(next, stop))
        scene.commit()
    }
    // At rest on screen, yet what happened inside the late-input window (a card's deletion,
    // the content's `paged`) may still wait: no input is expected, so it happens now.
    scene.commit()
    return scene.time
}

extension Size {
    /// A phone in portrait, points.
    public static let phone = Size(width: 390, height: 844)
    /// A laptop screen, points.
    public static let laptop = Size(width: 1280, height: 800)
    /// The centre of a viewport of this size, points.
    public var centre: Point { Point(x: width / 2, y: height / 2) }
}
