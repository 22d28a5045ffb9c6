import FlickEngine
import FlickEngineTesting

/// The phone-sized viewport the app shows by default, points.
let benchViewport = Size(width: 390, height: 844)
/// One display frame at 120 Hz, seconds.
let frameInterval = 1.0 / 120.0

/// What keeps a scene moving, frame after frame, for a per-frame benchmark.
enum MotionKind: String, Sendable {
    /// A pointer fling: along the scroll axis for now, switcher and carousel (momentum or
    /// paging); for the stack, which does not scroll, a flick of the top card to the left,
    /// then a flick to the right that brings it back, and so on.
    case fling
    /// `perform(.throwCurrent)`: the current card flies away and the gap closes. Between two
    /// throws the card is put back with `.undo` and the scene is run to rest, unmeasured.
    case throwCard = "throw"
}

/// Drives a `CardScene` the way the app's loop does: pointer events, then one `advance(to:)` per
/// display frame, reading the render list and clearing the events after each frame.
///
/// `restartIfAtRest()` starts the next gesture when the previous one has settled, so every frame
/// measured by `frame()` is a frame of a running motion. Benchmarks call it outside the measured
/// region; the measured region is `frame()` alone (advance + layout + reuse-pool reconcile).
final class SceneDriver {
    let scene: CardScene
    let interaction: Interaction
    let kind: MotionKind
    let initialCount: Int
    /// The card index flings oscillate around, away from the deck's ends (the same for every
    /// deck size, so two decks differ only in their size).
    let homeIndex: Int
    /// The scene's time, seconds: advances by exactly one frame interval per frame.
    private(set) var time: Double
    /// Gestures started so far.
    private(set) var gestures = 0
    /// Frames advanced through `frame()`.
    private(set) var frames = 0

    init(interaction: Interaction, count: Int, kind: MotionKind) {
        self.interaction = interaction
        self.kind = kind
        self.initialCount = count
        self.time = 0
        self.scene = CardScene(interaction: interaction, count: count, viewport: benchViewport)
        self.homeIndex = min(4, count / 2)
        // Move to the home card with the keyboard's next-page command, then let it settle.
        if interaction != .stack {
            for _ in 0..<homeIndex { scene.perform(.nextPage, at: time); runToRest() }
        }
        scene.clearEvents()
        restartIfAtRest()
        precondition(!scene.isAtRest, "\(interaction) \(kind): the first gesture did not start a motion")
    }

    /// One display frame: moves the scene on by 1/120 s and reads what a renderer would draw.
    /// Returns a number derived from the render list, for `blackHole`.
    /// Not inlined, so a profiler (callgrind's --toggle-collect) can count exactly this.
    @inline(never)
    func frame() -> Int {
        time += frameInterval
        scene.advance(to: time)
        let list = scene.renderList
        frames += 1
        return list.count &+ (list.isEmpty ? 0 : list[list.count - 1].slot)
    }

    /// Forgets the frame's scene events, as the app does after logging them.
    @inline(__always)
    func endFrame() { scene.clearEvents() }

    /// Starts the next gesture when nothing moves any more. Call outside the measured region.
    func restartIfAtRest() {
        guard scene.isAtRest else { return }
        gestures += 1
        switch kind {
        case .fling:
            if interaction == .stack {
                // Throw the top card left; once it is gone, bring it back with a flick right.
                flick(along: .horizontal, sign: scene.deck.count < initialCount ? 1 : -1)
            } else {
                // Forward (finger toward the start of the axis) below the home card, back above it.
                let forward = (scene.currentIndex ?? 0) <= homeIndex
                flick(along: interaction == .now ? .vertical : .horizontal, sign: forward ? -1 : 1)
            }
        case .throwCard:
            if scene.deck.count < initialCount {
                scene.perform(.undo, at: time)
                runToRest()
            }
            scene.perform(.throwCurrent, at: time)
        }
        scene.clearEvents()
    }

    /// A touch fling from the viewport centre (FlickEngineTesting's `GestureScript`): 6 moves
    /// 8 ms apart at 1,500 pt/s (72 pt), released while still moving, so the release velocity
    /// is about 1,500 pt/s.
    private func flick(along axis: Axis, sign: Double) {
        let unit = axis == .horizontal ? Vector(dx: sign, dy: 0) : Vector(dx: 0, dy: sign)
        var script = GestureScript(startTime: time, step: 8)
        script.fling(from: benchViewport.centre, by: unit * 72, speed: 1500)
        for step in script.steps { step.apply(to: scene) }
        time = script.time
    }

    /// Runs the scene to rest in big steps (unmeasured): completions are handled at their own
    /// times whatever the step, so this ends exactly where frame-by-frame advancing would.
    private func runToRest() {
        var guardSteps = 0
        repeat {
            time += 0.5
            scene.advance(to: time)
            guardSteps += 1
        } while !scene.isAtRest && guardSteps < 100
        precondition(scene.isAtRest, "\(interaction): the scene never came to rest")
        scene.clearEvents()
    }
}

/// A deck of a million cards for the delete and undo benchmarks: a class so the deck is mutated
/// in place (a struct captured by value would be copied on the first write).
final class DeckBox {
    var deck: Deck
    init(count: Int) { deck = Deck(count: count) }
}

/// A velocity tracker fed like a 1 kHz mouse moving at 1,200 pt/s.
final class TrackerBox {
    var tracker = VelocityTracker()
    var time = 0.0
    var x = 0.0
}
