
/// A screen axis, for axis locks and for routing a drag to scrolling or to a card.
public enum Axis: String, Hashable, Sendable {
    /// Along x (positive to the right).
    case horizontal
    /// Along y (positive downward).
    case vertical
}

/// Which axis a pan is confined to once it starts.
public enum AxisLock: String, Hashable, Sendable {
    /// Favour horizontal; the translation keeps only the axis that won at the start.
    case horizontal
    /// Favour vertical; the translation keeps only the axis that won at the start.
    case vertical
    /// No lock: the translation is two-dimensional (the winning axis is still reported).
    case free
}

/// The tunables of a pan, Codable so presets can carry them.
public struct PanConfiguration: Hashable, Sendable {
    /// Movement before a mouse drag starts, pt (4): a click must survive a shaky hand.
    public var mouseSlop: Double
    /// Movement before a touch drag starts, pt (8): fingers are less precise than a mouse.
    public var touchSlop: Double
    /// If set, used for every device instead of the two above, pt.
    public var slopOverride: Double?
    /// Which axis to favour and confine to.
    public var axisLock: AxisLock
    /// How much the favoured axis is preferred, unitless (1 = pure dominance): with `.horizontal`
    /// the pan locks horizontal when |dx| · ratio ≥ |dy| at the start, else vertical.
    /// Ignored by `.free`, which reports the larger component.
    public var lockRatio: Double
    /// Velocity estimation (window, gap in seconds, maximum in pt/s).
    public var velocity: VelocityTracker.Configuration

    /// - Parameters:
    ///   - mouseSlop: pt.
    ///   - touchSlop: pt.
    ///   - slopOverride: pt, or nil to pick by device.
    ///   - axisLock: favoured axis, or `.free`.
    ///   - lockRatio: unitless, ≥ 0.
    ///   - velocity: tracker tunables.
    public init(mouseSlop: Double = 4, touchSlop: Double = 8, slopOverride: Double? = nil,
                axisLock: AxisLock = .free, lockRatio: Double = 1,
                velocity: VelocityTracker.Configuration = .init()) {
        self.mouseSlop = mouseSlop
        self.touchSlop = touchSlop
        self.slopOverride = slopOverride
        self.axisLock = axisLock
        self.lockRatio = lockRatio
        self.velocity = velocity
    }

    /// The slop for `device`, pt (never negative).
    public func slop(for device: PointerEvent.Device) -> Double {
        let s = slopOverride ?? (device == .mouse ? mouseSlop : touchSlop)
        return s.isFinite ? max(0, s) : 0
    }
}

/// One moment of a pan gesture, as the scene needs it.
public struct Pan: Hashable, Sendable {
    /// The pointer being tracked.
    public var pointerID: Int
    /// Device that produced it (decides the slop).
    public var device: PointerEvent.Device
    /// Where the press went down, pt.
    public var startPosition: Point
    /// Where the pointer is now, pt.
    public var position: Point
    /// Movement since the pan began with the slop taken off, pt: 0 at the start in the
    /// direction of movement, then 1:1 with the pointer, so content never jumps by the slop.
    /// With an axis lock the other component is 0.
    public var translation: Vector
    /// Pointer velocity, pt/s (confined to the locked axis like `translation`); 0 until release
    /// for a pointer held still.
    public var velocity: Vector
    /// How `velocity` was estimated (`.fit` unless the samples were bunched in time or the fit
    /// disagreed with the motion; see `VelocityTracker`).
    public var velocityEstimate: VelocityEstimate = .fit
    /// The axis that dominated when the pan started (and the lock axis, unless `.free`).
    public var axis: Axis
    /// Time of the event, seconds.
    public var time: Double
}

/// What one event did to the gesture.
public enum PanOutput: Hashable, Sendable {
    /// Nothing to act on (below the slop, another pointer, or no gesture).
    case none
    /// A press and release that never passed the slop, at the release position (pt).
    case tap(Point)
    /// The pointer passed the slop: the drag starts now.
    case began(Pan)
    /// The drag moved.
    case changed(Pan)
    /// The pointer lifted; `velocity` is the fling velocity (pt/s).
    case ended(Pan)
    /// The platform cancelled the gesture (or a new press replaced it); undo what it did.
    case cancelled(Pan)
    /// The event was refused; state unchanged; log `description`.
    case rejected(InputRejection)
}

/// Turns pointer events for one pointer into taps and pans: slop, axis lock, translation and
/// velocity. Events from other pointers are ignored, so a second finger cannot hijack a drag.
public struct PanRecognizer: Hashable, Sendable {
    /// The tunables in use.
    public var configuration: PanConfiguration

    private enum State: Hashable, Sendable {
        case idle
        case pressed(id: Int, device: PointerEvent.Device, start: Point)
        /// `anchor` is the start moved by the slop along the starting direction.
        case panning(id: Int, device: PointerEvent.Device, start: Point, anchor: Point, axis: Axis, locked: Bool)
    }
    private var state: State = .idle
    private var tracker: VelocityTracker
    /// Time of the last accepted event, seconds: later events must not be earlier.
    public private(set) var lastTime: Double? = nil
    /// Position of the last accepted event of the tracked pointer, pt.
    private var lastPosition: Point = .zero

    /// - Parameter configuration: slop, axis lock and velocity tunables.
    public init(configuration: PanConfiguration = PanConfiguration()) {
        self.configuration = configuration
        tracker = VelocityTracker(configuration: configuration.velocity)
    }

    /// The pointer being tracked, if any.
    public var trackedPointer: Int? {
        switch state {
        case .idle: return nil
        case let .pressed(id, _, _), let .panning(id, _, _, _, _, _): return id
        }
    }

    /// True while a pan is under way (after `.began`, before `.ended`/`.cancelled`).
    public var isPanning: Bool {
        if case .panning = state { return true }
        return false
    }

    /// Feeds one event. Degenerate events (non-finite time or position, time going backwards)
    /// come back as `.rejected` and change nothing.
    public mutating func handle(_ e: PointerEvent) -> PanOutput {
        if let id = trackedPointer, id != e.pointerID { return .none }
        if trackedPointer == nil, e.phase != .down { return .none }
        guard e.time.isFinite else { return .rejected(.nonFiniteTime(e.time)) }
        guard e.position.isFinite else { return .rejected(.nonFinitePosition(e.position)) }
        if let last = lastTime, e.time < last { return .rejected(.timeWentBackwards(previous: last, received: e.time)) }
        lastTime = e.time
        defer { lastPosition = e.position }

        switch (state, e.phase) {
        case (_, .down):
            var last = e
            last.position = lastPosition
            let previous = currentPan(at: last, velocity: .zero)
            state = .pressed(id: e.pointerID, device: e.device, start: e.position)
            tracker.reset()
            tracker.add(time: e.time, position: e.position)
            return previous.map { .cancelled($0) } ?? .none

        case let (.pressed(id, device, start), .move):
            tracker.add(time: e.time, position: e.position)
            let d = e.position - start
            let slop = configuration.slop(for: device)
            guard d.length >= slop, d.length > 0 else { return .none }
            let axis = dominantAxis(d)
            let anchor = start + d * (slop / d.length)
            state = .panning(id: id, device: device, start: start, anchor: anchor, axis: axis,
                             locked: configuration.axisLock != .free)
            return .began(currentPan(at: e, velocity: lockedVelocity(tracker.velocity))!)

        case (.pressed, .up):
            state = .idle
            tracker.reset()
            return .tap(e.position)

        case (.pressed, .cancel):
            state = .idle
            tracker.reset()
            return .none

        case (.panning, .move):
            tracker.add(time: e.time, position: e.position)
            return .changed(currentPan(at: e, velocity: lockedVelocity(tracker.velocity))!)

        case let (.panning(_, device, _, _, _, _), .up):
            let v = tracker.releaseEstimate(time: e.time, position: e.position,
                                            slop: configuration.slop(for: device))
            var pan = currentPan(at: e, velocity: lockedVelocity(v.velocity))!
            pan.velocityEstimate = v.estimate
            state = .idle
            tracker.reset()
            return .ended(pan)

        case (.panning, .cancel):
            let pan = currentPan(at: e, velocity: .zero)!
            state = .idle
            tracker.reset()
            return .cancelled(pan)

        case (.idle, _):
            return .none
        }
    }

    /// The winner at the start, favouring the configured axis by `lockRatio`.
    private func dominantAxis(_ d: Vector) -> Axis {
        let r = configuration.lockRatio.isFinite ? max(0, configuration.lockRatio) : 1
        switch configuration.axisLock {
        case .horizontal: return abs(d.dx) * r >= abs(d.dy) ? .horizontal : .vertical
        case .vertical: return abs(d.dy) * r >= abs(d.dx) ? .vertical : .horizontal
        case .free: return abs(d.dx) >= abs(d.dy) ? .horizontal : .vertical
        }
    }

    private func confine(_ v: Vector) -> Vector {
        guard case let .panning(_, _, _, _, axis, locked) = state, locked else { return v }
        return axis == .horizontal ? Vector(dx: v.dx, dy: 0) : Vector(dx: 0, dy: v.dy)
    }

    private func lockedVelocity(_ v: Vector) -> Vector { confine(v) }

    /// The pan as of event `e`, or nil when no pan is under way.
    private func currentPan(at e: PointerEvent, velocity: Vector) -> Pan? {
        guard case let .panning(id, device, start, anchor, axis, _) = state else { return nil }
        let raw = e.position - anchor
        return Pan(pointerID: id, device: device, startPosition: start, position: e.position,
                   translation: confine(raw), velocity: velocity,
                   velocityEstimate: .fit, axis: axis, time: e.time)
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension Axis: Codable {}
extension AxisLock: Codable {}
extension PanConfiguration: Codable {}
#endif
