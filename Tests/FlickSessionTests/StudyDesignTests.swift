import FlickSession
import Testing

/// The design CSV: columns by name, files matched to the sessions given, and every refusal
/// naming the file's line.
@Suite struct StudyDesignTests {
    let sessions = ["/data/p1-a.rec", "/data/p1-b.rec", "logs/p2-a.jsonl"]

    func refusal(_ text: String) -> String {
        do {
            _ = try StudyDesign.parse(text, path: "design.csv", sessions: sessions)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func readsRowsByColumnNameAndFileName() throws {
        let text = "condition,File,participant,task,notes\r\nsnappy,p1-a.rec,P1,triage,\"a, b\"\n\"floaty\",/data/p1-b.rec,P1,,x\n\n,logs/p2-a.jsonl,\"P \"\"2\"\"\",triage,\n"
        let d = try StudyDesign.parse(text, path: "design.csv", sessions: sessions)
        #expect(d.rows.count == 3)
        #expect(d.row(for: "/data/p1-a.rec") == StudyDesign.Row(line: 2, file: "/data/p1-a.rec", participant: "P1", task: "triage", condition: "snappy"))
        #expect(d.row(for: "/data/p1-b.rec")?.task == nil)           // an empty cell keeps the session's own
        #expect(d.row(for: "logs/p2-a.jsonl")?.participant == "P \"2\"")
        #expect(d.row(for: "logs/p2-a.jsonl")?.line == 5)
        #expect(d.row(for: "logs/p2-a.jsonl")?.condition == nil)
    }

    @Test func aMissingColumnIsRefusedWithItsLine() {
        #expect(refusal("file,participant,task\np1-a.rec,P1,t\n") ==
                "design.csv line 1: no 'condition' column (expected a header naming file, participant, task, condition; got 'file,participant,task')")
        #expect(refusal("") == "--design file 'design.csv' is empty (expected a header line: file,participant,task,condition)")
    }

    @Test func aWrongFileIsRefusedWithItsLine() {
        #expect(refusal("file,participant,task,condition\np1-a.rec,P1,t,a\np9.rec,P9,t,a\n") ==
                "design.csv line 3: 'p9.rec' is not one of the sessions given (by path or file name)")
        #expect(refusal("file,participant,task,condition\np1-a.rec,P1,t,a\n/data/p1-a.rec,P1,t,b\n") ==
                "design.csv line 3: '/data/p1-a.rec' is already on line 2")
        #expect(refusal("file,participant,task,condition\n,P1,t,a\n") == "design.csv line 2: the file is empty")
    }

    @Test func aMalformedRowIsRefusedWithItsLine() {
        #expect(refusal("file,participant,task,condition\np1-a.rec,P1,t\n") == "design.csv line 2: 3 fields (the header has 4)")
        #expect(refusal("file,participant,task,condition\np1-a.rec,P1,\"t,a\n") == "design.csv line 2: a quoted field is not closed")
        #expect(refusal("file,participant,task,condition\np1-a.rec,P\"1,t,a\n") ==
                "design.csv line 2: a quote inside an unquoted field (expected the whole field in quotes)")
    }
}
