import Foundation
import Testing
import FlickEngine
import FlickEngineTesting

/// Faults a plug-in author met in the engine, checked through the public API only.
@Suite struct EngineFaultTests {
    static let viewport = Size.phone

    @Test("where a thrown card went is kept with its deletion: undo after switches, a plug-in and a new config brings it back from there")
    func undoSideIsStoredWithTheDeletion() throws {
        let s = CardScene(interaction: .swipe, count: 5, viewport: Self.viewport, time: 0)
        s.advance(to: 0.1)
        let top = try #require(s.currentCard)
        #expect(s.perform(.throwUp, at: 0.2) == .done)
        advanceToRest(s)
        let deletion = try #require(s.deck.deletions.last)
        #expect(deletion.card == top)
        let exit = try #require(deletion.exit)
        #expect(exit.dy < -Self.viewport.height / 2 && abs(exit.dx) < 1, "thrown up: \(exit)")
        // Everything that replaces the interaction or its state.
        var t = s.time + 0.1
        s.setInteraction(.swipe, at: t); t += 0.05
        s.setInteraction(.stack, at: t); t += 0.05
        s.install(ArchiveInteraction(), at: t); t += 0.05
        s.setInteraction(.swipe, at: t); t += 0.05
        var config = s.config
        config.swipe.maxTilt = 0.1
        s.setConfig(config, at: t); t += 0.05
        #expect(s.deck.deletions.last?.exit == exit)
        #expect(s.perform(.undo, at: t) == .done)
        s.advance(to: t + 0.15)
        let back = try #require(s.renderList.first { $0.card == top })
        #expect(back.center.y < Self.viewport.height / 2 - 50 && abs(back.center.x - Self.viewport.width / 2) < 30,
                "comes back from above, not the left edge: \(back.center)")
        advanceToRest(s)
        #expect(s.currentCard == top)
    }

    @Test("a deletion from outside has no exit: undo brings it from where thrown cards rest")
    func deletionWithoutFlightHasNoExit() throws {
        let s = CardScene(interaction: .swipe, count: 5, viewport: Self.viewport, time: 0)
        s.advance(to: 0.1)
        #expect(s.delete(CardID(0), at: 0.2))
        #expect(s.deck.deletions.last?.card == CardID(0) && s.deck.deletions.last?.exit == nil)
    }

    @Test("gesture_ended names its card: the dragged one, the card a missed pan was on, none for a scroll")
    func gestureEndedNamesItsCard() throws {
        // A card drag in the swipe deck.
        let s = CardScene(interaction: .swipe, count: 5, viewport: Self.viewport, time: 0)
        s.advance(to: 0.1)
        let top = try #require(s.currentCard)
        var g = GestureScript(after: s)
        g.hold(from: Self.viewport.centre, by: Vector(dx: 40, dy: 0), for: 0.1)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        let ended = try #require(s.loggedEvents.first { $0.event.name == "gesture_ended" })
        guard case .gestureEnded(_, .card, _, _, .snappedBack, let card) = ended.event else {
            Issue.record("\(ended.event)")
            return
        }
        #expect(card == top)
        let json = try #require(String(data: try JSONEncoder().encode(ended), encoding: .utf8))
        #expect(json.contains("\"card\":\(top.value)"), "\(json)")
        // Decoding gives the same event back; a line without the field still reads.
        let decoded = try JSONDecoder().decode(SceneEvent.self, from: try JSONEncoder().encode(ended.event))
        #expect(decoded == ended.event)
        let old = #"{"event":"gesture_ended","t":1,"kind":"scroll","translation":[0,1],"velocity":[0,2],"outcome":"stayed"}"#
        let oldEvent = try JSONDecoder().decode(SceneEvent.self, from: Data(old.utf8))
        #expect(oldEvent == .gestureEnded(time: 1, kind: .scroll, translation: Vector(dx: 0, dy: 1),
                                          velocity: Vector(dx: 0, dy: 2), outcome: .stayed, card: nil))

        // A scroll in the carousel names no card; a vertical drag down on a card there is
        // missed... unless the carousel drags it: either way the card it was on is named.
        let c = CardScene(interaction: .carousel, count: 5, viewport: Self.viewport, time: 0)
        c.advance(to: 0.1)
        var h = GestureScript(after: c)
        h.drag(from: Self.viewport.centre, by: Vector(dx: -120, dy: 0), duration: 0.2)
        h.wait(1)
        h.drag(from: Self.viewport.centre, by: Vector(dx: 0, dy: -60), duration: 0.2)
        _ = drive(c, h.steps, schedule: .hz(60), until: h.time + 1)
        let ends = c.events.compactMap { e -> (GestureKind, CardID?)? in
            if case .gestureEnded(_, let kind, _, _, _, let card) = e { (kind, card) } else { nil }
        }
        #expect(ends.count == 2)
        #expect(ends.first?.0 == .scroll && ends.first?.1 == nil)
        #expect(ends.last?.0 == .card && ends.last?.1 == c.currentCard)
    }

    @Test("a missed pan's gesture_ended names the card it was pressed on")
    func missedNamesItsCard() throws {
        // The stack's last card cannot be thrown: a drag on it is missed.
        let s = CardScene(interaction: .stack, count: 1, viewport: Self.viewport, time: 0)
        s.advance(to: 0.1)
        let only = try #require(s.currentCard)
        let centre = try #require(s.renderList.first { $0.card == only }?.center)
        var g = GestureScript(after: s)
        g.drag(from: centre, by: Vector(dx: -100, dy: 0), duration: 0.2)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        #expect(s.events.contains { if case .gestureEnded(_, .missed, _, _, .cancelled, only) = $0 { true } else { false } },
                "\(s.events)")
    }
}

/// What `insert(at:)` does to the current card, as its documentation says.
@Suite struct InsertTests {
    @Test("scrolling content keeps its current card whatever the index", arguments: [Interaction.now, .switcher, .carousel])
    func scrollingKeepsCurrent(_ interaction: Interaction) {
        let s = CardScene(interaction: interaction, count: 6, viewport: .phone, time: 0)
        s.advance(to: 0.1)
        s.perform(.nextPage, at: 0.2)
        advanceToRest(s)
        let current = s.currentCard
        for (k, index) in [0, 1, 6].enumerated() {
            s.insert(at: index, time: s.time + 0.1 + Double(k))
            advanceToRest(s)
            #expect(s.currentCard == current, "insert at \(index)")
        }
    }

    @Test("a depth stack: an insert before the top keeps it, at the top's index the new card goes on top",
          arguments: [Interaction.stack, .swipe])
    func depthStackTop(_ interaction: Interaction) throws {
        let s = CardScene(interaction: .carousel, count: 6, viewport: .phone, time: 0)
        s.advance(to: 0.1)
        s.perform(.nextPage, at: 0.2)
        s.perform(.nextPage, at: 0.3)
        advanceToRest(s)
        s.setInteraction(interaction, at: s.time + 0.1)
        let top = try #require(s.currentCard)
        let index = try #require(s.currentIndex)
        #expect(index == 2)
        s.insert(at: 0, time: s.time + 0.1)
        advanceToRest(s)
        #expect(s.currentCard == top && s.currentIndex == 3, "before the top: it stays")
        s.insert(at: 3, time: s.time + 0.1)
        advanceToRest(s)
        let fresh = s.deck.id(at: 3)
        #expect(fresh != top && s.currentCard == fresh, "at the top's index: the new card is on top")
        s.insert(at: 5, time: s.time + 0.1)
        advanceToRest(s)
        #expect(s.currentCard == fresh, "after it: the new card waits")
    }
}

/// A card's offset, motion and tilt through the public API, on screen and off it.
@Suite struct MotionStateTests {
    @Test("held, flying off screen, and at rest: offset, velocity, rest, tilt")
    func states() throws {
        let s = CardScene(interaction: .swipe, count: 5, viewport: .phone, time: 0)
        s.advance(to: 0.1)
        let top = try #require(s.currentCard)
        let resting = try #require(s.motionState(of: top))
        #expect(resting.phase == .resting && resting.offset == .zero && resting.tilt == 0)
        // Held 80 pt to the right: the offset is the drag, the tilt the layout's.
        var g = GestureScript(after: s)
        g.down(at: Size.phone.centre)
        g.moves(from: Size.phone.centre, by: Vector(dx: 80, dy: 0), duration: 0.2)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 0.05)
        let held = try #require(s.motionState(of: top))
        #expect(held.phase == .held && held.restOffset == nil)
        #expect(abs(held.offset.dx - 80) < 12, "\(held.offset)")
        let tilt = try #require(held.tilt)
        #expect(tilt != 0 && abs(tilt - SwipeLayout().tilt(offset: held.offset, sign: held.tiltSign, viewport: .phone)) < 1e-9)
        // Thrown to the right by key: flying, leaving; once past the edge it is not drawn, yet known.
        let k = CardScene(interaction: .swipe, count: 5, viewport: .phone, time: 0)
        k.advance(to: 0.1)
        let card = try #require(k.currentCard)
        #expect(k.perform(.throwRight, at: 0.2) == .done)
        var offScreen: CardMotionState? = nil
        var t = 0.2
        while t < 1, offScreen == nil {
            t += 0.01
            k.advance(to: t)
            if let m = k.motionState(of: card), m.phase == .flying, m.drawn == nil { offScreen = m }
        }
        let m = try #require(offScreen, "seen flying off screen")
        #expect(m.isLeaving && m.tilt == nil && m.offset.dx > Size.phone.width / 2 && m.velocity.dx > 0)
        #expect(m.restOffset.map { $0.dx >= m.offset.dx } == true)
    }
}
