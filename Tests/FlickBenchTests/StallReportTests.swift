import FlickEngine
import Testing
@testable import flick_bench

/// The stall part's verdict and table: in every run, no frame over one 60 Hz
/// interval (the first frame included) and the worst frame over the median no worse than the
/// control's in the same round; each slow frame says where its time went.
struct StallReportTests {
    /// A run of `frames` frames: the first `first` ms, the rest `median` ms but for `slow`
    /// (frame index: wall ms, CPU ms, ms waiting for a core, the X server's wait).
    func run(median: Double = 1, first: Double = 6, frames: Int = 60,
             slow: [Int: (ms: Double, cpu: Double, wait: Double, server: Double)] = [:]) -> StallRun {
        var records: [FrameRecord] = []
        for i in 0..<frames {
            var r = FrameRecord(ms: i == 0 ? first : median, presentMs: 0.3)
            r.cpuMs = i == 0 ? first : median * 0.8
            r.runQueueMs = 0
            r.serverCPUMs = 0.2
            r.serverRunQueueMs = 0
            if let s = slow[i] {
                r.ms = s.ms
                r.cpuMs = s.cpu
                r.runQueueMs = s.wait
                r.serverRunQueueMs = s.server
                r.presentMs = s.ms - s.cpu
            }
            records.append(r)
        }
        return StallRun(RunFrames(records: records), intervalMs: StallBench.intervalMs)
    }

    /// Judged over `runs` runs (the budget's 10 by default; the rounds given here otherwise).
    func report(_ results: [StallResult], control: [StallRun], runs: Int? = nil) -> BenchReport {
        var r = BenchReport(sdl: "SDL", videoDriver: "x11", size: "1280x800")
        r.stall = StallReport(folder: "/tmp/photos", photos: 201, results: results, runs: control.count,
                              hostPauses: nil, control: StallControl(runs: control), displayServerPID: 42)
        r.budgets.stallRuns = runs ?? control.count
        r.evaluate()
        return r
    }

    @Test func theBudgetIsTenOfTenRunsSoFewerRunsAreAMiss() {
        #expect(BenchReport.Budgets().stallRuns == 10)
        let rounds = 3
        let control = (0..<rounds).map { _ in run(slow: [5: (3, 1, 2, 0)]) }
        let now = StallResult(interaction: "now", viewBound: 7, runs: (0..<rounds).map { _ in run(median: 2, slow: [3: (5, 4, 0, 0)]) })
        // Every run within both limits, but three runs are not the ten the budget holds.
        let r = report([now], control: control, runs: 10)
        #expect(r.misses == ["stall now: 3 runs measured; the budget holds 10 of 10 (--stall-runs 10)"])
        #expect(report([now], control: control).misses.isEmpty)
    }

    @Test func aRunWithoutItsRoundsControlIsAMiss() {
        // The control of round 2 did not run (stopped): its run cannot be held against it.
        let control = [run(slow: [5: (3, 1, 2, 0)])]
        let now = StallResult(interaction: "now", viewBound: 7,
                              runs: [run(median: 2, slow: [3: (5, 4, 0, 0)]), run(median: 2, slow: [3: (5, 4, 0, 0)])])
        let r = report([now], control: control, runs: 2)
        #expect(r.misses == ["stall now (run 2 of 2): no control run in the same round to hold its worst frame over its median against"])
    }

    @Test func theTableSaysHowFramesWerePacedAndWhichMissedTheirRefresh() {
        var paced = run(slow: [5: (3, 1, 2, 0)])
        paced.scheduling = "SCHED_FIFO 1 in 100 % of frames"
        paced.missedRefreshes = 2
        var flick = run(median: 2, slow: [3: (5, 4, 0, 0)])
        flick.scheduling = "SCHED_FIFO 1 in 100 % of frames"
        flick.missedRefreshes = 0
        let table = report([StallResult(interaction: "now", viewBound: 7, runs: [flick])], control: [paced]).table()
        #expect(table.contains("the frame thread: SCHED_FIFO 1 in 100 % of frames;"))
        #expect(table.contains("  1  control       1.00    3.0          3.00    6.0        0     2  "))
        #expect(table.contains("  1  now           2.00    5.0          2.50    6.0        0     0  "))
    }

    @Test func runFiguresLeaveTheFirstFrameOutOfTheRatioButNotOutOfTheInterval() {
        let r = run(median: 1, first: 20, slow: [30: (5, 4.8, 0, 0)])
        #expect(r.firstMs == 20)
        #expect(r.worstMs == 5)
        #expect(r.worstOverMedian == 5)
        #expect(r.overInterval == 1)
        #expect(r.slowFrames.map(\.frame) == [0])
        #expect(r.worstFrame?.frame == 30)
        #expect(r.worstOfAllMs == 20)
    }

    @Test func aSlowFrameIsPutDownToWhereItsTimeWent() {
        // Median frame 1 ms with 0.8 ms of CPU.
        let own = run(slow: [10: (18, 17.5, 0, 0)]).slowFrames[0]
        #expect(own.cause == "Flick's own work")
        #expect(abs(own.excess.own - 16.7) < 1e-9)
        let preempted = run(slow: [10: (18, 1, 16, 0)]).slowFrames[0]
        #expect(preempted.cause == "preempted")
        #expect(abs(preempted.excess.waiting - 16) < 1e-9)
        let server = run(slow: [10: (40, 1, 0, 35)]).slowFrames[0]
        #expect(server.cause == "X server waited for a core")
        #expect(abs(server.excess.blocked - 38.8) < 1e-9)
        let blocked = run(slow: [10: (40, 1, 0, 2)]).slowFrames[0]
        #expect(blocked.cause == "blocked")
        #expect(blocked.summary.hasPrefix("frame 10: 40.0 ms (median 1.00) = CPU 1.00 (median's 0.80) + waiting for a core 0.00 + blocked 38.80 (X server: CPU 0.20, waiting for a core 2.00)"))
        #expect(blocked.summary.hasSuffix(": blocked"))
    }

    @Test func aFrameOverTheIntervalIsAMissInWhicheverRunItFalls() {
        let control = [run(slow: [5: (3, 1, 2, 0)]), run(slow: [5: (30, 1, 0, 28)])]
        let now = StallResult(interaction: "now", viewBound: 7,
                              runs: [run(median: 2, slow: [9: (5, 1, 3, 0)]), run(median: 2, slow: [9: (25, 1.6, 0, 22)])])
        let r = report([now], control: control)
        // Run 1: 2.5x against the control's 3x, no slow frame; run 2: one frame of 25 ms (within
        // the control's 30x ratio, but over the interval, like the control's own).
        #expect(r.misses == ["stall now (run 2 of 2): 1 frame over 16.7 ms, the worst 25.0 ms (X server waited for a core); the control's run: 1 over"])
        let table = r.table()
        #expect(table.contains("control: 1 of 2 runs with no frame over 16.7 ms"))
        #expect(table.contains("now: 1 of 2 runs with no frame over 16.7 ms; medians 2.00-2.00 ms, worst frames 6.0-25.0 ms; worst/median within the control's in 2 of 2"))
        #expect(table.contains("control run 2 frame 5: 30.0 ms"))
        #expect(table.contains("now run 2 frame 9: 25.0 ms"))
        #expect(table.contains("Budgets missed: 1"))
    }

    @Test func aRatioOverTheControlsOfTheSameRoundIsAMiss() {
        // Round 1's control was steady (1.5x), round 2's was not (8x): Flick's 4x misses in
        // round 1 only, whatever the other round did.
        let control = [run(slow: [5: (1.5, 1.2, 0, 0)]), run(slow: [5: (8, 1, 7, 0)])]
        let carousel = StallResult(interaction: "carousel", viewBound: 3,
                                   runs: [run(slow: [7: (4, 3.5, 0, 0)]), run(slow: [7: (4, 3.5, 0, 0)])])
        let r = report([carousel], control: control)
        #expect(r.misses == ["stall carousel (run 1 of 2): worst frame 4.00x the median > the control's 1.50x in the same round (worst 4.0 ms: Flick's own work)"])
        #expect(r.table().contains("worst/median within the control's in 1 of 2"))
    }

    @Test func everyRunWithinBothMeetsTheBudget() {
        let control = [run(slow: [5: (3, 1, 2, 0)])]
        let r = report([StallResult(interaction: "switcher", viewBound: 7, runs: [run(median: 2, slow: [3: (5, 4, 0, 0)])])],
                       control: control)
        #expect(r.misses.isEmpty)
        #expect(r.table().contains("All budgets met."))
        #expect(!r.table().contains("Frames over"))
    }
}
