import Testing
import FlickMath
@testable import FlickEngine

/// What the layout properties need of each interaction. The properties run over
/// `Interaction.allCases`, so a new interaction's layout is held to them the day it is added.
extension Interaction {
    /// This interaction's layout under the default config, as a scene builds it.
    var layout: SceneLayout { rules(SceneConfig()).makeLayout() }

    /// Views the layout may use (visible cards plus the margin for a flying one).
    var viewCount: Int {
        let c = SceneConfig()
        switch self {
        case .now: return c.now.viewCount
        case .switcher: return c.switcher.viewCount
        case .stack: return c.stack.viewCount
        case .carousel: return c.carousel.viewCount
        default: return c.swipe.viewCount
        }
    }

    /// An offset halfway along this interaction's throw.
    func halfThrowOffset(_ viewport: Size) -> Vector {
        switch self {
        case .now: return Vector(dx: 0.75 * NowLayout().cardSize(viewport: viewport).width, dy: 0)
        case .switcher, .carousel: return Vector(dx: 0, dy: -viewport.height / 2)
        case .stack: return StackLayout().thrownOffset(viewport: viewport) * 0.5
        default: return SwipeLayout().thrownOffset(viewport: viewport) * 0.5
        }
    }

    /// Centre of the current card at rest: the depth stacks' top card sits at their home, the
    /// scrolling layouts centre the current card in the viewport.
    func restingCentre(_ viewport: Size) -> Point {
        switch self {
        case .stack: return StackLayout().homeCenter(viewport: viewport)
        case .swipe: return SwipeLayout().homeCenter(viewport: viewport)
        default: return Point(x: viewport.width / 2, y: viewport.height / 2)
        }
    }
}

/// Lays out into a fresh buffer.
func laidOut(_ layout: some CardLayout, _ input: LayoutInput, _ cards: some CardIDSource) -> [CardAttributes] {
    var out: [CardAttributes] = []
    layout.layout(input, cards: cards, into: &out)
    return out
}

func attributes(of index: Int, in frame: [CardAttributes]) -> CardAttributes? {
    frame.first { $0.index == index }
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

@Suite struct LayoutTests {
    let viewport = Size(width: 400, height: 800)

    // MARK: - The formulas at the positions the design names

    @Test func switcherAtProgressPlusAndMinusOne() throws {
        let layout = SwitcherLayout()
        let w = viewport.width
        #expect(layout.pitch(viewport: viewport) == w / 5)
        #expect(layout.pageSize(viewport: viewport) == w / 5)
        let pitch = w / 5
        let out = laidOut(layout, LayoutInput(position: 10 * pitch, viewport: viewport), Deck(count: 50))
        // p = 1: scale 1.03, alpha 1, then x + W/2.2 in the scaled space (1.03 × W/2.2 on screen).
        let right = try #require(attributes(of: 11, in: out))
        #expect(isClose(right.transform.a, 1.03) && isClose(right.transform.d, 1.03))
        #expect(right.alpha == 1)
        #expect(isClose(right.transform.tx, w / 2 + pitch + 1.03 * w / 2.2))
        #expect(isClose(right.transform.ty, viewport.height / 2))
        // p = -1: alpha 0.8, scale 0.97, x + |p| W/15 scaled.
        let left = try #require(attributes(of: 9, in: out))
        #expect(isClose(left.alpha, 0.8))
        #expect(isClose(left.transform.a, 0.97))
        #expect(isClose(left.transform.tx, w / 2 - pitch + 0.97 * w / 15))
        // The centred card is unchanged; cards to the right draw on top.
        let centre = try #require(attributes(of: 10, in: out))
        #expect(centre.transform.isApproximatelyEqual(to: AffineTransform(translationX: w / 2, y: viewport.height / 2)))
        #expect(layout.cardSize(viewport: viewport) == Size(width: 0.72 * w, height: 0.75 * viewport.height))
        let order = out.map(\.index)
        #expect(order.firstIndex(of: 9)! < order.firstIndex(of: 10)! && order.firstIndex(of: 10)! < order.firstIndex(of: 11)!)
        #expect(Set(order).count == order.count)
        #expect(out.count <= SwitcherConfig.default.viewCount)
    }

    @Test func switcherWrapsAndNeverDrawsACardTwice() throws {
        let layout = SwitcherLayout()
        let pitch = layout.pitch(viewport: viewport)
        // Card 0 centred: card 49 sits just left of it (the row is endless).
        let out = laidOut(layout, LayoutInput(position: 0, viewport: viewport), Deck(count: 50))
        #expect(attributes(of: 49, in: out) != nil)
        #expect(try isClose(#require(attributes(of: 49, in: out)).alpha, 0.8))
        // A whole period later draws the same frame.
        let later = laidOut(layout, LayoutInput(position: 50 * pitch, viewport: viewport), Deck(count: 50))
        #expect(zip(out, later).allSatisfy { $0.card == $1.card && $0.transform.isApproximatelyEqual(to: $1.transform, tolerance: 1e-6) })
        for n in 1...7 {
            for step in 0..<40 {
                let few = laidOut(layout, LayoutInput(position: Double(step) * pitch / 7 - 3 * pitch, viewport: viewport), Deck(count: n))
                #expect(Set(few.map(\.card)).count == few.count, "\(n) cards drew one twice")
            }
        }
        #expect(layout.currentIndex(position: -pitch, count: 50, viewport: viewport) == 49)
        #expect(layout.position(ofIndex: 49, count: 50, viewport: viewport, near: 0) == -pitch)
    }

    @Test func carouselAtHalfAPage() throws {
        let layout = CarouselLayout()
        let page = try #require(layout.pageSize(viewport: viewport))
        #expect(page == 0.8 * viewport.width)
        #expect(isClose(layout.cardSize(viewport: viewport).width, 0.9 * page))
        // From page 2 halfway toward page 3: both at scale 0.95, alpha 0.9.
        let out = laidOut(layout, LayoutInput(position: 2.5 * page, viewport: viewport), Deck(count: 10))
        let current = try #require(attributes(of: 2, in: out))
        let neighbour = try #require(attributes(of: 3, in: out))
        #expect(isClose(current.transform.a, 0.95) && isClose(current.alpha, 0.9))
        #expect(isClose(neighbour.transform.a, 0.95) && isClose(neighbour.alpha, 0.9))
        // A quarter page: current 0.975 / 0.95, the neighbour it nears 0.925 / 0.85, the other rests.
        let q = laidOut(layout, LayoutInput(position: 2.25 * page, viewport: viewport), Deck(count: 10))
        let c2 = try #require(attributes(of: 2, in: q)), c3 = try #require(attributes(of: 3, in: q))
        #expect(isClose(c2.transform.a, 0.975) && isClose(c2.alpha, 0.95))
        #expect(isClose(c3.transform.a, 0.925) && isClose(c3.alpha, 0.85))
        // The neighbour it leaves (1.25 pages away, already off screen) stays at rest values.
        #expect(attributes(of: 1, in: q) == nil)
        #expect(isClose(layout.scale(distance: 1.25), 0.9) && isClose(layout.alpha(distance: 1.25), 0.8))
        // At rest the neighbours show at both sides at 0.9 / 0.8, the current card on top.
        let rest = laidOut(layout, LayoutInput(position: 2 * page, viewport: viewport), Deck(count: 10))
        #expect(rest.map(\.index) == [1, 3, 2] || rest.map(\.index) == [3, 1, 2])
        #expect(rest.count <= 4)
    }

    @Test func carouselVerticalDragFades() throws {
        let layout = CarouselLayout()
        var input = LayoutInput(position: 0, viewport: viewport)
        input.overrides.set(CardOverride(index: 0, offset: Vector(dx: 0, dy: -viewport.height / 4)))
        let out = laidOut(layout, input, Deck(count: 3))
        let card = try #require(attributes(of: 0, in: out))
        #expect(isClose(card.alpha, 0.9))              // q = 0.5
        #expect(isClose(card.transform.ty, viewport.height / 4))
        #expect(out.last?.index == 0)                // the dragged card is on top
    }

    @Test func stackAtDepthTwo() throws {
        let layout = StackLayout()
        let out = laidOut(layout, LayoutInput(position: 0, viewport: viewport), Deck(count: 10))
        #expect(out.map(\.index) == [3, 2, 1, 0])    // back to front, four visible
        let top = try #require(attributes(of: 0, in: out))
        let depth2 = try #require(attributes(of: 2, in: out))
        #expect(isClose(depth2.transform.a, 0.9) && depth2.transform.d == 1)
        #expect(depth2.transform.b == 0 && depth2.transform.c == 0)
        #expect(isClose(depth2.transform.ty - top.transform.ty, 30))
        #expect(depth2.transform.tx == top.transform.tx)
    }

    @Test func stackAdvancesContinuouslyAndThrownCardsRestOffScreen() throws {
        let layout = StackLayout()
        let deck = Deck(count: 10)
        let step = layout.positionStep
        #expect(step == DepthStackShape.defaultPositionStep && step == 100)
        // Halfway from top 0 to top 1 (half a step, points): card 1 is at depth 0.5, card 4
        // fades in at the back.
        let half = laidOut(layout, LayoutInput(position: 0.5 * step, viewport: viewport), deck)
        #expect(half.map(\.index) == [4, 3, 2, 1])
        #expect(try isClose(#require(attributes(of: 4, in: half)).alpha, 0.5))
        #expect(try isClose(#require(attributes(of: 1, in: half)).transform.a, 1 - 0.05 * 0.5))
        // The thrown card at its resting offset is wholly off screen, hence not drawn.
        var input = LayoutInput(position: step, viewport: viewport)
        input.overrides.set(CardOverride(index: 0, offset: layout.thrownOffset(viewport: viewport)))
        #expect(attributes(of: 0, in: laidOut(layout, input, deck)) == nil)
        // Pulled halfway back, it is drawn on top and tilted.
        input.overrides.set(CardOverride(index: 0, offset: layout.thrownOffset(viewport: viewport) * 0.3))
        let back = laidOut(layout, input, deck)
        let returning = try #require(back.last)
        #expect(returning.index == 0 && returning.transform.b < 0)
        #expect(layout.scrollBounds(count: 10, viewport: viewport) == 0...(9 * step))
    }

    @Test func nowScalesContinuouslyOverOnePitch() throws {
        let layout = NowLayout()
        let deck = Deck(count: 20)
        let pitch = layout.pitch(viewport: viewport)
        let size = layout.cardSize(viewport: viewport)
        #expect(size == Size(width: viewport.width - 32, height: 0.55 * viewport.height))
        #expect(pitch == size.height + 16)
        let rest = laidOut(layout, LayoutInput(position: 5 * pitch, viewport: viewport), deck)
        let centre = try #require(attributes(of: 5, in: rest))
        #expect(centre.transform.a == 1 && rest.last?.index == 5)
        #expect(isClose(centre.transform.ty, viewport.height / 2))
        #expect(try isClose(#require(attributes(of: 6, in: rest)).transform.a, 0.75))
        #expect(try isClose(#require(attributes(of: 4, in: rest)).transform.a, 0.75))
        // Halfway, both cards are at 0.875; sampled finely, no scale jumps (no pop).
        let half = laidOut(layout, LayoutInput(position: 5.5 * pitch, viewport: viewport), deck)
        #expect(try isClose(#require(attributes(of: 5, in: half)).transform.a, 0.875))
        #expect(try isClose(#require(attributes(of: 6, in: half)).transform.a, 0.875))
        var last: Double?
        for step in 0...200 {
            let s = 5 * pitch + pitch * Double(step) / 200
            let a = try #require(attributes(of: 6, in: laidOut(layout, LayoutInput(position: s, viewport: viewport), deck)))
            if let last { #expect(abs(a.transform.a - last) <= 0.25 / 200 + 1e-12) }
            last = a.transform.a
        }
        #expect(layout.scrollBounds(count: 20, viewport: viewport) == 0...(19 * pitch))
        #expect(layout.pageSize(viewport: viewport) == nil)
        #expect(layout.currentIndex(position: 5.4 * pitch, count: 20, viewport: viewport) == 5)
    }

    @Test func nowDragTiltsWithTheOffset() throws {
        let layout = NowLayout()
        let w = layout.cardSize(viewport: viewport).width
        var input = LayoutInput(position: 0, viewport: viewport)
        input.overrides.set(CardOverride(index: 0, offset: Vector(dx: 0.5 * w, dy: 0)))
        let card = try #require(attributes(of: 0, in: laidOut(layout, input, Deck(count: 3))))
        #expect(isClose(Elementary.atan2(y: card.transform.b, x: card.transform.a), 0.5 * Double.pi / 20))
        #expect(isClose(card.transform.tx, viewport.width / 2 + 0.5 * w))
    }

    // MARK: - Properties every layout keeps

    /// One unit for every layout's position: points, one pitch a card. Card k is current at
    /// k pitches, a page is a pitch, the bounds run a whole number of pitches from 0.
    @Test(arguments: Interaction.allCases)
    func positionsArePointsOnePitchACard(kind: Interaction) throws {
        let layout = kind.layout
        let pitch = layout.pitch(viewport: viewport)
        #expect(pitch > 1, "\(kind): a pitch of \(pitch) pt")
        for k in [0, 1, 2, 7] {
            let p = layout.position(ofIndex: k, count: 10, viewport: viewport, near: Double(k) * pitch)
            #expect(isClose(p, Double(k) * pitch), "\(kind): card \(k) at \(p) pt, \(k) pitches are \(Double(k) * pitch)")
            #expect(layout.currentIndex(position: p, count: 10, viewport: viewport) == k)
            #expect(layout.currentIndex(position: p + 0.4 * pitch, count: 10, viewport: viewport) == k)
        }
        if let page = layout.pageSize(viewport: viewport) { #expect(page == pitch) }
        let bounds = layout.scrollBounds(count: 10, viewport: viewport)
        if bounds.lowerBound.isFinite && bounds.upperBound.isFinite {
            #expect(bounds.lowerBound == 0)
            let cards = bounds.upperBound / pitch
            #expect(isClose(cards, cards.rounded()) && cards >= 9, "\(kind): bounds \(bounds)")
        }
    }

    /// A depth stack's step is its unit and its only conversion: a pile with another step draws
    /// at k of its steps what the stack draws at k of its own, fractions of a card included.
    @Test func aDepthStackStepIsItsOnlyConversion() throws {
        struct Pile: DepthStackLayout {
            var base = StackLayout()
            var shape: DepthStackShape { var s = base.shape; s.positionStep = 37; return s }
            func scale(depth: Double) -> (x: Double, y: Double) { base.scale(depth: depth) }
            func tilt(offset: Vector, sign: Double, viewport: Size) -> Double { base.tilt(offset: offset, sign: sign, viewport: viewport) }
            func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> { 0...position(ofTop: Double(max(0, count - 1))) }
        }
        let stack = StackLayout(), pile = Pile()
        #expect(pile.positionStep == 37 && pile.pitch(viewport: viewport) == 37 && pile.pageSize(viewport: viewport) == 37)
        #expect(stack.positionStep == 100 && stack.pitch(viewport: viewport) == 100)
        let deck = Deck(count: 10)
        for top in [0, 0.25, 1, 2.5, 3, 8.75] {
            let a = laidOut(stack, LayoutInput(position: stack.position(ofTop: top), viewport: viewport), deck)
            let b = laidOut(pile, LayoutInput(position: top * 37, viewport: viewport), deck)
            #expect(!a.isEmpty && a == b, "top \(top)")
            #expect(pile.top(atPosition: top * 37) == top)
        }
        #expect(pile.currentIndex(position: 3 * 37, count: 10, viewport: viewport) == 3)
        // A step that is not a positive number counts as the default one.
        struct Odd: DepthStackLayout {
            let shape: DepthStackShape
            func scale(depth: Double) -> (x: Double, y: Double) { (1, 1) }
            func tilt(offset: Vector, sign: Double, viewport: Size) -> Double { 0 }
            func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> { 0...0 }
        }
        for bad in [0, -5, Double.nan, .infinity] {
            var s = StackLayout().shape
            s.positionStep = bad
            #expect(Odd(shape: s).positionStep == DepthStackShape.defaultPositionStep)
        }
    }

    @Test(arguments: Interaction.allCases)
    func neverNaNAndAlwaysBackToFront(kind: Interaction) {
        let layout = kind.layout
        let viewports = [Size.zero, Size(width: 0, height: 800), Size(width: 400, height: 0),
                         Size(width: -5, height: 10), Size(width: .nan, height: 800), Size(width: 1, height: 1),
                         viewport, Size(width: 3000, height: 200)]
        let positions = [0, -1e9, 1e9, 1e300, -1e300, .nan, .infinity, -.infinity, 0.5, 123.25, 3]
        var out: [CardAttributes] = []
        for v in viewports {
            for s in positions {
                for n in [0, 1, 2, 7] {
                    var input = LayoutInput(position: s, viewport: v)
                    input.overrides.set(CardOverride(index: 0, offset: Vector(dx: .nan, dy: 3)))
                    input.overrides.set(CardOverride(index: 1, offset: Vector(dx: 1e308, dy: -1e308)))
                    input.gap = GapClosing(index: 1, fraction: n == 2 ? .nan : 0.5)
                    layout.layout(input, cards: Deck(count: n), into: &out)
                    #expect(out.allSatisfy { $0.isFinite }, "\(kind) \(v) \(s) \(n)")
                    #expect(zip(out, out.dropFirst()).allSatisfy { $0.zIndex <= $1.zIndex })
                    if n == 0 || v.isEmpty || !s.isFinite { #expect(out.isEmpty) }
                    _ = layout.scrollBounds(count: n, viewport: v)
                    _ = layout.currentIndex(position: s, count: n, viewport: v)
                }
            }
        }
    }

    /// Work is bounded by the viewport, not the deck: a million cards draw what fifty do.
    @Test(arguments: Interaction.allCases)
    func costDoesNotGrowWithTheDeck(kind: Interaction) {
        let layout = kind.layout
        let pitch = layout.pitch(viewport: viewport)
        let s = layout.position(ofIndex: 25, count: 50, viewport: viewport, near: 25 * pitch) + 0.3 * pitch
        let small = laidOut(layout, LayoutInput(position: s, viewport: viewport), SequentialCards(count: 50))
        let huge = laidOut(layout, LayoutInput(position: s, viewport: viewport), SequentialCards(count: 1_000_000))
        #expect(small.map(\.card) == huge.map(\.card))
        #expect(zip(small, huge).allSatisfy { $0.transform.isApproximatelyEqual(to: $1.transform, tolerance: 1e-6) })
        #expect(!small.isEmpty && small.count <= kind.viewCount)
    }

    @Test(arguments: Interaction.allCases)
    func hitTestFindsTheTopmostCard(kind: Interaction) throws {
        let layout = kind.layout
        let deck = Deck(count: 10)
        let s = layout.position(ofIndex: 3, count: 10, viewport: viewport, near: 0)
        let out = laidOut(layout, LayoutInput(position: s, viewport: viewport), deck)
        #expect(layout.index(at: kind.restingCentre(viewport), in: out) == 3)
        #expect(layout.currentIndex(position: s, count: 10, viewport: viewport) == 3)
        #expect(layout.index(at: Point(x: -10, y: -10), in: out) == nil)
        if kind == .stack {
            // Below the top card only the deepest card shows: the stack narrows its deeper
            // cards but keeps their height, so each level peeks out lower. Not a property of
            // the swipe deck: it scales its cards whole, and in this viewport a level's shrink
            // (5 % of a 480 pt card, halved) equals its 12 pt drop, so no level shows below.
            let home = StackLayout().homeCenter(viewport: viewport)
            let h = layout.cardSize(viewport: viewport).height
            #expect(layout.index(at: Point(x: home.x, y: home.y + h / 2 + 40), in: out) == 6)
        }
    }

    /// For every deck size and deletion index: after deleting the current card, the layout shows
    /// the right ids at the right indices, never twice, and with the gap still open (fraction 1)
    /// the cards after the gap are exactly where they were; the reuse pool hands each slot to one
    /// card at a time and stays within the view bound.
    @Test(arguments: Interaction.allCases, DeckTests.deletions)
    func deletingTheCurrentCard(kind: Interaction, deletion: (Int, Int)) throws {
        let (size, index) = deletion
        let layout = kind.layout
        var deck = Deck(count: size)
        var pool = ReusePool(capacity: 8)
        var out: [CardAttributes] = []
        let s = layout.position(ofIndex: index, count: size, viewport: viewport, near: 0)
        layout.layout(LayoutInput(position: s, viewport: viewport), cards: deck, into: &out)
        pool.reconcile(&out)
        let before = out
        #expect(attributes(of: index, in: before) != nil)

        let gone = deck.delete(at: index)
        for fraction in [1.0, 0.75, 0.5, 0.25, 0] {
            let input = LayoutInput(position: s, viewport: viewport, gap: GapClosing(index: index, fraction: fraction))
            layout.layout(input, cards: deck, into: &out)
            pool.reconcile(&out)
            #expect(out.allSatisfy { $0.card == deck.id(at: $0.index) && $0.card != gone && $0.isFinite })
            #expect(Set(out.map(\.card)).count == out.count)
            #expect(Set(out.map(\.slot)).count == out.count)
            #expect(pool.isConsistent())
            #expect(pool.liveCount == out.count)
            #expect(pool.slotCount <= kind.viewCount)
            if fraction == 1 && kind != .switcher {
                for a in out where a.index >= index {
                    let old = try #require(attributes(of: a.index + 1, in: before))
                    #expect(old.transform.isApproximatelyEqual(to: a.transform, tolerance: 1e-9))
                    #expect(old.card == a.card)
                    #expect(old.slot == a.slot)   // the same view keeps drawing it
                }
            }
        }
        // Settled: the layout of the smaller deck, current card still in view when any is left.
        if deck.count > 0 {
            let settled = layout.position(ofIndex: min(index, deck.count - 1), count: deck.count, viewport: viewport, near: s)
            layout.layout(LayoutInput(position: settled, viewport: viewport), cards: deck, into: &out)
            #expect(attributes(of: min(index, deck.count - 1), in: out) != nil)
        }
        // Undo brings the card back at its index, drawn where it was.
        #expect(deck.undoLastDeletion()?.index == index)
        layout.layout(LayoutInput(position: s, viewport: viewport), cards: deck, into: &out)
        pool.reconcile(&out)
        #expect(attributes(of: index, in: out)?.card == gone)
        #expect(out.map(\.transform) == before.map(\.transform))
        #expect(pool.isConsistent() && pool.slotCount <= kind.viewCount)
    }

    @Test func overridesHoldFourInline() {
        var o = CardOverrides()
        for i in 0..<6 { o.set(CardOverride(index: i, offset: Vector(dx: Double(i), dy: 0))) }
        #expect(o.count == 4 && o.map(\.index) == [2, 3, 4, 5])
        o.set(CardOverride(index: 3, offset: .zero))
        #expect(o.override(for: 3)?.offset == .zero && o.count == 4)
        o.adjust(forChangeAt: 3, delta: -1)   // card 3 deleted: 4, 5 become 3, 4
        #expect(o.map(\.index) == [2, 3, 4])
        o.remove(index: 2)
        #expect(o.map(\.index) == [3, 4])
        o.removeAll()
        #expect(o.isEmpty)
    }
}
