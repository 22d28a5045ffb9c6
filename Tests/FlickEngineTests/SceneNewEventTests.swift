import Testing
@testable import FlickEngine

/// The deck and mode changes that have their own events: insert, reset, interaction switch.
@Suite struct SceneNewEventTests {
    @Test("an insert from the API is announced with its card and index", arguments: Interaction.allCases)
    func insertIsAnnounced(_ i: Interaction) {
        let s = CardScene(interaction: i, count: 10, viewport: .phone)
        s.insert(at: 3, time: 0.5)
        #expect(s.events == [.inserted(time: 0.5, card: CardID(10), index: 3)])
        #expect(s.deck.id(at: 3) == CardID(10) && s.deck.count == 11)
    }

    @Test("reset is announced", arguments: Interaction.allCases)
    func resetIsAnnounced(_ i: Interaction) {
        let s = CardScene(interaction: i, count: 10, viewport: .phone)
        s.perform(.reset, at: 0.25)
        #expect(s.events == [.reset(time: 0.25)])
    }

    @Test("an interaction switch is announced with both names; showing the same one says nothing")
    func interactionChangeIsAnnounced() {
        let s = CardScene(interaction: .now, count: 10, viewport: .phone)
        s.setInteraction(.stack, at: 0.5)
        s.setInteraction(.stack, at: 0.75)
        #expect(s.events == [.interactionChanged(time: 0.5, from: .now, to: .stack)])
        #expect(s.events.map(\.name) == ["interaction_changed"])
    }
}
