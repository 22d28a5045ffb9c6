import FlickIO
import FlickEngine
@testable import FlickSession
import Foundation
import Testing

/// Tasks with goals, read from a file and run against the scene's events.
@Suite struct TaskTests {
    static let cards = ["01-weather.png", "02-music.png", "03-chat.png"]

    func parse(_ json: String) throws -> TaskList {
        try TaskList.parse(try JSONSerialization.jsonObject(with: Data(json.utf8)), file: "--tasks file 't.json'", cards: Self.cards)
    }

    func refusal(_ json: String) -> String {
        do { _ = try parse(json); return "accepted" } catch { return "\(error)" }
    }

    @Test func aTaskFileIsReadWithEveryGoalKind() throws {
        let list = try parse("""
        {"giveUp": "stuck", "tasks": [
          {"name": "a", "goal": {"deleted": 2}, "timeLimit": 30},
          {"name": "b", "goal": {"deleted": "02-music"}},
          {"name": "c", "goal": {"reached": "03-chat.png"}},
          {"name": "d", "goal": {"selected": "01-weather.png"}},
          {"name": "e", "goal": {"interaction": "stack"}},
          {"name": "f"}]}
        """)
        #expect(list.giveUp == "stuck")
        #expect(list.tasks.map(\.goal) == [.deletedCount(2), .deletedCard("02-music.png"), .reached("03-chat.png"),
                                           .selected("01-weather.png"), .interaction(.stack), nil])
        #expect(list.tasks[0].timeLimit == 30)
        // A bare list is a task list too, giving up with the default label.
        #expect(try parse("[{\"name\": \"x\"}]").giveUp == TaskList.defaultGiveUp)
        // What a recording's header holds reads back the same.
        let round = try JSONDecoder().decode(TaskList.self, from: JSONEncoder().encode(list))
        #expect(round == list)
    }

    @Test func badTaskFilesAreRefusedNamingTheTaskAndField() {
        #expect(refusal("{\"tasks\": []}").contains("0 tasks (expected 1 to 100)"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\"}], \"extra\": 1}").contains("unknown key 'extra'"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goals\": {}}]}").contains("task 1: unknown key 'goals'"))
        #expect(refusal("{\"tasks\": [{\"name\": \"\"}]}").contains("task 1: 'name' must be one line"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}").contains("task 2: the name 'a' is used twice"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"timeLimit\": 0}]}").contains("'timeLimit' = 0 is out of range"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"timeLimit\": true}]}").contains("'timeLimit'"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goal\": {\"deleted\": 0}}]}").contains("goal 'deleted' = 0 is out of range"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goal\": {\"deleted\": 1.5}}]}").contains("out of range"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goal\": {\"reached\": \"99-none.png\"}}]}")
                .contains("names the card '99-none.png', which is not among the cards"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goal\": {\"interaction\": \"cube\"}}]}").contains("is not an interaction"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goal\": {\"reached\": \"x\", \"deleted\": 1}}]}").contains("'goal' is not a goal"))
        #expect(refusal("{\"tasks\": [{\"name\": \"a\", \"goal\": {\"fly\": 1}}]}").contains("unknown goal 'fly'"))
        #expect(refusal("[1]").contains("task 1 is not an object"))
    }

    @Test func markerLabelsAreCheckedOneByOne() throws {
        #expect(try MarkerLabels.parse("found it, gave up ,asked for help") == ["found it", "gave up", "asked for help"])
        #expect(throws: UserError.self) { try MarkerLabels.parse("a,b,c,d,e,f,g,h,i,j") }
        #expect(throws: UserError.self) { try MarkerLabels.parse("a,,b") }
        #expect(throws: UserError.self) { try MarkerLabels.parse("start,b") }
        #expect(throws: UserError.self) { try MarkerLabels.parse("a,b,a") }
        #expect(throws: UserError.self) { try MarkerLabels.parse(String(repeating: "x", count: 41)) }
        // Every refusal is one line, whatever the label holds: a control character is refused,
        // and the label named in a refusal is shown escaped.
        func refusal(_ text: String) -> String {
            do { _ = try MarkerLabels.parse(text); return "" } catch { return (error as? UserError)?.message ?? "" }
        }
        #expect(refusal("a\u{0}b,c").contains("'a\\0b' must be 1 to 40 characters on one line"))
        #expect(refusal("x\u{1B}[2J,x\u{1B}[2J").contains("must be 1 to 40 characters"))
        for text in ["q\rq,q\rq", "start,st\u{0}art", "é\u{85},é\u{85}", "\u{2028}"] {
            let message = refusal(text)
            #expect(!message.isEmpty && !message.unicodeScalars.contains(where: TextLimits.isControl), "\(message.debugDescription)")
        }
        let twice = refusal("a,b," + String(repeating: "a", count: 200))
        #expect(twice.contains("must be 1 to 40"))
        let long = refusal(String(repeating: "y", count: 30) + "," + String(repeating: "y", count: 30))
        #expect(long.contains("is given twice") && long.count < 200)
    }


    func observe(_ run: inout TaskRun, _ e: SceneEvent, deck: [Int] = [0, 1, 2]) -> [LogTaskEnded] {
        run.observe(e, cardName: DeckImages(names: Self.cards).name(of:), cardAt: { deck.indices.contains($0) ? CardID(deck[$0]) : nil })
    }

    @Test func aTaskEndsWhenItsGoalIsMetCountingItsGestures() throws {
        var run = TaskRun(list: try parse("[{\"name\": \"close two\", \"goal\": {\"deleted\": 2}}, {\"name\": \"b\"}]"))
        #expect(run.start(at: 1)?.task == "close two")
        #expect(run.start(at: 1.5) == nil)   // one at a time
        _ = observe(&run, .gestureBegan(time: 2, kind: .card, card: CardID(0)))
        #expect(observe(&run, .deleted(time: 2.5, card: CardID(0), index: 0)).isEmpty)
        _ = observe(&run, .gestureBegan(time: 3, kind: .scroll, card: nil))
        _ = observe(&run, .gestureBegan(time: 3.5, kind: .card, card: CardID(1)))
        let ended = observe(&run, .deleted(time: 4.25, card: CardID(1), index: 0))
        #expect(ended.map(\.outcome) == [.success])
        #expect(ended.first?.t == 4.25 && ended.first?.seconds == 3.25 && ended.first?.attempts == 3)
        #expect(run.current == nil && run.nextTask?.name == "b")
    }

    @Test func eachGoalKindIsMetByItsOwnEvent() throws {
        func met(_ goal: String, _ events: [SceneEvent]) throws -> Bool {
            var run = TaskRun(list: try parse("[{\"name\": \"t\", \"goal\": \(goal)}]"))
            _ = run.start(at: 0)
            return events.contains { observe(&run, $0).contains { $0.outcome == .success } }
        }
        // Card 4 of a 3-image deck shows image 1 (02-music).
        #expect(try met("{\"deleted\": \"02-music.png\"}", [.deleted(time: 1, card: CardID(4), index: 0)]))
        #expect(try !met("{\"deleted\": \"02-music.png\"}", [.deleted(time: 1, card: CardID(0), index: 0)]))
        #expect(try met("{\"reached\": \"03-chat.png\"}", [.paged(time: 1, from: 0, to: 2)]))
        #expect(try !met("{\"reached\": \"03-chat.png\"}", [.paged(time: 1, from: 0, to: 1)]))
        #expect(try met("{\"reached\": \"03-chat.png\"}", [.selected(time: 1, card: CardID(2))]))
        #expect(try met("{\"selected\": \"01-weather.png\"}", [.selected(time: 1, card: CardID(0))]))
        #expect(try !met("{\"selected\": \"01-weather.png\"}", [.paged(time: 1, from: 1, to: 0)]))
        #expect(try met("{\"interaction\": \"stack\"}", [.interactionChanged(time: 1, from: .switcher, to: .stack)]))
        #expect(try !met("{\"interaction\": \"stack\"}", [.interactionChanged(time: 1, from: .switcher, to: .now)]))
    }

    /// The time limit ends a task at the limit itself, whichever frame notices: live and replay agree.
    @Test func theTimeLimitEndsATaskAtTheLimitExactly() throws {
        var run = TaskRun(list: try parse("[{\"name\": \"t\", \"goal\": {\"deleted\": 1}, \"timeLimit\": 5}]"))
        _ = run.start(at: 1.25)
        #expect(run.tick(6.2) == nil)
        let ended = run.tick(6.9)
        let late = try #require(ended)
        #expect(late.outcome == .timeLimit && late.t == 6.25 && late.seconds == 5)
        // An event after the limit does not meet the goal of an ended task.
        var again = TaskRun(list: run.list)
        _ = again.start(at: 1.25)
        let ends = observe(&again, .deleted(time: 7, card: CardID(0), index: 0))
        #expect(ends.map(\.outcome) == [.timeLimit] && ends.first?.t == 6.25)
    }

    @Test func markersStartEndAndGiveUp() throws {
        var run = TaskRun(list: try parse("{\"giveUp\": \"stuck\", \"tasks\": [{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"c\"}]}"))
        #expect(run.marker("start", at: 1).started?.number == 1)
        #expect(run.marker("found it", at: 2).ended.isEmpty)
        #expect(run.marker("end", at: 3).ended.map(\.outcome) == [.ended])
        #expect(run.marker("start", at: 4).started?.task == "b")
        #expect(run.marker("stuck", at: 6).ended.first.map { ($0.outcome, $0.seconds) } ?? (.success, 0) == (.gaveUp, 2))
        _ = run.marker("start", at: 7)
        #expect(run.end(at: 9, .sessionEnded)?.outcome == .sessionEnded)
        #expect(run.allDone && run.marker("start", at: 10).started == nil)
        #expect(run.ended.map(\.task) == ["a", "b", "c"])
    }
}
