import FlickIO
import FlickEngine
@testable import FlickSession
import Foundation
import Testing

/// The study plan's counterbalancing (a balanced Latin square, Williams 1949)
/// against squares written out by hand, its balance, and the plan made and read from it.
@Suite struct StudyPlanTests {
    /// Williams squares as the textbooks print them (A = 0): the first row 0, 1, n-1, 2, n-2, …,
    /// each next row one more (mod n); for an odd n the n rows and then their mirror images.
    static let reference: [Int: [String]] = [
        2: ["AB", "BA"],
        3: ["ABC", "BCA", "CAB", "CBA", "ACB", "BAC"],
        4: ["ABDC", "BCAD", "CDBA", "DACB"],
        5: ["ABECD", "BCADE", "CDBEA", "DECAB", "EADBC",
            "DCEBA", "EDACB", "AEBDC", "BACED", "CBDAE"],
        6: ["ABFCED", "BCADFE", "CDBEAF", "DECFBA", "EFDACB", "FAEBDC"],
    ]

    static func letters(_ rows: [[Int]]) -> [String] {
        rows.map { String($0.map { Character(UnicodeScalar(UInt8(65 + $0))) }) }
    }

    @Test(arguments: 2...6) func theSquareIsTheReferenceSquare(n: Int) {
        #expect(Self.letters(BalancedLatinSquare.rows(n)) == Self.reference[n])
    }

    /// Each condition once per position per square (twice over an odd n's two squares); each
    /// ordered pair of different conditions adjacent once (twice for an odd n); none after itself.
    @Test(arguments: 2...6) func theSquareIsBalanced(n: Int) {
        let rows = BalancedLatinSquare.rows(n)
        let squares = n % 2 == 0 ? 1 : 2
        #expect(rows.count == n * squares)
        for row in rows { #expect(row.sorted() == Array(0..<n), "row \(row) is not a permutation") }
        let positions = BalancedLatinSquare.positionCounts(rows, n: n)
        #expect(positions.allSatisfy { $0.allSatisfy { $0 == squares } }, "\(positions)")
        let pairs = BalancedLatinSquare.adjacencyCounts(rows, n: n)
        for a in 0..<n {
            for b in 0..<n {
                #expect(pairs[a][b] == (a == b ? 0 : squares), "\(a) before \(b): \(pairs[a][b])")
            }
        }
        // The hand-written squares have the same properties (the references are not typos).
        let hand = Self.reference[n]!.map { $0.unicodeScalars.map { Int($0.value) - 65 } }
        #expect(BalancedLatinSquare.adjacencyCounts(hand, n: n) == pairs)
    }

    /// A single square of an odd n cannot balance carry-over: 3's first square has A before B
    /// twice and B before A never, which the second (mirrored) square makes up.
    @Test func anOddSquareAloneIsNotBalanced() {
        let first = Array(BalancedLatinSquare.rows(3).prefix(3))
        let pairs = BalancedLatinSquare.adjacencyCounts(first, n: 3)
        #expect(pairs[0][1] == 2 && pairs[1][0] == 0)
    }

    static let conditions = [PlanCondition(name: "default"), PlanCondition(name: "snappy", config: "snappy.json"),
                             PlanCondition(name: "stack", interaction: .stack)]

    /// Participant i takes row i (again from the first after the last); session k is the row's
    /// k-th condition; its tasks take row (i + k) of the tasks' square.
    @Test func aPlanGivesEachParticipantTheNextRow() throws {
        let plan = StudyPlan.make(conditions: Self.conditions, participants: StudyPlan.participantIDs(count: 7),
                                  taskNames: ["t1", "t2", "t3", "t4"], assignment: .inOrder, taskOrder: .williams, seed: nil)
        #expect(plan.participants.map(\.id) == ["P1", "P2", "P3", "P4", "P5", "P6", "P7"])
        #expect(plan.participants.map(\.row) == [1, 2, 3, 4, 5, 6, 1])
        // P3 takes row 3 of the 3-condition square: C A B.
        #expect(plan.participants[2].sessions.map(\.condition) == ["stack", "default", "snappy"])
        // P3 (i = 2) session 2 (k = 1): tasks row 4 (i + k = 3, from 0) of the 4-task square, D A C B.
        #expect(plan.participants[2].sessions[1].tasks == ["t4", "t1", "t3", "t2"])
        #expect(plan.participants[0].sessions[0].tasks == ["t1", "t2", "t4", "t3"])
        #expect(plan.seed == nil)
        #expect(plan.balanceNote?.contains("12") == true)
        try plan.check("plan")
    }

    /// A shuffled assignment keeps whole blocks balanced and is the same for the same seed.
    @Test func aShuffledPlanIsSeededAndStillBalancedPerBlock() {
        func make(_ seed: UInt64) -> StudyPlan {
            StudyPlan.make(conditions: Self.conditions, participants: StudyPlan.participantIDs(count: 12), taskNames: ["a", "b"],
                           assignment: .shuffled, taskOrder: .shuffled, seed: seed)
        }
        let a = make(7), b = make(7), c = make(8)
        #expect(a == b)
        #expect(a != c)
        #expect(a.seed == 7)
        for block in [0..<6, 6..<12] {
            #expect(Set(a.participants[block].map(\.row)) == Set(1...6))
        }
        let orders = a.participants.flatMap { $0.sessions.map(\.condition) }
        #expect(orders.count == 36)
        let rows = a.participants.map { $0.sessions.map { s in Self.conditions.firstIndex { $0.name == s.condition }! } }
        #expect(BalancedLatinSquare.positionCounts(rows, n: 3).allSatisfy { $0.allSatisfy { $0 == 4 } })
    }

    /// A written plan reads back; each malformed one is refused in one line naming the file and
    /// the value.
    @Test func aPlanFileReadsBackAndBadOnesAreRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-plan-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = StudyPlan.make(conditions: Self.conditions, participants: ["ann", "bo"], taskNames: nil,
                                  assignment: .inOrder, taskOrder: .fixed, seed: nil)
        let path = dir + "/plan.json"
        try JSONEncoder().encode(plan).write(to: URL(fileURLWithPath: path))
        #expect(try StudyPlan.load(path) == plan)
        let (condition, session) = try plan.session(participant: "bo", session: 2, file: path)
        #expect(condition.name == "stack" && session.session == 2)   // bo takes row 2, B C A
        func refusal(_ edit: (inout [String: Any]) -> Void) -> String {
            var json = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(plan))) as? [String: Any] ?? [:]
            edit(&json)
            let bad = dir + "/bad.json"
            _ = FileManager.default.createFile(atPath: bad, contents: try? JSONSerialization.data(withJSONObject: json))
            do { _ = try StudyPlan.load(bad); return "accepted" } catch { return "\(error)" }
        }
        #expect(refusal { $0["flick_plan"] = 9 }.contains("is plan format 9, newer than this flick reads"))
        #expect(refusal { $0["colour"] = 1 }.contains("unknown key 'colour'"))
        #expect(refusal { $0["conditions"] = [] }.contains("0 conditions (expected 1 to 12)"))
        #expect(refusal { $0["participants"] = [["id": "x", "row": 1, "sessions": [["session": 1, "condition": "fast"]]]] }
            .contains("participant 'x' session 1 names the condition 'fast', which the plan does not define"))
        #expect(refusal { $0["participants"] = [["id": "x", "row": 1, "sessions": [["session": 2, "condition": "default"]]]] }
            .contains("session 2 is in place 1"))
        #expect(refusal { $0["taskOrder"] = "random" }.contains("is not a valid study plan ('taskOrder' has the value 'random'"))
        #expect((try? plan.session(participant: "cy", session: 1, file: "p.json")) == nil)
        do {
            _ = try plan.session(participant: "ann", session: 4, file: "p.json")
            Issue.record("session 4 of 3 was accepted")
        } catch {
            #expect("\(error)".contains("--session 4 is not one of participant 'ann''s sessions in the plan 'p.json' (expected 1 to 3)"))
        }
    }

    /// Paths the plan names are kept relative to the plan's folder.
    @Test func pathsAreRelativeToThePlansFolder() {
        #expect(StudyPlan.relative("presets/snappy.json", planFile: "study/plan.json") == "../presets/snappy.json")
        #expect(StudyPlan.relative("study/tasks.json", planFile: "study/plan.json") == "tasks.json")
        #expect(StudyPlan.resolve("../presets/snappy.json", planFile: "study/plan.json") == "study/../presets/snappy.json")
        #expect(StudyPlan.resolve("/abs/x.json", planFile: "study/plan.json") == "/abs/x.json")
    }
}
