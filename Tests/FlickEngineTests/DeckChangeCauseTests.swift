import FlickEngineTesting
import Testing
@testable import FlickEngine

/// Each deck change is logged with the cause its own input gave, whatever came before it: a
/// facilitator's key throw, then the participant's fling, an undo by key, the facilitator's
/// new deck and a plain reset, interleaved on one stack.
@Suite struct DeckChangeCauseTests {
    static func changes(_ scene: CardScene) -> [String] {
        scene.loggedEvents.compactMap { logged in
            let cause = logged.origin.map { "\($0.cause)" } ?? "-"
            switch logged.event {
            case .deleted, .restored, .inserted, .reset: return "\(logged.event.name) \(cause)"
            default: return nil
            }
        }
    }

    @Test func everyDeckChangeHasItsOwnInputsCause() {
        let scene = CardScene(interaction: .stack, count: 6, viewport: .phone, time: 0)
        scene.perform(.throwCurrent, at: 0.1, cause: .facilitator)
        advanceToRest(scene)
        // The participant flings the top card away.
        var script = GestureScript(after: scene)
        let centre = Point(x: Size.phone.width / 2, y: Size.phone.height / 2)
        script.fling(from: centre, by: Vector(dx: -300, dy: 0), speed: 2500)
        for step in script.steps { step.apply(to: scene) }
        advanceToRest(scene)
        scene.perform(.undo, at: scene.time + 0.1, cause: .key)
        advanceToRest(scene)
        scene.insert(at: 0, time: scene.time + 0.1, cause: .folder)
        advanceToRest(scene)
        scene.replaceCards(count: 3, at: scene.time + 0.1, cause: .facilitator)
        advanceToRest(scene)
        scene.perform(.reset, at: scene.time + 0.1)
        advanceToRest(scene)
        scene.commit()
        #expect(Self.changes(scene) == ["deleted facilitator", "deleted pointer", "restored key", "inserted folder",
                                        "reset facilitator", "reset command"])
    }

    /// Changes that wait for a throw to land keep each its own cause: two undos and two inserts
    /// of different causes queued behind one flight.
    @Test func queuedChangesKeepTheirOwnCauses() {
        let scene = CardScene(interaction: .stack, count: 6, viewport: .phone, time: 0)
        scene.perform(.throwCurrent, at: 0.1, cause: .key)
        advanceToRest(scene)
        let t = scene.time + 0.1
        scene.perform(.throwCurrent, at: t, cause: .facilitator)
        #expect(scene.perform(.undo, at: t + 0.01, cause: .key) == .queued)
        scene.insert(at: 0, time: t + 0.02, cause: .folder)
        scene.insert(at: 1, time: t + 0.03, cause: .api)
        #expect(scene.perform(.undo, at: t + 0.04, cause: .facilitator) == .queued)
        advanceToRest(scene)
        scene.commit()
        #expect(Self.changes(scene) == ["deleted key", "deleted facilitator", "restored key", "restored facilitator",
                                        "inserted folder", "inserted api"])
    }
}
