@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickEngine
import FlickIO
import FlickSession
import Foundation
import Testing

/// `flick study` on several cores writes what one core writes: the ordered pool hands results
/// back in index order with a bounded number ahead, the streamed tables are the whole tables
/// byte for byte, and the command's outputs equal the study built one session at a time.
@Suite struct StudyParallelTests {
    /// What the pool did: the order results were consumed in, and the most results out at once.
    final class Trace: @unchecked Sendable {
        private let lock = NSLock()
        private var started = 0
        private var consumed = 0
        private(set) var most = 0
        func start() { lock.lock(); started += 1; most = max(most, started - consumed); lock.unlock() }
        func consume() { lock.lock(); consumed += 1; lock.unlock() }
    }

    @Test func orderedWorkKeepsOrderAndBound() throws {
        for workers in [1, 2, 3, 8] {
            for ahead in [1, 2, 5] {
                let trace = Trace()
                var seen: [Int] = []
                try OrderedWork.run(count: 40, workers: workers, ahead: ahead, { i -> Int in
                    trace.start()
                    // Later items often finish first.
                    if i % 3 == 0 { usleep(300) }
                    return i * i
                }, consume: { i, square in
                    #expect(square == i * i)
                    seen.append(i)
                    trace.consume()
                })
                #expect(seen == Array(0..<40), "workers \(workers) ahead \(ahead)")
                // At most max(workers, ahead) past the one taken next (one being consumed counts).
                #expect(trace.most <= max(min(workers, 40), ahead) + 1, "workers \(workers) ahead \(ahead): \(trace.most)")
            }
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var i: Int
        var description: String { "refused \(i)" }
    }

    @Test func orderedWorkThrowsTheFirstFailureInOrder() {
        for workers in [1, 2, 4] {
            var seen: [Int] = []
            // 9 fails at once, 4 only after a while: 4 is the error, and 0...3 were consumed.
            #expect {
                try OrderedWork.run(count: 30, workers: workers, { i -> Int in
                    if i == 4 { usleep(20_000); throw Refused(i: i) }
                    if i == 9 { throw Refused(i: i) }
                    return i
                }, consume: { i, _ in seen.append(i) })
            } throws: { ($0 as? Refused)?.i == 4 }
            #expect(seen == [0, 1, 2, 3], "workers \(workers)")
            // A failure of the consumer stops the run too, with every worker ended.
            var consumed = 0
            #expect {
                try OrderedWork.run(count: 1_000, workers: workers, { $0 }, consume: { i, _ in
                    consumed += 1
                    if i == 2 { throw Refused(i: i) }
                })
            } throws: { ($0 as? Refused)?.i == 2 }
            #expect(consumed == 3)
        }
    }

    /// A study big enough that the streamed tables pass the writer's buffer several times.
    static let study: Study = {
        var s = Study()
        for n in 0..<2_200 {
            let who = "p\(n % 12)"
            let session = StudyPageTests.session(who, throwsMade: 6 + n % 5, snaps: n % 4)
            var named = session
            named.path = "/s/\(n).jsonl"
            named.sessionID = "id-\(n)"
            s.add(named, participant: nil, task: n % 3 == 0 ? "t\(n % 2)" : nil, condition: n % 2 == 0 ? "A" : "B,\"quoted\"")
        }
        return s
    }()

    @Test func streamedTablesAreTheWholeTables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-stream-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = [("gestures.csv", StudyCSV.gestures(Self.study)), ("decisions.csv", StudyCSV.decisions(Self.study))]
        #expect(whole[0].1.utf8.count > 2 << 20, "the gesture table passes the 1 MB buffer twice")
        for cores in [1, 2, 4] {
            let batch = AtomicFile.Batch()
            try batch.add(to: folder + "/gestures.csv", what: "the gesture table") {
                try StudyCSV.write(header: StudyCSV.gestureHeader, rows: StudyCSV.gestureRows, of: Self.study, to: $0, cores: cores)
            }
            try batch.add(to: folder + "/decisions.csv", what: "the decision table") {
                try StudyCSV.write(header: StudyCSV.decisionHeader, rows: StudyCSV.decisionRows, of: Self.study, to: $0, cores: cores)
            }
            try batch.commit()
            for (name, text) in whole {
                let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
                #expect(written == Data(text.utf8), "\(name), cores \(cores)")
            }
        }
        // The header and a row per gesture, as the study counts them.
        let rows = whole[0].1.split(separator: "\n", omittingEmptySubsequences: false)
        let gestures: Int = Self.study.entries.reduce(0) { $0 + $1.metrics.gestures.count }
        #expect(rows.count == gestures + 2)
        #expect(rows.first.map(String.init) == StudyCSV.gestureHeader && rows.last == "")
    }

    /// Logs of varied participants and gestures, as `SessionLoaderTests` writes them.
    static func log(_ n: Int) -> String {
        var text = #"{"cards":20,"demo":"stack","event":"started","participant":"p\#(n % 5)","session":"s-\#(n)","schema":1,"stage":[0,0,390,844],"t":0,"viewport":[390,844],"window":[390,844]}"# + "\n"
        var t = 1.0
        for g in 0..<(3 + n % 4) {
            let thrown = (n + g) % 3 == 0
            text += #"{"card":\#(g),"event":"gesture_began","kind":"card","t":\#(t)}"# + "\n"
            text += #"{"direction":"left","distanceFraction":\#(thrown ? 1.4 : 0.9),"event":"gesture_ended","kind":"card","outcome":"\#(thrown ? "thrown" : "snapped_back")","speedFraction":0.5,"t":\#(t + 0.25),"translation":[-50,0],"velocity":[-300,0]}"# + "\n"
            t += 1.5
        }
        return text
    }

    /// Every output of the command (the page and small tables are made beside the pool that
    /// makes the long tables) equals the study built one session at a time; with a touch log
    /// among mouse logs (their first lines read on every core), the device is the condition.
    @Test(arguments: [false, true]) func theCommandWritesWhatOneSessionAtATimeGives(mixedDevices: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-study-par-\(getpid())-\(UUID().uuidString)-\(mixedDevices)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for n in 0..<23 {
            let path = folder + "/s\(n).jsonl"
            var text = Self.log(n)
            if mixedDevices && n % 4 == 1 {
                text = text.replacingOccurrences(of: #""demo":"stack","#, with: #""demo":"stack","device":"touch","#)
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        var serial = Study()
        serial.separatesDevices = mixedDevices
        for path in paths { serial.add(try StudySession.load(path), participant: nil, task: nil, condition: nil) }
        #expect(serial.conditions == (mixedDevices ? ["mouse", "touch"] : ["default"]))
        let command = try StudyCommand.parse(paths + ["--out", folder + "/out"])
        try command.run()
        let comparisons = serial.comparisons()
        #expect(comparisons.isEmpty != mixedDevices)
        let title = "Flick study: \(StudyHTML.plural(serial.participants.count, "participant")), 23 sessions"
        let expected = [("study.html", StudyHTML.make(title: title, study: serial, comparisons: comparisons, design: nil)),
                        ("gestures.csv", StudyCSV.gestures(serial)), ("decisions.csv", StudyCSV.decisions(serial)),
                        ("participants.csv", StudyCSV.participants(serial)), ("conditions.csv", StudyCSV.conditions(serial)),
                        ("comparisons.csv", StudyCSV.comparisons(comparisons)), ("tasks.csv", StudyCSV.tasks(serial)),
                        ("task_rates.csv", StudyCSV.taskRates(serial)),
                        ("sus.csv", StudyCSV.sus(serial)), ("seq.csv", StudyCSV.seq(serial)),
                        ("questionnaires.csv", StudyCSV.questionnaires(serial))]
        #expect(Set(expected.map(\.0)) == Set(StudyCommand.outputs.map(\.0)))
        for (name, text) in expected {
            let written = try String(contentsOfFile: folder + "/out/" + name, encoding: .utf8)
            #expect(written == text, "\(name)")
        }
        let gestures: Int = serial.entries.reduce(0) { $0 + $1.metrics.gestures.count }
        let made: Int = (0..<23).reduce(0) { (sum: Int, n: Int) in sum + 3 + n % 4 }
        #expect(gestures == made)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(left == StudyCommand.outputs.map(\.0).sorted(), "no temporary left behind")
    }

    /// `alongside` runs its side work at the same time as the caller's (each waits for a sign
    /// from the other), returns both results once both ended, and throws the caller's error
    /// before the side's.
    @Test func alongsideOverlapsAndEndsBoth() throws {
        let fromSide = DispatchSemaphore(value: 0), fromBody = DispatchSemaphore(value: 0)
        let (a, b) = try OrderedWork.alongside({ () -> String in
            fromSide.signal()
            return fromBody.wait(timeout: .now() + 10) == .success ? "side saw body" : "side alone"
        }) { () -> String in
            fromBody.signal()
            return fromSide.wait(timeout: .now() + 10) == .success ? "body saw side" : "body alone"
        }
        #expect(a == "side saw body" && b == "body saw side")

        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var set = false
            func raise() { lock.lock(); set = true; lock.unlock() }
            var isSet: Bool { lock.lock(); defer { lock.unlock() }; return set }
        }
        // The caller's error first, and only once the side work has ended.
        let ended = Flag()
        #expect {
            _ = try OrderedWork.alongside({ () -> Int in
                usleep(50_000)
                ended.raise()
                throw Refused(i: 2)
            }) { () -> Int in throw Refused(i: 1) }
        } throws: { ($0 as? Refused)?.i == 1 }
        #expect(ended.isSet)
        // The side's error when the caller's work succeeded.
        #expect {
            _ = try OrderedWork.alongside({ () -> Int in throw Refused(i: 3) }) { 7 }
        } throws: { ($0 as? Refused)?.i == 3 }
    }

    /// The log reader's lines are `split`'s, empty ones and slices of a bigger buffer included.
    @Test func lineRangesAreSplitsLines() {
        let texts = ["", "\n", "\n\n", "a", "a\n", "\na", "a\n\nb", "ab\ncd\n\n\nef\n", String(repeating: "x\n", count: 1000) + "tail"]
        for text in texts {
            for prefix in [0, 3] {
                let whole = Data((String(repeating: "#", count: prefix) + text).utf8)
                let data = whole[(whole.startIndex + prefix)...]
                let ranges = LogLine.lineRanges(data)
                let split = data.split(separator: 0x0A, omittingEmptySubsequences: false)
                #expect(ranges.map { Data(data[$0]) } == split.map { Data($0) }, "\(text.debugDescription) at \(prefix)")
                #expect(ranges.map(\.lowerBound) == split.map(\.startIndex))
            }
        }
    }
}
