import FlickEngineTesting
import Testing
@testable import FlickEngine

/// A mouse wheel and a tap do what people expect.
@Suite struct WheelAndTapTests {
    func paged(_ events: [SceneEvent]) -> [(Int, Int)] {
        events.compactMap { if case .paged(_, let from, let to) = $0 { return (from, to) } else { return nil } }
    }

    @Test(arguments: [Interaction.switcher, .carousel])
    func oneNotchTurnsOnePageAndSaysPagedOnce(_ interaction: Interaction) {
        let scene = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        #expect(scene.currentIndex == 0)
        scene.scrollNotches(1, at: 0.5)
        advanceToRest(scene)
        #expect(scene.currentIndex == 1, "one notch: page 1, got \(String(describing: scene.currentIndex))")
        #expect(paged(scene.events).map { "\($0.0)→\($0.1)" } == ["0→1"])
        scene.clearEvents()
        // Back by one.
        scene.scrollNotches(-1, at: scene.time + 0.1)
        advanceToRest(scene)
        #expect(scene.currentIndex == 0)
        #expect(paged(scene.events).map { "\($0.0)→\($0.1)" } == ["1→0"])
    }

    /// Notches follow the late-input rule: one stamped 40 ms before the frame on show is taken
    /// at its own time (the same page, the same event times as on time); one older than the
    /// window is refused, not dropped.
    @Test(arguments: [Interaction.switcher, .carousel, .now])
    func lateNotchesMeetTheStateOfTheirTime(_ interaction: Interaction) {
        let onTime = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        onTime.advance(to: 0.5)
        #expect(onTime.scrollNotches(2, at: 0.5) == nil)
        advanceToRest(onTime)
        onTime.commit()

        let late = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        late.advance(to: 0.54)   // the frame on show is 40 ms past the notch
        #expect(late.scrollNotches(2, at: 0.5) == nil, "a notch 40 ms late is within the 0.1 s window")
        advanceToRest(late)
        late.commit()
        #expect(late.events == onTime.events)
        #expect(late.currentIndex == onTime.currentIndex)

        let tooLate = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        tooLate.advance(to: 0.7)
        guard case .tooLate = tooLate.scrollNotches(1, at: 0.5) else {
            Issue.record("a notch 0.2 s late was not refused as too late"); return
        }
        #expect(tooLate.currentIndex == 0)
    }

    @Test(arguments: [Interaction.switcher, .carousel])
    func aBurstOfNotchesTurnsOnePageAndSaysItOnce(_ interaction: Interaction) {
        let scene = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        // Five notches 15 ms apart, as a quick flick of the wheel gives.
        for k in 0..<5 {
            let t = 0.5 + Double(k) * 0.015
            scene.advance(to: t)
            scene.scrollNotches(1, at: t)
        }
        advanceToRest(scene)
        #expect(scene.currentIndex == 1, "a burst turned \(String(describing: scene.currentIndex)) pages")
        #expect(paged(scene.events).count == 1)
        // Once at rest, the next notch turns the next page.
        scene.clearEvents()
        scene.scrollNotches(1, at: scene.time + 0.05)
        advanceToRest(scene)
        #expect(scene.currentIndex == 2)
        #expect(paged(scene.events).map { "\($0.0)→\($0.1)" } == ["1→2"])
    }

    @Test func oneNotchScrollsTheNowListByOneCardPitch() {
        let scene = CardScene(interaction: .now, count: 20, viewport: .phone, time: 0)
        let before = scene.scrollPosition
        scene.scrollNotches(1, at: 0.5)
        advanceToRest(scene)
        let pitch = scene.cardSize.height + SceneConfig().now.spacing
        #expect(abs(scene.scrollPosition - before - pitch) < 0.5,
                "moved \(scene.scrollPosition - before) pt, a pitch is \(pitch)")
        #expect(scene.currentIndex == 1)
        scene.scrollNotches(-3, at: scene.time + 0.1)
        advanceToRest(scene)
        #expect(abs(scene.scrollPosition - before) < 0.5, "three notches back pass the top: clamped at the first card")
    }

    /// A tap on the card beside the current one brings it to the centre; `selected` names it.
    @Test(arguments: [Interaction.now, .switcher, .carousel])
    func aTapOnANeighbourCentresIt(_ interaction: Interaction) throws {
        let scene = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        scene.scrollNotches(1, at: 0.2)   // start on card 1, so there are neighbours both sides
        advanceToRest(scene)
        scene.clearEvents()
        let current = try #require(scene.currentIndex)
        // The visible card one after the current one, tapped at its centre.
        let neighbour = try #require(scene.renderList.first { $0.index == current + 1 && $0.alpha > 0.5 })
        // Where the window shows it: a press beyond the viewport is on the surround, which
        // selects nothing (a missed gesture), so the tap lands on the part of it on the stage.
        let onStage = Point(x: min(max(neighbour.center.x, 5), scene.viewport.width - 5),
                            y: min(max(neighbour.center.y, 5), scene.viewport.height - 5))
        var script = GestureScript(after: scene)
        script.tap(at: onStage)
        for step in script.steps {
            scene.advance(to: step.time)
            step.apply(to: scene)
        }
        advanceToRest(scene)
        #expect(scene.currentIndex == current + 1, "tapped \(neighbour.index), current is \(String(describing: scene.currentIndex))")
        let selected = scene.events.compactMap { if case .selected(_, let c) = $0 { return c } else { return nil } }
        #expect(selected == [neighbour.card])
        // And it is centred: its centre on the viewport's centre line.
        let shown = try #require(scene.renderList.first { $0.index == current + 1 })
        let c = Point(x: Size.phone.width / 2, y: Size.phone.height / 2)
        let off = interaction == .now ? abs(shown.center.y - c.y) : abs(shown.center.x - c.x)
        #expect(off < 1, "the tapped card rests \(off) pt off centre")
    }

    @Test(arguments: Interaction.allCases)
    func aTapOnTheCurrentCardSelectsItAndMovesNothing(_ interaction: Interaction) throws {
        let scene = CardScene(interaction: interaction, count: 20, viewport: .phone, time: 0)
        let index = try #require(scene.currentIndex)
        let current = try #require(scene.renderList.first { $0.index == index })
        let before = scene.scrollPosition
        var script = GestureScript(after: scene)
        script.tap(at: current.center)
        for step in script.steps {
            scene.advance(to: step.time)
            step.apply(to: scene)
        }
        advanceToRest(scene)
        #expect(scene.scrollPosition == before)
        let selected = scene.events.compactMap { if case .selected(_, let c) = $0 { return c } else { return nil } }
        #expect(selected == [current.card])
    }
}
