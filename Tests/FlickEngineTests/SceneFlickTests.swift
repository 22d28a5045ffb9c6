import Testing
@testable import FlickEngine

/// What one release did, as numbers for the closing note.
struct FlickResult: CustomStringConvertible {
    var interaction: Interaction
    var release: String
    /// Release velocity the recognizer measured, pt/s.
    var velocity: Vector
    var kind: GestureKind?
    var outcome: GestureOutcome?
    /// `paged` events as "from→to".
    var pages: [String]
    var deleted: [CardID]
    var restored: [CardID]
    var snappedBack: Bool
    /// Seconds from the release to the deletion, if any.
    var flight: Double?
    /// Seconds from the release until nothing moves.
    var settle: Double
    var events: [SceneEvent]

    var description: String {
        let v = "(\(Int(velocity.dx.rounded())), \(Int(velocity.dy.rounded())))"
        return "| \(interaction.rawValue) | \(release) | \(v) | \(kind?.rawValue ?? "-") → \(outcome?.rawValue ?? "-") | "
            + "\(pages.isEmpty ? "-" : pages.joined(separator: ", ")) | \(deleted.count) | "
            + "\(restored.isEmpty ? "-" : restored.map(\.description).joined(separator: " ")) | "
            + "\(flight.map { fixed($0, 3) } ?? "-") | \(fixed(settle, 3)) |"
    }
}

/// A scene of `count` cards on the phone, resting on card `index`.
func scene(_ i: Interaction, count: Int = 30, at index: Int = 5, viewport: Size = .phone) -> CardScene {
    let s = CardScene(interaction: i, count: count, viewport: viewport)
    if !i.isDepthStack {
        for _ in 0..<index { s.perform(.nextPage, at: s.time + 0.01) }
        advanceToRest(s)
        #expect(s.currentIndex == index)
    }
    s.advance(to: s.time + 0.5)
    s.clearEvents()
    return s
}

/// Runs one gesture on `scene` (60 Hz frames, every frame checked), then lets it come to rest.
func flick(_ scene: CardScene, _ name: String, _ gesture: (inout GestureScript, Point) -> Void) -> FlickResult {
    var g = script(after: scene)
    gesture(&g, scene.viewport.centre)
    let run = drive(scene, g.steps, schedule: .hz(60), until: g.time)
    #expect(run.rejections.isEmpty && run.violations.isEmpty, "\(run.rejections) \(run.violations)")
    advanceToRest(scene)
    #expect(frameViolation(scene) == nil)
    let events = scene.events
    scene.clearEvents()
    var r = FlickResult(interaction: scene.interaction, release: name, velocity: .zero, pages: [], deleted: [],
                        restored: [], snappedBack: false, settle: 0, events: events)
    var releaseTime = g.time
    for e in events {
        switch e {
        case let .gestureEnded(t, kind, _, v, outcome, _):
            r.kind = kind; r.outcome = outcome; r.velocity = v; releaseTime = t
        case let .paged(_, from, to): r.pages.append("\(from)→\(to)")
        case let .deleted(t, card, _): r.deleted.append(card); r.flight = t - releaseTime
        case let .restored(_, card, _): r.restored.append(card)
        case .snappedBack: r.snappedBack = true
        case .selected: if r.kind == nil { r.kind = .tap; r.outcome = .selected }
        default: break
        }
    }
    r.settle = scene.time - releaseTime
    return r
}

@Suite struct SceneFlickTests {
    // MARK: - The outcome table

    @Test("now: a sideways flick over 600 pt/s throws, slower ones spring back; vertical ones scroll")
    func nowTable() {
        let (along, across) = axes(.now)
        var rows: [FlickResult] = []
        let s = scene(.now)
        rows.append(flick(s, "slow drag along (100 pt, 0.5 s)") { g, c in g.drag(from: c, by: along * 100, duration: 0.5) })
        #expect(rows.last!.kind == .scroll && rows.last!.deleted.isEmpty)
        rows.append(flick(s, "fast flick along (300 pt at 3000 pt/s)") { g, c in g.fling(from: c, by: along * 300, speed: 3000) })
        #expect(rows.last!.outcome == .scrolled && !rows.last!.pages.isEmpty)
        let before = s.deck.count
        rows.append(flick(s, "flick across (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * 160, speed: 1400) })
        var r = rows.last!
        #expect(r.kind == .card && r.outcome == .thrown && r.deleted.count == 1 && s.deck.count == before - 1)
        // The flight lasts clamp(1000 / |vx|, 0.2, 2) s.
        #expect(r.flight.map { abs($0 - 1000 / abs(r.velocity.dx)) < 1e-9 } == true)
        rows.append(flick(s, "flick across (150 pt at 700 pt/s)") { g, c in g.fling(from: c, by: across * 150, speed: 700) })
        r = rows.last!
        #expect(abs(r.velocity.dx) > 600 && r.outcome == .thrown && r.deleted.count == 1)
        rows.append(flick(s, "flick across (150 pt at 500 pt/s)") { g, c in g.fling(from: c, by: across * 150, speed: 500) })
        r = rows.last!
        #expect(abs(r.velocity.dx) < 600 && r.outcome == .snappedBack && r.snappedBack && r.deleted.isEmpty)
        rows.append(flick(s, "flick across to the left (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * -160, speed: 1400) })
        #expect(rows.last!.outcome == .thrown && rows.last!.deleted.count == 1)
        rows.append(flick(s, "held release across (100 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 100, for: 0.3) })
        r = rows.last!
        #expect(r.velocity == .zero && r.outcome == .snappedBack && r.deleted.isEmpty)
        rows.append(flick(s, "held release across past 0.7 W (280 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 280, for: 0.3) })
        #expect(rows.last!.outcome == .thrown && rows.last!.flight.map { abs($0 - 2.0) < 1e-9 } == true)
        printTable(rows)
    }

    @Test("switcher: one fling travels at most 3 cards and settles centred; a flick up throws")
    func switcherTable() {
        let (along, across) = axes(.switcher)
        var rows: [FlickResult] = []
        let s = scene(.switcher)
        let pitch = s.layout.pitch(viewport: s.viewport)
        func centred() -> Bool {
            let k = s.scrollPosition / pitch
            return abs(k - k.rounded()) < 1e-9
        }
        rows.append(flick(s, "slow drag along (100 pt, 0.5 s)") { g, c in g.drag(from: c, by: along * 100, duration: 0.5) })
        #expect(rows.last!.kind == .scroll && centred())
        var travelled = 0
        for speed in [1500.0, 3000, 8000] {
            let from = s.currentIndex!
            rows.append(flick(s, "fast flick along (300 pt at \(Int(speed)) pt/s)") { g, c in
                g.fling(from: c + along * -150, by: along * 300, speed: speed)
            })
            let to = s.currentIndex!
            travelled = (to - from + 30) % 30
            #expect(travelled >= 1 && travelled <= 3, "\(from)→\(to)")
            #expect(centred())
        }
        #expect(travelled == 3, "a very fast fling travels exactly the 3-card limit")
        let before = s.deck.count
        rows.append(flick(s, "flick up on the card (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * 160, speed: 1400) })
        #expect(rows.last!.outcome == .thrown && s.deck.count == before - 1 && centred())
        rows.append(flick(s, "flick down on the card (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * -160, speed: 1400) })
        #expect(rows.last!.outcome == .snappedBack && rows.last!.deleted.isEmpty)
        rows.append(flick(s, "held release up (300 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 300, for: 0.3) })
        #expect(rows.last!.outcome == .snappedBack, "300 pt < H/2 = 422 pt, not moving: returns")
        rows.append(flick(s, "held release up past H/2 (440 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 440, for: 0.3) })
        #expect(rows.last!.outcome == .thrown)
        printTable(rows)
    }

    @Test("stack: a left flick throws the top card, a right drag brings the last thrown card back")
    func stackTable() {
        let (_, across) = axes(.stack)
        var rows: [FlickResult] = []
        let s = scene(.stack)
        let top = s.deck.id(at: 0)
        rows.append(flick(s, "slow left drag (100 pt, 0.5 s)") { g, c in g.drag(from: c, by: across * 100, duration: 0.5) })
        #expect(rows.last!.outcome == .snappedBack, "92 pt after the slop, 200 pt/s: under both thresholds")
        rows.append(flick(s, "left flick (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * 160, speed: 1400) })
        #expect(rows.last!.outcome == .thrown && rows.last!.deleted == [top] && s.deck.id(at: 0) != top)
        rows.append(flick(s, "right drag (200 pt at 1000 pt/s)") { g, c in g.fling(from: c, by: across * -200, speed: 1000) })
        var r = rows.last!
        #expect(r.kind == .bringBack && r.outcome == .broughtBack && r.restored == [top] && s.deck.id(at: 0) == top)
        #expect(r.events.contains { if case .restored(_, top, 0) = $0 { return true }; return false })
        rows.append(flick(s, "left flick (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * 160, speed: 1400) })
        rows.append(flick(s, "short right drag, held (60 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * -60, for: 0.3) })
        r = rows.last!
        #expect(r.kind == .bringBack && r.outcome == .sentBack && r.restored.isEmpty && s.deck.id(at: 0) != top)
        rows.append(flick(s, "held release left past 100 pt (150 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 150, for: 0.3) })
        #expect(rows.last!.outcome == .thrown && rows.last!.deleted.count == 1)
        rows.append(flick(s, "tap") { g, c in g.tap(at: c) })
        #expect(rows.last!.events.contains { if case .selected(_, let card) = $0 { return card == s.deck.id(at: 0) }; return false })
        printTable(rows)
    }

    @Test("carousel: a fast sideways flick turns exactly one page; up over 500 pt/s deletes, down returns")
    func carouselTable() {
        let (along, across) = axes(.carousel)
        var rows: [FlickResult] = []
        let s = scene(.carousel)
        rows.append(flick(s, "slow drag along (100 pt, 0.5 s)") { g, c in g.drag(from: c, by: along * 100, duration: 0.5) })
        #expect(rows.last!.outcome == .stayed && s.currentIndex == 5)
        for speed in [1500.0, 3000, 8000] {
            let from = s.currentIndex!
            rows.append(flick(s, "fast flick along (300 pt at \(Int(speed)) pt/s)") { g, c in
                g.fling(from: c + along * -150, by: along * 300, speed: speed)
            })
            #expect(rows.last!.outcome == .paged && s.currentIndex == from + 1 && rows.last!.pages == ["\(from)→\(from + 1)"])
        }
        let before = s.deck.count
        rows.append(flick(s, "flick up on the card (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * 160, speed: 1400) })
        var r = rows.last!
        #expect(r.outcome == .thrown && s.deck.count == before - 1 && r.flight.map { abs($0 - 0.3) < 1e-9 } == true)
        rows.append(flick(s, "flick up (60 pt at 600 pt/s)") { g, c in g.fling(from: c, by: across * 60, speed: 600) })
        #expect(abs(rows.last!.velocity.dy) > 500 && rows.last!.outcome == .thrown)
        rows.append(flick(s, "flick up (60 pt at 400 pt/s)") { g, c in g.fling(from: c, by: across * 60, speed: 400) })
        #expect(abs(rows.last!.velocity.dy) < 500 && rows.last!.outcome == .snappedBack)
        rows.append(flick(s, "flick down on the card (160 pt at 1400 pt/s)") { g, c in g.fling(from: c, by: across * -160, speed: 1400) })
        r = rows.last!
        #expect(r.outcome == .snappedBack && r.deleted.isEmpty)
        #expect(r.events.contains { if case .snappedBack(let t, _) = $0 { return abs(t - 0.3 - (r.events.first { $0.name == "gesture_ended" }?.time ?? 0)) < 1e-9 }; return false },
                "the return takes the design's 0.3 s")
        rows.append(flick(s, "held release up (300 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 300, for: 0.3) })
        #expect(rows.last!.outcome == .snappedBack)
        rows.append(flick(s, "held release up past H/2 (440 pt, held 0.3 s)") { g, c in g.hold(from: c, by: across * 440, for: 0.3) })
        #expect(rows.last!.outcome == .thrown)
        printTable(rows)
    }

    func printTable(_ rows: [FlickResult]) {
        print("| interaction | release | v (pt/s) | gesture → outcome | pages | deleted | restored | flight (s) | settled after (s) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in rows { print(r.description) }
    }

    // MARK: - A second flick on a leaving card

    @Test("two flicks 30 ms apart on the same card delete one card", arguments: [Interaction.now, .switcher, .carousel])
    func doubleFlick(_ i: Interaction) {
        let (_, across) = axes(i)
        let s = scene(i)
        let first = s.currentCard!
        var g = script(after: s)
        let c = s.viewport.centre
        g.fling(from: c, by: across * 160, speed: 1400)
        g.wait(0.03)
        // The card has flown some way in 30 ms: press where it now is, still on it.
        g.fling(from: c + across * 40, by: across * 160, speed: 1400)
        let run = drive(s, g.steps, schedule: .hz(60), until: g.time + 0.02)
        #expect(run.violations.isEmpty && run.rejections.isEmpty)
        advanceToRest(s)
        let deletions = s.events.filter { $0.name == "deleted" }
        #expect(deletions.count == 1, "\(s.events.map(\.brief))")
        #expect(deletions.first.map { if case .deleted(_, let card, _) = $0 { return card == first }; return false } == true)
        #expect(s.deck.count == 29)
        // The second press drags nothing (the leaving card is nobody's to drag), and the record
        // keeps it as a missed gesture on that card, ended cancelled.
        let began = s.events.compactMap { e -> (GestureKind, CardID?)? in
            if case .gestureBegan(_, let kind, let card) = e { return (kind, card) } else { return nil }
        }
        #expect(began.map(\.0) == [.card, .missed])
        // It names the card under the press as drawn: the leaving one.
        #expect(began.last?.1 != nil, "the missed press names the card it was on")
        #expect(s.events.contains { if case .gestureEnded(_, .missed, _, _, .cancelled, let c) = $0 { return c == began.last?.1 }; return false })
    }

    @Test("depth stacks: a second flick 30 ms after the first throws the card beneath", arguments: [Interaction.stack, .swipe])
    func quickSecondSwipe(_ i: Interaction) {
        let (_, across) = axes(i)
        let s = scene(i)
        let first = s.currentCard!
        let next = s.deck.id(at: s.currentIndex! + 1)
        var g = script(after: s)
        let c = s.viewport.centre
        g.fling(from: c, by: across * 160, speed: 1400)
        g.wait(0.03)
        // Where the thrown card flies over the next one (swipe), or anywhere (stack).
        g.fling(from: c + across * 40, by: across * 160, speed: 1400)
        let run = drive(s, g.steps, schedule: .hz(60), until: g.time + 0.02)
        #expect(run.violations.isEmpty && run.rejections.isEmpty)
        advanceToRest(s)
        let deleted = s.events.compactMap { e -> CardID? in if case .deleted(_, let c, _) = e { c } else { nil } }
        #expect(deleted == [first, next], "\(s.events.map(\.brief))")
        let began = s.events.compactMap { e -> (GestureKind, CardID?)? in
            if case .gestureBegan(_, let kind, let card) = e { return (kind, card) } else { return nil }
        }
        #expect(began.map(\.0) == [.card, .card] && began.map(\.1) == [first, next])
    }

    // MARK: - The last card

    @Test("a flick on the last card leaves an empty deck that still scrolls and accepts undo",
          arguments: [Interaction.now, .switcher, .carousel])
    func lastCard(_ i: Interaction) {
        let (along, across) = axes(i)
        let s = scene(i, count: 1, at: 0)
        let only = s.deck.id(at: 0)
        let c = s.viewport.centre
        var g = script(after: s)
        g.fling(from: c, by: across * 200, speed: 2000); g.wait(2.2)
        g.fling(from: c, by: along * 250, speed: 2500); g.wait(0.1)          // scroll the empty deck
        g.drag(from: c, by: along * -300, duration: 0.3); g.wait(0.05)      // pull past the edge
        g.fling(from: c, by: across * 150, speed: 1500); g.wait(0.1)         // nothing to throw
        g.tap(at: c); g.wait(0.1)
        g.fling(from: c, by: along * 100, speed: 900, release: .cancel); g.wait(0.5)
        var emptyFrames = 0
        let run = drive(s, g.steps, schedule: .random(seed: 42), until: g.time) { scene in
            if scene.deck.isEmpty { emptyFrames += 1; #expect(scene.renderList.isEmpty) }
        }
        #expect(run.rejections.isEmpty && run.violations.isEmpty, "\(run.rejections) \(run.violations)")
        #expect(emptyFrames > 100)
        #expect(s.deck.isEmpty && s.currentIndex == nil && s.scrollPosition.isFinite)
        let names = s.events.map(\.name)
        #expect(names.filter { $0 == "deleted" }.count == 1)
        #expect(!names.contains("selected") && !names.contains("paged"))
        s.clearEvents()
        s.perform(.undo, at: s.time + 0.01)
        #expect(s.events.contains(.restored(time: s.time, card: only, index: 0)))
        advanceToRest(s)
        s.advance(to: s.time + 0.1)
        #expect(s.deck.count == 1 && s.currentCard == only)
        #expect(s.renderList.count == 1 && s.renderList.allSatisfy(\.isFinite))
        #expect(s.renderList.first.map { abs($0.center.x - c.x) < 1e-6 } == true, "the card is back in the middle")
    }

    @Test("stack: the last card cannot be thrown, by a flick or by a key, as in the original")
    func stackKeepsItsLastCard() {
        let s = scene(.stack, count: 2, at: 0)
        let first = s.deck.id(at: 0), last = s.deck.id(at: 1)
        let c = s.viewport.centre
        var g = script(after: s)
        g.fling(from: c, by: Vector(dx: -200, dy: 0), speed: 2000); g.wait(1)   // the first goes
        g.fling(from: c, by: Vector(dx: -200, dy: 0), speed: 2000); g.wait(1)   // the last stays
        let run = drive(s, g.steps, schedule: .hz(60), until: g.time)
        #expect(run.rejections.isEmpty && run.violations.isEmpty, "\(run.rejections) \(run.violations)")
        #expect(s.events.filter { $0.name == "deleted" } .count == 1)
        #expect(s.deck.count == 1 && s.currentCard == last && !s.deck.contains(first))
        // A drag on the last card does not take it: a missed gesture in the record.
        let kinds = s.events.compactMap { e -> GestureKind? in
            if case .gestureBegan(_, let kind, _) = e { return kind } else { return nil }
        }
        #expect(kinds == [.card, .missed], "a drag on the last card does not take it")
        s.clearEvents()
        #expect(s.perform(.throwCurrent, at: s.time + 0.1) == .unchanged)
        #expect(s.perform(.nextPage, at: s.time + 0.1) == .unchanged)
        advanceToRest(s)
        #expect(s.events.isEmpty && s.deck.count == 1 && s.renderList.count == 1)
    }

    // MARK: - A press that replaces a pan

    @Test("a second press of the same pointer cancels the card drag, which springs back",
          arguments: [Interaction.now, .carousel, .stack])
    func pressReplacesPan(_ i: Interaction) {
        let (_, across) = axes(i)
        let s = scene(i)
        let c = s.viewport.centre
        var g = script(after: s)
        g.down(at: c)
        for k in 1...10 { g.wait(0.008); g.move(to: c + across * Double(8 * k)) }
        g.wait(0.05)
        g.down(at: c)            // the up was lost
        g.wait(0.05)
        g.up(at: c)
        let run = drive(s, g.steps, schedule: .hz(60), until: g.time + 0.02)
        #expect(run.rejections.isEmpty && run.violations.isEmpty)
        advanceToRest(s)
        let ended = s.events.first { $0.name == "gesture_ended" }
        #expect(ended.map { if case .gestureEnded(_, .card, _, _, .cancelled, _) = $0 { return true }; return false } == true,
                "\(s.events.map(\.brief))")
        #expect(s.events.contains { $0.name == "selected" }, "the new press is a tap of its own")
        #expect(s.isAtRest && s.motions.isEmpty && s.deck.count == 30)
    }
}
