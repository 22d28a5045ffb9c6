import Testing
@testable import FlickEngine

/// Input older than the frame on show (phone touch timestamps lag the display link) keeps its
/// own time: the same events, velocities and frames as on time. See CardScene+LateInput.swift.
@Suite struct LateInputTests {
    static let lateness: [Double] = [0.03, 0.06, 0.099]

    @Test("inputs delivered late give the same events (velocities, outcomes) and final frame as on time",
          arguments: Interaction.allCases, lateness)
    func lateInputIsPlacedAtItsOwnTime(_ interaction: Interaction, _ late: Double) {
        let script = scriptedSession(interaction, viewport: .phone)
        let end = script.time + 3
        for schedule in [FrameSchedule.hz(60), .random(seed: 0x5EED)] {
            let onTime = drive(CardScene(interaction: interaction, count: 30, viewport: .phone), script.steps,
                               schedule: schedule, until: end)
            let delayed = drive(CardScene(interaction: interaction, count: 30, viewport: .phone), script.steps,
                                schedule: schedule, until: end,
                                lateBy: Array(repeating: late, count: script.steps.count))
            #expect(onTime.rejections.isEmpty && delayed.rejections.isEmpty, "\(delayed.rejections.prefix(3))")
            #expect(delayed.violations.isEmpty, "\(delayed.violations)")
            #expect(delayed.events == onTime.events,
                    "\(interaction) \(schedule) \(late) s late: \(firstDifference(delayed.events, onTime.events))")
            #expect(withoutSlots(delayed.finalRenderList) == withoutSlots(onTime.finalRenderList),
                    "\(frameDifference(delayed.finalRenderList, onTime.finalRenderList))")
        }
    }

    /// Every input late by its own random amount (0 ... 99 ms), so inputs overtake frames and
    /// completions (flights, gap closings, queued deletions) fall between an input's time and
    /// the frame already drawn.
    @Test("random lateness per input changes nothing", arguments: Interaction.allCases)
    func randomLateness(_ interaction: Interaction) {
        let script = scriptedSession(interaction, viewport: .phone)
        let end = script.time + 3
        let reference = drive(CardScene(interaction: interaction, count: 30, viewport: .phone), script.steps,
                              schedule: .hz(144), until: end)
        for seed in [1, 2, 3] as [UInt64] {
            var rng = SplitMix(seed: seed)
            let lateness = script.steps.map { _ in Double.random(in: 0..<0.099, using: &rng) }
            // Deliveries stay in order: an input is never delivered before the one before it.
            var latest = 0.0
            let due = zip(script.steps, lateness).map { step, l -> Double in
                latest = max(latest, step.time + l)
                return latest - step.time
            }
            let run = drive(CardScene(interaction: interaction, count: 30, viewport: .phone), script.steps,
                            schedule: .random(seed: seed), until: end, lateBy: due)
            #expect(run.rejections.isEmpty, "\(run.rejections.prefix(3))")
            #expect(run.events == reference.events, "seed \(seed): \(firstDifference(run.events, reference.events))")
            #expect(withoutSlots(run.finalRenderList) == withoutSlots(reference.finalRenderList))
        }
    }

    /// A fling whose moves come in while the display stalls for 70 ms (four frames missed): every frame is drawn
    /// first and the touches that happened before it arrive after it, as on a phone. The release
    /// velocity and the outcome are those of the same fling with no stall. The control plays
    /// the same delivery with no window (input moved up to the frame's time, as the app did
    /// before): there the velocity is wrong, so the test can tell.
    @Test("velocity does not degrade when a frame is slow", arguments: [Interaction.now, .carousel])
    func slowFrame(_ interaction: Interaction) {
        let s0 = scene(interaction)
        var g = script(after: s0, step: 8)
        let c = s0.viewport.centre
        g.fling(from: c, by: axes(interaction).along * 160, speed: 1600)
        let steps = g.steps
        let stallStart = steps[3].time - 0.001, stallEnd = stallStart + 0.07
        let frames = FrameSchedule.hz(60).times(until: g.time + 2)
            .filter { $0 >= s0.time && ($0 <= stallStart || $0 >= stallEnd) }

        func run(window: Double, clamp: Bool) -> (velocity: Vector, outcome: GestureOutcome, events: [SceneEvent]) {
            let s = scene(interaction)
            s.lateInputWindow = window
            var next = 0
            for t in frames {
                s.advance(to: t)
                // The touches stamped up to this frame arrive after it is drawn.
                while next < steps.count, steps[next].time <= t {
                    if case .pointer(var e) = steps[next] {
                        if clamp { e.time = max(e.time, s.earliestInputTime) }
                        let r = s.handle(e)
                        #expect(r == nil, "window \(window) clamp \(clamp) frame \(t) committed \(s.committedTime)")
                    }
                    next += 1
                }
            }
            advanceToRest(s)
            for e in s.events {
                if case let .gestureEnded(_, _, _, v, outcome, _) = e { return (v, outcome, s.events) }
            }
            Issue.record("no gesture ended: \(s.events.map(\.brief))")
            return (.zero, .cancelled, s.events)
        }
        // On time, no stall.
        let reference = scene(interaction)
        for step in steps { step.apply(to: reference) }
        advanceToRest(reference)
        let ended = reference.events.compactMap { e -> (Vector, GestureOutcome)? in
            if case let .gestureEnded(_, _, _, v, o, _) = e { return (v, o) } else { return nil } }
        let onTime = ended[0]

        let stalled = run(window: 0.1, clamp: false)
        #expect(stalled.velocity == onTime.0, "\(interaction): \(stalled.velocity) pt/s after a slow frame, \(onTime.0) on time")
        #expect(stalled.outcome == onTime.1 && onTime.1 == (interaction == .now ? .scrolled : .paged))
        #expect(stalled.events.filter { $0.name == "paged" } == reference.events.filter { $0.name == "paged" })

        let clamped = run(window: 0, clamp: true)
        let error = (clamped.velocity - onTime.0).length / onTime.0.length
        #expect(error > 0.01, "\(interaction): without the window the velocity is off by \(fixed(error * 100, 1)) % (\(clamped.velocity) vs \(onTime.0))")
        print("LateInput slow frame \(interaction): on time \(onTime.0), 70 ms stall \(stalled.velocity), clamped to the frame \(clamped.velocity) (\(fixed(error * 100, 1)) % off)")
    }

    @Test("input older than the window, or than the last input, or not finite, is refused and changes nothing")
    func refusals() {
        let s = scene(.carousel)
        let t0 = s.time
        s.advance(to: t0 + 1)
        #expect(s.earliestInputTime == t0 + 1 - s.lateInputWindow)
        let before = (s.renderList, s.events, s.scrollPosition)
        let old = PointerEvent(phase: .down, position: s.viewport.centre, time: t0 + 0.85)
        #expect(s.handle(old) == .tooLate(earliest: t0 + 0.9, received: t0 + 0.85))
        #expect(s.perform(.nextPage, at: t0 + 0.8) == .rejected(.tooLate(earliest: t0 + 0.9, received: t0 + 0.8)))
        if case .nonFiniteTime = s.handle(PointerEvent(phase: .down, position: s.viewport.centre, time: .nan)) {} else {
            Issue.record("a NaN time was not refused as not finite")
        }
        #expect(s.perform(.nextPage, at: .infinity) == .rejected(.nonFiniteTime(.infinity)))
        #expect(s.renderList == before.0 && s.events == before.1 && s.scrollPosition == before.2)
        // Accepted 50 ms late; then nothing older than that input.
        #expect(s.perform(.nextPage, at: t0 + 0.95) == .done)
        #expect(s.time == t0 + 1, "a late input does not move the frame's time back")
        #expect(s.perform(.nextPage, at: t0 + 0.93) == .rejected(.timeWentBackwards(previous: t0 + 0.95, received: t0 + 0.93)))
        // commit(): nothing older than the frame any more.
        s.commit()
        #expect(s.earliestInputTime == t0 + 1)
        #expect(s.perform(.nextPage, at: t0 + 0.99) == .rejected(.timeWentBackwards(previous: t0 + 1, received: t0 + 0.99)))
        s.lateInputWindow = 0
        s.advance(to: t0 + 2)
        #expect(s.perform(.previousPage, at: t0 + 1.999).rejection != nil, "window 0: nothing before the frame")
        // The late page turn happened at its own time: it came to rest on card 6 (and back on 5
        // by nothing else), announced with the time of its rest.
        advanceToRest(s)
        #expect(s.events.contains { if case .paged(_, 5, 6) = $0 { return true } else { return false } },
                "\(s.events.map(\.brief))")
    }

    /// A card's flight ends between a late input's time and the frame already drawn: the frame
    /// shows the card gone, the deletion is recorded only when no input can come before it,
    /// and an input from before the deletion still meets the card in the deck.
    @Test("a completion inside the window waits for late input, yet the frame shows it", arguments: Interaction.allCases)
    func completionInsideTheWindow(_ i: Interaction) {
        let s = scene(i)
        let card = s.currentCard!
        s.perform(.throwCurrent, at: s.time + 0.1)
        let end = s.motions.first { $0.card == card }!.endTime!
        s.advance(to: end + 0.05)
        #expect(!s.renderList.contains { $0.card == card }, "the frame shows the card gone")
        #expect(s.deck.contains(card) && !s.events.contains { $0.name == "deleted" }, "not recorded yet")
        // An undo stamped before the flight ended, arriving now: as if it had come on time.
        let reference = scene(i)
        reference.perform(.throwCurrent, at: reference.time + 0.1)
        reference.perform(.undo, at: end - 0.02)
        advanceToRest(reference)
        #expect(s.perform(.undo, at: end - 0.02).rejection == nil)
        advanceToRest(s)
        #expect(s.events == reference.events, "\(firstDifference(s.events, reference.events))")
        #expect(cardIDs(s.deck) == cardIDs(reference.deck))
        // Without input, the deletion is recorded once the window has passed.
        let q = scene(i)
        let index = q.currentIndex!
        q.perform(.throwCurrent, at: q.time + 0.1)
        q.advance(to: end + 0.099)
        #expect(!q.events.contains { $0.name == "deleted" })
        q.advance(to: end + 0.1)
        #expect(q.events.contains(.deleted(time: end, card: card, index: index)), "\(q.events.map(\.brief))")
    }

    /// A front end's own line (a marker) at a time inside the window: `noteInput(at:)` brings
    /// out the events due by then first, so a log written in that order stays in time order.
    @Test func noteInputBringsOutWhatIsDueFirst() {
        let s = scene(.now)
        let card = s.currentCard!
        s.perform(.throwCurrent, at: s.time + 0.1)
        let end = s.motions.first { $0.card == card }!.endTime!
        s.advance(to: end + 0.06)
        #expect(!s.events.contains { $0.name == "deleted" })
        #expect(s.noteInput(at: end + 0.01) == nil)
        #expect(s.events.last.map { $0.name == "deleted" && $0.time == end } == true, "\(s.events.map(\.brief))")
        #expect(s.time == end + 0.06)
        if case .timeWentBackwards = s.noteInput(at: end) {} else { Issue.record("an earlier note was accepted") }
    }
}
