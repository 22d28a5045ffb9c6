import FlickEngine
import FlickIO
@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickSession
import Foundation
import Testing

/// The device as a between-subjects factor: a plan gives each participant a device, the
/// session opened from it uses that device, `flick study` takes several plans, and the device
/// stays a factor of every condition, named or not.
@Suite struct PlanDeviceTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-plan-device-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aPlanGivesEachParticipantTheirDevice() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PlanCommand.parse(["--condition", "plain", "--condition", "stack,interaction=stack", "--participants", "6",
                               "--devices", "mouse,mouse,mouse,touch,touch,touch", "--out", dir + "/plan.json"]).run()
        let plan = try StudyPlan.load(dir + "/plan.json")
        #expect(plan.participants.map(\.device) == [.mouse, .mouse, .mouse, .touch, .touch, .touch])
        // Each device group takes both orders of the two conditions (rows 1, 2, 1 and 2, 1, 2).
        #expect(plan.participants.map(\.row) == [1, 2, 1, 2, 1, 2])
        // P5's sessions use the phone, P2's the window's mouse, whatever the condition.
        let touch = try PlannedSession.open(dir + "/plan.json", participant: "P5", session: 2)
        #expect(touch.condition.device == .touch)
        #expect(try PlannedSession.open(dir + "/plan.json", participant: "P2", session: 1).condition.device == .mouse)
        // The file follows docs/schema/plan.schema.json.
        let json = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: dir + "/plan.json")))
        #expect(try JSONSchemaCheck(folder: StudyPlanSessionTests.schemas).problems(json, file: "plan.schema.json").isEmpty)
        // Cycled when shorter: mouse,touch alternates.
        let alternating = StudyPlan.make(conditions: [PlanCondition(name: "a")], participants: ["P1", "P2", "P3"], taskNames: nil,
                                         assignment: .inOrder, taskOrder: .fixed, seed: nil, devices: [.mouse, .touch])
        #expect(alternating.participants.map(\.device) == [.mouse, .touch, .mouse])
    }

    @Test func aParticipantDeviceAgainstAConditionsOwnIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func refusal(_ arguments: [String]) -> String {
            do { try PlanCommand.parse(arguments + ["--out", dir + "/p.json", "--overwrite"]).run(); return "accepted" } catch {
                return (error as? UserError)?.message ?? PlanCommand.message(for: error)
            }
        }
        #expect(refusal(["--condition", "a,device=mouse", "--participants", "2", "--devices", "touch"])
            .contains("participant 'P1' uses the touch but session 1's condition 'a' is a mouse condition"))
        #expect(refusal(["--condition", "a", "--participants", "2", "--devices", "mouse,pen"])
            .contains("--devices: 'pen' is not a device (expected mouse or touch, comma-separated)"))
        #expect(refusal(["--condition", "a", "--participants", "2", "--devices", "touch"]) == "accepted")
        #expect(refusal(["--condition", "a", "--participants", "2", "--devices", "mouse,touch,mouse"])
            == "--devices names 3 devices for 2 participants (expected at most one per participant; a shorter list repeats)")
        #expect(refusal(["--condition", "a", "--participants", "2", "--devices", "mouse\ntouch"])
            .contains("--devices: 'mouse\\ntouch' is not a device"))
    }

    @Test func studyTakesSeveralPlans() throws {
        let mice = StudyPlan.make(conditions: [PlanCondition(name: "A"), PlanCondition(name: "B")], participants: ["P1", "P2"],
                                  taskNames: nil, assignment: .inOrder, taskOrder: .fixed, seed: nil, devices: [.mouse])
        let phones = StudyPlan.make(conditions: [PlanCondition(name: "A"), PlanCondition(name: "B")], participants: ["P3", "P4"],
                                    taskNames: nil, assignment: .inOrder, taskOrder: .fixed, seed: nil, devices: [.touch])
        let same = StudyPlan.make(conditions: [PlanCondition(name: "B"), PlanCondition(name: "A")], participants: ["P1"],
                                  taskNames: nil, assignment: .inOrder, taskOrder: .fixed, seed: nil)
        func condition(_ stamp: PlanStamp, _ plans: [(plan: StudyPlan, file: String)]) -> String {
            var s = StudySession(name: "s", path: "s.rec", demo: .stack, viewport: Size(width: 390, height: 844), config: SceneConfig(), items: [])
            s.plan = stamp
            do { return try StudyCommand.plannedCondition(s, path: "s.rec", plans: plans) } catch { return "\(error)" }
        }
        let two = [(mice, "study/mouse.json"), (phones, "study/phone.json")]
        #expect(condition(PlanStamp(file: "phone.json", participant: "P4", session: 1, condition: "B", tasks: nil), two) == "B")
        #expect(condition(PlanStamp(file: "mouse.json", participant: "P1", session: 2, condition: "B", tasks: nil), two) == "B")
        #expect(condition(PlanStamp(file: "x.json", participant: "P9", session: 1, condition: "A", tasks: nil), two)
            .contains("which the --plan files 'study/mouse.json', 'study/phone.json' do not have"))
        // P1 session 1 is in two plans: the one the header names decides.
        let both = [(mice, "study/mouse.json"), (same, "other/same.json")]
        #expect(condition(PlanStamp(file: "/lab/same.json", participant: "P1", session: 1, condition: "B", tasks: nil), both) == "B")
        #expect(condition(PlanStamp(file: "mouse.json", participant: "P1", session: 1, condition: "A", tasks: nil), both) == "A")
        #expect(condition(PlanStamp(file: "gone.json", participant: "P1", session: 1, condition: "A", tasks: nil), both)
            .contains("which more than one --plan file has"))
    }

    /// Mouse and touch sessions under conditions a design names: each condition keeps the
    /// device before it, so the device is still a factor (it was dropped for named conditions).
    @Test func theDeviceStaysAFactorOfNamedConditions() {
        var study = Study()
        study.separatesDevices = true
        for (who, device, condition) in [("P1", PointerEvent.Device.mouse, "A"), ("P2", .touch, "A"), ("P3", .touch, "touch, B"), ("P4", .mouse, nil)] {
            var s = StudySession(name: who, path: "/s/\(who).jsonl", demo: .stack, viewport: Size(width: 390, height: 844),
                                 config: SceneConfig(), participant: who, items: [])
            s.device = device
            study.add(s, participant: nil, task: nil, condition: condition)
        }
        #expect(study.entries.map(\.condition) == ["mouse, A", "touch, A", "touch, B", "mouse"])
        #expect(study.entries.map(\.device) == [.mouse, .touch, .touch, .mouse])
        var one = Study()
        var s = StudySession(name: "x", path: "/s/x.jsonl", demo: .stack, viewport: Size(width: 390, height: 844), config: SceneConfig(), items: [])
        s.device = .touch
        one.add(s, participant: nil, task: nil, condition: "A")
        #expect(one.entries.map(\.condition) == ["A"])
    }
}
