import FlickEngineTesting
import Testing
@testable import FlickEngine

/// `Interaction.verdict` decides a logged release again from its translation and velocity: for a
/// log written before the verdict was logged. It must give what the scene logged for the same
/// release, in every interaction, thrown or not.
@Suite struct VerdictTests {
    /// A card drag of `by` points in 10 steps of 10 ms from the middle of the phone.
    func release(_ interaction: Interaction, by d: Vector) -> (SceneEvent, ReleaseRecord)? {
        let scene = CardScene(interaction: interaction, count: 10, viewport: .phone, time: 0)
        let start = Point(x: 195, y: 422)
        var t = 0.1
        _ = scene.handle(PointerEvent(phase: .down, position: start, time: t))
        for k in 1...10 {
            t += 0.01
            let f = Double(k) / 10
            _ = scene.handle(PointerEvent(phase: .move, position: Point(x: start.x + d.dx * f, y: start.y + d.dy * f), time: t))
        }
        _ = scene.handle(PointerEvent(phase: .up, position: Point(x: start.x + d.dx, y: start.y + d.dy), time: t))
        for logged in scene.loggedEvents {
            if case .gestureEnded(_, .card, _, _, _, _) = logged.event, let r = logged.release { return (logged.event, r) }
        }
        return nil
    }

    @Test(arguments: [
        (Interaction.now, Vector(dx: 60, dy: 0)), (.now, Vector(dx: -200, dy: 0)),
        (.switcher, Vector(dx: 0, dy: -40)), (.switcher, Vector(dx: 0, dy: -300)),
        (.carousel, Vector(dx: 0, dy: -50)), (.carousel, Vector(dx: 0, dy: -260)),
        (.stack, Vector(dx: -30, dy: 0)), (.stack, Vector(dx: -180, dy: 0)),
        (.swipe, Vector(dx: 40, dy: 5)), (.swipe, Vector(dx: -190, dy: 10)), (.swipe, Vector(dx: 3, dy: -220)),
    ])
    func theRuleDecidesALoggedReleaseAsTheSceneDid(_ interaction: Interaction, _ d: Vector) throws {
        let (event, logged) = try #require(release(interaction, by: d), "no card release")
        guard case .gestureEnded(_, let kind, let translation, let velocity, _, _) = event else { return }
        let again = try #require(interaction.verdict(kind: kind, translation: translation, velocity: velocity,
                                                     config: SceneConfig(), viewport: .phone))
        #expect(again.direction == logged.direction)
        #expect(again.label == logged.label)
        #expect(abs(again.distanceFraction - logged.distanceFraction) < 1e-9)
        #expect(abs(again.speedFraction - logged.speedFraction) < 1e-9)
    }

    @Test func scrollsAndTapsHaveNoVerdict() {
        #expect(Interaction.now.verdict(kind: .scroll, translation: Vector(dx: 0, dy: 50), velocity: .zero,
                                        config: SceneConfig(), viewport: .phone) == nil)
        #expect(Interaction.stack.verdict(kind: .tap, translation: .zero, velocity: .zero,
                                          config: SceneConfig(), viewport: .phone) == nil)
    }
}
