import FlickEngine
import FlickSession
import Testing

/// Repeated attempts, attempts per throw and undone throws on crafted gestures whose answer is
/// known by construction.
@Suite struct AttemptsTests {
    static func drag(_ card: Int?, _ start: Double, _ end: Double, _ outcome: GestureOutcome,
                     kind: GestureKind = .card) -> Gesture {
        Gesture(session: "s", interaction: .stack, kind: kind, card: card.map { CardID($0) }, start: start, end: end,
                translation: Vector(dx: 10, dy: 0), velocity: .zero, outcome: outcome)
    }

    @Test func retriesWithinTwoSecondsChainOnTheSameCard() {
        let gestures = [
            Self.drag(1, 0.0, 0.3, .snappedBack),   // 0: failed, retried by 1 (gap 1.0 s)
            Self.drag(1, 1.3, 1.6, .snappedBack),   // 1: failed, retried by 3 (gap 1.9 s; 2 is another card)
            Self.drag(2, 2.0, 2.2, .thrown),        // 2: card 2 thrown at the first try
            Self.drag(1, 3.5, 3.8, .thrown),        // 3: card 1 thrown at the third attempt
            Self.drag(4, 5.0, 5.2, .snappedBack),   // 4: failed, next drag on card 4 is 2.5 s later: not repeated
            Self.drag(4, 7.7, 8.0, .thrown),        // 5: a new chain
            Self.drag(5, 9.0, 9.1, .paged, kind: .scroll), // 6: not a card drag
            Self.drag(6, 10.0, 10.2, .snappedBack), // 7: never retried
        ]
        let a = Attempts(gestures: gestures, undos: [])
        #expect(a.repeated == [0, 1])
        #expect(a.cardDrags == 7)
        #expect(a.failedDrags == 4)
        #expect(a.throwCount == 3)
        #expect(a.attemptsPerThrow == [3, 1, 1])
        #expect(a.chains.map(\.gestures) == [[0, 1, 3], [2], [4], [5], [7]])
        #expect(a.attemptNumber[3] == 3 && a.attemptNumber[5] == 1)
        #expect(a.undone.isEmpty)
    }

    @Test func aThrowClosesItsChainAndAnUndoWithinThreeSecondsCounts() {
        let gestures = [
            Self.drag(1, 0.0, 0.2, .thrown),     // deleted at 0.5, undone (Z) 2.6 s later
            Self.drag(1, 3.3, 3.5, .thrown),     // after the undo: a new chain, not a retry; undone 3.1 s after its deletion: too late
            Self.drag(2, 4.0, 4.2, .thrown),     // an undo before its release: not this throw's
        ]
        // Undos as pressed, timed from the deletion each took back.
        let a = Attempts(gestures: gestures, undos: [Undo(t: 3.1, card: CardID(1), decision: 0, after: 2.6),
                                                     Undo(t: 3.9, card: CardID(2), decision: nil, after: nil),
                                                     Undo(t: 6.9, card: CardID(1), decision: 1, after: 3.1)])
        #expect(a.repeated.isEmpty)
        #expect(a.attemptsPerThrow == [1, 1, 1])
        #expect(a.undone.map(\.index) == [0])
        #expect(abs(a.undone[0].after - 2.6) < 1e-12)
    }
}
