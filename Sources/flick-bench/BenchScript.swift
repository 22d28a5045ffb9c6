import FlickEngine
import FlickFrontEnd
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
        // The interaction's own scripted session (its face's demo).
        s.play(InteractionFaces.of(interaction).demo(viewport))
        let end = s.time + 1.0
        let frames = max(minimumFrames, Int((end * frameRate).rounded(.up)))
        return BenchSession(interaction: interaction, viewport: viewport, cardCount: count,
                            inputs: s.steps, frames: frames)
    }
}

extension GestureScript {
    /// Writes `demo`'s gestures as timed pointer events and commands, from the script's time on.
    mutating func play(_ demo: DemoScript) {
        for g in demo.gestures {
            switch g {
            case .drag(let start, let by, let duration): drag(from: start, by: by, duration: duration)
            case .hold(let start, let by, let duration, let seconds): hold(from: start, by: by, duration: duration, for: seconds)
            case .wait(let seconds): wait(seconds)
            case .command(let c): command(c)
            }
        }
    }
}
