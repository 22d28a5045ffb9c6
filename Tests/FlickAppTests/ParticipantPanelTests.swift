import FlickEngine
@testable import FlickApp
import FlickSession
import Testing

/// The participant's panel: one layout for drawing and clicks. Every button lies inside its
/// panel, none overlaps another, a questionnaire has one button per answer of its scale, and a
/// click finds the button under it (the numbers Tests/e2e/participant_side.sh clicks at).
@Suite struct ParticipantPanelTests {
    @Test(arguments: [Size(width: 700, height: 760), Size(width: 320, height: 480), Size(width: 1280, height: 800)])
    func buttonsFitTheirPanelAndDoNotOverlap(_ window: Size) {
        let modes: [ParticipantPanelMode] = [.taskBar(text: "Task 1 of 2: find the map"), .seq(task: "find the map"), .sus(item: 3)]
        for mode in modes {
            let layout = ParticipantPanelLayout(mode, window: window)
            let expected = mode.questionnaire?.scale.count ?? 2
            #expect(layout.buttons.count == expected)
            #expect(layout.isModal == (mode.questionnaire != nil))
            for (i, (button, frame)) in layout.buttons.enumerated() {
                #expect(frame.minX >= layout.panel.minX && frame.maxX <= layout.panel.maxX, "\(mode) \(button) \(frame)")
                #expect(frame.minY >= layout.panel.minY && frame.maxY <= layout.panel.maxY, "\(mode) \(button) \(frame)")
                #expect(layout.button(at: Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)) == button)
                for (other, o) in layout.buttons.dropFirst(i + 1) {
                    #expect(frame.maxX <= o.minX || o.maxX <= frame.minX, "\(button) overlaps \(other)")
                }
            }
            if case .seq = mode { #expect(layout.buttons.map(\.button) == (1...7).map { PanelButton.answer($0) }) }
        }
    }

    /// A 700x760 window, by hand: the SEQ card is 560x280 at (70, 240), its buttons 64 pt with 8
    /// between, the row 496 pt wide from x 102, at y 392; Done and Give up 104x42 at the bottom.
    @Test func theLayoutByHand() {
        let w = Size(width: 700, height: 760)
        let seq = ParticipantPanelLayout(.seq(task: "t"), window: w)
        #expect(seq.panel == Rect(x: 70, y: 240, width: 560, height: 280))
        #expect(seq.buttons[5].frame == Rect(x: 102 + 5 * 72, y: 392, width: 64, height: 64))
        let bar = ParticipantPanelLayout(.taskBar(text: "t"), window: w)
        #expect(bar.buttons[1].frame == Rect(x: 700 - 12 - 104, y: 760 - 64 + 11, width: 104, height: 42))
        #expect(bar.buttons[0].frame == Rect(x: 700 - 12 - 104 - 10 - 104, y: 760 - 64 + 11, width: 104, height: 42))
        #expect(bar.covers(Point(x: 5, y: 750)) && !bar.covers(Point(x: 5, y: 600)))
        #expect(seq.covers(Point(x: 5, y: 5)))
    }
}
