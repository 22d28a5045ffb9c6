import FlickIO
import FlickSession
import Foundation
import Synchronization
import Testing

/// A report and its tables are one result: `AtomicFile.Batch` puts them all in place or, when
/// one cannot be written, none, and leaves no temporary behind. Before, a full disk halfway
/// left a new tune.html beside the old tune.csv.
@Suite struct AtomicBatchTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-batch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func contents(_ dir: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            out[name] = (try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)) ?? "(a folder)"
        }
        return out
    }

    @Test func aFailedFileLeavesTheOldSetWholeAndNoTemporary() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old page".write(toFile: dir + "/a.html", atomically: true, encoding: .utf8)
        try "old table".write(toFile: dir + "/b.csv", atomically: true, encoding: .utf8)
        // b.csv's temporary cannot be made: a folder stands where the third file would go.
        try FileManager.default.createDirectory(atPath: dir + "/c.csv", withIntermediateDirectories: false)
        let batch = AtomicFile.Batch()
        try batch.add(Data("new page".utf8), to: dir + "/a.html", what: "the page")
        try batch.add(Data("new table".utf8), to: dir + "/b.csv", what: "the table")
        #expect(throws: OutputError.self) { try batch.add(Data("x".utf8), to: dir + "/c.csv/nested/d.csv", what: "the other table") }
        #expect(try contents(dir) == ["a.html": "old page", "b.csv": "old table", "c.csv": "(a folder)"])
    }

    @Test func aCommittedSetIsInPlaceWithNoTemporary() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old page".write(toFile: dir + "/a.html", atomically: true, encoding: .utf8)
        let batch = AtomicFile.Batch()
        try batch.add(Data("new page".utf8), to: dir + "/a.html", what: "the page")
        try batch.add(Data("new table".utf8), to: dir + "/b.csv", what: "the table")
        #expect(try contents(dir) == ["a.html": "old page"].merging(try contents(dir).filter { $0.key.hasPrefix(".") }) { a, _ in a },
                "nothing in place before the commit")
        try batch.commit()
        #expect(try contents(dir) == ["a.html": "new page", "b.csv": "new table"])
    }

    /// A batch dropped without a commit (the run stopped by an error elsewhere) removes its
    /// temporaries and replaces nothing.
    @Test func anAbandonedBatchLeavesNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let batch = AtomicFile.Batch()
            try batch.add(Data("new".utf8), to: dir + "/a.html", what: "the page")
        }
        #expect(try contents(dir).isEmpty)
    }
}
