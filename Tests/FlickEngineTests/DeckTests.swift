import Testing
@testable import FlickEngine

/// Every id of `deck` in order.
func allIDs(_ deck: Deck) -> [CardID] { (0..<deck.count).map { deck.id(at: $0) } }

/// Checks the deck against a plain array model: same order, and index(of:) agrees everywhere.
func expectMatches(_ deck: Deck, _ model: [CardID], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(deck.count == model.count, sourceLocation: sourceLocation)
    #expect(allIDs(deck) == model, sourceLocation: sourceLocation)
    for (i, c) in model.enumerated() where deck.index(of: c) != i {
        Issue.record("index(of: \(c)) = \(String(describing: deck.index(of: c))), expected \(i)", sourceLocation: sourceLocation)
        return
    }
}

@Suite struct DeckTests {
    static let sizes = [0, 1, 2, 3, 4, 5, 50]
    /// Every (size, deletion index) pair for the sizes above.
    static let deletions: [(Int, Int)] = sizes.flatMap { n in (0..<n).map { (n, $0) } }

    @Test func freshDeckHasSequentialIDs() {
        let deck = Deck(count: 5)
        #expect(allIDs(deck) == (0..<5).map(CardID.init))
        #expect(deck.index(of: CardID(3)) == 3)
        #expect(deck.index(of: CardID(5)) == nil)
        #expect(deck.index(of: CardID(-1)) == nil)
        #expect(deck.card(at: 5) == nil)
        #expect(Deck(count: 0).isEmpty)
        #expect(Deck(count: -3).count == 0)
    }

    @Test(arguments: deletions)
    func deletingKeepsOrderAndUniqueness(size: Int, index: Int) {
        var deck = Deck(count: size)
        var model = allIDs(deck)
        let removed = deck.delete(at: index)
        #expect(removed == model.remove(at: index))
        expectMatches(deck, model)
        #expect(Set(allIDs(deck)).count == deck.count)
        #expect(!deck.contains(removed))
        // Undo brings the same card back at the same index.
        let back = deck.undoLastDeletion()
        #expect(back == Deck.Deletion(card: removed, index: index))
        expectMatches(deck, (0..<size).map(CardID.init))
        #expect(deck.undoLastDeletion() == nil)
    }

    @Test(arguments: sizes)
    func newIDsAreNeverReused(size: Int) {
        var deck = Deck(count: size)
        var seen = Set(allIDs(deck))
        for i in 0..<size { _ = i; deck.delete(at: 0) }
        for j in 0..<10 {
            let c = deck.insert(at: j % 3)
            #expect(!seen.contains(c))
            seen.insert(c)
        }
        deck.reset()
        let fresh = deck.insert(at: 0)
        #expect(!seen.contains(fresh))
        deck.replaceAll(count: 3)
        #expect(allIDs(deck).allSatisfy { !seen.contains($0) && $0 != fresh })
        #expect(deck.index(of: CardID(0)) == nil || size == 0)
    }

    @Test func undoRestoresInReverseOrder() {
        var deck = Deck(count: 6)
        deck.delete(at: 1)      // 0 2 3 4 5
        deck.delete(at: 3)      // 0 2 3 5   (card 4 was at 3)
        #expect(allIDs(deck).map(\.value) == [0, 2, 3, 5])
        #expect(deck.undoLastDeletion() == Deck.Deletion(card: CardID(4), index: 3))
        #expect(deck.undoLastDeletion() == Deck.Deletion(card: CardID(1), index: 1))
        #expect(allIDs(deck).map(\.value) == [0, 1, 2, 3, 4, 5])
        #expect(!deck.canUndo)
    }

    @Test func undoClampsWhenTheDeckShrankSinceTheDeletion() {
        var deck = Deck(count: 6)
        deck.delete(at: 4)                 // card 4 was at index 4
        deck.undoLimit = 0                 // the next deletions are not remembered
        deck.delete(at: 0); deck.delete(at: 0); deck.delete(at: 0)   // [3, 5]
        deck.undoLimit = 256
        #expect(deck.undoLastDeletion() == Deck.Deletion(card: CardID(4), index: 2))
        #expect(allIDs(deck).map(\.value) == [3, 5, 4])
    }

    @Test func undoForgetsTheOldestBeyondTheLimit() {
        var deck = Deck(count: 6)
        deck.undoLimit = 2
        deck.delete(at: 0); deck.delete(at: 0); deck.delete(at: 0)   // 0, 1, 2 gone
        #expect(deck.deletions.map(\.card.value) == [1, 2])
        _ = deck.undoLastDeletion(); _ = deck.undoLastDeletion()
        #expect(deck.undoLastDeletion() == nil)
        #expect(allIDs(deck).map(\.value) == [1, 2, 3, 4, 5])
    }

    @Test func leavingCardsAreSafeFromSecondFlicksAndQueuedDeletions() {
        var deck = Deck(count: 5)
        let card = deck.id(at: 2)
        let first = deck.markLeaving(card), second = deck.markLeaving(card)
        #expect(first && !second)                     // second fast flick: ignored
        let own = deck.enqueue(.delete(card))         // its own flight will delete it
        let other = deck.enqueue(.delete(deck.id(at: 3)))
        let twice = deck.enqueue(.delete(deck.id(at: 3)))   // queued twice: once
        let insert = deck.enqueue(.insert(at: 0))
        #expect(!own && other && !twice && insert)
        // The flight ends: the scene deletes the card itself.
        #expect(deck.delete(card) == 2)
        #expect(!deck.isLeaving(card))
        #expect(deck.delete(card) == nil)              // idempotent
        let applied = deck.applyQueued()
        #expect(applied == [.deleted(CardID(3), index: 2), .inserted(CardID(5), index: 0, cause: .api)])
        #expect(allIDs(deck).map(\.value) == [5, 0, 1, 4])
        #expect(!deck.hasQueuedChanges)
    }

    @Test func queuedDeletionOfACardThatStartedLeavingOrWentIsDropped() {
        var deck = Deck(count: 4)
        let a = CardID(1), b = CardID(2)
        let qa = deck.enqueue(.delete(a)), qb = deck.enqueue(.delete(b))
        #expect(qa && qb)
        deck.markLeaving(a)          // flicked after the deletion was queued
        deck.delete(b)               // deleted by something else meanwhile
        let applied = deck.applyQueued()
        #expect(applied == [.dropped(.delete(a)), .dropped(.delete(b))])
        #expect(allIDs(deck).map(\.value) == [0, 1, 3])
        #expect(deck.isLeaving(a))
    }

    @Test func resetRestoresTheOriginalCards() {
        var deck = Deck(count: 4)
        deck.delete(at: 1)
        deck.insert(at: 0)
        deck.markLeaving(deck.id(at: 0))
        deck.enqueue(.insert(at: 0))
        deck.reset()
        #expect(allIDs(deck).map(\.value) == [0, 1, 2, 3])
        #expect(!deck.canUndo && !deck.hasQueuedChanges && deck.leaving.isEmpty)
        #expect(deck.index(of: CardID(4)) == nil)
        #expect(deck.insert(at: 4) == CardID(5))
    }

    /// Random inserts, deletions (by index and id) and undos against an array model, on a deck
    /// big enough to split, drain and recycle many 512-id chunks.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomEditsMatchAnArrayModel(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var deck = Deck(count: 1500)
        var model = allIDs(deck)
        var history: [(CardID, Int)] = []
        for step in 0..<6000 {
            let r = Int.random(in: 0..<10, using: &rng)
            if r < 4, !model.isEmpty {
                let i = Int.random(in: 0..<model.count, using: &rng)
                #expect(deck.delete(at: i) == model[i])
                history.append((model.remove(at: i), i))
            } else if r < 5, !model.isEmpty {
                let c = model[Int.random(in: 0..<model.count, using: &rng)]
                let i = model.firstIndex(of: c)!
                #expect(deck.delete(c) == i)
                model.remove(at: i)
                history.append((c, i))
            } else if r < 8 {
                let i = Int.random(in: 0...model.count, using: &rng)
                let c = deck.insert(at: i)
                #expect(!model.contains(c))
                model.insert(c, at: i)
                // The history follows the insertion back through each deletion, newest first,
                // so an undo lands beside the neighbours the card had (see `Deck.insert`).
                var at = i
                for k in history.indices.reversed() {
                    if at <= history[k].1 { history[k].1 += 1 } else { at += 1 }
                }
            } else if let (c, i) = history.popLast() {
                let back = deck.undoLastDeletion()
                #expect(back?.card == c)
                model.insert(c, at: min(i, model.count))
            }
            if step % 500 == 0 { expectMatches(deck, model) }
        }
        expectMatches(deck, model)
    }

    /// A million cards: creation writes two flat arrays, and every edit touches one chunk.
    /// (No timing assertion; see the report for release-mode numbers.)
    @Test func aMillionCards() {
        var deck = Deck(count: 1_000_000)
        #expect(deck.count == 1_000_000)
        #expect(deck.id(at: 999_999) == CardID(999_999))
        #expect(deck.delete(at: 0) == CardID(0))
        #expect(deck.delete(at: 500_000) == CardID(500_001))
        #expect(deck.id(at: 0) == CardID(1))
        #expect(deck.index(of: CardID(999_999)) == 999_997)
        #expect(deck.undoLastDeletion()?.index == 500_000)
        #expect(deck.undoLastDeletion()?.index == 0)
        #expect(deck.id(at: 500_001) == CardID(500_001))
        let c = deck.insert(at: 700_000)
        #expect(c == CardID(1_000_000))
        #expect(deck.index(of: c) == 700_000)
        #expect(deck.id(at: 700_001) == CardID(700_000))
        #expect(deck.count == 1_000_001)
    }
}
