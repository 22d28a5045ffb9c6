import Testing
import FlickEngine
import FlickEngineTesting

/// Random pointer sequences, hostile ones included: NaN, infinite and 1e308 positions, times
/// that go back or are not finite, a second pointer pressing mid-gesture, cancels, commands and
/// frames at random (sometimes earlier) times. Whatever comes in, every frame stays finite, the
/// scene's clock never goes back, refused input changes nothing, no event carries a non-finite
/// number, and the deck is what the deleted/restored events say it is.
@Suite struct PointerPropertyTests {
    /// Sequences per interaction.
    static let sequences = 10_000

    /// A position: mostly on screen, sometimes far off, sometimes not a number at all.
    static func position(_ r: inout LCG, _ viewport: Size) -> Point {
        switch Int(r.unit() * 40) {
        case 0: return Point(x: .nan, y: r.unit() * viewport.height)
        case 1: return Point(x: r.unit() * viewport.width, y: .infinity)
        case 2: return Point(x: 1e308, y: -1e308)
        case 3: return Point(x: -1e6 * r.unit(), y: 1e6 * r.unit())
        case 4: return Point(x: -.infinity, y: .nan)
        default: return Point(x: r.unit() * viewport.width * 1.2 - viewport.width * 0.1,
                              y: r.unit() * viewport.height * 1.2 - viewport.height * 0.1)
        }
    }

    /// A time step: mostly a few milliseconds forward, sometimes none, back, huge or NaN.
    static func nextTime(_ r: inout LCG, after t: Double) -> Double {
        switch Int(r.unit() * 50) {
        case 0: return t - r.unit() * 0.5           // back in time
        case 1: return .nan
        case 2: return .infinity
        case 3: return t                             // same instant
        case 4: return t + 5 + r.unit() * 30         // a long pause
        default: return t + 0.001 + r.unit() * 0.03
        }
    }

    struct Outcome {
        var events = 0
        var refused = 0
        var frames = 0
        var problems: [String] = []
        /// The deck differs from what the deleted/restored/inserted/reset events say.
        var deckProblems: [String] = []
    }

    static func runSequence(_ interaction: Interaction, seed: UInt64) -> Outcome {
        var r = LCG(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let viewport = r.pick([Size.phone, Size.laptop, Size(width: 64, height: 64)])
        let count = r.pick([0, 1, 2, 5, 40])
        let scene = CardScene(interaction: interaction, count: count, viewport: viewport, time: 0)
        let original = (0..<scene.deck.count).map { scene.deck.id(at: $0) }
        var model: [CardID]? = original
        var out = Outcome()
        var t = 0.0
        var lastSceneTime = scene.time
        var down: [Int: Bool] = [:]
        func fail(_ s: String) { if out.problems.count < 3 { out.problems.append("seed \(seed): \(s)") } }
        func deckFail(_ s: String) { if out.deckProblems.count < 3 { out.deckProblems.append("seed \(seed): \(s)") } }

        func check(_ what: String) {
            if let v = frameViolation(scene), !v.contains("live slots") { fail("\(what): \(v)") }
            if scene.time < lastSceneTime { fail("\(what): clock went back \(lastSceneTime) → \(scene.time)") }
            if !scene.time.isFinite { fail("\(what): clock \(scene.time)") }
            if !(scene.pointerVelocity.dx.isFinite && scene.pointerVelocity.dy.isFinite) {
                fail("\(what): pointer velocity \(scene.pointerVelocity)")
            }
            lastSceneTime = scene.time
        }

        let steps = 8 + Int(r.unit() * 24)
        for _ in 0..<steps {
            let candidate = nextTime(&r, after: t)
            if candidate.isFinite && candidate > t { t = candidate }
            let roll = r.unit()
            if roll < 0.75 {
                // Two pointers: the second one presses and moves while the first is down.
                let id = r.unit() < 0.8 ? 0 : 1
                let phase: PointerEvent.Phase
                if down[id] != true {
                    phase = r.unit() < 0.85 ? .down : r.pick([.move, .up, .cancel])
                } else {
                    let p = r.unit()
                    phase = p < 0.75 ? .move : p < 0.9 ? .up : p < 0.97 ? .cancel : .down
                }
                let event = PointerEvent(pointerID: id, phase: phase, position: position(&r, viewport),
                                         time: candidate, device: r.unit() < 0.5 ? .mouse : .touch)
                let before = scene.renderList
                let beforeTime = scene.time
                if let why = scene.handle(event) {
                    out.refused += 1
                    if scene.time != beforeTime || scene.renderList != before { fail("refused \(why) changed the scene") }
                } else {
                    if phase == .down { down[id] = true }
                    if phase == .up || phase == .cancel { down[id] = false }
                }
                check("after \(phase)")
            } else if roll < 0.85 {
                let command = r.pick(CardScene.Command.allCases)
                if case .rejected = scene.perform(command, at: candidate) { out.refused += 1 }
                check("after \(command)")
            } else if roll < 0.88 {
                let delta = r.pick([-1e300, -5000.0, -40, -3, 3, 40, 5000, 1e300, .nan, .infinity])
                if scene.scroll(by: delta, at: candidate) != nil { out.refused += 1 }
                check("after wheel \(delta)")
            } else if roll < 0.9 {
                scene.setInteraction(r.pick(Interaction.allCases), at: t)
                check("after an interaction change")
            } else if roll < 0.92 {
                let size = r.pick([Size.phone, Size.laptop, Size(width: 64, height: 900), Size(width: .nan, height: 5)])
                scene.setViewport(size, at: t)
                check("after viewport \(size)")
            } else {
                // A frame, sometimes asked for at an earlier time (refused, nothing moves).
                let frameTime = r.unit() < 0.1 ? t - 1 : t
                scene.advance(to: frameTime)
                out.frames += 1
                check("frame")
            }
        }
        // Let everything settle, a frame at a time.
        for k in 1...90 {
            scene.advance(to: t + Double(k) / 60)
            out.frames += 1
            check("settling")
        }

        for e in scene.events {
            out.events += 1
            switch e {
            case let .gestureEnded(time, _, translation, velocity, _, _):
                if ![time, translation.dx, translation.dy, velocity.dx, velocity.dy].allSatisfy(\.isFinite) {
                    fail("non-finite gestureEnded \(e)")
                }
            case let .deleted(_, card, index):
                if var m = model {
                    if index >= 0, index < m.count, m[index] == card { m.remove(at: index); model = m } else {
                        deckFail("deleted \(card)@\(index) does not match the deck \(m.prefix(8))"); model = nil
                    }
                }
            case let .restored(_, card, index), let .inserted(_, card, index):
                if var m = model {
                    if index >= 0, index <= m.count { m.insert(card, at: index); model = m } else {
                        deckFail("restored \(card)@\(index) out of range"); model = nil
                    }
                }
            case .reset:
                if model != nil { model = original }
            case .gestureBegan, .paged, .snappedBack, .selected, .interactionChanged:
                if !e.time.isFinite { fail("non-finite time \(e)") }
            }
        }
        if let m = model {
            let ids = (0..<scene.deck.count).map { scene.deck.id(at: $0) }
            if m != ids { deckFail("events say \(m.count) cards \(m.prefix(6)), deck has \(ids.count) \(ids.prefix(6))") }
        }
        return out
    }

    @Test(arguments: Interaction.allCases)
    func randomPointerSequencesKeepEveryFrameSound(_ interaction: Interaction) {
        var total = Outcome()
        for seed in 0..<UInt64(Self.sequences) {
            let o = Self.runSequence(interaction, seed: seed &+ UInt64(Interaction.allCases.firstIndex(of: interaction) ?? 0) << 32)
            total.events += o.events
            total.refused += o.refused
            total.frames += o.frames
            total.problems += o.problems
            total.deckProblems += o.deckProblems
            if total.problems.count >= 5 { break }
            total.deckProblems = Array(total.deckProblems.prefix(5))
        }
        #expect(total.problems.isEmpty, "\(total.problems)")
        #expect(total.deckProblems.isEmpty, "\(total.deckProblems.prefix(3))")
        // The sequences did exercise the scene: events came out, hostile input was refused.
        #expect(total.events > Self.sequences)
        #expect(total.refused > Self.sequences / 2)
        print("\(interaction): \(Self.sequences) sequences, \(total.frames) frames, \(total.events) events, \(total.refused) inputs refused")
    }
}

