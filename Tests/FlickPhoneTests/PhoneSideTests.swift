import FlickEngine
import FlickPhone
import FlickSession
import Foundation
import Testing

/// The participant's side in the phone's protocol: the page's answers and undo parsed into the
/// very `ParticipantAnswer` the window's panel records, every bad value refused with a reason
/// that names it; the hello's panel and the stage it leaves; the host's `side` message as the
/// page reads it, its text JSON-escaped.
@Suite struct PhoneSideTests {
    @Test func answersParseIntoTheWindowsAnswers() throws {
        #expect(try PhoneProtocol.parse(#"{"type":"answer","kind":"done","task":1,"t":1500.5}"#)
                == .answer(PhoneAnswer(.done, task: 1, time: 1500.5)))
        #expect(try PhoneProtocol.parse(#"{"type":"answer","kind":"give_up","task":100,"t":0}"#)
                == .answer(PhoneAnswer(.giveUp, task: 100, time: 0)))
        #expect(try PhoneProtocol.parse(#"{"type":"answer","kind":"seq","task":2,"value":7,"t":9}"#)
                == .answer(PhoneAnswer(.seq(7), task: 2, time: 9)))
        #expect(try PhoneProtocol.parse(#"{"type":"answer","kind":"sus","item":10,"value":1,"t":9}"#)
                == .answer(PhoneAnswer(.sus(item: 10, value: 1), task: nil, time: 9)))
        #expect(try PhoneProtocol.parse(#"{"type":"undo","t":2000}"#) == .undo(t: 2000))
    }

    /// Every value outside its scale, every field missing or of the wrong type: refused (close
    /// 4400), and the reason names the field and what was expected.
    @Test(arguments: [
        (#"{"type":"answer","kind":"seq","task":1,"value":8,"t":1}"#, "'answer.value' = 8 is not a SEQ answer (expected 1 to 7)"),
        (#"{"type":"answer","kind":"seq","task":1,"value":0,"t":1}"#, "'answer.value' = 0 is not a SEQ answer (expected 1 to 7)"),
        (#"{"type":"answer","kind":"sus","item":3,"value":6,"t":1}"#, "'answer.value' = 6 is not a SUS answer (expected 1 to 5)"),
        (#"{"type":"answer","kind":"sus","item":11,"value":3,"t":1}"#, "'answer.item' = 11 is not a SUS item (expected 1 to 10)"),
        (#"{"type":"answer","kind":"sus","item":0,"value":3,"t":1}"#, "'answer.item' = 0 is not a SUS item (expected 1 to 10)"),
        (#"{"type":"answer","kind":"sus","value":3,"t":1}"#, "answer 'sus' without an 'item'"),
        (#"{"type":"answer","kind":"seq","task":1,"t":1}"#, "answer 'seq' without a 'value'"),
        (#"{"type":"answer","kind":"done","t":1}"#, "answer 'done' without the task it answers ('task' 1 to 100)"),
        (#"{"type":"answer","kind":"give_up","task":101,"t":1}"#, "answer 'give_up' without the task it answers ('task' 1 to 100)"),
        (#"{"type":"answer","kind":"seq","task":0,"value":3,"t":1}"#, "answer 'seq' without the task it answers ('task' 1 to 100)"),
        (#"{"type":"answer","kind":"maybe","task":1,"t":1}"#, "answer kind 'maybe' (expected done, give_up, seq or sus)"),
        (#"{"type":"answer","task":1,"t":1}"#, "answer kind missing (expected done, give_up, seq or sus)"),
        (#"{"type":"answer","kind":"done","task":1}"#, "'t' missing or not a phone time (0 to 1e10 ms)"),
        (#"{"type":"answer","kind":"seq","task":1,"value":"7","t":1}"#, "field 'value' has the wrong type"),
        (#"{"type":"undo","t":-1}"#, "'t' missing or not a phone time (0 to 1e10 ms)"),
        (#"{"type":"undo"}"#, "'t' missing or not a phone time (0 to 1e10 ms)"),
    ])
    func badAnswersAreRefusedWithTheirReason(_ text: String, _ reason: String) {
        do {
            let m = try PhoneProtocol.parse(text)
            Issue.record("parsed \(m) from \(text)")
        } catch let e as PhoneProtocolError {
            #expect(e.code == .malformed)
            #expect(e.reason == reason, "\(text)")
            #expect(e.description == "4400 malformed message: \(reason)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// The hello's panel: kept, at most half the viewport's height; the stage is the viewport
    /// above it only for a session with a participant's side.
    @Test func thePanelLeavesTheStageAboveIt() throws {
        let text = #"{"type":"hello","v":1,"viewport":{"width":390,"height":844},"pixelRatio":3,"touch":true,"panel":127}"#
        guard case .hello(let h) = try PhoneProtocol.parse(text) else {
            Issue.record("not a hello")
            return
        }
        #expect(h.panel == 127)
        #expect(h.stage(side: true) == Size(width: 390, height: 717))
        #expect(h.stage(side: false) == Size(width: 390, height: 844))
        // Without a panel (an older page): the whole viewport either way, as before.
        guard case .hello(let old) = try PhoneProtocol.parse(PhoneProtocolTests.hello) else {
            Issue.record("not a hello: \(PhoneProtocolTests.hello)")
            return
        }
        #expect(old.panel == 0 && old.stage(side: true) == Size(width: 390, height: 844))
        for (panel, shown) in [("423", "423"), ("-1", "-1")] {
            let bad = #"{"type":"hello","v":1,"viewport":{"width":390,"height":844},"pixelRatio":3,"panel":"# + panel + "}"
            #expect(throws: PhoneProtocolError(code: .malformed, reason: "panel \(shown) outside 0 to half the viewport's height (422)")) {
                try PhoneProtocol.parse(bad)
            }
        }
    }

    /// The host's `side`: keys sorted, the task's text JSON-escaped whatever it holds (the page
    /// sets it as text), the scale and its ends for a questionnaire.
    @Test func theSideMessageAsThePageReadsIt() throws {
        let name = "Like <img src=x onerror=alert(1)> & \"keep\"\n</script>"
        let task = PhoneSide(state: .task, text: "Task 1 of 2: \(name)", task: 1, undo: true)
        let json = task.json()
        let back = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(back?["type"] as? String == "side")
        #expect(back?["state"] as? String == "task")
        #expect(back?["text"] as? String == "Task 1 of 2: \(name)")
        #expect(back?["task"] as? Int == 1)
        #expect(back?["undo"] as? Bool == true)
        #expect(back?["scale"] == nil && back?["item"] == nil)
        let sus = PhoneSide(state: .sus, text: Questionnaire.susItems[2], item: 3, items: 10, title: "Question 3 of 10",
                            scale: Questionnaire.susScale, ends: Questionnaire.susEnds, undo: false)
        #expect(sus.json() == #"{"ends":["Strongly disagree","Strongly agree"],"item":3,"items":10,"scale":[1,5],"state":"sus","#
                + #""text":"I thought the system was easy to use.","title":"Question 3 of 10","type":"side","undo":false}"#)
    }

    /// The welcome names the panel the page may keep (0: the stage takes the whole page).
    @Test func theWelcomeGrantsThePanel() throws {
        let shadow = PhoneWelcome.Shadow(blur: 1, dx: 0, dy: 1, opacity: 0.2)
        let granted = PhoneWelcome(session: "s", viewport: Size(width: 390, height: 717), faces: [], cardBackground: "#ffffff",
                                   cornerRadius: 12, shadow: shadow, resumed: false, panel: 127)
        let none = PhoneWelcome(session: "s", viewport: Size(width: 390, height: 844), faces: [], cardBackground: "#ffffff",
                                cornerRadius: 12, shadow: shadow, resumed: false)
        #expect(granted.json().contains(#""panel":127"#))
        #expect(none.json().contains(#""panel":0"#))
    }
}
