import FlickIO
import FlickSession
import Foundation
import Testing

/// One session, counted once: files that are one file under two names, and sessions that are
/// one session in two files (a log and its recording, a copy), are refused with both names.
@Suite struct SessionIdentityTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-ids-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func refusal(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test func oneFileUnderTwoNamesIsRefusedWithBoth() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a".write(toFile: dir + "/a.jsonl", atomically: true, encoding: .utf8)
        try "a".write(toFile: dir + "/b.jsonl", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.jsonl", withDestinationPath: dir + "/a.jsonl")
        #expect(link(dir + "/a.jsonl", dir + "/hard.jsonl") == 0)

        // Two files with the same bytes are two files.
        #expect(refusal { try InputFiles.requireDistinct([dir + "/a.jsonl", dir + "/b.jsonl"], what: "session file") } == nil)
        #expect(refusal { try InputFiles.requireDistinct([dir + "/a.jsonl", dir + "/a.jsonl"], what: "session file") }
                == "session file '\(dir)/a.jsonl' is given twice (give each once)")
        for other in [dir + "/./a.jsonl", dir + "/link.jsonl", dir + "/hard.jsonl", dir + "/../" + (dir as NSString).lastPathComponent + "/a.jsonl"] {
            #expect(refusal { try InputFiles.requireDistinct([dir + "/a.jsonl", dir + "/b.jsonl", other], what: "recording") }
                    == "recording '\(dir)/a.jsonl' and '\(other)' are the same file (give each once)")
        }
        // A missing path is the caller's to refuse, with its own words.
        #expect(refusal { try InputFiles.requireDistinct([dir + "/gone", dir + "/gone"], what: "recording") } == nil)
    }

    @Test func oneSessionInTwoFilesIsRefusedWithBoth() {
        var ids = SessionIdentities()
        #expect(refusal { try ids.admit("s-1", path: "p1.jsonl") } == nil)
        #expect(refusal { try ids.admit(nil, path: "old.jsonl") } == nil)
        #expect(refusal { try ids.admit(nil, path: "older.jsonl") } == nil)
        #expect(refusal { try ids.admit("s-2", path: "p2.rec") } == nil)
        #expect(refusal { try ids.admit("s-1", path: "p1.rec") }
                == "'p1.jsonl' and 'p1.rec' are the same session (id s-1): give each session once, as its log or its recording")
    }
}
