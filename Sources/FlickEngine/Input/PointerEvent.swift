/// One touch or mouse sample, as the front end saw it. Time is passed in, never read.
public struct PointerEvent: Hashable, Sendable {
    /// Where a pointer is in its life.
    public enum Phase: String, CaseIterable, Hashable, Sendable {
        case down, move, up, cancel
    }

    /// What kind of device produced it: the pan slop differs (mouse 4 pt, touch 8 pt).
    public enum Device: String, CaseIterable, Hashable, Sendable {
        case mouse, touch
    }

    /// Identifies one finger or the mouse for the length of a gesture.
    public var pointerID: Int
    public var phase: Phase
    /// Position in points, in the viewport's coordinates (y down).
    public var position: Point
    /// Seconds on the front end's clock (any origin, but monotonic).
    public var time: Double
    public var device: Device

    public init(pointerID: Int = 0, phase: Phase, position: Point, time: Double, device: Device = .mouse) {
        self.pointerID = pointerID
        self.phase = phase
        self.position = position
        self.time = time
        self.device = device
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension PointerEvent: Codable {}
extension PointerEvent.Phase: Codable {}
extension PointerEvent.Device: Codable {}
#endif
