@testable import FlickApp
import FlickSDL
import Testing

/// The facilitator's and the participant panel's keys come from their tables: what the router
/// decides, the facilitator window's legend, and `--help`, checked against literal text.
@Suite struct RoleKeyTablesTests {
    static func press(_ key: Key, repeat isRepeat: Bool = false, _ modifiers: KeyModifiers = []) -> RoleInput {
        .key(KeyPress(key: key, modifiers: modifiers, isRepeat: isRepeat, time: 0))
    }

    @Test func theFacilitatorsKeysDecideAsTheTableSays() {
        let router = RoleRouter(participantKeys: [], panel: nil)
        func f(_ key: Key, repeat r: Bool = false) -> RoleDecision { router.route(Self.press(key, repeat: r), from: .facilitator) }
        #expect((1...9).map { f(.function($0)) } == (1...9).map { .marker($0) })
        #expect(f(.function(3), repeat: true) == .ignored)
        #expect(f(.function(10)) == .pause)
        #expect(f(.function(10), repeat: true) == .pause)
        #expect(f(.function(11)) == .askSUS)
        #expect(f(.function(11), repeat: true) == .ignored)
        #expect(f(.function(12)) == .ignored)
        #expect(f(.enter) == .enter)
        #expect(f(.enter, repeat: true) == .ignored)
        #expect(f(.backspace, repeat: true) == .noteBackspace)
        #expect(f(.escape) == .noteClear)
        #expect(f(.character("m")) == .ignored, "a letter is the note's text, not a key")
    }

    @Test func theFacilitatorsLegendAndHelpAreTheTables() {
        #expect(FacilitatorKeys.markerLegend == "Markers (F10 pauses or resumes, F11 asks the SUS)")
        #expect(FacilitatorKeys.help == "F1-F9 the labelled markers; F10 pauses or resumes; F11 asks the SUS; "
                + "Enter saves the note, or with none typed starts or ends the task; Backspace deletes a letter of the note; "
                + "Escape drops the note")
        #expect(FacilitatorOptions.facilitatorHelp.contains("Its keys: " + FacilitatorKeys.help + ";"))
    }

    @Test func thePanelsKeysDecideAsTheTableSays() {
        let seq = RoleRouter(participantKeys: [], panel: .questionnaire(scale: 1...7))
        func q(_ key: Key, repeat r: Bool = false) -> RoleDecision { seq.route(Self.press(key, repeat: r), from: .participant) }
        #expect((1...7).map { q(.character(Character("\($0)"))) } == (1...7).map { .answer($0) })
        #expect(q(.character("8")) == .expectAnswer)
        #expect(q(.character("x")) == .expectAnswer)
        #expect(q(.character("3"), repeat: true) == .ignored)
        let bar = RoleRouter(participantKeys: [], panel: .taskBar(focus: nil))
        #expect(bar.route(Self.press(.tab), from: .participant) == .focusNext)
        #expect(bar.route(Self.press(.tab, repeat: true), from: .participant) == .focusNext)
        #expect(bar.route(Self.press(.enter), from: .participant) != .pressFocused, "Enter with no button focused presses nothing")
        let focused = RoleRouter(participantKeys: [], panel: .taskBar(focus: .done))
        #expect(focused.route(Self.press(.space), from: .participant) == .pressFocused)
        #expect(focused.route(Self.press(.enter, repeat: true), from: .participant) == .ignored)
    }

    @Test func thePanelsHelpIsTheTables() {
        #expect(PanelKeys.help == "1-7 answer the questionnaire on the participant's screen (its scale's digits); "
                + "Tab moves between Done and Give up on the task bar; Enter or Space presses the one Tab is on")
        #expect(FacilitatorOptions.tasksHelp.hasSuffix("The participant's panel: " + PanelKeys.help + "."))
    }
}
