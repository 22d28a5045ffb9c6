import CoverFlow
import FlickEngine
import FlickEngineTesting
import FlickFrontEnd
import Foundation
import Testing

/// The cover flow through Flick's public API only.
@Suite(.serialized) struct CoverFlowTests {
    static let viewport = Size.phone

    init() { CoverFlowInteraction.register() }

    func scene(count: Int = 12, config: SceneConfig = SceneConfig()) -> CardScene {
        let s = CardScene(interaction: CoverFlowInteraction.name, count: count, viewport: Self.viewport, config: config)
        s.advance(to: 0.1)
        return s
    }

    @Test("registered by name, with its section and colours; the scene shows it under that name")
    func registered() throws {
        #expect(Interaction(rawValue: "coverflow") == CoverFlowInteraction.name)
        #expect(Interaction.allCases.last == CoverFlowInteraction.name)
        #expect(scene().interaction.rawValue == "coverflow")
        let face = InteractionFaces.of(CoverFlowInteraction.name)
        #expect(face.summary.hasPrefix("Cover flow.") && face.theme.window == RGB(12, 12, 14))
    }

    @Test("its keys are config keys: listed under its name (the tuning panel's table), set by path, range-checked")
    func keys() throws {
        let key = try #require(SceneConfig.key(at: "coverflow.sideScaleX"))
        #expect(key.group == "coverflow" && key.range == 0.05...1)
        #expect(SceneConfig.keys.filter { $0.group == "coverflow" }.count == CoverFlowSection.ranges.count)
        var c = SceneConfig()
        try c.setValue(0.3, at: "coverflow.sideScaleX")
        #expect(c.section(CoverFlowSection.self).sideScaleX == 0.3)
        #expect(throws: ConfigError.self) { try c.setValue(5, at: "coverflow.sideScaleX") }
        let back = try JSONDecoder().decode(SceneConfig.self, from: JSONEncoder().encode(c))
        #expect(back.value(at: "coverflow.sideScaleX") == 0.3)
        // The scene on show takes the edited key, as after a panel edit.
        let s = scene(config: SceneConfig())
        s.setConfig(c, at: 0.2)
        #expect(s.interaction == CoverFlowInteraction.name && s.config.value(at: "coverflow.sideScaleX") == 0.3)
    }

    @Test("the centre card faces the viewer, flat and on top; its neighbours are turned and stacked behind it")
    func layout() throws {
        let s = scene()
        s.perform(.nextPage, at: 0.2)
        s.perform(.nextPage, at: 0.2)
        advanceToRest(s)
        let current = try #require(s.currentCard)
        let list = s.renderList
        let centre = try #require(list.first { $0.card == current })
        #expect(list.last?.card == current, "drawn last: on top")
        #expect(abs(centre.transform.a - 1) < 1e-9 && abs(centre.transform.d - 1) < 1e-9, "flat, full size")
        #expect(abs(centre.center.x - Self.viewport.width / 2) < 1e-6)
        let left = list.filter { $0.index < centre.index }.sorted { $0.index > $1.index }
        let right = list.filter { $0.index > centre.index }.sorted { $0.index < $1.index }
        #expect(left.count >= 2 && right.count >= 2)
        for side in [left, right] {
            // Turned: narrower than tall-scaled; stacked: each farther card behind the nearer one.
            for (k, a) in side.enumerated() {
                #expect(a.transform.a < a.transform.d * 0.7, "a side card is turned (narrowed)")
                if k > 0 { #expect(a.zIndex < side[k - 1].zIndex) }
            }
            // Overlapping: the first turned card is partly behind the centre card.
            let gap = abs(side[0].center.x - centre.center.x)
            #expect(gap < centre.size.width / 2 + side[0].size.width * side[0].transform.a / 2)
        }
    }

    @Test("a flick sideways browses several cards and comes to rest on one")
    func flickBrowses() throws {
        let s = scene(count: 30)
        var g = GestureScript(after: s)
        g.fling(from: Self.viewport.centre, by: Vector(dx: -160, dy: 0), speed: 2500)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 3)
        advanceToRest(s)
        let paged = s.events.compactMap { e -> (Int, Int)? in if case .paged(_, let f, let t) = e { (f, t) } else { nil } }
        #expect(paged.count == 1)
        let to = try #require(paged.first?.1)
        #expect(to > 1 && to <= 6, "several cards, at most maxCardsPerFling: \(to)")
        #expect(s.currentIndex == to)
        #expect(abs(s.scrollPosition - Double(to) * CoverFlowLayout().pitch(viewport: Self.viewport)) < 1e-6)
    }

    @Test("the centre card swiped down is deleted, logged with its name; a short drag springs back; undo brings it back")
    func swipeDownDeletes() throws {
        let s = scene()
        let top = try #require(s.currentCard)
        var g = GestureScript(after: s)
        g.hold(from: Self.viewport.centre, by: Vector(dx: 0, dy: 60), for: 0.2)
        g.wait(0.5)
        g.fling(from: Self.viewport.centre, by: Vector(dx: 0, dy: 120), speed: 1500)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        advanceToRest(s)
        let ends = s.loggedEvents.filter { $0.event.name == "gesture_ended" }
        #expect(ends.count == 2)
        guard case .gestureEnded(_, .card, _, _, .snappedBack, top)? = ends.first?.event else {
            Issue.record("\(ends)")
            return
        }
        guard case .gestureEnded(_, .card, _, _, .thrown, top)? = ends.last?.event else {
            Issue.record("\(ends)")
            return
        }
        #expect(ends.last?.release?.label == "delete")
        #expect(!s.deck.contains(top) && s.deck.count == 11)
        #expect(s.perform(.undo, at: s.time + 0.1) == .done)
        advanceToRest(s)
        #expect(s.currentCard == top)
    }

    @Test("a press on a turned card does not delete it: the cover flow deletes only the centre card")
    func sideCardsStay() throws {
        let s = scene()
        s.perform(.nextPage, at: 0.2)
        advanceToRest(s)
        let side = try #require(s.renderList.first { $0.index == s.currentIndex! + 2 })
        var g = GestureScript(after: s)
        g.fling(from: side.center, by: Vector(dx: 0, dy: 120), speed: 1500)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        advanceToRest(s)
        #expect(s.deck.count == 12)
    }

    @Test("its section decodes any subset over the defaults, is written under its name, and a new config keeps the cover flow")
    func section() throws {
        let c = try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"coverflow": {"sideScaleX": 0.3}}"#.utf8))
        #expect(c.section(CoverFlowSection.self).sideScaleX == 0.3)
        #expect(c.section(CoverFlowSection.self).pitchRatio == CoverFlowSection().pitchRatio)
        #expect(throws: ConfigError.outOfRange(key: "coverflow.sideScaleX", value: 7, range: 0.05...1)) {
            try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"coverflow": {"sideScaleX": 7}}"#.utf8))
        }
        #expect(throws: ConfigError.outOfRange(key: "coverflow.viewCount", value: 2, range: 3...64)) {
            try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"coverflow": {"viewCount": 2}}"#.utf8))
        }
        #expect(throws: DecodingError.self, "a count must be whole") {
            try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"coverflow": {"viewCount": 6.5}}"#.utf8))
        }
        let json = try #require(String(data: try JSONEncoder().encode(c), encoding: .utf8))
        #expect(json.contains(#""coverflow":{"#))
        let s = scene()
        s.setConfig(c, at: 0.2)
        #expect(s.interaction == CoverFlowInteraction.name)
        s.advance(to: 0.3)
        let side = try #require(s.renderList.first { $0.index == 1 })
        #expect(abs(side.transform.a - CoverFlowSection().sideScale * 0.3) < 1e-9, "the new section is in force")
    }
}
