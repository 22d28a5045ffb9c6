@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickSession
import Foundation
import Testing

/// Sessions read on several cores come back in the order given, and the first refused one (in
/// that order) is the error, whatever finishes first.
@Suite struct SessionLoaderTests {
    static func log(_ who: String) -> String {
        #"{"cards":20,"demo":"stack","event":"started","participant":"\#(who)","schema":1,"stage":[0,0,390,844],"t":0,"viewport":[390,844],"window":[390,844]}"# + "\n"
            + #"{"card":0,"event":"gesture_began","kind":"card","t":1}"# + "\n"
            + #"{"direction":"left","distanceFraction":0.5,"event":"gesture_ended","kind":"card","outcome":"snapped_back","speedFraction":0.5,"t":1.2,"translation":[-50,0],"velocity":[-300,0]}"# + "\n"
    }

    @Test func orderKeptAndFirstRefusalThrown() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-loader-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for i in 0..<7 {
            let path = folder + "/s\(i).jsonl"
            try Self.log("p\(i)").write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        for cores in [1, 2, 3, 8] {
            var seen: [String] = []
            try SessionLoader.forEach(paths, cores: cores) { path, session in
                #expect(session.path == path)
                seen.append(session.participant ?? "?")
            }
            #expect(seen == (0..<7).map { "p\($0)" }, "cores \(cores)")
        }
        try "garbage\n".write(toFile: folder + "/bad1.jsonl", atomically: true, encoding: .utf8)
        try "also garbage\n".write(toFile: folder + "/bad2.jsonl", atomically: true, encoding: .utf8)
        let mixed = [paths[0], paths[1], folder + "/bad1.jsonl", folder + "/bad2.jsonl", paths[2]]
        for cores in [1, 2, 4] {
            var before: [String] = []
            #expect {
                try SessionLoader.forEach(mixed, cores: cores) { _, session in before.append(session.participant ?? "?") }
            } throws: { "\($0)".contains("bad1.jsonl") }
            #expect(before == ["p0", "p1"], "cores \(cores)")
        }
    }
}
