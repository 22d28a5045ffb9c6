import FlickStage
import FlickCLI
import FlickSession
import Foundation

/// `tune.csv`: a row per point of the sweep and recording, and a row per recording as it was
/// recorded (`as_recorded`, the key columns holding its own values), tidy (one column per key,
/// one per count), as R, pandas or DuckDB read it.
enum TuneCSV {
    static let columns = ["card_drags", "throws", "key_throws", "decisions", "snap_backs", "near_misses", "undone_live",
                          "accidental_kept", "retried_live", "missed_served", "missed_left", "error_proxies",
                          "held_by_panel", "goals", "goals_met_live", "goals_met", "tasks_changed"]

    static func make(grid: SweepGrid, result: Sweep.Result, recordings: [String], live: [[Double]]) -> String {
        var lines = [(["point"] + grid.axes.map { CSV.text($0.key) } + ["recording", "participant", "condition"] + columns).joined(separator: ",")]
        func row(_ kind: String, _ point: [Double], _ r: Int, _ c: TuneCounts) -> String {
            let counts = [c.cardDrags, c.throwCount, c.keyThrows, c.decisions, c.snapBacks, c.nearMisses, c.undoneLive,
                          c.accidentalKept, c.retriedLive, c.missedServed, c.missedLeft, c.errorProxies,
                          c.heldByPanel, c.goals, c.goalsMetLive, c.goalsMet, c.changedTasks.count].map(String.init)
            return ([kind] + point.map(SweepAxis.fmt) + [CSV.text(recordings[r]), CSV.text(result.participants[r]),
                                                         CSV.text(result.conditions[r])] + counts).joined(separator: ",")
        }
        for (r, c) in result.recorded.enumerated() { lines.append(row("as_recorded", live[r], r, c)) }
        for (p, point) in result.points.enumerated() {
            for (r, c) in result.counts[p].enumerated() { lines.append(row("swept", point, r, c)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
