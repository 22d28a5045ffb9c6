import FlickEngine
import FlickEngineTesting
import FlickSession
import FlickSessionTesting

/// One scripted input of a benchmark session, from the shared gesture synthesiser.
typealias BenchInput = GestureScript.Step

/// A fixed, deterministic session for one interaction: synthetic mouse drags, flings, throws
/// and undos (FlickEngineTesting's `GestureScript`, mouse samples 8 ms apart), played into a
/// `CardScene` at a fixed 60 Hz frame clock (frame i is at i/60 s).
struct BenchSession {
    static let frameRate = 60.0
    /// A session is never shorter than this (10 s at 60 Hz).
    static let minimumFrames = 600

    let interaction: Interaction
    let viewport: Size
    let cardCount: Int
    /// Sorted by time.
    let inputs: [BenchInput]
    let frames: Int

    static func time(ofFrame i: Int) -> Double { Double(i) / frameRate }

    /// The inputs due in frame `i`: after frame i-1's time, up to and including frame i's.
    func inputRange(forFrame i: Int, from start: Int) -> Range<Int> {
        let t = Self.time(ofFrame: i)
        var end = start
        while end < inputs.count && inputs[end].time <= t { end += 1 }
        return start..<end
    }

    /// Feeds frame `i`'s inputs to the session (advancing `cursor`) and advances it to the
    /// frame time, through the session core the window runs.
    @discardableResult
    func play(frame i: Int, into session: SessionRunner, cursor: inout Int) -> [SceneEvent] {
        session.play(inputs, cursor: &cursor, frameAt: Self.time(ofFrame: i)).compactMap {
            if case .scene(let e) = $0 { return e.event }
            return nil
        }
    }

    func makeSession() -> SessionRunner {
        SessionRunner(interaction: interaction, count: cardCount, viewport: viewport)
    }

    /// The scripted session of `interaction` in a `viewport` (points) with `count` cards.
    static func make(_ interaction: Interaction, viewport: Size, count: Int) -> BenchSession {
        var s = GestureScript(start: 400, step: 8)
        s.device = .mouse
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        switch interaction {
        case .now:
            // Vertical list: scroll, fling, a card dragged short of a throw, two throws, undo.
            s.hold(from: Point(x: c.x, y: 0.75 * h), by: Vector(dx: 0, dy: -300), duration: 0.5, for: 0.1)
            s.wait(0.5)
            s.drag(from: Point(x: c.x, y: 0.8 * h), by: Vector(dx: 0, dy: -420), duration: 0.1)
            s.wait(1.2)
            s.drag(from: Point(x: c.x, y: 0.8 * h), by: Vector(dx: 0, dy: -360), duration: 0.1)
            s.wait(0.3)
            // Catch the momentum and let go.
            s.hold(from: Point(x: c.x, y: 0.5 * h), by: Vector(dx: 0, dy: -40), duration: 0.1, for: 0.1)
            s.wait(0.8)
            s.hold(from: c, by: Vector(dx: 0.2 * w, dy: 0), duration: 0.4, for: 0.1)      // snaps back
            s.wait(0.6)
            s.drag(from: c, by: Vector(dx: 0.45 * w, dy: 0), duration: 0.12)             // thrown right
            s.wait(1.0)
            s.drag(from: c, by: Vector(dx: -0.5 * w, dy: 10), duration: 0.15)            // thrown left
            s.wait(1.0)
            s.command(.undo)
            s.wait(0.8)
            s.drag(from: Point(x: c.x, y: 0.2 * h), by: Vector(dx: 0, dy: 500), duration: 0.1)  // fling back
            s.wait(1.2)
            s.command(.undo)
            s.wait(0.6)
            s.hold(from: Point(x: c.x, y: 0.7 * h), by: Vector(dx: 0, dy: -250), duration: 0.6, for: 0.1)
        case .switcher:
            // Endless row: drag, flings both ways, a flick up throws a card, undo.
            s.hold(from: Point(x: 0.6 * w, y: c.y), by: Vector(dx: -0.25 * w, dy: 0), duration: 0.5, for: 0.1)
            s.wait(0.6)
            s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.4 * w, dy: 0), duration: 0.1)
            s.wait(1.0)
            s.drag(from: Point(x: 0.3 * w, y: c.y), by: Vector(dx: 0.4 * w, dy: 0), duration: 0.1)
            s.wait(0.3)
            s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.35 * w, dy: 0), duration: 0.1)  // interrupts
            s.wait(1.0)
            s.hold(from: c, by: Vector(dx: 0, dy: -0.15 * h), duration: 0.4, for: 0.1)  // snaps back
            s.wait(0.7)
            s.drag(from: c, by: Vector(dx: 4, dy: -0.5 * h), duration: 0.1)              // thrown up
            s.wait(1.0)
            s.command(.undo)
            s.wait(0.8)
            s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.45 * w, dy: 0), duration: 0.1)
            s.wait(1.0)
            s.drag(from: c, by: Vector(dx: -3, dy: -0.45 * h), duration: 0.1)            // thrown up
            s.wait(0.9)
            s.command(.undo)
        case .stack:
            // Top card: short drag springs back, throws; a drag right brings the last one back.
            s.hold(from: c, by: Vector(dx: -60, dy: 8), duration: 0.4, for: 0.1)        // springs back
            s.wait(0.6)
            s.drag(from: c, by: Vector(dx: -0.4 * w, dy: -20), duration: 0.12)           // thrown
            s.wait(0.8)
            s.drag(from: c, by: Vector(dx: -0.35 * w, dy: 30), duration: 0.12)           // thrown
            s.wait(0.8)
            s.drag(from: Point(x: 0.2 * w, y: c.y), by: Vector(dx: 0.4 * w, dy: 0), duration: 0.3)  // back
            s.wait(0.8)
            s.hold(from: Point(x: 0.2 * w, y: c.y), by: Vector(dx: 50, dy: 0), duration: 0.4, for: 0.1)  // out again
            s.wait(0.7)
            s.command(.undo)
            s.wait(0.8)
            s.drag(from: c, by: Vector(dx: -0.45 * w, dy: -100), duration: 0.12)         // thrown, tilted
            s.wait(0.8)
            s.command(.throwCurrent)
            s.wait(0.8)
            s.command(.undo)
            s.wait(0.6)
            s.command(.undo)
        case .carousel:
            // Paging row: drag, flings, swipe up deletes, a drag down returns, undo.
            s.hold(from: Point(x: 0.6 * w, y: c.y), by: Vector(dx: -0.2 * w, dy: 0), duration: 0.5, for: 0.1)
            s.wait(0.6)
            s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.3 * w, dy: 0), duration: 0.1)
            s.wait(0.8)
            s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.3 * w, dy: 0), duration: 0.1)
            s.wait(0.8)
            s.drag(from: Point(x: 0.3 * w, y: c.y), by: Vector(dx: 0.3 * w, dy: 0), duration: 0.1)
            s.wait(0.8)
            s.drag(from: c, by: Vector(dx: 3, dy: -0.5 * h), duration: 0.1)              // thrown up
            s.wait(0.9)
            s.hold(from: c, by: Vector(dx: 0, dy: 0.2 * h), duration: 0.4, for: 0.1)    // returns
            s.wait(0.8)
            s.command(.undo)
            s.wait(0.8)
            s.drag(from: c, by: Vector(dx: -2, dy: -0.4 * h), duration: 0.1)             // thrown up
            s.wait(0.9)
            s.command(.undo)
        case .swipe:
            // Decision deck: a short drag springs back, like, nope, super, undo from each side.
            s.hold(from: c, by: Vector(dx: 60, dy: 10), duration: 0.4, for: 0.1)          // springs back
            s.wait(0.6)
            s.drag(from: c, by: Vector(dx: 0.45 * w, dy: -20), duration: 0.12)           // like
            s.wait(0.8)
            s.drag(from: Point(x: c.x, y: c.y + 60), by: Vector(dx: -0.45 * w, dy: 30), duration: 0.12)  // nope
            s.wait(0.8)
            s.drag(from: c, by: Vector(dx: 10, dy: -0.3 * h), duration: 0.12)            // super
            s.wait(0.8)
            s.command(.undo)
            s.wait(0.6)
            s.command(.undo)
            s.wait(0.6)
            s.command(.throwLeft)
            s.wait(0.8)
            s.command(.undo)
        default:
            // An interaction registered from outside: a drag and a fling of each kind.
            s.hold(from: c, by: Vector(dx: 0, dy: -200), duration: 0.4, for: 0.1)
            s.wait(0.8)
            s.drag(from: c, by: Vector(dx: -300, dy: 0), duration: 0.1)
            s.wait(1.2)
        }
        let end = s.time + 1.0
        let frames = max(minimumFrames, Int((end * frameRate).rounded(.up)))
        return BenchSession(interaction: interaction, viewport: viewport, cardCount: count,
                            inputs: s.steps, frames: frames)
    }
}
