import FlickEngine
import FlickSession
import Foundation
import Testing

/// A recording ends with the live session's end (its quit): the reader keeps it, refuses what
/// cannot be one, and a headless replay stops at exactly that time, mid-throw or not; a
/// recording without the line still replays to the scene at rest.
@Suite struct RecordedEndTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-end-\(getpid())-\(name)").path
    }

    /// A card drag: down at 0.5 s, 120 pt right in 0.06 s, up at 0.56 s; its card moves on after.
    static let fling: [RecordedInput] = {
        var out: [RecordedInput] = []
        for i in 0...6 {
            let t = 0.5 + Double(i) * 0.01
            let phase: PointerEvent.Phase = i == 0 ? .down : (i == 6 ? .up : .move)
            out.append(RecordedInput(t: t, .pointer(PointerEvent(phase: phase, position: Point(x: 190 + Double(i) * 20, y: 330), time: t))))
        }
        return out
    }()

    func write(_ name: String, end: Double?) throws -> String {
        let path = temporaryPath(name)
        var header = RecordingRoundTripTests.header(look: SessionLook())
        header.demo = .stack
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for input in Self.fling { try recorder.record(input) }
        try recorder.finish(at: end)
        return path
    }

    @Test func theEndLineIsReadAndTheReplayStopsThere() throws {
        let path = try write("mid-throw.rec", end: 0.6234567)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("{\"end\":\"quit\",\"t\":0.623457}\n"))
        let rec = try Recording(path: path)
        #expect(rec.end == 0.623457, "kept to the microsecond, as every session time")
        #expect(rec.inputs.count == Self.fling.count, "the end line is not an input")
        let replay = try #require(HeadlessReplay(rec))
        let stopped = replay.runToEnd()
        #expect(stopped == 0.623457, "stopped at \(stopped)")
        #expect(replay.scene.time == 0.623457)
        #expect(!replay.scene.isAtRest, "the card still moves at the quit: the replay does not play past it")
    }

    @Test func aRecordingWithoutTheLineReplaysToRest() throws {
        let path = try write("old.rec", end: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rec = try Recording(path: path)
        #expect(rec.end == nil)
        let replay = try #require(HeadlessReplay(rec))
        let stopped = replay.runToEnd()
        #expect(replay.scene.isAtRest && stopped > 0.6, "settled at \(stopped)")
    }

    @Test func badEndLinesAreRefusedWithTheirLine() throws {
        let path = try write("bad.rec", end: 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let good = try String(contentsOfFile: path, encoding: .utf8)
        let withoutEnd = String(good.split(separator: "\n").dropLast().joined(separator: "\n")) + "\n"
        let cases: [(String, String)] = [
            (good + "{\"t\":1.5,\"note\":\"late\"}\n", "line 10 follows the session's end"),
            (withoutEnd + "{\"end\":\"quit\",\"t\":0.2}\n", "line 9 goes back in time"),
            (withoutEnd + "{\"end\":\"crash\",\"t\":2}\n", "line 9 is not a valid end line"),
            (withoutEnd + "{\"end\":\"quit\"}\n", "line 9 is not a valid end line"),
            (withoutEnd + "{\"end\":\"quit\",\"t\":2,\"note\":\"x\"}\n", "line 9 is not a valid end line"),
        ]
        for (text, expected) in cases {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try Recording(path: path)
                Issue.record("accepted: \(text.suffix(60))")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
