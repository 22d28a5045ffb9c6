import FlickIO
import FlickEngine
import FlickSession
import Foundation
import Testing

/// `flick tune`'s parts: the values grammar with its refusals, and a sweep over crafted
/// recordings whose gestures have known release speeds, so the value at which each flips is
/// known before the engine runs.
@Suite struct SweepTests {
    // MARK: values

    @Test func rangesAndListsParse() throws {
        #expect(try SweepAxis.parse(key: "now.throwSpeed", values: "300:900:50").values.count == 13)
        #expect(try SweepAxis.parse(key: "now.throwSpeed", values: "300:900:50").values.last == 900)
        // No drift from adding steps: 0.3 is 0.3.
        #expect(try SweepAxis.parse(key: "now.throwDistanceRatio", values: "0.1:0.5:0.1").values == [0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(try SweepAxis.parse(key: "now.throwSpeed", values: "600, 300,450,300").values == [300, 450, 600])
        #expect(try SweepAxis.parse(key: "now.throwSpeed", values: "300:320:50").values == [300])
    }

    @Test(arguments: [
        ("now.throwSpeedo", "300:900:50", "--key 'now.throwSpeedo' is not a config key"),
        ("now.throwSpeed", "900:300:50", "TO (300) is below FROM (900)"),
        ("now.throwSpeed", "300:900:0", "the step must be above 0"),
        ("now.throwSpeed", "300:900:-5", "the step must be above 0"),
        ("now.throwSpeed", "1:100000:1", "makes 100000 values (at most 200"),
        ("now.throwSpeed", "300:900", "is not FROM:TO:STEP"),
        ("now.throwSpeed", "300:nan:50", "is not FROM:TO:STEP"),
        ("now.throwSpeed", "300,fast", "'fast' is not a number"),
        ("now.throwSpeed", "0:600:100", "0 is outside its range (expected 1 to 100000"),
        ("now.throwSpeed", "1e300", "is outside its range"),
        ("carousel.viewCount", "2:6:0.5", "2.5 is not a whole number"),
    ])
    func badValuesAreRefusedNamingThem(key: String, values: String, message: String) {
        #expect {
            try SweepAxis.parse(key: key, values: values)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func gridsAreBounded() throws {
        let a = try SweepAxis.parse(key: "now.throwSpeed", values: "100:2000:10")
        let b = try SweepAxis.parse(key: "now.throwDistanceRatio", values: "0.1:1:0.1")
        #expect(throws: UserError.self) { try SweepGrid([a, b]) }  // 191 x 10 points
        #expect(throws: UserError.self) { try SweepGrid([a, a]) }
        #expect(throws: UserError.self) { try SweepGrid([]) }
        let small = try SweepGrid([try SweepAxis.parse(key: "now.throwSpeed", values: "300,600"),
                                   try SweepAxis.parse(key: "now.throwDistanceRatio", values: "0.5,0.7")])
        #expect(small.points == [[300, 0.5], [300, 0.7], [600, 0.5], [600, 0.7]])
    }

    // MARK: a sweep over crafted recordings

    /// Each test's own: tests run in parallel, a test's arguments too.
    let run = UUID().uuidString

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-sweep-\(getpid())-\(run)-\(name)").path
    }

    /// A sideways drag on the `now` card list at a steady `speed` (pt/s), 12 frames long, from
    /// time `t`: well short of the distance threshold, so only the speed rule decides.
    static func drag(at t: Double, speed: Double) -> [RecordedInput] {
        let start = Point(x: 150, y: 420)
        var inputs = [RecordedInput(t: t, .pointer(PointerEvent(phase: .down, position: start, time: t)))]
        for i in 1...12 {
            let ti = t + Double(i) / 60
            inputs.append(RecordedInput(t: ti, .pointer(PointerEvent(phase: .move, position: Point(x: start.x + speed * Double(i) / 60, y: start.y), time: ti))))
        }
        let end = t + 12.0 / 60
        inputs.append(RecordedInput(t: end, .pointer(PointerEvent(phase: .up, position: Point(x: start.x + speed * 0.2, y: start.y), time: end))))
        return inputs
    }

    func record(_ name: String, _ inputs: [RecordedInput]) throws -> Recording {
        let path = temporaryPath(name)
        let header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                                     session: name, started: "2026-11-24T00:00:00.000Z", demo: .now,
                                     cardFolder: "/cards", bundledCards: false, cardFiles: [], count: 6,
                                     window: Size(width: 390, height: 844), stage: Size(width: 390, height: 844),
                                     config: SceneConfig())
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for input in inputs { try recorder.record(input) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Recording(path: path)
    }

    /// Recording A: a drag at 450 pt/s snaps back under the default 600, and the same card is
    /// dragged again 1 s later at 1200 and thrown (a repeated attempt). Recording B: a drag at
    /// 750 pt/s is thrown and undone 1 s later (a likely accidental throw). Swept 300...900:
    /// A's first try throws up to 400 and not from 500; B's throw stays up to 700 and goes from 800.
    @Test func aSweepFindsWhereKnownGesturesFlip() throws {
        let a = try record("a.rec", Self.drag(at: 0.5, speed: 450) + Self.drag(at: 1.7, speed: 1200))
        let b = try record("b.rec", Self.drag(at: 0.5, speed: 750) + [RecordedInput(t: 1.7, .command(.undo))])
        let grid = try SweepGrid([try SweepAxis.parse(key: "now.throwSpeed", values: "300:900:100")])
        let result = try Sweep(grid: grid, recordings: [a, b]).run(cores: 2)
        #expect(result.points.map { $0[0] } == [300, 400, 500, 600, 700, 800, 900])

        let first = result.counts.map { $0[0] }, second = result.counts.map { $0[1] }
        // Live (600): A has one repeated attempt, B one throw undone; the same at every value.
        #expect(first.allSatisfy { $0.retriedLive == 1 && $0.undoneLive == 0 })
        #expect(second.allSatisfy { $0.retriedLive == 0 && $0.undoneLive == 1 })
        // A's first try: thrown at the first try up to 400, not from 500.
        #expect(first.map(\.missedServed) == [1, 1, 0, 0, 0, 0, 0])
        // B's undone throw: still thrown up to 700, not from 800.
        #expect(second.map(\.accidentalKept) == [1, 1, 1, 1, 1, 0, 0])
        #expect(second.map(\.throwCount) == [1, 1, 1, 1, 1, 0, 0])
        #expect(second.map(\.snapBacks) == [0, 0, 0, 0, 0, 1, 1])
        // Both proxies: 1 at 300-400 (B kept), 2 at 500-700, 1 at 800-900 (A left); the first
        // lowest with the fewest near misses is the best.
        #expect((0..<7).map { result.total($0).errorProxies } == [1, 1, 2, 2, 2, 1, 1])
        let best = try #require(result.best)
        #expect(result.total(best).errorProxies == 1)
        // The best of the tied points is their middle, not the first value swept; the fewest
        // reach both ends of 300...900, and the key takes 200 and 1000: sweep further.
        let sweep = Sweep(grid: grid, recordings: [a, b])
        #expect(result.tied.contains(best) && best != result.tied.first)
        #expect(sweep.edgeKeys(result) == ["now.throwSpeed"])
        // Tied at 1 and 400 pt/s (1 is the key's own limit: nothing below), worse at 500: no
        // end to sweep past. Starting at 100 instead, the key takes values below it.
        for (values, edge) in [("1,400,500", [String]()), ("100,400,500", ["now.throwSpeed"])] {
            let g = try SweepGrid([try SweepAxis.parse(key: "now.throwSpeed", values: values)])
            let r = try Sweep(grid: g, recordings: [a, b]).run(cores: 2)
            #expect(r.tied.count == 2 && r.total(r.tied[0]).errorProxies == 1, "\(values)")
            #expect(Sweep(grid: g, recordings: [a, b]).edgeKeys(r) == edge, "\(values)")
        }

        // Exact: the same counts on one core and on two.
        let again = try Sweep(grid: grid, recordings: [a, b]).run(cores: 1)
        #expect(again.counts == result.counts)
    }
}
