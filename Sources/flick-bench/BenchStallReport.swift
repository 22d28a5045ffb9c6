import Foundation

/// The stall part's verdict and table: `stallRuns` runs of every interaction, in every run no
/// frame over one 60 Hz interval, and the worst frame over the median no worse than the
/// control's in the same round.
extension BenchReport {
    func stallMisses(_ stall: StallReport) -> [String] {
        var misses: [String] = []
        let limit = budgets.stallIntervalMs
        if let wanted = budgets.stallRuns {
            for r in stall.results where r.runs.count < wanted {
                misses.append("stall \(r.interaction): \(r.runs.count) run\(r.runs.count == 1 ? "" : "s") measured; the budget holds \(wanted) of \(wanted) (--stall-runs \(wanted))")
            }
        }
        for r in stall.results {
            for (k, run) in r.runs.enumerated() {
                let which = "stall \(r.interaction) (run \(k + 1) of \(r.runs.count))"
                let control = stall.control.run(k)
                if run.overInterval > 0 {
                    let worst = run.slowFrames.max { $0.ms < $1.ms }
                    misses.append(String(format: "%@: %d frame%@ over %.1f ms, the worst %.1f ms (%@)", which, run.overInterval,
                                         run.overInterval == 1 ? "" : "s", limit, run.worstOfAllMs, worst?.cause ?? "?")
                                  + (control.map { String(format: "; the control's run: %d over", $0.overInterval) } ?? ""))
                }
                if control == nil {
                    misses.append("\(which): no control run in the same round to hold its worst frame over its median against")
                } else if let control, !(run.worstOverMedian <= control.worstOverMedian * budgets.stallOverControl) {
                    misses.append(String(format: "%@: worst frame %.2fx the median > the control's %.2fx in the same round (worst %.1f ms: %@)",
                                         which, run.worstOverMedian, control.worstOverMedian, run.worstMs,
                                         run.worstFrame?.cause ?? "?"))
                }
            }
        }
        return misses
    }

    func stallTable(_ st: StallReport) -> [String] {
        let limit = budgets.stallIntervalMs
        var out = ["", String(format: "Stall: flinging through %d photos in %@ (software, paced at 60 Hz), %d rounds, a control run first in each; ms; budget in every run: 0 frames over %.1f ms (the first frame included) and worst/median (after the first frame, which is start-up) <= the control's of the same round",
                              st.photos, st.folder, st.runs, limit)]
        if let p = st.hostPauses {
            out.append(String(format: "This machine's own pauses first: a thread reading the clock for %.0f s was stopped %d times over 1 ms, the longest %.1f ms (its CPU time %.0f%% of the wall time)",
                              p.seconds, p.over1ms, p.largestMs, p.cpuOverWall * 100))
        }
        out.append("The control: the same window, renderer and pacing; clear, stage, present, no cards, no decoder"
                   + (st.displayServerPID.map { "; frames presented to the X server, pid \($0)" } ?? ""))
        let runs = st.control.runs + st.results.flatMap(\.runs)
        let scheduling = runs.compactMap(\.scheduling).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if !scheduling.isEmpty {
            out.append("Paced by the window's own pacing (FramePacing: input latched late before each refresh, FrameLatch); the frame thread: "
                       + scheduling.joined(separator: " / ") + "; 'late': frames that missed the refresh they were latched for")
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        out.append("run  " + pad("what", 10) + "  median  worst  worst/median  first  >\(String(format: "%.1f", limit))ms  late  placeholder frames  decodes  cards shown  face textures  the worst frame's cause")
        let rounds = max(st.control.runs.count, st.results.map(\.runs.count).max() ?? 0)
        func line(_ k: Int, _ what: String, _ r: StallRun, control: Bool) -> String {
            String(format: "%3d  %@  %6.2f  %5.1f  %12.2f  %5.1f  %7d  %@  ", k + 1, pad(what, 10), r.frames.medianMs, r.worstMs,
                   r.worstOverMedian, r.firstMs, r.overInterval, r.missedRefreshes.map { String(format: "%4d", $0) } ?? "   -")
                + (control ? pad("", 18) + "  " + pad("", 7) + "  " + pad("", 11) + "  " + pad("", 13)
                           : String(format: "%18d  %7d  %11d  %13d", r.framesWithPlaceholders, r.decodes, r.cardsShown, r.maxFaceTextures))
                + "  " + (r.worstFrame?.cause ?? "")
        }
        for k in 0..<rounds {
            if let c = st.control.run(k) { out.append(line(k, "control", c, control: true)) }
            for r in st.results where r.runs.indices.contains(k) { out.append(line(k, r.interaction, r.runs[k], control: false)) }
        }
        func summary(_ what: String, _ runs: [StallRun], within: ((Int, StallRun) -> Bool)?) -> String {
            let clean = runs.filter { $0.overInterval == 0 }.count
            var s = String(format: "%@: %d of %d runs with no frame over %.1f ms; medians %.2f-%.2f ms, worst frames %.1f-%.1f ms",
                           what, clean, runs.count, limit, runs.map(\.frames.medianMs).min() ?? 0, runs.map(\.frames.medianMs).max() ?? 0,
                           runs.map(\.worstOfAllMs).min() ?? 0, runs.map(\.worstOfAllMs).max() ?? 0)
            if let within {
                s += String(format: "; worst/median within the control's in %d of %d",
                            runs.enumerated().filter { within($0.offset, $0.element) }.count, runs.count)
            }
            return s
        }
        out.append(summary("control", st.control.runs, within: nil))
        for r in st.results {
            out.append(summary(r.interaction, r.runs, within: { k, run in
                st.control.run(k).map { run.worstOverMedian <= $0.worstOverMedian * budgets.stallOverControl } ?? false
            }))
        }
        var slow: [String] = []
        for k in 0..<rounds {
            for f in st.control.run(k)?.slowFrames ?? [] { slow.append("control run \(k + 1) " + f.summary) }
            for r in st.results where r.runs.indices.contains(k) {
                for f in r.runs[k].slowFrames { slow.append("\(r.interaction) run \(k + 1) " + f.summary) }
            }
        }
        if !slow.isEmpty {
            out.append(String(format: "Frames over %.1f ms and where their time went (CPU: the frame thread's; blocked: off its core, not waiting for one, e.g. for the X server in present):", limit))
            out += slow.prefix(40).map { "  " + $0 }
            if slow.count > 40 { out.append("  … \(slow.count - 40) more in the JSON report") }
        }
        return out
    }
}
