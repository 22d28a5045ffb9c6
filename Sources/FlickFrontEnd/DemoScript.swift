import FlickEngine

/// A scripted session of an interaction, as gestures in the viewport's points one after
/// another: drags, holds, waits and key commands. The benchmarks turn it into timed pointer
/// events (FlickEngineTesting's `GestureScript`, mouse samples a few milliseconds apart).
public struct DemoScript: Hashable, Sendable {
    /// One step of the script.
    public enum Gesture: Hashable, Sendable {
        /// A press at `from`, moved by `by` (points) over `duration` seconds and let go as it
        /// arrives (a fling when quick).
        case drag(from: Point, by: Vector, duration: Double)
        /// A press at `from`, moved by `by` over `duration` seconds, then held still for `for`
        /// seconds before the release (let go at rest).
        case hold(from: Point, by: Vector, duration: Double, for: Double)
        /// Nothing happens for this many seconds.
        case wait(Double)
        /// A key command.
        case command(CardScene.Command)
    }

    /// The steps, in order.
    public private(set) var gestures: [Gesture] = []

    /// An empty script.
    public init() {}

    /// Adds a drag let go as it arrives.
    public mutating func drag(from start: Point, by: Vector, duration: Double) {
        gestures.append(.drag(from: start, by: by, duration: duration))
    }

    /// Adds a drag held still for `seconds` before the release.
    public mutating func hold(from start: Point, by: Vector, duration: Double, for seconds: Double) {
        gestures.append(.hold(from: start, by: by, duration: duration, for: seconds))
    }

    /// Adds a pause.
    public mutating func wait(_ seconds: Double) {
        gestures.append(.wait(seconds))
    }

    /// Adds a key command.
    public mutating func command(_ c: CardScene.Command) {
        gestures.append(.command(c))
    }

    /// A drag and a fling of each kind: a drag up held and let go, then a quick one to the left
    /// (the demo of an interaction whose face gives none).
    @Sendable public static func dragAndFling(viewport: Size) -> DemoScript {
        var s = DemoScript()
        let c = Point(x: viewport.width / 2, y: viewport.height / 2)
        s.hold(from: c, by: Vector(dx: 0, dy: -200), duration: 0.4, for: 0.1)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: -300, dy: 0), duration: 0.1)
        s.wait(1.2)
        return s
    }
}
