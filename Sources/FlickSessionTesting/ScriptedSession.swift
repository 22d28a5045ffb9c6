import FlickEngine
import FlickEngineTesting
import FlickSession

extension RecordedInput {
    /// A gesture script's step as the input a driver submits at the step's time.
    package init(_ step: GestureScript.Step) {
        switch step {
        case .pointer(let e): self.init(t: e.time, .pointer(e))
        case .command(let c, let t): self.init(t: t, .command(c))
        case .viewport(let size, let t): self.init(t: t, .viewport(size, window: nil))
        case .interaction(let i, let t): self.init(t: t, .interaction(i))
        }
    }
}

extension SessionRunner {
    /// A session of scripted steps on a fresh scene, as the window would run it.
    package convenience init(interaction: Interaction, count: Int, viewport: Size, config: SceneConfig = SceneConfig()) {
        self.init(scene: CardScene(interaction: interaction, count: count, viewport: viewport, config: config, time: 0),
                  tasks: nil, cardNames: [])
    }

    /// One frame at frame-clock time `clock`: the steps due by then (from `cursor`, which moves
    /// past them) are submitted, then the session advances. Returns what the frame did.
    @discardableResult
    package func play(_ steps: [GestureScript.Step], cursor: inout Int, frameAt clock: Double) -> [SessionOutput] {
        while cursor < steps.count, steps[cursor].time <= clock {
            submit(RecordedInput(steps[cursor]), now: clock)
            cursor += 1
        }
        advance(to: clock)
        return takeOutputs()
    }
}
