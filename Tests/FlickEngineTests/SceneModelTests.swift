import FlickMath
import Testing
@testable import FlickEngine

/// The events are the single truth about the deck: a plain array of ids, changed only by the
/// scene's `deleted`, `restored`, `inserted` and `reset` events, equals the scene's deck after
/// every step of random sessions that mix everything a user and an embedder can do at once.
@Suite struct SceneModelTests {
    /// Random sessions per interaction (each starts in that interaction and may switch away).
    static let sequencesPerInteraction = 10_000
    /// Steps per session: short, so the 40,000 sessions stay quick in a debug build.
    static let stepsPerSequence = 14

    @Test("events alone rebuild the deck after every step of 10,000 random sessions",
          arguments: Interaction.allCases)
    func eventsRebuildTheDeck(_ interaction: Interaction) {
        var failures: [String] = []
        var stats = ModelSession.Stats()
        for seed in 0..<Self.sequencesPerInteraction {
            var session = ModelSession(interaction: interaction, seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
            if let failure = session.run(steps: Self.stepsPerSequence) {
                failures.append("seed \(seed): \(failure)")
                if failures.count >= 3 { break }
            }
            stats.add(session.stats)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        print("model test \(interaction): \(Self.sequencesPerInteraction) sessions, \(stats)")
        // The sessions really exercise what they claim to (not a test that cannot fail).
        #expect(stats.deleted > Self.sequencesPerInteraction / 4 && stats.restored > 100 && stats.inserted > 100)
        #expect(stats.cancelledBySwitch > 20 && stats.resets > 100 && stats.gestures > Self.sequencesPerInteraction / 2)
        #expect(stats.grabbedMoving > 100, "presses on cards that were moving on their own")
        if interaction == .stack { #expect(stats.broughtBack > 50 && stats.sentBack > 50) }
    }
}

/// One random session against a scene and the array model.
struct ModelSession {
    struct Stats {
        var deleted = 0, restored = 0, inserted = 0, resets = 0, gestures = 0
        var cancelledBySwitch = 0, grabbedMoving = 0, broughtBack = 0, sentBack = 0

        mutating func add(_ o: Stats) {
            deleted += o.deleted; restored += o.restored; inserted += o.inserted; resets += o.resets
            gestures += o.gestures; cancelledBySwitch += o.cancelledBySwitch; grabbedMoving += o.grabbedMoving
            broughtBack += o.broughtBack; sentBack += o.sentBack
        }
    }

    let scene: CardScene
    var rng: LCG
    /// The model: the deck as the events tell it.
    var model: [CardID]
    let initial: [CardID]
    /// Cards deleted and not restored since (a second `deleted` for one is a lie).
    var gone: Set<CardID> = []
    /// Every id the events ever named (an `inserted` card must be new).
    var named: Set<CardID>
    var gestureOpen = false
    /// The pointer is down at this point (nil: up).
    var pointer: Point?
    var pointerID = 0
    /// Engine time, whole milliseconds (bit-identical timestamps).
    var ms = 100
    var stats = Stats()
    var log: [String] = []

    init(interaction: Interaction, seed: UInt64) {
        rng = LCG(state: seed)
        let count = 2 + Int(rng.unit() * 7)
        scene = CardScene(interaction: interaction, count: count, viewport: .phone, time: 0.1)
        model = cardIDs(scene.deck)
        initial = model
        named = Set(model)
    }

    var t: Double { Double(ms) / 1000 }

    /// Runs `steps` random steps, then lets go and waits for rest; the first disagreement.
    mutating func run(steps: Int) -> String? {
        for _ in 0..<steps {
            let action = randomStep()
            if let e = check(after: action) { return e }
        }
        if let p = pointer { send(.up, p); pointer = nil }
        ms += 5000
        scene.advance(to: t)
        if let e = check(after: "final rest") { return e }
        if gestureOpen { return "a gesture began and never ended\n" + log.suffix(12).joined(separator: "\n") }
        if !scene.isAtRest {
            return "not at rest 5 s after the last input: \(scene.gestureDescription), \(scene.motions.count) motions, "
                + "returning \(scene.returning != nil), gap \(scene.gap != nil), axis \(scene.axis.phase(at: scene.time))\n"
                + log.suffix(12).joined(separator: "\n")
        }
        return nil
    }

    // MARK: Checking

    mutating func check(after action: String) -> String? {
        log.append(action)
        for e in scene.events {
            log.append("  \(e.brief)")
            if let problem = apply(e) { return "\(problem)\n" + log.suffix(16).joined(separator: "\n") }
        }
        scene.clearEvents()
        let deck = cardIDs(scene.deck)
        if deck != model {
            return "deck \(deck) but the events say \(model)\n" + log.suffix(16).joined(separator: "\n")
        }
        if let v = frameViolation(scene) { return v + "\n" + log.suffix(8).joined(separator: "\n") }
        return nil
    }

    mutating func apply(_ e: SceneEvent) -> String? {
        switch e {
        case let .deleted(_, card, index):
            guard index >= 0, index < model.count, model[index] == card else {
                return "deleted \(card)@\(index) but the model has \(model)" + (gone.contains(card) ? " (already deleted)" : "")
            }
            model.remove(at: index)
            gone.insert(card)
            stats.deleted += 1
        case let .restored(_, card, index):
            guard gone.contains(card), !model.contains(card), index >= 0, index <= model.count else {
                return "restored \(card)@\(index) that was not deleted (model \(model))"
            }
            model.insert(card, at: index)
            gone.remove(card)
            stats.restored += 1
        case let .inserted(_, card, index):
            guard !named.contains(card), index >= 0, index <= model.count else {
                return "inserted \(card)@\(index) is not a new card at a valid index (model \(model))"
            }
            model.insert(card, at: index)
            named.insert(card)
            stats.inserted += 1
        case .reset:
            model = initial
            gone = []
            stats.resets += 1
        case let .gestureBegan(_, kind, _):
            if gestureOpen { return "gesture \(kind) began while another was open" }
            gestureOpen = true
            stats.gestures += 1
        case let .gestureEnded(_, _, _, _, outcome, _):
            if !gestureOpen { return "a gesture ended that never began" }
            gestureOpen = false
            if outcome == .broughtBack { stats.broughtBack += 1 }
            if outcome == .sentBack { stats.sentBack += 1 }
        case .paged, .snappedBack, .selected, .interactionChanged:
            break
        }
        return nil
    }

    // MARK: Random steps

    mutating func randomStep() -> String {
        let r = rng.unit()
        if pointer != nil, r < 0.6 { return pointerStep() }
        switch r {
        case ..<0.35: return press()
        case ..<0.55: return wait()
        case ..<0.74: return command()
        case ..<0.81: return insert()
        case ..<0.88: return delete()
        case ..<0.95: return switchInteraction()
        case ..<0.965:
            ms += 1
            scene.perform(.reset, at: t)
            return "reset"
        default:
            ms += 1
            let size = rng.unit() < 0.5 ? Size.phone : Size(width: 700, height: 500)
            scene.setViewport(size, at: t)
            return "viewport \(size.width)x\(size.height)"
        }
    }

    mutating func send(_ phase: PointerEvent.Phase, _ p: Point) {
        scene.handle(PointerEvent(pointerID: pointerID, phase: phase, position: p, time: t, device: .touch))
    }

    /// A press on a card as drawn (often one flying, being sent back or closing a gap), at the
    /// left edge (where the stack's returning card peeks), or anywhere.
    mutating func press() -> String {
        ms += 1 + Int(rng.unit() * 20)
        scene.advance(to: t)
        if let p = pointer { send(.up, p) }
        let v = scene.viewport
        let p: Point
        let list = scene.renderList
        let u = rng.unit()
        if u < 0.6, !list.isEmpty {
            let a = rng.pick(list)
            if scene.motions.contains(where: { $0.card == a.card }) || scene.returning?.card == a.card {
                stats.grabbedMoving += 1
            }
            p = a.center
        } else if u < 0.75 {
            p = Point(x: 4 + rng.unit() * 20, y: v.height * (0.3 + 0.4 * rng.unit()))
        } else {
            p = Point(x: rng.unit() * v.width, y: rng.unit() * v.height)
        }
        pointerID = rng.unit() < 0.1 ? pointerID + 1 : pointerID
        pointer = p
        send(.down, p)
        return "press \(fixed(p.x, 0)),\(fixed(p.y, 0)) t=\(t)"
    }

    /// Moves the pointer in a random direction at a random speed, then maybe lets go (up, or a
    /// cancel), maybe after holding still.
    mutating func pointerStep() -> String {
        guard var p = pointer else { return "no pointer" }
        let u = rng.unit()
        if u < 0.55 {
            // Mostly along or across an axis, sometimes diagonal.
            let angle = rng.unit() < 0.7 ? Double(Int(rng.unit() * 4)) * .pi / 2 + rng.signed() * 0.3 : rng.unit() * 2 * .pi
            let speed = 30 + rng.unit() * rng.unit() * 4000
            let distance = 3 + rng.unit() * 350
            let steps = max(1, Int(distance / speed * 1000 / 8))
            let d = Vector(dx: distance * Elementary.cos(angle), dy: distance * Elementary.sin(angle))
            for _ in 0..<steps {
                ms += 8
                p = p + d * (1 / Double(steps))
                send(.move, p)
            }
            pointer = p
            return "move by \(fixed(d.dx, 0)),\(fixed(d.dy, 0)) at \(Int(speed)) pt/s t=\(t)"
        }
        if u < 0.7 { ms += 40 + Int(rng.unit() * 200); send(.move, p) }   // held still
        ms += 1
        let cancel = rng.unit() < 0.15
        send(cancel ? .cancel : .up, p)
        pointer = nil
        return (cancel ? "cancel" : "up") + " t=\(t)"
    }

    /// Lets time pass: a frame or two (catching flights mid-way), or long enough to settle.
    mutating func wait() -> String {
        ms += rng.unit() < 0.6 ? 1 + Int(rng.unit() * 60) : 100 + Int(rng.unit() * 900)
        scene.advance(to: t)
        return "advance t=\(t)"
    }

    mutating func command() -> String {
        ms += 1 + Int(rng.unit() * 30)
        // Every command, the four directional throws among them (the interactions that do not
        // throw that way must leave the deck as it is).
        let c = rng.pick(CardScene.Command.allCases + [.throwCurrent, .undo])
        let result = scene.perform(c, at: t)
        return "\(c.rawValue) → \(result) t=\(t)"
    }

    mutating func insert() -> String {
        ms += 1 + Int(rng.unit() * 30)
        let i = Int(rng.unit() * Double(scene.deck.count + 1))
        scene.insert(at: i, time: t)
        return "insert at \(i) t=\(t)"
    }

    mutating func delete() -> String {
        ms += 1 + Int(rng.unit() * 30)
        let card = scene.deck.isEmpty || rng.unit() < 0.1 ? CardID(Int(rng.unit() * 20))
                                                         : scene.deck.id(at: Int(rng.unit() * Double(scene.deck.count)))
        let ok = scene.delete(card, at: t)
        return "delete \(card) → \(ok) t=\(t)"
    }

    mutating func switchInteraction() -> String {
        ms += 1 + Int(rng.unit() * 30)
        if pointer != nil, gestureOpen { stats.cancelledBySwitch += 1 }
        let to = rng.pick(Interaction.allCases)
        scene.setInteraction(to, at: t)
        return "switch to \(to) t=\(t)"
    }
}
