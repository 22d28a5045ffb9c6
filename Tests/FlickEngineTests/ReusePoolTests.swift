import Testing
@testable import FlickEngine

/// Records every reset-hook call, so tests can see which slot changed card when.
final class ResetLog {
    var calls: [(slot: Int, previous: CardID?, card: CardID)] = []
}

@Suite struct ReusePoolTests {
    func ids(_ values: [Int]) -> [CardID] { values.map(CardID.init) }

    @Test func freedSlotsAreRecycledLastInFirstOut() {
        let log = ResetLog()
        var pool = ReusePool(capacity: 4) { log.calls.append(($0, $1, $2)) }
        #expect(pool.checkOut(CardID(1)) == 0)
        #expect(pool.checkOut(CardID(2)) == 1)
        #expect(pool.checkOut(CardID(3)) == 2)
        #expect(pool.checkOut(CardID(1)) == 0)       // already has one: same slot
        pool.checkIn(CardID(1))
        pool.checkIn(CardID(3))
        #expect(pool.liveCount == 1)
        #expect(pool.isConsistent())
        #expect(pool.checkOut(CardID(7)) == 2)       // most recently freed first
        #expect(pool.checkOut(CardID(8)) == 0)
        #expect(pool.slotCount == 3)
        #expect(pool.reuseCount == 2)
        #expect(pool.isConsistent())
        // The hook saw three new slots, then two reuses naming the card each slot drew before.
        #expect(log.calls.count == 5)
        #expect(log.calls[3].slot == 2 && log.calls[3].previous == CardID(3) && log.calls[3].card == CardID(7))
        #expect(log.calls[4].slot == 0 && log.calls[4].previous == CardID(1) && log.calls[4].card == CardID(8))
        pool.checkInAll()
        #expect(pool.liveCount == 0 && pool.isConsistent())
    }

    @Test func reuseIdentifiersKeepTheirOwnSlots() {
        var pool = ReusePool()
        let a = pool.checkOut(CardID(1), reuseIdentifier: "photo")
        let b = pool.checkOut(CardID(2), reuseIdentifier: "text")
        pool.checkIn(CardID(1))
        // A "text" card must not get the freed "photo" view.
        let c = pool.checkOut(CardID(3), reuseIdentifier: "text")
        #expect(c != a && c != b)
        #expect(pool.reuseIdentifier(ofSlot: c) == "text")
        let d = pool.checkOut(CardID(4), reuseIdentifier: "photo")
        #expect(d == a)
        #expect(pool.isConsistent())
    }

    @Test func reconcileKeepsStayingCardsOnTheirSlots() {
        var pool = ReusePool()
        var slots: [Int] = []
        pool.reconcile(visible: ids([10, 11, 12]), slots: &slots)
        #expect(slots == [0, 1, 2])
        // 10 scrolls out, 13 scrolls in: 13 takes 10's slot in the same frame.
        pool.reconcile(visible: ids([11, 12, 13]), slots: &slots)
        #expect(slots == [1, 2, 0])
        #expect(pool.slotCount == 3 && pool.liveCount == 3)
        // Order changes do not move slots; a card listed twice shares one.
        pool.reconcile(visible: ids([13, 11, 13]), slots: &slots)
        #expect(slots == [0, 1, 0])
        #expect(pool.liveCount == 2)
        #expect(pool.isConsistent())
        pool.reconcile(visible: [], slots: &slots)
        #expect(slots.isEmpty && pool.liveCount == 0 && pool.isConsistent())
    }

    @Test func reconcileWritesSlotsIntoLayoutOutput() {
        var pool = ReusePool()
        var frame = [10, 11].map {
            CardAttributes(card: CardID($0), index: $0, size: Size(width: 1, height: 1), transform: .identity,
                           alpha: 1, zIndex: 0)
        }
        pool.reconcile(&frame)
        #expect(frame.map(\.slot) == [0, 1])
        #expect(pool.slot(for: CardID(11)) == 1)
        #expect(pool.card(inSlot: 0) == CardID(10))
        #expect(pool.card(inSlot: 9) == nil)
    }

    /// Scrolling a 50-card deck end to end in every layout, with a card flying off: the pool
    /// never makes more views than the interaction's `viewCount`, every slot is held by one card
    /// at a time, and a card keeps its slot for as long as it stays visible.
    @Test(arguments: Interaction.allCases)
    func scrollingStaysWithinTheViewBound(kind: Interaction) {
        let layout = kind.layout
        let viewport = Size(width: 400, height: 800)
        let deck = Deck(count: 50)
        var pool = ReusePool(capacity: 8)
        var frame: [CardAttributes] = []
        frame.reserveCapacity(16)
        var previous: [CardID: Int] = [:]
        let range = layout.scrollBounds(count: 50, viewport: viewport)
        let lo = range.lowerBound.isFinite ? range.lowerBound : 0
        let hi = range.upperBound.isFinite ? range.upperBound : layout.pitch(viewport: viewport) * 60
        let steps = 2000
        for step in 0...steps {
            let position = lo + (hi - lo) * Double(step) / Double(steps)
            var input = LayoutInput(position: position, viewport: viewport)
            // The current card is being thrown, halfway out.
            if let current = layout.currentIndex(position: position, count: 50, viewport: viewport) {
                input.overrides.set(CardOverride(index: current, offset: kind.halfThrowOffset(viewport)))
            }
            layout.layout(input, cards: deck, into: &frame)
            pool.reconcile(&frame)
            #expect(pool.slotCount <= kind.viewCount, "\(kind) at \(position): \(pool.slotCount) views")
            #expect(Set(frame.map(\.slot)).count == frame.count)
            var now: [CardID: Int] = [:]
            for a in frame {
                now[a.card] = a.slot
                if let before = previous[a.card] { #expect(before == a.slot) }
            }
            previous = now
        }
        #expect(pool.isConsistent())
    }
}
