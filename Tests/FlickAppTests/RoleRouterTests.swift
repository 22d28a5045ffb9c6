import FlickEngine
import FlickSDL
@testable import FlickApp
import FlickSession
import Testing

/// Roles by construction (`RoleRouter`): random key and text streams sent to both windows never
/// let the participant's window reach the facilitator's note or controls, nor the facilitator's
/// window act for the participant; and the repro of a Z that undid and typed "z" into the note.
@Suite struct RoleRouterTests {
    /// One event as SDL delivers it: a printable key without Ctrl or Alt is followed by its text
    /// in the same window.
    struct Event {
        var window: RoleWindow
        var input: RoleInput
    }

    static let keyPool: [Key] = {
        var keys: [Key] = [.escape, .space, .enter, .tab, .backspace, .delete, .left, .right, .up, .down,
                           .pageUp, .pageDown, .home, .end, .other]
        keys += (1...12).map { .function($0) }
        keys += "abcdefghijklmnopqrstuvwxyz0123456789.,-=/".map { .character($0) }
        return keys
    }()

    static func randomStream(_ g: inout SeededGenerator, count: Int) -> [Event] {
        var out: [Event] = []
        while out.count < count {
            let window: RoleWindow = Bool.random(using: &g) ? .participant : .facilitator
            if Int.random(in: 0..<20, using: &g) == 0 {
                // Text without a key of its own (an input method's composed text).
                out.append(Event(window: window, input: .text(["é", "日本", "ß", "5", "z", " "].randomElement(using: &g)!)))
                continue
            }
            let key = keyPool.randomElement(using: &g)!
            var mods: KeyModifiers = []
            switch Int.random(in: 0..<10, using: &g) {
            case 0: mods = .control
            case 1: mods = .alt
            case 2: mods = .shift
            case 3: mods = [.control, .shift]
            default: break
            }
            let press = KeyPress(key: key, modifiers: mods, isRepeat: Int.random(in: 0..<10, using: &g) == 0,
                                 time: Double(out.count) * 0.05)
            out.append(Event(window: window, input: .key(press)))
            if mods.isDisjoint(with: [.control, .alt]) {
                switch key {
                case .character(let c): out.append(Event(window: window, input: .text(mods.contains(.shift) ? c.uppercased() : String(c))))
                case .space: out.append(Event(window: window, input: .text(" ")))
                default: break
                }
            }
        }
        return out
    }

    static func randomRouter(_ g: inout SeededGenerator) -> RoleRouter {
        let all: [ParticipantKey] = [.arrows, .pages, .undo, .throw]
        let keys = Set(all.filter { _ in Bool.random(using: &g) })
        let panels: [RolePanel?] = [nil, .taskBar(focus: nil), .taskBar(focus: .done), .taskBar(focus: .giveUp),
                                    .questionnaire(scale: Questionnaire.seq.scale), .questionnaire(scale: Questionnaire.sus.scale)]
        return RoleRouter(participantKeys: keys, panel: panels.randomElement(using: &g)!)
    }

    /// The facilitator's desk as the app changes it from the router's decisions.
    static func apply(_ decision: RoleDecision, to desk: inout FacilitatorDesk, notes: inout [String], seqWaiting: Bool, now: Double) {
        switch decision {
        case .noteText(let text): desk.type(text)
        case .noteBackspace: if !desk.draft.isEmpty { desk.draft.removeLast() }
        case .noteClear: desk.draft = ""
        case .enter: if case .saveNote(let text) = desk.enter(seqWaiting: seqWaiting, now: now) { notes.append(text) }
        default: break
        }
    }

    /// 400 seeded streams of 300 events to both windows, each under a random panel and set of
    /// participant keys: every decision belongs to the window it came from, and the note is
    /// exactly what the facilitator's window alone would make of it.
    @Test func randomStreamsKeepTheRolesApart() {
        var g = SeededGenerator(seed: 0x5EED_0051)
        var participantActs = 0, answers = 0, facilitatorActs = 0, droppedText = 0
        for _ in 0..<400 {
            let router = Self.randomRouter(&g)
            let stream = Self.randomStream(&g, count: 300)
            let seqWaiting = router.panel == .questionnaire(scale: Questionnaire.seq.scale)
            var both = FacilitatorDesk(), alone = FacilitatorDesk()
            var notesBoth: [String] = [], notesAlone: [String] = []
            var participantBoth: [RoleDecision] = [], participantAlone: [RoleDecision] = []
            for (i, e) in stream.enumerated() {
                let d = router.route(e.input, from: e.window)
                switch e.window {
                case .participant:
                    #expect(!d.isFacilitators, "the participant's window decided \(d) for \(e.input)")
                    if case .text = e.input {
                        #expect(d == .ignored, "text in the participant's window decided \(d)")
                        droppedText += 1
                    }
                    switch d {
                    case .participantAction(let a):
                        #expect(App.isParticipant(a, keys: router.participantKeys), "\(a) is no participant key of \(router.participantKeys)")
                        participantActs += 1
                    case .answer(let v):
                        guard case .questionnaire(let scale)? = router.panel else {
                            Issue.record("an answer \(v) with no questionnaire up")
                            continue
                        }
                        #expect(scale.contains(v))
                        answers += 1
                    case .pressFocused:
                        #expect(router.panel == .taskBar(focus: .done) || router.panel == .taskBar(focus: .giveUp))
                    default: break
                    }
                    participantBoth.append(d)
                case .facilitator:
                    #expect(!d.isParticipants, "the facilitator's window decided \(d) for \(e.input)")
                    if case .command(let a) = d {
                        #expect(!RoleRouter.actsOnCards(a), "a facilitator key decided on a card: \(a)")
                    }
                    if d.isFacilitators { facilitatorActs += 1 }
                    Self.apply(d, to: &both, notes: &notesBoth, seqWaiting: seqWaiting, now: Double(i))
                }
            }
            // The same streams, one window at a time.
            for (i, e) in stream.enumerated() {
                let d = router.route(e.input, from: e.window)
                if e.window == .facilitator { Self.apply(d, to: &alone, notes: &notesAlone, seqWaiting: seqWaiting, now: Double(i)) }
                else { participantAlone.append(d) }
            }
            #expect(both.draft == alone.draft)
            #expect(notesBoth == notesAlone)
            #expect(participantBoth == participantAlone)
        }
        // The streams exercised every kind of decision.
        #expect(participantActs > 1000 && answers > 300 && facilitatorActs > 5000 && droppedText > 5000,
                "\(participantActs) participant actions, \(answers) answers, \(facilitatorActs) facilitator acts, \(droppedText) texts dropped")
    }

    /// A whole facilitated session: in the swipe deck Z in the participant's window undoes
    /// and types nothing; the SEQ's 5 answers it; the facilitator's Enter then starts the next
    /// task (no note "z5").
    @Test func zThenTheSEQDigitNeverReachTheNote() {
        let swipe = RoleRouter(participantKeys: [.arrows, .undo], panel: .taskBar(focus: nil))
        let seq = RoleRouter(participantKeys: [.arrows, .undo], panel: .questionnaire(scale: Questionnaire.seq.scale))
        #expect(swipe.route(.key(KeyPress(key: .character("z"))), from: .participant) == .participantAction(.undo))
        #expect(swipe.route(.text("z"), from: .participant) == .ignored)
        #expect(seq.route(.key(KeyPress(key: .character("5"))), from: .participant) == .answer(5))
        #expect(seq.route(.text("5"), from: .participant) == .ignored)
        // 9 is off the scale: the participant's screen says so; the 7 after it answers.
        #expect(seq.route(.key(KeyPress(key: .character("9"))), from: .participant) == .expectAnswer)
        #expect(seq.route(.key(KeyPress(key: .character("7"))), from: .participant) == .answer(7))
        #expect(seq.route(.key(KeyPress(key: .enter)), from: .participant) == .expectAnswer)
        #expect(seq.route(.key(KeyPress(key: .enter)), from: .facilitator) == .enter)
        var desk = FacilitatorDesk()
        #expect(desk.enter(seqWaiting: false, now: 10) == .nextTask)
    }

    /// Enter in the facilitator's window: a typed note is saved and nothing else; with an SEQ
    /// waiting, the first asks, a second within 5 s goes on, and one after 5 s asks again.
    @Test func enterAsksWhileAnSEQWaits() {
        var desk = FacilitatorDesk()
        desk.type("hesitated")
        #expect(desk.enter(seqWaiting: true, now: 1) == .saveNote("hesitated"))
        #expect(desk.enter(seqWaiting: true, now: 2) == .askFirst)
        #expect(desk.enter(seqWaiting: true, now: 3) == .nextTask)
        #expect(desk.enter(seqWaiting: true, now: 4) == .askFirst)
        #expect(desk.enter(seqWaiting: true, now: 9.5) == .askFirst)
        #expect(desk.enter(seqWaiting: true, now: 14.5) == .nextTask)
        desk.type("   ")
        #expect(desk.enter(seqWaiting: false, now: 20) == .nextTask)
    }

    /// M starts the next task by the same rule as Enter: with an SEQ waiting the first asks and a
    /// second within 5 s goes on; it never takes the facilitator's draft note.
    @Test func taskMarkerKeyAsksWhileAnSEQWaits() {
        var desk = FacilitatorDesk()
        desk.type("hesitated")
        #expect(desk.nextTask(seqWaiting: true, now: 1) == .askFirst)
        #expect(desk.nextTask(seqWaiting: true, now: 2) == .nextTask)
        #expect(desk.nextTask(seqWaiting: true, now: 8) == .askFirst)
        #expect(desk.nextTask(seqWaiting: false, now: 9) == .nextTask)
        #expect(desk.draft == "hesitated")
    }

    /// Every bound key with Ctrl in the facilitator's window: what decides on a card is refused,
    /// the rest are the developer keys; held Ctrl+Q's repeats are not a second quit.
    @Test func facilitatorCommandsNeverDecideOnACard() {
        let router = RoleRouter(participantKeys: [.arrows, .pages, .undo, .throw], panel: nil)
        for row in KeyBindings.rows {
            for (key, action) in row.keys {
                let d = router.route(.key(KeyPress(key: key, modifiers: .control)), from: .facilitator)
                #expect(d == (RoleRouter.actsOnCards(action) ? .participantsOnly(action) : .command(action)), "\(key): \(d)")
                let p = router.route(.key(KeyPress(key: key)), from: .participant)
                #expect(!p.isFacilitators, "\(key) in the participant's window: \(p)")
            }
        }
        #expect(router.route(.key(KeyPress(key: .character("q"), modifiers: .control, isRepeat: true)), from: .facilitator) == .ignored)
        #expect(router.route(.key(KeyPress(key: .character("q"), modifiers: .control)), from: .participant) == .notParticipants)
    }
}
