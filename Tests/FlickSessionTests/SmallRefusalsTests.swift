import FlickIO
import FlickEngine
import FlickSession
import Foundation
import Testing

/// Inputs that used to be taken silently or refused for the wrong reason: a log that is not one
/// session in time order, a minimum above its maximum, a null direction name, NaN in a config,
/// a plan larger than `--plan` opens.
@Suite struct SmallRefusalsTests {
    func write(_ text: String, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-small-\(getpid())-\(name)-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let started = #"{"event":"started","schema":1,"t":0,"demo":"switcher","cards":14,"window":[1280,800],"stage":[445,0,390,800],"viewport":[390,844],"session":"x"}"#
    static let began = #"{"event":"gesture_began","kind":"scroll","t":0.216}"#
    static let paged = #"{"event":"paged","from":0,"t":0.66,"to":1}"#
    static let quit = #"{"event":"quit","t":1}"#

    func logRefusal(_ lines: [String]) throws -> String? {
        let path = try write(lines.joined(separator: "\n") + "\n", "log")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try LogLine.read(path: path); return nil } catch let e as UserError { return "\(e)" }
    }

    @Test func oneSessionInOrderReads() throws {
        #expect(try logRefusal([Self.started, Self.began, Self.paged, Self.quit]) == nil)
        // A motion's end is written up to 0.1 s late, with its own earlier time.
        let late = #"{"event":"paged","from":1,"t":0.5,"to":2}"#
        #expect(try logRefusal([Self.started, Self.began, Self.paged, late, Self.quit]) == nil)
    }

    @Test(arguments: [
        // Every line twice.
        ([started, started, began, began, paged, paged, quit, quit], "line 2: a second 'started' line (the first is line 1"),
        // Two sessions, the first ended by a quit, or cut off without one.
        ([started, began, quit, started, paged, quit], "line 4: a line after the 'quit' line 3"),
        ([started, began, started, paged, quit], "line 3: a second 'started' line"),
        // Shuffled.
        ([started, paged, began, quit], "line 3: 't' = 0.216 goes back in time from 0.66 on line 2"),
        ([began, started, paged, quit], "line 2: the 'started' line comes after other lines"),
    ])
    func logsThatAreNotOneSessionInOrderAreRefused(_ lines: [String], _ expected: String) throws {
        let message = try logRefusal(lines)
        #expect(message?.contains(expected) == true, "\(message ?? "read")")
    }

    func configRefusal(_ json: String) throws -> String? {
        let path = try write(json, "config.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try ConfigFile.load(path); return nil } catch let e as UserError { return "\(e)" }
    }

    @Test func everyMinimumHasItsMaximum() {
        let pairs = SceneConfig.boundPairs.map { "\($0.low) \($0.high)" }
        for section in ["now", "stack", "switcher", "swipe"] {
            #expect(pairs.contains("\(section).minThrowDuration \(section).maxThrowDuration"), "\(pairs)")
        }
        #expect((try? SceneConfig().validate()) != nil)
    }

    @Test(arguments: [
        (#"{"now": {"minThrowDuration": 3, "maxThrowDuration": 2}}"#, "'now.minThrowDuration' = 3 is above 'now.maxThrowDuration' = 2"),
        (#"{"swipe": {"minThrowDuration": 0.9}}"#, "'swipe.minThrowDuration' = 0.9 is above 'swipe.maxThrowDuration' = 0.5"),
        (#"{"swipe": {"leftName": null}}"#, "wrong type at 'swipe.leftName': expected a string, found null"),
        (#"{"swipe": {"upName": 7}}"#, "wrong type at 'swipe.upName': expected a string, found a number"),
        ("{\"now\": {\"throwSpeed\": NaN}}", "NaN at line 1, column 24 is not a JSON number"),
        ("{\"now\":\n {\"throwSpeed\": -Infinity}}", "-Infinity at line 2, column 17 is not a JSON number"),
    ])
    func configsAreRefusedForTheRightReason(_ json: String, _ expected: String) throws {
        let message = try configRefusal(json)
        #expect(message?.contains(expected) == true, "\(message ?? "read")")
    }

    @Test func equalBoundsAndNaNInAStringAreFine() throws {
        #expect(try configRefusal(#"{"now": {"minThrowDuration": 1, "maxThrowDuration": 1}}"#) == nil)
        #expect(try configRefusal(#"{"swipe": {"leftName": "NaN"}}"#) == nil)
    }

    @Test func aTuningPointWithCrossedBoundsIsRefusedNamingIt() throws {
        let grid = try SweepGrid([SweepAxis(key: "now.minThrowDuration", values: [0.5, 3])])
        #expect(throws: Never.self) { _ = try grid.config(SceneConfig(), at: [0.5]) }
        #expect {
            _ = try grid.config(SceneConfig(), at: [3])
        } throws: { error in
            "\(error)".contains("the point now.minThrowDuration = 3: 'now.minThrowDuration' = 3 is above 'now.maxThrowDuration' = 2")
        }
    }

    @Test func aPlanLargerThanPlanOpensIsRefused() throws {
        var plan = StudyPlan.make(conditions: [PlanCondition(name: "a"), PlanCondition(name: "b")], participants: ["P1"],
                                  taskNames: nil, assignment: .inOrder, taskOrder: .williams, seed: nil)
        let size = try plan.encoded().count
        #expect((try? plan.checkSize(size, about: false, file: "p")) != nil)
        #expect((try? plan.checkSize(StudyPlan.maxBytes, about: false, file: "p")) != nil)
        plan.participants = Array(repeating: plan.participants[0], count: 9000)
        #expect {
            try plan.checkSize(StudyPlan.maxBytes + 1, about: true, file: "the plan 'p.json'")
        } throws: { error in
            "\(error)".contains("the plan 'p.json' would be about 64 MB (9000 participants x 2 sessions), more than the 64 MB flick --plan opens")
        }
    }
}
