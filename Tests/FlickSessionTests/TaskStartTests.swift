import FlickIO
import FlickEngine
@testable import FlickSession
import Foundation
import Testing

/// A task names the state it starts in; starting it applies that state as the
/// facilitator's doing, never the participant's, the same in every replay.
@Suite struct TaskStartTests {
    static let cards = ["a.png", "b.png", "c.png", "d.png"]

    static func tasks(config: SceneConfig? = nil) -> TaskList {
        TaskList(tasks: [TaskSpec(name: "throw one", goal: .deletedCount(1)),
                         TaskSpec(name: "in the stack", goal: .interaction(.stack),
                                  start: TaskStart(interaction: .stack, reset: true, config: config, configFile: config == nil ? nil : "slow.json"))])
    }

    /// Task 1 is met by a key throw; task 2 starts with the stack and a reset: the reset's cause is
    /// `facilitator`, its events come before the task's lines, and neither the switch (the task's
    /// own goal) nor the reset counts for the task.
    static func run(_ list: TaskList) -> [String] {
        let runner = SessionRunner(scene: CardScene(interaction: .switcher, count: 4, viewport: Size(width: 390, height: 844),
                                                    config: SceneConfig(), time: 0),
                                   tasks: list, cardNames: cards, sessionTask: nil)
        let inputs = [RecordedInput(t: 0.1, .marker(Marker(label: "start", task: "throw one"))),
                      RecordedInput(t: 0.2, .command(.throwCurrent)),
                      RecordedInput(t: 1.5, .marker(Marker(label: "start", task: "in the stack")))]
        var out: [String] = []
        var pending = inputs[...]
        for frame in 0...150 {
            let clock = Double(frame) / 60
            while let next = pending.first, next.t <= clock {
                runner.submit(next, now: clock)
                pending.removeFirst()
            }
            runner.advance(to: clock)
            out += runner.takeOutputs().compactMap(Self.describe)
        }
        runner.finish(at: 2.5)
        out += runner.takeOutputs().compactMap(Self.describe)
        return out
    }

    static func describe(_ o: SessionOutput) -> String? {
        switch o {
        case .scene(let logged):
            switch logged.event {
            case .reset, .interactionChanged, .deleted:
                return "\(logged.event.name) \(String(format: "%.3f", logged.event.time))" + (logged.origin.map { " by \($0.cause.rawValue)" } ?? "")
            default: return nil
            }
        case .configReloaded(let path, let config, let t): return "config \(path) \(config.carousel.throwDuration) \(String(format: "%.3f", t))"
        case .taskStarted(let l):
            return "task_started \(l.number) \(l.start.map { "\($0.interaction?.rawValue ?? "-") reset \($0.reset ?? false) \($0.config ?? "-")" } ?? "")"
        case .taskEnded(let l): return "task_ended \(l.number) \(l.outcome.rawValue) attempts \(l.attempts)"
        default: return nil
        }
    }

    @Test func aTaskStartStateIsTheFacilitatorsAndCountsForNothing() {
        let out = Self.run(Self.tasks())
        #expect(out == [
            "task_started 1 ",
            "deleted 0.700 by key",
            "task_ended 1 success attempts 1",
            "interaction_changed 1.500",
            "reset 1.500 by facilitator",
            "task_started 2 stack reset true -",
            "task_ended 2 session_ended attempts 0",
        ], "\(out)")
    }

    /// The tasks as a recording's header keeps them (config values and all) read back to the same
    /// list, and a run from them gives the same outputs: a replay sets each task up the same way.
    @Test func theHeaderKeepsTheStartStateAndAReplaySetsItUpAlike() throws {
        var slow = SceneConfig()
        slow.carousel.throwDuration = 0.9
        let list = Self.tasks(config: slow)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(list))
        let back = try TaskList.parse(json, file: "header", cards: nil)
        #expect(back == list)
        let live = Self.run(list), replayed = Self.run(back)
        #expect(live == replayed)
        #expect(live.contains("config slow.json 0.9 1.500"), "\(live)")
        #expect(live.contains("task_started 2 stack reset true slow.json"), "\(live)")
    }

    /// A tasks file's start state: an interaction, a reset, a config file beside the tasks file;
    /// each wrong value is one line naming the task and the field.
    @Test func aTasksFileNamesTheStartState() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-taskstart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"carousel": {"throwDuration": 0.9}}"#.utf8).write(to: dir.appendingPathComponent("slow.json"))
        let path = dir.appendingPathComponent("tasks.json").path
        try Data(#"{"tasks": [{"name": "a", "start": {"interaction": "swipe", "reset": true, "config": "slow.json"}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let list = try TaskList.load(path: path, cards: Self.cards)
        let start = try #require(list.tasks[0].start)
        #expect(start.interaction == .swipe && start.reset == true && start.configFile == "slow.json")
        #expect(start.config?.carousel.throwDuration == 0.9)
        func refusal(_ start: String) -> String {
            do {
                _ = try TaskList.parse(try JSONSerialization.jsonObject(with: Data("{\"tasks\": [{\"name\": \"a\", \"start\": \(start)}]}".utf8)),
                                       file: "t.json", cards: nil, folder: dir.path)
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(refusal(#"{"interaction": "cube"}"#).contains("t.json: task 1 'a': start 'interaction' = cube is not an interaction"))
        #expect(refusal(#"{"reset": 1}"#).contains("t.json: task 1 'a': start 'reset' = 1 is not true or false"))
        #expect(refusal(#"{"shuffle": true}"#).contains("t.json: task 1 'a': 'start' has an unknown key 'shuffle'"))
        #expect(refusal(#"{"config": "none.json"}"#).contains("t.json: task 1 'a': start 'config':"))
    }
}
