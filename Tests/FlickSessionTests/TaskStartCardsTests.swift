import FlickIO
import FlickEngine
@testable import FlickSession
import Foundation
import Testing

/// A task's start state names its cards (a set, an order): starting
/// the task replaces the deck with them as the facilitator's doing, the same in every replay.
@Suite struct TaskStartCardsTests {
    static let cards = ["a.png", "b.png", "c.png", "d.png"]

    /// A session through the core: a key throw in task 1, then task 2 starting with `start`.
    static func run(_ start: TaskStart, finish: Bool = true) -> (out: [String], deck: [String], runner: SessionRunner) {
        let list = TaskList(tasks: [TaskSpec(name: "throw one", goal: .deletedCount(1)),
                                    TaskSpec(name: "find c", goal: .reached("c.png"), start: start)])
        let runner = SessionRunner(scene: CardScene(interaction: .stack, count: 4, viewport: Size(width: 390, height: 844),
                                                    config: SceneConfig(), time: 0),
                                   tasks: list, cardNames: cards, sessionTask: nil)
        let inputs = [RecordedInput(t: 0.1, .marker(Marker(label: "start", task: "throw one"))),
                      RecordedInput(t: 0.2, .command(.throwCurrent)),
                      RecordedInput(t: 1.5, .marker(Marker(label: "start", task: "find c")))]
        var out: [String] = []
        var pending = inputs[...]
        for frame in 0...150 {
            let clock = Double(frame) / 60
            while let next = pending.first, next.t <= clock {
                runner.submit(next, now: clock)
                pending.removeFirst()
            }
            runner.advance(to: clock)
            out += runner.takeOutputs().compactMap(TaskStartTests.describe)
        }
        let deck = (0..<runner.scene.deck.count).compactMap { runner.scene.deck.card(at: $0) }
            .map { runner.study.images.name(of: $0) ?? "?" }
        if finish {
            runner.finish(at: 2.5)
            out += runner.takeOutputs().compactMap(TaskStartTests.describe)
        }
        return (out, deck, runner)
    }

    /// The deck becomes the task's cards in the task's order: one reset, by the facilitator,
    /// before the task's start; the participant's throw before it stays theirs; undo has
    /// nothing to bring back (the set is not a deletion).
    @Test func aCardSetReplacesTheDeckAsTheFacilitator() {
        let (out, deck, runner) = Self.run(TaskStart(cards: ["c.png", "a.png", "b.png"], order: .listed))
        #expect(deck == ["c.png", "a.png", "b.png"])
        #expect(out == [
            "task_started 1 ",
            "deleted 0.613 by key",
            "task_ended 1 success attempts 1",
            "reset 1.500 by facilitator",
            "task_started 2 - reset false -",
            "task_ended 2 session_ended attempts 0",
        ], "\(out)")
        #expect(!runner.scene.deck.canUndo)
    }

    /// A later plain reset comes back to the task's cards.
    @Test func aResetAfterwardsComesBackToTheSet() {
        let (_, _, runner) = Self.run(TaskStart(cards: ["d.png", "b.png"]), finish: false)
        runner.submit(RecordedInput(t: 3, .command(.throwCurrent)), now: 3)
        runner.advance(to: 4)
        #expect(runner.scene.deck.count == 1)
        runner.submit(RecordedInput(t: 4.1, .command(.reset)), now: 4.1)
        runner.advance(to: 4.2)
        let names = (0..<runner.scene.deck.count).compactMap { runner.scene.deck.card(at: $0) }.map { runner.study.images.name(of: $0) }
        #expect(names == ["d.png", "b.png"])
    }

    /// A tasks file's cards: a list (extensions may be left off) or "all", in the order asked
    /// for; a shuffle is seeded. The header keeps the list as made, and a run from the header
    /// gives the same outputs.
    @Test func aTasksFileNamesCardsAndOrder() throws {
        func parse(_ start: String, cards: [String]? = Self.cards) throws -> TaskStart? {
            try TaskList.parse(try JSONSerialization.jsonObject(with: Data("{\"tasks\": [{\"name\": \"a\", \"start\": \(start)}]}".utf8)),
                               file: "t.json", cards: cards).tasks[0].start
        }
        #expect(try parse(#"{"cards": ["c", "a.png"]}"#)?.cards == ["c.png", "a.png"])
        #expect(try parse(#"{"cards": "all", "order": "reverse"}"#)?.cards == ["d.png", "c.png", "b.png", "a.png"])
        #expect(try parse(#"{"order": "reverse"}"#)?.cards == ["d.png", "c.png", "b.png", "a.png"])
        let shuffled = try parse(#"{"cards": "all", "order": "shuffled", "seed": 11}"#)
        #expect(shuffled?.cards.map { Set($0) } == Set(Self.cards))
        #expect(try parse(#"{"cards": "all", "order": "shuffled", "seed": 11}"#)?.cards == shuffled?.cards)
        #expect(try parse(#"{"cards": "all", "order": "shuffled", "seed": 12}"#)?.cards != shuffled?.cards)
        func refusal(_ start: String) -> String {
            do { _ = try parse(start); return "accepted" } catch { return "\(error)" }
        }
        #expect(refusal(#"{"cards": ["zebra"]}"#).contains("t.json: task 1 'a': start 'cards' names 'zebra', which is not among the cards (a.png, b.png"))
        #expect(refusal(#"{"order": "shuffled"}"#).contains("start \"order\": \"shuffled\" needs a 'seed'"))
        #expect(refusal(#"{"order": "sideways"}"#).contains("start 'order' = sideways is not an order (expected one of listed, reverse, shuffled)"))
        #expect(refusal(#"{"seed": 3}"#).contains("start 'seed' is used only with"))
        #expect(refusal(#"{"cards": []}"#).contains("start 'cards' has 0 cards"))
        #expect(refusal(#"{"cards": 3}"#).contains("start 'cards' = 3 is not a list of card files"))

        // The header's copy (the order already made) reads back as it is, and replays alike.
        let start = try #require(shuffled)
        let list = TaskList(tasks: [TaskSpec(name: "throw one", goal: .deletedCount(1)), TaskSpec(name: "find c", goal: .reached("c.png"), start: start)])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(list))
        let back = try TaskList.parse(json, file: "header", cards: nil)
        #expect(back == list)
        let decoded = try JSONDecoder().decode(TaskList.self, from: JSONEncoder().encode(list))
        let live = Self.run(start), replayed = Self.run(try #require(decoded.tasks[1].start))
        #expect(live.out == replayed.out)
        #expect(live.deck == replayed.deck && live.deck == start.cards)
    }
}
