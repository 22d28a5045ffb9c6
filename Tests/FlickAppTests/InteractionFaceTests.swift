import FlickEngine
import FlickFrontEnd
import FlickStage
import Testing

/// What the window shows of each interaction comes from its face, outside the engine.
@Suite struct InteractionFaceTests {
    @Test("every built-in interaction has a face: its own summary, colours and demo")
    func builtInsHaveFaces() {
        let names = Interaction.allCases.prefix(5)
        #expect(names.map(\.rawValue) == ["now", "switcher", "stack", "carousel", "swipe"])
        #expect(InteractionFaces.all.prefix(5).map(\.name) == Array(names))
        #expect(InteractionFaces.of(.stack).summary
                == "A card stack. Throw the top card left; drag right to bring the last one back.")
        #expect(InteractionFaces.of(.carousel).theme == InteractionTheme(window: RGB(18, 20, 24), stage: RGB(12, 13, 16)))
        // The window paints the face's colours.
        #expect(Theme.of(.switcher).stage.hex == "#2c3242")
        // The stack's demo: a drag held, two throws, a drag back, a hold, then keys.
        let demo = InteractionFaces.of(.stack).demo(Size(width: 390, height: 844)).gestures
        #expect(demo.count == 19)
        #expect(demo.first == .hold(from: Point(x: 195, y: 422), by: Vector(dx: -60, dy: 8), duration: 0.4, for: 0.1))
        #expect(demo.last == .command(.undo))
        #expect(demo.filter { if case .command(.throwCurrent) = $0 { true } else { false } }.count == 1)
    }

    @Test("an interaction without a face shows its name, the default colours and a drag and a fling")
    func plainFace() {
        let face = InteractionFaces.of(Interaction(named: "nameless"))
        #expect(face.summary == "nameless" && face.theme == InteractionTheme())
        let demo = face.demo(Size(width: 400, height: 800)).gestures
        #expect(demo == [.hold(from: Point(x: 200, y: 400), by: Vector(dx: 0, dy: -200), duration: 0.4, for: 0.1), .wait(0.8),
                         .drag(from: Point(x: 200, y: 400), by: Vector(dx: -300, dy: 0), duration: 0.1), .wait(1.2)])
    }
}
