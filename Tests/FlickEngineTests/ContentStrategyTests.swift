import FlickEngineTesting
import Testing
@testable import FlickEngine

/// The content strategy answers from a read-only context and the scene applies the answer; the
/// bring-back is a value of its own. Both tested here without a scene where they can be.
@Suite struct ContentStrategyTests {
    func context(_ interaction: Interaction, count: Int = 10, viewport: Size = .phone) -> (ContentContext, SceneLayout) {
        let scene = CardScene(interaction: interaction, count: count, viewport: viewport)
        return (scene.contentContext, scene.layout)
    }

    @Test("a depth stack answers nothing to paging, the wheel, a tap, a press or a resize: it moves by throws")
    func depthStackStaysPut() {
        let (c, layout) = context(.stack)
        let depth = DepthStackContent.shared
        var axis = c.axis
        #expect(depth.pageTarget(by: 1, heading: 0, in: c) == nil)
        #expect(depth.wheel(notches: 3, heading: 0, in: c, at: 1) == .ignored)
        var pending = 0.0
        #expect(depth.scroll(by: 500, pending: &pending, heading: 0, pageFraction: 0.25, in: c) == .ignored && pending == 0)
        #expect(depth.tapTarget(index: 3, in: c, at: 1) == nil)
        #expect(!depth.keepsMotion(resizingFrom: .phone, to: Size(width: 800, height: 600), count: 10))
        depth.press(&axis, count: 10, at: 1)
        #expect(axis == c.axis, "a press catches nothing")
        #expect(depth.scrollDirection(of: layout) == nil && depth.restIndex(in: c, at: 1) == nil)
        #expect(depth.showsLabel(index: 2, top: 2) && !depth.showsLabel(index: 3, top: 2))
    }

    @Test("the cards flying off a depth stack's top one after another: the last of them, stopping at the first that stays")
    func flyingOffTheTop() {
        let offsets: [Int: Vector] = [2: Vector(dx: -300, dy: 0), 3: Vector(dx: -120, dy: 0)]
        let last = DepthStackContent.shared.lastFlyingOffTop(top: 2, count: 10) { offsets[$0] }
        #expect(last?.index == 3 && last?.offset == Vector(dx: -120, dy: 0))
        #expect(DepthStackContent.shared.lastFlyingOffTop(top: 4, count: 10) { offsets[$0] } == nil)
        #expect(ScrollingContent.horizontal.lastFlyingOffTop(top: 2, count: 10) { offsets[$0] } == nil)
    }

    @Test("scrolling content: a page step, the wheel and a tap answer positions one card pitch apart")
    func scrollingAnswers() throws {
        let (c, layout) = context(.carousel)
        let scrolling = ScrollingContent.horizontal
        let pitch = layout.pitch(viewport: c.viewport)
        let start = c.axis.offset(at: 0)
        let next = try #require(scrolling.pageTarget(by: 1, heading: start, in: c))
        #expect(abs(next - start - pitch) < 1e-9)
        #expect(scrolling.pageTarget(by: -1, heading: start, in: c) == nil, "no page before the first")
        #expect(scrolling.wheel(notches: 2, heading: start, in: c, at: 0) == .step(1), "a paged row turns one page a burst")
        var pending = 0.0
        #expect(scrolling.scroll(by: pitch * 0.1, pending: &pending, heading: start, pageFraction: 0.25, in: c) == .gathered)
        #expect(scrolling.scroll(by: pitch * 0.2, pending: &pending, heading: start, pageFraction: 0.25, in: c) == .step(1))
        #expect(pending == 0)
        let tapped = try #require(scrolling.tapTarget(index: 2, in: c, at: 0))
        #expect(abs(tapped - start - 2 * pitch) < 1e-9)
        #expect(scrolling.tapTarget(index: 0, in: c, at: 0) == nil, "the centred card stays")
        #expect(scrolling.along(Vector(dx: 3, dy: 4)) == 3 && ScrollingContent.vertical.along(Vector(dx: 3, dy: 4)) == 4)
    }

    @Test("bring-back: a press shows the last thrown card peeking in, a drag holds it, a short release sends it back out")
    func bringBack() throws {
        let rules = RulesOf(StackInteraction(config: SceneConfig()))
        let viewport = Size.phone
        let peek = try #require(rules.returnPeekOffset(viewport: viewport))
        let out = rules.thrownRestOffset(viewport: viewport)
        var b = BringBack()
        b.press(at: 1, peek: peek, lastThrown: CardID(7))
        #expect(b.card == CardID(7) && b.offset(at: 1) == peek && b.endTime == nil)
        let grab = b.grab(at: 1.1)
        let grabbed = try #require(grab)
        #expect(grabbed.card == CardID(7) && grabbed.base == peek)
        b.hold(at: peek + Vector(dx: 30, dy: 0))
        let short = try #require(b.release(velocity: .zero, cancelled: false, at: 1.2, rules: rules, viewport: viewport))
        #expect(!short.home && short.verdict?.decision == .sendBackOut)
        b.flyOut(from: short.offset, velocity: .zero, at: 1.2, rules: rules, restOffset: out)
        let end = try #require(b.endTime)
        #expect(end > 1.2 && ((b.offset(at: end) ?? .zero) - out).length < 1e-6)
        // Caught on its way out by the next press, then pulled well past the threshold: home.
        b.press(at: 1.25, peek: nil, lastThrown: nil)
        #expect(b.endTime == nil, "held where it was caught")
        b.hold(at: peek + Vector(dx: 200, dy: 0))
        let far = try #require(b.release(velocity: .zero, cancelled: false, at: 1.3, rules: rules, viewport: viewport))
        #expect(far.home && far.verdict?.decision == .bringBack)
        let cancelled = try #require(b.release(velocity: .zero, cancelled: true, at: 1.3, rules: rules, viewport: viewport))
        #expect(!cancelled.home && cancelled.verdict == nil, "a cancelled drag has no verdict and does not bring it home")
        b.clear()
        #expect(b.card == nil && b.release(velocity: .zero, cancelled: false, at: 2, rules: rules, viewport: viewport) == nil)
        // Nothing shows where the rules show no peek, or nothing was thrown.
        b.press(at: 3, peek: nil, lastThrown: CardID(1))
        b.press(at: 3, peek: peek, lastThrown: nil)
        #expect(b.card == nil)
    }
}
