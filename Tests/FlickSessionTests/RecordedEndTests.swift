import FlickEngine
import FlickSession
import Foundation
import Testing

/// A recording ends with the live session's end (its quit): the reader keeps it, refuses what
/// cannot be one, and a headless replay stops at exactly that time, mid-throw or not; a
/// recording without the line still replays to the scene at rest.
@Suite struct RecordedEndTests {
    /// Each test's own: tests run in parallel, a test's arguments too.
    let run = UUID().uuidString

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-end-\(getpid())-\(run)-\(name)").path
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

    /// Frames on a window's wall clock (about 144 Hz, jittered) that run 2 s past the end line
    /// show the end: the scene stops at the quit's time with the card still moving, the
    /// events are those of the 60 Hz headless replay, and so is the picture (the render list).
    @Test func framesPastTheEndShowTheEnd() throws {
        let path = try write("past-end.rec", end: 0.6234567)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rec = try Recording(path: path)
        let headless = try #require(HeadlessReplay(rec))
        headless.runToEnd()
        let window = try #require(HeadlessReplay(rec))
        var clock = 0.0, i = 0
        while clock < 2.62 {
            window.advance(to: clock)
            i += 1
            clock += 1 / 144 + (i % 3 == 0 ? 0.004 : 0)
        }
        #expect(window.scene.time == 0.623457, "the scene went on to \(window.scene.time)")
        #expect(window.runner.hasEnded && window.isSettled)
        #expect(!window.scene.isAtRest, "the card still moving at the quit stays where it was")
        let events = { (r: HeadlessReplay) in r.items.compactMap { item -> LoggedSceneEvent? in
            if case .scene(let e) = item { return e }
            return nil
        } }
        #expect(events(window) == events(headless), "\(events(window).map(\.event)) against \(events(headless).map(\.event))")
        #expect(window.scene.renderList == headless.scene.renderList)
        window.finish()
        headless.finish()
        #expect(events(window) == events(headless), "what the finish commits is the same too")
        #expect(window.scene.time == 0.623457)
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
