import FlickEngine
import Testing
@testable import flick_bench

/// The stall part's verdict and table: a run over the 2x budget is a miss whatever the control
/// did, and the control's runs (the machine's floor) are said beside it.
struct StallReportTests {
    func result(_ name: String, ratios: [Double]) -> StallResult {
        let worst = ratios.max()!
        return StallResult(interaction: name, frames: FrameTimeMs(seconds: [0.002, 0.002, 0.002]), firstMs: 7,
                           worstMs: 2 * worst, worstOverMedian: worst, over50ms: 0, framesWithPlaceholders: 0, decodes: 3,
                           longestDecoderStepMs: 0.4, maxFaceTextures: 3, viewBound: 7, cardsShown: 9,
                           run: ratios.firstIndex(of: worst)! + 1, runWorstOverMedian: ratios,
                           runWorstMs: ratios.map { 2 * $0 }, runOver50ms: ratios.map { _ in 0 })
    }

    func report(_ results: [StallResult], control: StallControl?) -> BenchReport {
        var r = BenchReport(sdl: "SDL", videoDriver: "dummy", size: "1280x800")
        r.stall = StallReport(folder: "/tmp/photos", photos: 201, photoSize: "", results: results, runs: 3,
                              hostPauses: nil, control: control)
        r.evaluate()
        return r
    }

    @Test func aRunOverTwiceTheMedianIsAMissAndNamesTheControl() {
        var control = StallControl()
        control.runMedianMs = [0.8, 0.9, 0.85]
        control.runWorstMs = [1.2, 2.5, 1.5]
        control.runWorstOverMedian = [1.5, 2.78, 1.76]
        let r = report([result("now", ratios: [1.5, 2.4, 1.9]), result("carousel", ratios: [1.2, 1.3, 1.99])], control: control)
        #expect(r.misses == ["stall now (run 2 of 3): worst frame 2.4x the median > 2.0x (the control frame, no cards and no decoder: 2 of 3 runs within 2.0x)"])
        let table = r.table()
        #expect(table.contains("The machine's floor"))
        #expect(table.contains("worst/median per run 1.50 2.78 1.76: 2 of 3 runs within 2.0x"))
        #expect(table.contains("Budgets missed: 1"))
    }

    @Test func withoutAControlTheMissStandsAlone() {
        let r = report([result("switcher", ratios: [2.1])], control: nil)
        #expect(r.misses == ["stall switcher (run 1 of 1): worst frame 2.1x the median > 2.0x"])
        #expect(!r.table().contains("The machine's floor"))
    }

    @Test func everyRunWithinTheBudgetMeetsIt() {
        var control = StallControl()
        control.runMedianMs = [1]
        control.runWorstMs = [3]
        control.runWorstOverMedian = [3]   // a noisy machine does not fail Flick's runs
        let r = report([result("now", ratios: [1.4, 2.0, 1.9])], control: control)
        #expect(r.misses.isEmpty)
        #expect(r.table().contains("All budgets met."))
    }
}
