import Testing
@testable import FlickEngine

/// `currentCard` never names a card that is leaving a depth stack: once a throw starts, the
/// current card is the one beneath, as a press there would take; in a row the thrown card
/// stays current until it is deleted and the gap closes.
@Suite struct CurrentCardTests {
    /// Throws the top card by key at `t` and returns the scene mid-flight.
    static func midThrow(_ interaction: Interaction, _ command: CardScene.Command) -> (CardScene, CardID?) {
        let scene = CardScene(interaction: interaction, count: 4, viewport: .phone, time: 0)
        let before = scene.currentCard
        _ = scene.perform(command, at: 0.1)
        _ = scene.advance(to: 0.15)
        return (scene, before)
    }

    @Test("stack and swipe: mid-throw the current card is the first that stays", arguments: [
        (Interaction.stack, CardScene.Command.throwCurrent), (.swipe, .throwRight),
    ])
    func depthStacksSkipTheLeavingCard(_ interaction: Interaction, _ command: CardScene.Command) throws {
        let (scene, before) = Self.midThrow(interaction, command)
        let thrown = try #require(before)
        #expect(scene.deck.isLeaving(thrown), "the throw is still in flight at 0.15 s")
        #expect(scene.currentCard != thrown)
        #expect(scene.currentCard == scene.deck.id(at: 1), "the card beneath is current")
        #expect(scene.currentIndex == 1)
        let rest = Self.advanceToRestTime(scene)
        #expect(!scene.deck.contains(thrown), "gone at \(rest)")
        #expect(scene.currentCard == scene.deck.id(at: 0))
    }

    @Test("carousel: the thrown card stays current in its place until the gap closes")
    func rowKeepsTheLeavingCard() throws {
        let (scene, before) = Self.midThrow(.carousel, .throwCurrent)
        let thrown = try #require(before)
        #expect(scene.deck.isLeaving(thrown))
        #expect(scene.currentCard == thrown)
    }

    static func advanceToRestTime(_ scene: CardScene) -> Double {
        var t = scene.time
        while !scene.isAtRest && t < 10 { t += 1.0 / 60; _ = scene.advance(to: t) }
        return t
    }
}
