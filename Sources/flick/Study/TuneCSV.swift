import FlickSession
import Foundation

/// `tune.csv`: a row per point of the sweep and recording, tidy (one column per key, one per
/// count), as R, pandas or DuckDB read it.
enum TuneCSV {
    static let columns = ["card_drags", "throws", "snap_backs", "near_misses", "undone_live", "accidental_kept",
                          "retried_live", "missed_served", "missed_left", "error_proxies"]

    static func make(grid: SweepGrid, result: Sweep.Result, recordings: [String]) -> String {
        var lines = [(grid.axes.map(\.key) + ["recording"] + columns).joined(separator: ",")]
        for (p, point) in result.points.enumerated() {
            for (r, c) in result.counts[p].enumerated() {
                let counts = [c.cardDrags, c.throwCount, c.snapBacks, c.nearMisses, c.undoneLive, c.accidentalKept,
                              c.retriedLive, c.missedServed, c.missedLeft, c.errorProxies].map(String.init)
                lines.append((point.map(SweepAxis.fmt) + [field(recordings[r])] + counts).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180: quoted when it holds a comma, a quote or a line break.
    static func field(_ s: String) -> String {
        s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }
}
