import FlickIO
import FlickEngine
@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickSession
import Foundation
import Testing

/// `flick plan` makes a plan, and `flick --plan plan.json --participant P3
/// --session 2` opens that session's condition and task order with nothing else given; the
/// header says so, the plan file follows its JSON Schema, and bad input is refused in one line.
@Suite struct StudyPlanSessionTests {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/schema")

    /// A study folder: two presets, a tasks file of three tasks, and a plan made by `flick plan`.
    static func study() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-plan-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/presets", withIntermediateDirectories: true)
        try Data(#"{"description": "snappy", "stack": {"throwSpeed": 300}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/presets/snappy.json"))
        try Data(#"{"description": "slow", "stack": {"throwSpeed": 1500}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/presets/slow.json"))
        try Data(#"{"tasks": [{"name": "one"}, {"name": "two"}, {"name": "three"}]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/tasks.json"))
        let command = try PlanCommand.parse(["--condition", "snappy,config=\(dir)/presets/snappy.json,interaction=stack",
                                             "--condition", "slow,config=\(dir)/presets/slow.json,interaction=swipe,markers=found;lost",
                                             "--condition", "plain", "--participants", "6", "--tasks", dir + "/tasks.json",
                                             "--markers", "found it,gave up", "--out", dir + "/plan.json"])
        try command.run()
        return dir
    }

    @MainActor @Test func aPlannedSessionOpensItsConditionAndTaskOrder() throws {
        let dir = try Self.study()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try StudyPlan.load(dir + "/plan.json")
        // The paths are the plan folder's own.
        #expect(plan.conditions[0].config == "presets/snappy.json" && plan.tasks == "tasks.json")
        // P3 takes row 3 of the 3-condition square, C A B: session 2 is condition A, snappy; its
        // tasks row (2 + 1) of the 3-task square's six: C A B ... as the plan says.
        let planned = try #require(plan.participant("P3")?.sessions[1])
        #expect(planned.condition == "snappy")
        let options = try AppOptions(WindowCommand.parse(["--plan", dir + "/plan.json", "--participant", "P3", "--session", "2", "--headless"]))
        #expect(options.demo == .stack)
        #expect(options.config.stack.throwSpeed == 300)
        #expect(options.tasks?.tasks.map(\.name) == planned.tasks)
        #expect(options.markers == ["found it", "gave up"])
        let header = App.header(options, SessionInfo(id: "x", started: "2026-11-27T07:00:00.000Z", participant: "P3"), window: Size(width: 800, height: 600))
        #expect(header.plan == PlanStamp(file: dir + "/plan.json", participant: "P3", session: 2, condition: "snappy", tasks: planned.tasks))
        #expect(header.tasks?.tasks.map(\.name) == planned.tasks)

        // Session 3 of P3 is slow: swipe, its own markers.
        let slow = try AppOptions(WindowCommand.parse(["--plan", dir + "/plan.json", "--participant", "P3", "--session", "3", "--headless"]))
        #expect(slow.demo == .swipe && slow.config.stack.throwSpeed == 1500 && slow.markers == ["found", "lost"])
        #expect(slow.plan?.condition == plan.participant("P3")?.sessions[2].condition)

        // The plan file follows docs/schema/plan.schema.json.
        let check = JSONSchemaCheck(folder: Self.schemas)
        let json = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: dir + "/plan.json")))
        #expect(try check.problems(json, file: "plan.schema.json").isEmpty)
    }

    /// Unknown participant or session, a plan whose files are gone, options the plan gives:
    /// each refused in one line naming the value and what was expected.
    @Test func badPlannedSessionsAreRefused() throws {
        let dir = try Self.study()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func refusal(_ arguments: [String]) -> String {
            do { _ = try AppOptions(WindowCommand.parse(arguments)); return "accepted" } catch {
                return (error as? UserError)?.message ?? WindowCommand.message(for: error)
            }
        }
        let plan = dir + "/plan.json"
        #expect(refusal(["--plan", plan, "--participant", "P9", "--session", "1"]).contains("--participant 'P9' is not in the plan"))
        #expect(refusal(["--plan", plan, "--participant", "P1", "--session", "5"]).contains("--session 5 is not one of participant 'P1''s sessions"))
        #expect(refusal(["--plan", plan, "--participant", "P1"]).contains("needs --participant ID and --session N"))
        #expect(refusal(["--plan", plan, "--participant", "P1", "--session", "1", "--config", plan]).contains("--config cannot be given with --plan"))
        #expect(refusal(["--session", "1"]).contains("--session needs --plan"))
        try FileManager.default.removeItem(atPath: dir + "/presets/slow.json")
        #expect(refusal(["--plan", plan, "--participant", "P1", "--session", "2"]).contains("condition 'slow' names the config '\(dir)/presets/slow.json', which does not exist"))
    }

    /// `flick study`'s condition of a planned session: the plan's for its participant and
    /// session; a session the plan does not have, one recorded under another plan (its condition
    /// differs) or one opened without a plan are refused, each in one line.
    @Test func studyTakesTheConditionFromThePlan() throws {
        let plan = StudyPlan.make(conditions: [PlanCondition(name: "plain"), PlanCondition(name: "snappy")], participants: ["P1", "P2"],
                                  taskNames: nil, assignment: .inOrder, taskOrder: .fixed, seed: nil)
        func session(_ stamp: PlanStamp?) -> StudySession {
            var s = StudySession(name: "s", path: "s.rec", demo: .stack, viewport: Size(width: 390, height: 844), config: SceneConfig(), items: [])
            s.plan = stamp
            return s
        }
        func condition(_ stamp: PlanStamp?) -> String {
            do { return try StudyCommand.plannedCondition(session(stamp), path: "s.rec", plan: plan, file: "plan.json") } catch {
                return "\(error)"
            }
        }
        #expect(condition(PlanStamp(file: "plan.json", participant: "P2", session: 1, condition: "snappy", tasks: nil)) == "snappy")
        #expect(condition(PlanStamp(file: "plan.json", participant: "P1", session: 2, condition: "snappy", tasks: nil)) == "snappy")
        #expect(condition(PlanStamp(file: "plan.json", participant: "P1", session: 1, condition: "snappy", tasks: nil))
            .contains("recorded the condition 'snappy' for participant 'P1' session 1, but the --plan file 'plan.json' says 'plain'"))
        #expect(condition(PlanStamp(file: "plan.json", participant: "P7", session: 1, condition: "plain", tasks: nil))
            .contains("is participant 'P7' session 1, which the --plan file 'plan.json' does not have"))
        #expect(condition(nil).contains("was not opened from a plan"))
    }
}
