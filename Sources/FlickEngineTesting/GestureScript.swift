import FlickEngine

/// Builds a timeline of pointer events and scene commands, the way a finger and a keyboard
/// would produce them, like Flutter's `flingFrom` (many moves spaced from distance and speed).
/// One script is a whole multi-step session: gestures, waits, key commands, viewport and
/// interaction changes, in time order.
///
/// Time is kept as whole milliseconds after `origin` so every run sees bit-identical
/// timestamps; moves fall on a grid of `step` milliseconds (8 by default, a 125 Hz touch panel).
///
///     var s = GestureScript(start: 100)
///     s.fling(from: Point(x: 200, y: 600), by: Vector(dx: 0, dy: -300), speed: 1500)
///     s.wait(0.5)
///     s.command(.undo)
///     for step in s.steps { step.apply(to: scene) }
public struct GestureScript: Sendable {
    /// One thing that happens at its own time.
    public enum Step: Hashable, Sendable, CustomStringConvertible {
        case pointer(PointerEvent)
        case command(CardScene.Command, time: Double)
        case viewport(Size, time: Double)
        case interaction(Interaction, time: Double)

        /// When it happens, seconds.
        public var time: Double {
            switch self {
            case .pointer(let e): return e.time
            case .command(_, let t), .viewport(_, let t), .interaction(_, let t): return t
            }
        }

        /// Gives the step to `scene` at its own time; the scene's refusal, if any.
        @discardableResult
        public func apply(to scene: CardScene) -> InputRejection? {
            switch self {
            case .pointer(let e): return scene.handle(e)
            case .command(let c, let t): return scene.perform(c, at: t).rejection
            case .viewport(let size, let t): scene.setViewport(size, at: t); return nil
            case .interaction(let i, let t): scene.setInteraction(i, at: t); return nil
            }
        }

        public var description: String {
            switch self {
            case .pointer(let e):
                return "\(e.phase.rawValue) (\(e.position.x), \(e.position.y)) at \(e.time)"
            case .command(let c, let t): return "\(c.rawValue) at \(t)"
            case .viewport(let s, let t): return "viewport \(s.width)x\(s.height) at \(t)"
            case .interaction(let i, let t): return "interaction \(i.rawValue) at \(t)"
            }
        }
    }

    /// How a gesture ends.
    public enum Release: Sendable { case up, cancel }

    /// Everything written so far, in time order.
    public private(set) var steps: [Step] = []
    /// Seconds that millisecond 0 stands for.
    public let origin: Double
    /// The clock, milliseconds after `origin`.
    public private(set) var now: Int
    /// Grid of the moves, milliseconds.
    public var step: Int
    public var device: PointerEvent.Device = .touch
    public var pointerID = 0
    /// Number of gestures written (taps, drags, flings, holds).
    public private(set) var gestureCount = 0

    /// - Parameters:
    ///   - start: first event time, milliseconds (from time 0).
    ///   - step: spacing of the moves, milliseconds (8, or 1 for a fine grid).
    public init(start: Int = 100, step: Int = 8) {
        self.origin = 0
        self.now = max(0, start)
        self.step = max(1, step)
    }

    /// A script whose first event is at `startTime` seconds (any value, e.g. a running
    /// benchmark's clock); later times are `startTime` plus whole milliseconds.
    public init(startTime: Double, step: Int = 8) {
        self.origin = startTime.isFinite ? startTime : 0
        self.now = 0
        self.step = max(1, step)
    }

    /// A script starting `delay` seconds after `scene`'s time, on the millisecond grid.
    public init(after scene: CardScene, delay: Double = 0.1, step: Int = 8) {
        self.init(start: Int(((scene.time + delay) * 1000).rounded(.up)), step: step)
    }

    /// The clock in seconds.
    public var time: Double { origin + Double(now) / 1000 }

    // MARK: Pointer primitives

    public mutating func down(at p: Point) { emit(.down, p) }
    public mutating func move(to p: Point) { emit(.move, p) }
    public mutating func up(at p: Point) { emit(.up, p) }
    public mutating func cancel(at p: Point) { emit(.cancel, p) }

    /// Lets `seconds` pass with nothing happening (rounded to whole milliseconds).
    public mutating func wait(_ seconds: Double) { now += Int((seconds * 1000).rounded()) }

    private mutating func emit(_ phase: PointerEvent.Phase, _ p: Point) {
        steps.append(.pointer(PointerEvent(pointerID: pointerID, phase: phase, position: p, time: time, device: device)))
    }

    // MARK: Gestures

    /// Presses at `start`, moves by `by` (points) at a constant `speed` (pt/s) with one move per
    /// grid step, and lets go while still moving: a fling whose release velocity is about
    /// `speed` along `by`. A zero distance or speed is a tap-length press that never moves.
    public mutating func fling(from start: Point, by: Vector, speed: Double, release: Release = .up) {
        let distance = by.length
        guard distance > 0, speed > 0, speed.isFinite else {
            path(from: start, by: .zero, duration: 0.06, holdBeforeRelease: 0, release: release)
            return
        }
        path(from: start, by: by, duration: distance / speed, holdBeforeRelease: 0, release: release)
    }

    /// A slow drag: `by` (points) over `duration` seconds, released as it arrives.
    public mutating func drag(from start: Point, by: Vector, duration: Double, release: Release = .up) {
        path(from: start, by: by, duration: duration, holdBeforeRelease: 0, release: release)
    }

    /// A drag of `by` (points) over `duration` seconds, then held still for `seconds` before the
    /// release: the release velocity is 0 (no motion in the last 40 ms).
    public mutating func hold(from start: Point, by: Vector, duration: Double = 0.25, for seconds: Double,
                              release: Release = .up) {
        path(from: start, by: by, duration: duration, holdBeforeRelease: seconds, release: release)
    }

    /// A press and release at `point` after `duration` seconds without moving.
    public mutating func tap(at point: Point, duration: Double = 0.06) {
        gestureCount += 1
        down(at: point)
        wait(duration)
        up(at: point)
    }

    /// A key command at the current time.
    public mutating func command(_ c: CardScene.Command) {
        steps.append(.command(c, time: time))
    }

    /// A viewport change (a window resize) at the current time.
    public mutating func viewport(_ size: Size) {
        steps.append(.viewport(size, time: time))
    }

    /// A switch to another interaction at the current time.
    public mutating func interaction(_ i: Interaction) {
        steps.append(.interaction(i, time: time))
    }

    /// The moves of a drag, one per grid step, without the press or the release: for gestures
    /// that do something in the middle (a resize, a command) before letting go.
    public mutating func moves(from start: Point, by: Vector, duration: Double) {
        let n = max(1, Int((duration * 1000 / Double(step)).rounded()))
        for i in 1...n {
            now += step
            move(to: start + by * (Double(i) / Double(n)))
        }
    }

    private mutating func path(from start: Point, by: Vector, duration: Double, holdBeforeRelease: Double,
                               release: Release) {
        gestureCount += 1
        down(at: start)
        moves(from: start, by: by, duration: duration)
        let p = start + by
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
