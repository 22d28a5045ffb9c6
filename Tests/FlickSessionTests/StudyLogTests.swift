import FlickEngine
import FlickSession
import Foundation
import Testing

/// Crafted interaction logs, written as text line by line the way the schema says, read back
/// through `StudySession.load` into a study: the near-miss rate is 3 of 10 (a release not thrown
/// whose larger fraction is within 15 % under its threshold; a throw whose speed alone fell short
/// is no near miss) and its Wilson interval the published one for 3/10 (0.1078 to 0.6032,
/// Newcombe 1998).
@Suite struct StudyLogTests {
    static func log(_ who: String, releases: [(outcome: String, distance: Double, speed: Double)]) -> String {
        var lines = [#"{"cards":20,"demo":"stack","event":"started","participant":"\#(who)","schema":1,"stage":[0,0,390,844],"t":0,"task":"sort","viewport":[390,844],"window":[390,844]}"#]
        var t = 1.0
        for (i, r) in releases.enumerated() {
            lines.append(#"{"card":\#(i),"event":"gesture_began","kind":"card","t":\#(t)}"#)
            lines.append(#"{"direction":"left","distanceFraction":\#(r.distance),"event":"gesture_ended","kind":"card","outcome":"\#(r.outcome)","speedFraction":\#(r.speed),"t":\#(t + 0.25),"translation":[-50,0],"velocity":[-300,0]}"#)
            t += 5
        }
        lines.append(#"{"event":"quit","t":\#(t)}"#)
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func nearMissesFromCraftedLogs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-study-logs-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let p1 = Self.log("p1", releases: [("snapped_back", 0.9, 0.1), ("thrown", 1.5, 0.95), ("snapped_back", 0.5, 0.88), ("thrown", 1.5, 1.5)])
        let p2 = Self.log("p2", releases: [("snapped_back", 0.86, 0), ("thrown", 1.2, 1.1), ("thrown", 1.2, 1.1), ("thrown", 1.2, 1.1),
                                           ("snapped_back", 0.84, 0.5), ("snapped_back", 0.3, 0.3)])
        try p1.write(toFile: folder + "/p1.jsonl", atomically: true, encoding: .utf8)
        try p2.write(toFile: folder + "/p2.jsonl", atomically: true, encoding: .utf8)
        var study = Study()
        for file in ["p1", "p2"] {
            study.add(try StudySession.load(folder + "/\(file).jsonl"), participant: nil, task: nil, condition: nil)
        }
        #expect(study.participants == ["p1", "p2"] && study.conditions == ["default"])
        let near = Study.summary(Study.rates.first { $0.id == "near_miss" }!, study.byParticipant())
        #expect(near.pooled == Proportion(3, 10))
        #expect(near.perParticipant.map(\.counts) == [Proportion(2, 4), Proportion(1, 6)])
        #expect(abs(near.wilson!.low - 0.1078) < 0.00005 && abs(near.wilson!.high - 0.6032) < 0.00005)
        // Two participants: their mean rate, and too few to say where the rate of people lies.
        #expect(abs(near.participants.mean! - 1.0 / 3) < 1e-12)
        #expect(near.clustered == nil)
        // No pointer samples in a log: no traces, no reversal trials.
        #expect(study.entries.allSatisfy { $0.traces.allSatisfy { $0 == nil } })
        #expect(Study.summary(Study.rates.first { $0.id == "reversal" }!, study.byParticipant()).pooled.n == 0)
        #expect(study.cells.map(\.task) == ["sort"])
    }

    /// Mouse and touch sessions in one study: the device is the condition (mouse against
    /// touch), read from the log's first line; alone, a device changes no condition's name.
    @Test func deviceIsAConditionWhenMouseAndTouchMix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-study-device-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mouse = Self.log("p1", releases: [("thrown", 1.5, 1.5), ("snapped_back", 0.9, 0.1)])
        let touch = Self.log("p1", releases: [("thrown", 1.2, 1.1), ("thrown", 1.2, 1.1), ("snapped_back", 0.3, 0.3)])
            .replacingOccurrences(of: #""demo":"stack","#, with: #""demo":"stack","device":"touch","#)
        try mouse.write(toFile: folder + "/mouse.jsonl", atomically: true, encoding: .utf8)
        try touch.write(toFile: folder + "/touch.jsonl", atomically: true, encoding: .utf8)
        let paths = [folder + "/mouse.jsonl", folder + "/touch.jsonl"]
        #expect(paths.map(StudySession.declaredDevice) == [.mouse, .touch])
        #expect(try StudySession.load(paths[1]).device == .touch)
        var study = Study()
        study.separatesDevices = Set(paths.compactMap(StudySession.declaredDevice)).count > 1
        for path in paths { study.add(try StudySession.load(path), participant: nil, task: nil, condition: nil) }
        #expect(study.conditions == ["mouse", "touch"])
        let thrown = study.byParticipant(condition: "touch")["p1"]
        #expect(thrown != nil)
        #expect(study.comparisons().contains { Set([$0.first, $0.second]) == Set(["mouse", "touch"]) })
        var single = Study()
        single.add(try StudySession.load(paths[1]), participant: nil, task: nil, condition: nil)
        #expect(single.conditions == ["default"])
    }
}
