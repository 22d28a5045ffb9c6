@testable import FlickApp
import FlickEngine
import FlickPhone
import FlickSDL
import FlickSession
import Testing

/// The participant's side on its own: the panel's pointer and keys, and the answers they give,
/// without a window.
@MainActor @Suite struct ParticipantPanelInputTests {
    static let window = Size(width: 800, height: 600)
    /// The task bar's Done and Give up in an 800x600 window (a 64 pt bar, 104x42 buttons).
    static let done = Point(x: 622, y: 568), giveUp = Point(x: 736, y: 568)
    static let bar = ParticipantPanelMode.taskBar(text: "Task 1 of 2: Find the photo")

    func pointer(_ side: ParticipantPanel, _ phase: PointerEvent.Phase, _ p: Point, mode: ParticipantPanelMode?,
                 t: Double) -> ParticipantPanel.Take {
        side.pointer(PointerEvent(pointerID: 1, phase: phase, position: p, time: t, device: .mouse), mode: mode, window: Self.window)
    }

    @Test("a press and release on Done answers done at the release's time; a release elsewhere answers nothing")
    func taskBarButtons() {
        let side = ParticipantPanel()
        #expect(pointer(side, .down, Self.done, mode: Self.bar, t: 1.0) == .taken)
        #expect(side.pressed == .done)
        #expect(pointer(side, .move, Point(x: 630, y: 570), mode: Self.bar, t: 1.1) == .taken)
        #expect(pointer(side, .up, Self.done, mode: Self.bar, t: 1.2) == .answered(RecordedInput(t: 1.2, .answer(.done))))
        #expect(side.pressed == nil)
        // Pressed on Give up, let go over Done: the panel's, and no answer.
        #expect(pointer(side, .down, Self.giveUp, mode: Self.bar, t: 2.0) == .taken)
        #expect(pointer(side, .up, Self.done, mode: Self.bar, t: 2.1) == .taken)
        // Above the bar the stage has it.
        #expect(pointer(side, .down, Point(x: 400, y: 300), mode: Self.bar, t: 3.0) == .passed)
        #expect(pointer(side, .move, Point(x: 410, y: 300), mode: Self.bar, t: 3.1) == .passed)
        // Nothing on the panel: nothing is the panel's.
        #expect(pointer(side, .down, Self.done, mode: nil, t: 4.0) == .passed)
    }

    @Test("a questionnaire takes every press; a scale button answers with its value and the item")
    func questionnairePointer() {
        let side = ParticipantPanel()
        let sus = ParticipantPanelMode.sus(item: 4)
        let layout = ParticipantPanelLayout(sus, window: Self.window)
        #expect(layout.isModal && layout.buttons.count == 5)
        let three = layout.buttons[2].frame
        let centre = Point(x: three.minX + three.width / 2, y: three.minY + three.height / 2)
        #expect(pointer(side, .down, Point(x: 5, y: 5), mode: sus, t: 1) == .taken)
        #expect(pointer(side, .up, Point(x: 5, y: 5), mode: sus, t: 1.1) == .taken)
        #expect(pointer(side, .down, centre, mode: sus, t: 2) == .taken)
        #expect(pointer(side, .up, centre, mode: sus, t: 2.1) == .answered(RecordedInput(t: 2.1, .answer(.sus(item: 4, value: 3)))))
    }

    func key(_ k: Key, _ mods: KeyModifiers = [], repeated: Bool = false, t: Double = 5) -> KeyPress {
        KeyPress(key: k, modifiers: mods, isRepeat: repeated, time: t)
    }

    @Test("in a window of its own the panel takes its keys: a digit of the scale answers, another is refused, a letter is not the panel's")
    func plainKeys() {
        let side = ParticipantPanel()
        let seq = ParticipantPanelMode.seq(task: "Find the photo")
        #expect(side.plainKey(key(.character("6"), t: 5), mode: seq) == .answered(RecordedInput(t: 5, .answer(.seq(6)))))
        #expect(side.plainKey(key(.character("6"), repeated: true), mode: seq) == .taken)
        #expect(side.plainKey(key(.character("9")), mode: seq) == .taken)
        #expect(side.refusedKey == "9")
        #expect(side.plainKey(key(.character("h")), mode: seq) == .passed)
        #expect(side.plainKey(key(.character("6"), [.control]), mode: seq) == .passed)
        #expect(side.plainKey(key(.character("6")), mode: nil) == .passed)
        // An answer clears the refusal.
        #expect(side.plainKey(key(.character("1"), t: 6), mode: seq) == .answered(RecordedInput(t: 6, .answer(.seq(1)))))
        #expect(side.refusedKey == nil)
    }

    @Test("Tab moves between Done and Give up; Enter presses the one it is on, and nothing before Tab")
    func taskBarKeys() {
        let side = ParticipantPanel()
        #expect(side.plainKey(key(.enter), mode: Self.bar) == .passed)
        #expect(side.plainKey(key(.tab), mode: Self.bar) == .taken)
        #expect(side.focus == .done)
        #expect(side.plainKey(key(.tab, repeated: true), mode: Self.bar) == .taken)
        #expect(side.focus == .giveUp)
        #expect(side.rolePanel(Self.bar) == .taskBar(focus: .giveUp))
        #expect(side.plainKey(key(.space, t: 7), mode: Self.bar) == .answered(RecordedInput(t: 7, .answer(.giveUp))))
        #expect(side.focus == nil)
    }

    @Test("roles apart, the router's decisions act the same: an answer, a refusal, Tab")
    func routerDecisions() {
        let side = ParticipantPanel()
        let seq = ParticipantPanelMode.seq(task: "t")
        let router = RoleRouter(participantKeys: [.arrows], panel: side.rolePanel(seq))
        let d = router.route(.key(key(.character("4"))), from: .participant)
        #expect(d == .answer(4))
        #expect(side.key(d, key: .character("4"), mode: seq, at: 8) == .answered(RecordedInput(t: 8, .answer(.seq(4)))))
        let refused = router.route(.key(key(.character("x"))), from: .participant)
        #expect(refused == .expectAnswer)
        #expect(side.key(refused, key: .character("x"), mode: seq, at: 9) == .taken && side.refusedKey == "X")
    }

    @Test("the phone's panel follows the session: waiting, the task with Done, the SEQ; an answer to a panel gone stands for no button")
    func phoneSideFollowsTheSession() throws {
        var list = TaskList(tasks: [TaskSpec(name: "throw two", goal: .deletedCount(2)), TaskSpec(name: "look around")])
        list.participantSide = .all
        let runner = SessionRunner(scene: CardScene(interaction: .switcher, count: 4, viewport: Size(width: 390, height: 844),
                                                    config: SceneConfig(), time: 0),
                                   tasks: list, cardNames: ["a", "b", "c", "d"])
        func at(_ t: Double, _ input: SessionInput? = nil) {
            if let input { runner.submit(RecordedInput(t: t, input), now: t) }
            runner.advance(to: t)
        }
        at(0.05)
        #expect(ParticipantPanel.mode(of: runner.study) == nil)
        #expect(ParticipantPanel.phoneSide(runner.study, undo: false)
                == PhoneSide(state: .waiting, text: "Waiting for the first task to start…", undo: false))
        at(0.1, .marker(Marker(label: "start", task: "throw two")))
        let bar = try #require(ParticipantPanel.mode(of: runner.study))
        #expect(bar == .taskBar(text: "Task 1 of 2: throw two"))
        #expect(ParticipantPanel.phoneSide(runner.study, undo: true)
                == PhoneSide(state: .task, text: "Task 1 of 2: throw two", task: 1, undo: true))
        #expect(ParticipantPanel.button(answering: PhoneAnswer(.done, task: 1, time: 0), on: bar, study: runner.study) == .done)
        #expect(ParticipantPanel.button(answering: PhoneAnswer(.giveUp, task: 2, time: 0), on: bar, study: runner.study) == nil)
        at(0.2, .answer(.done))
        let seq = try #require(ParticipantPanel.mode(of: runner.study))
        #expect(seq == .seq(task: "throw two"))
        #expect(ParticipantPanel.button(answering: PhoneAnswer(.seq(5), task: 1, time: 0), on: seq, study: runner.study) == .answer(5))
        #expect(ParticipantPanel.button(answering: PhoneAnswer(.done, task: 1, time: 0), on: seq, study: runner.study) == nil)
        let side = ParticipantPanel.phoneSide(runner.study, undo: true)
        #expect(side.state == .seq && side.task == 1 && side.undo == false)
    }
}
