/// What a scripted session of an interaction is written with: drags, holds, waits and key
/// commands in the viewport's points, one after another. `CardInteraction.demo(_:viewport:)`
/// writes an interaction's own; FlickEngineTesting's `GestureScript` turns them into timed
/// pointer events (mouse samples a few milliseconds apart), which the render benchmarks
/// (flick-bench) play.
public protocol GestureWriter {
    /// A press at `start`, moved by `by` (points) over `duration` seconds and let go as it
    /// arrives (a fling when quick).
    mutating func drag(from start: Point, by: Vector, duration: Double)
    /// A press at `start`, moved by `by` over `duration` seconds, then held still for `seconds`
    /// before the release (let go at rest).
    mutating func hold(from start: Point, by: Vector, duration: Double, for seconds: Double)
    /// Nothing happens for `seconds`.
    mutating func wait(_ seconds: Double)
    /// A key command.
    mutating func command(_ c: CardScene.Command)
}

extension CardInteraction {
    /// A drag and a fling of each kind: a drag up held and let go, then a quick one to the left.
    public static func demo(_ s: inout some GestureWriter, viewport: Size) {
        let c = Point(x: viewport.width / 2, y: viewport.height / 2)
        s.hold(from: c, by: Vector(dx: 0, dy: -200), duration: 0.4, for: 0.1)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: -300, dy: 0), duration: 0.1)
        s.wait(1.2)
    }
}
