import Testing
@testable import FlickEngine

/// A deck trial (what the scene uses to lay out changes it has not committed) rolls the deck
/// back exactly: after random edits in a trial, the deck equals a copy taken before it, in
/// everything it tells and in how it goes on behaving under the same later edits.
struct DeckTrialTests {
    /// Everything a deck tells about itself.
    struct Observed: Equatable, CustomStringConvertible {
        var ids: [Int]
        var count: Int
        var nextID: Int
        var initialCount: Int
        var deletions: [Deck.Deletion]
        var queued: [DeckChange]
        var leaving: [CardID]
        var undoLimit: Int
        /// index(of:) of every id ever handed out (nil when not in the deck).
        var indexOfID: [Int?]

        /// Short, for a failure message (the ids of a large deck would fill pages).
        var description: String {
            "Observed(count \(count), nextID \(nextID), ids hash \(ids.hashValue), "
                + "\(deletions.count) deletions, \(queued.count) queued, \(leaving.count) leaving, "
                + "index hash \(indexOfID.hashValue))"
        }

        init(_ d: Deck) {
            ids = (0..<d.count).map { d.id(at: $0).value }
            count = d.count
            nextID = d.nextID
            initialCount = d.initialCount
            deletions = Array(d.deletions)
            queued = Array(d.queued)
            leaving = Array(d.leaving)
            undoLimit = d.undoLimit
            indexOfID = (0..<d.nextID).map { d.index(of: CardID($0)) }
        }
    }

    /// One random edit of any kind a scene makes (reset and replaceAll rarely).
    static func edit(_ deck: inout Deck, _ rng: inout SplitMix) {
        let r = Int.random(in: 0..<100, using: &rng)
        let someCard = CardID(Int.random(in: 0..<max(1, deck.nextID), using: &rng))
        switch r {
        case 0..<22: deck.insert(at: Int.random(in: 0...deck.count, using: &rng))
        case 22..<42: if deck.count > 0 { deck.delete(at: Int.random(in: 0..<deck.count, using: &rng)) }
        case 42..<50: deck.delete(someCard)
        case 50..<60: deck.undoLastDeletion()
        case 60..<64: deck.restore(someCard, at: Int.random(in: 0...deck.count, using: &rng))
        case 64..<70: deck.markLeaving(someCard)
        case 70..<73: deck.unmarkLeaving(someCard)
        case 73..<80: deck.enqueue(.delete(someCard))
        case 80..<85: deck.enqueue(.insert(at: Int.random(in: 0...deck.count, using: &rng)))
        case 85..<92: deck.applyQueued()
        case 92..<94: deck.undoLimit = Int.random(in: 0...6, using: &rng)
        case 94..<96: deck.reset()
        case 96..<97: deck.replaceAll(count: Int.random(in: 0...1400, using: &rng))
        default:
            // A run of inserts in one place: fills and splits a 512-id chunk.
            let at = Int.random(in: 0...deck.count, using: &rng)
            for _ in 0..<Int.random(in: 1...300, using: &rng) { deck.insert(at: at) }
        }
    }

    @Test(arguments: 0..<60)
    func rollBackRestoresTheDeckExactly(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        var deck = Deck(count: Int.random(in: 0...2600, using: &rng))
        for _ in 0..<Int.random(in: 0..<40, using: &rng) { Self.edit(&deck, &rng) }
        for round in 0..<6 {
            let before = deck
            let seen = Observed(deck)
            deck.beginTrial()
            #expect(deck.isInTrial)
            for _ in 0..<Int.random(in: 1..<25, using: &rng) { Self.edit(&deck, &rng) }
            deck.rollBackTrial()
            #expect(!deck.isInTrial)
            #expect(Observed(deck) == seen, "seed \(seed) round \(round)")
            // And it goes on exactly like the copy taken before the trial.
            var copy = before
            var twin = rng
            for _ in 0..<20 {
                Self.edit(&deck, &rng)
                Self.edit(&copy, &twin)
            }
            #expect(Observed(deck) == Observed(copy), "seed \(seed) round \(round), after the trial")
        }
    }

    /// A deck stays a value: a copy taken in the middle of a trial has its own journal, so
    /// editing or rolling back either one leaves the other as it was.
    @Test func copiesTakenDuringATrialAreIndependent() {
        var deck = Deck(count: 1600)
        let start = Observed(deck)
        deck.beginTrial()
        deck.delete(at: 10)
        deck.insert(at: 700)
        var copy = deck
        let middle = Observed(copy)
        copy.delete(at: 1000)
        copy.rollBackTrial()
        #expect(Observed(copy) == start)
        #expect(Observed(deck) == middle)
        deck.delete(at: 5)
        deck.rollBackTrial()
        #expect(Observed(deck) == start)
        #expect(!deck.isInTrial && !copy.isInTrial)
    }

    /// A trial that changes nothing leaves nothing behind, and one on an empty deck works.
    @Test func emptyTrials() {
        var deck = Deck(count: 0)
        deck.beginTrial()
        deck.insert(at: 0)
        deck.rollBackTrial()
        #expect(deck.count == 0 && deck.nextID == 0)
        deck = Deck(count: 1000)
        let seen = Observed(deck)
        deck.beginTrial()
        deck.rollBackTrial()
        #expect(Observed(deck) == seen)
    }
}
