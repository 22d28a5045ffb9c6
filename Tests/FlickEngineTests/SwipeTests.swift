import Testing
import Foundation
import FlickMath
@testable import FlickEngine
import FlickEngineTesting

/// The swipe deck: its throw rule per direction at both sides of each threshold, the tilt sign
/// by grab half, the label, undo from the side a card left, arrow-key throws, the empty deck,
/// and the verdict kept with `gesture_ended`.
@Suite struct SwipeTests {
    static let config = SwipeConfig.default
    static let card = SwipeLayout().cardSize(viewport: .phone)

    /// The distance threshold of `d` on the phone, points, and its speed threshold, pt/s.
    static func thresholds(_ d: ThrowDirection) -> (distance: Double, speed: Double) {
        d == .left || d == .right
            ? (config.horizontalDistanceRatio * card.width, config.horizontalSpeed)
            : (config.verticalDistanceRatio * card.height, config.verticalSpeed)
    }

    // MARK: - The rule, per direction, at both sides of each threshold

    @Test("distance: 1 % short springs back, 1 % past throws that way (down, not allowed, springs back)",
          arguments: ThrowDirection.allCases)
    func distanceThreshold(_ d: ThrowDirection) {
        let th = Self.thresholds(d)
        let short = Self.config.decideThrow(offset: d.unit * (0.99 * th.distance), velocity: .zero, cardSize: Self.card)
        let past = Self.config.decideThrow(offset: d.unit * (1.01 * th.distance), velocity: .zero, cardSize: Self.card)
        #expect(short.decision == .snapBack && short.direction == d)
        #expect(abs(short.distanceFraction - 0.99) < 1e-9 && short.speedFraction == 0)
        #expect(abs(past.distanceFraction - 1.01) < 1e-9 && past.direction == d)
        #expect(past.decision == (Self.config.allows(d) ? .throwAway(direction: d.unit) : .snapBack))
        print("| \(d) | distance | \(fixed(th.distance, 1)) pt | 0.99 → \(short.decision) | 1.01 → \(past.decision) |")
    }

    @Test("speed: 1 % under springs back, 1 % over throws that way (down, not allowed, springs back)",
          arguments: ThrowDirection.allCases)
    func speedThreshold(_ d: ThrowDirection) {
        let th = Self.thresholds(d)
        let under = Self.config.decideThrow(offset: d.unit * 10, velocity: d.unit * (0.99 * th.speed), cardSize: Self.card)
        let over = Self.config.decideThrow(offset: d.unit * 10, velocity: d.unit * (1.01 * th.speed), cardSize: Self.card)
        #expect(under.decision == .snapBack && under.direction == d && abs(under.speedFraction - 0.99) < 1e-9)
        #expect(over.decision == (Self.config.allows(d) ? .throwAway(direction: d.unit) : .snapBack))
        #expect(abs(over.speedFraction - 1.01) < 1e-9 && over.direction == d)
        print("| \(d) | speed | \(fixed(th.speed, 0)) pt/s | 0.99 → \(under.decision) | 1.01 → \(over.decision) |")
    }

    @Test("with every direction allowed, down throws too; with none, nothing does")
    func allowedDirections() {
        var all = Self.config
        all.allowDown = true
        let th = Self.thresholds(.down)
        #expect(all.decideThrow(offset: Vector(dx: 0, dy: 1.01 * th.distance), velocity: .zero, cardSize: Self.card).decision
                == .throwAway(direction: ThrowDirection.down.unit))
        var none = Self.config
        none.allowLeft = false; none.allowRight = false; none.allowUp = false
        for d in ThrowDirection.allCases {
            #expect(none.decideThrow(offset: d.unit * 1000, velocity: d.unit * 5000, cardSize: Self.card).decision == .snapBack)
        }
        // A release at rest has no direction at all.
        #expect(Self.config.decideThrow(offset: .zero, velocity: .zero, cardSize: Self.card).direction == nil)
    }

    @Test("in the scene: a held release just short of each distance springs back, just past throws that way",
          arguments: ThrowDirection.allCases)
    func sceneDistanceTable(_ d: ThrowDirection) {
        let slop = PanConfiguration(axisLock: .free).slop(for: .touch)
        for (margin, expected) in [(-3.0, GestureOutcome.snappedBack), (3.0, Self.config.allows(d) ? .thrown : .snappedBack)] {
            let s = scene(.swipe, count: 10, at: 0)
            let top = s.currentCard!
            let by = d.unit * (Self.thresholds(d).distance + slop + margin)
            let r = flick(s, "\(d) \(margin)") { g, c in g.hold(from: c, by: by, for: 0.2) }
            #expect(r.outcome == expected, "\(d) at \(margin) pt: \(r.events.map(\.brief))")
            #expect(r.deleted == (expected == .thrown ? [top] : []))
        }
    }

    // MARK: - Tilt

    @Test("the dragged card tilts with its horizontal offset; grabbed in its lower half, the other way")
    func tiltSignByGrabHalf() {
        var signs: [Double] = []
        for dy in [-0.25, 0.25] {
            let s = scene(.swipe, count: 5, at: 0)
            let top = s.currentCard!
            let home = s.renderList.last!.center
            var g = script(after: s)
            let start = Point(x: home.x, y: home.y + dy * Self.card.height)
            g.down(at: start)
            g.wait(0.02)
            for k in 1...10 { g.move(to: start + Vector(dx: 8 * Double(k), dy: 0)); g.wait(0.016) }
            _ = drive(s, g.steps, schedule: .hz(60), until: g.time)
            let a = s.renderList.first { $0.card == top }!
            let angle = Elementary.atan2(y: a.transform.b, x: a.transform.a)
            signs.append(angle)
            // Up to maxTilt at one card width: here about 72 pt of a 312 pt card.
            #expect(abs(angle) > 0.01 && abs(angle) <= Self.config.maxTilt + 1e-12)
        }
        #expect(signs[0] > 0 && signs[1] < 0, "upper half \(signs[0]) rad, lower half \(signs[1]) rad")
        #expect(abs(signs[0] + signs[1]) < 1e-9)
    }

    // MARK: - The card beneath, the label

    @Test("the card beneath grows to full size as the top card moves away, and the label fades in")
    func beneathGrowsAndLabelFades() {
        let s = scene(.swipe, count: 5, at: 0)
        let next = s.deck.id(at: 1)
        var g = script(after: s)
        let c = s.renderList.last!.center
        g.down(at: c)
        g.wait(0.02)
        var scales: [Double] = [], opacities: [Double] = []
        var steps = g.steps
        _ = drive(s, steps, schedule: .hz(60), until: g.time)
        for k in 1...40 {
            g = GestureScript(startTime: s.time + 0.016)
            g.move(to: c + Vector(dx: 8 * Double(k), dy: 0))
            steps = g.steps
            _ = drive(s, steps, schedule: .hz(60), until: g.time)
            let a = s.renderList.first { $0.card == next }!
            scales.append((a.transform.a * a.transform.a + a.transform.b * a.transform.b).squareRoot())
            opacities.append(s.directionLabel.map { $0.label == "like" && $0.direction == .right ? $0.opacity : -1 } ?? 0)
        }
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "\(scales)")
        #expect(scales.first! < 0.96 && abs(scales.last! - 1) < 1e-9)
        #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "\(opacities)")
        #expect(opacities.contains { $0 > 0.3 && $0 < 0.9 } && opacities.last == 1)
    }

    // MARK: - Undo from the side it left

    @Test("undo brings the last card back from the side it left", arguments: [ThrowDirection.left, .right, .up])
    func undoFromTheSideItLeft(_ d: ThrowDirection) throws {
        let s = scene(.swipe, count: 6, at: 0)
        let top = s.currentCard!
        let home = s.renderList.last!.center
        let r = flick(s, "fling \(d)") { g, c in g.fling(from: c, by: d.unit * 160, speed: 1400) }
        #expect(r.outcome == .thrown && r.deleted == [top])
        #expect(s.perform(.undo, at: s.time + 0.1) == .done)
        s.advance(to: s.time + 0.02)
        // Still off screen, on the side it left by: its offset from home points that way.
        let away = try #require(s.motions.first { $0.card == top }).offset(at: s.time)
        #expect(away.dx * d.unit.dx + away.dy * d.unit.dy > 100, "\(d): coming back from \(away)")
        advanceToRest(s)
        #expect(s.currentCard == top && s.events.contains { if case .restored(_, top, 0) = $0 { return true }; return false })
        #expect(abs(s.renderList.last!.center.x - home.x) < 1e-9 && s.renderList.last!.card == top)
    }

    // MARK: - Keys

    @Test("arrow-key throws go their way; a way the deck does not throw changes nothing")
    func keyThrows() {
        let s = scene(.swipe, count: 6, at: 0)
        #expect(s.keyThrowDirections == [.left, .right, .up])
        #expect(s.perform(.throwDown, at: s.time + 0.1) == .unchanged)
        for (command, d) in [(CardScene.Command.throwLeft, ThrowDirection.left), (.throwRight, .right), (.throwUp, .up)] {
            let top = s.currentCard!
            let home = s.renderList.last!.center
            #expect(s.perform(command, at: s.time + 0.1) == .done)
            s.advance(to: s.time + 0.05)
            let a = s.renderList.first { $0.card == top }!
            let moved = a.center - home
            #expect(moved.dx * d.unit.dx + moved.dy * d.unit.dy > 10, "\(command): \(moved)")
            advanceToRest(s)
            #expect(!s.deck.contains(top))
        }
        // Seeds do not throw by arrow.
        let now = scene(.now)
        #expect(now.keyThrowDirections.isEmpty && now.perform(.throwLeft, at: now.time + 0.1) == .unchanged)
    }

    @Test("the last card can be thrown: an empty deck, then undo and reset work")
    func emptyDeck() {
        let s = scene(.swipe, count: 3, at: 0)
        for _ in 0..<3 {
            #expect(s.perform(.throwLeft, at: s.time + 0.1) == .done)
            advanceToRest(s)
        }
        #expect(s.deck.count == 0 && s.currentIndex == nil && s.renderList.isEmpty && s.isAtRest)
        #expect(s.perform(.undo, at: s.time + 0.1) == .done)
        advanceToRest(s)
        #expect(s.deck.count == 1 && s.currentCard == CardID(2))
        #expect(s.perform(.reset, at: s.time + 0.1) == .done)
        #expect(s.deck.count == 3 && s.currentCard == CardID(0))
    }

    // MARK: - Lock

    @Test("with lockToAllowed, the card never moves toward a way it cannot leave by")
    func lockToAllowed() {
        var config = SceneConfig()
        config.swipe.lockToAllowed = true
        let s = CardScene(interaction: .swipe, count: 4, viewport: .phone, config: config)
        s.advance(to: 0.5)
        let top = s.currentCard!
        let home = s.renderList.last!.center
        var g = script(after: s)
        g.down(at: home)
        g.wait(0.02)
        for k in 1...10 { g.move(to: home + Vector(dx: 2, dy: 12 * Double(k))); g.wait(0.016) }
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time)
        #expect(s.renderList.first { $0.card == top }!.center.y <= home.y + 1e-9)
    }

    // MARK: - The record

    @Test("gesture_ended of a throw carries its direction, name and fractions; older lines still read")
    func verdictInTheLog() throws {
        let s = scene(.swipe, count: 5, at: 0)
        var g = script(after: s)
        g.fling(from: s.viewport.centre, by: Vector(dx: 160, dy: 0), speed: 1400)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time)
        let logged = s.loggedEvents
        let ended = try #require(logged.first { $0.event.name == "gesture_ended" })
        let r = try #require(ended.release)
        #expect(r.direction == .right && r.label == "like" && r.speedFraction > 1)
        #expect(abs(r.distanceFraction - 152 / (0.4 * Self.card.width)) < 0.05)
        let data = try JSONEncoder().encode(ended)
        let line = String(decoding: data, as: UTF8.self)
        #expect(line.contains("\"direction\":\"right\"") && line.contains("\"label\":\"like\""))
        #expect(try JSONDecoder().decode(LoggedSceneEvent.self, from: data) == LoggedSceneEvent(
            ended.event, release: ReleaseRecord(direction: .right, label: "like",
                                                distanceFraction: (r.distanceFraction * 1e6).rounded() / 1e6,
                                                speedFraction: (r.speedFraction * 1e6).rounded() / 1e6)))
        // A line written before the fields existed.
        let old = #"{"event":"gesture_ended","kind":"card","outcome":"thrown","t":3.104,"translation":[2,-140],"velocity":[30.5,-1620.25]}"#
        let read = try JSONDecoder().decode(LoggedSceneEvent.self, from: Data(old.utf8))
        #expect(read.release == nil && read.event.name == "gesture_ended")
        // Every other event has no verdict.
        #expect(logged.filter { $0.event.name != "gesture_ended" }.allSatisfy { $0.release == nil })
    }
}

/// Undo after an interaction switch brings a card back from the side it left (the switch used to
/// forget where each thrown card went, and it came back from the left edge).
@Suite struct UndoSideAcrossSwitchTests {
    @Test(arguments: [Interaction.swipe, .stack])
    func aCardThrownUpComesBackFromTheTopAfterASwitch(_ switchTo: Interaction) {
        let viewport = Size(width: 390, height: 844)
        let scene = CardScene(interaction: .swipe, count: 5, viewport: viewport, time: 0)
        scene.advance(to: 0.1)
        let top = scene.currentCard!
        scene.perform(.throwUp, at: 0.2)
        var t = 0.2
        while t < 3 { t += 1.0 / 60; scene.advance(to: t) }
        #expect(scene.events.contains { if case .deleted(_, let c, _) = $0 { c == top } else { false } })
        scene.setInteraction(switchTo, at: t)
        if switchTo != .swipe { scene.setInteraction(.swipe, at: t + 0.01) }
        let undo = scene.perform(.undo, at: t + 0.05)
        #expect(undo == .done, "\(undo)")
        // Part way home (the flight takes the undo flight's time from off the stage).
        scene.advance(to: t + 0.05 + 0.15)
        let card = scene.renderList.first { $0.card == top }
        #expect(card != nil, "the undone card is drawn on its way back")
        // Coming back from above: centred across, above the middle; not from the left edge.
        if let c = card?.center {
            #expect(c.y < viewport.height / 2 - 50 && abs(c.x - viewport.width / 2) < 30, "centre \(c)")
        }
    }
}
