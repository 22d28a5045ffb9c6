import FlickStage
import FlickCLI
import FlickSession
import Foundation

/// `tune.html`: the sweep on one self-contained page (inline SVG and CSS, no script, no
/// network). One key: a chart of every count against the value, the value with the fewest
/// error proxies marked, and the values the recordings were made with. Two keys: a grid of the
/// error proxies with the best pair outlined. A table of the counts below either.
enum TuneHTML {
    struct Series: Sendable {
        var name: String
        var color: String
        var dashed: Bool
        var value: @Sendable (TuneCounts) -> Int
    }

    static let series: [Series] = [
        Series(name: "throws", color: "#2f9e44", dashed: false) { $0.throwCount },
        Series(name: "snap-backs", color: "#1c7ed6", dashed: false) { $0.snapBacks },
        Series(name: "near misses", color: "#f59f00", dashed: false) { $0.nearMisses },
        Series(name: "undone throws still thrown (likely accidental)", color: "#e03131", dashed: true) { $0.accidentalKept },
        Series(name: "retried first tries still not thrown (likely missed intent)", color: "#9c36b5", dashed: true) { $0.missedLeft },
        Series(name: "both error proxies", color: "#212529", dashed: false) { $0.errorProxies },
    ]

    static func make(title: String, sweep: Sweep, result: Sweep.Result, recordings: [String], live: [[Double]]) -> String {
        let grid = sweep.grid
        let totals = result.points.indices.map(result.total)
        let any = totals.first ?? TuneCounts()
        var h: HTML = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title)</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; color: #212529; margin: 24px; background: #fff; max-width: 1100px; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; border-bottom: 1px solid #dee2e6; }
        table { border-collapse: collapse; font-size: 12px; } td, th { border: 1px solid #dee2e6; padding: 2px 6px; text-align: right; }
        th { background: #f1f3f5; } tr.best td { background: #d3f9d8; font-weight: 600; }
        .muted { color: #868e96; font-size: 12px; } .note { background: #fff9db; border: 1px solid #ffe066; padding: 8px 12px; border-radius: 6px; }
        .key { margin-right: 14px; font-size: 12px; white-space: nowrap; } .big { font-size: 18px; font-weight: 600; }
        svg text { font: 11px system-ui, sans-serif; fill: #495057; }
        svg { max-width: 100%; height: auto; } .scroll { overflow-x: auto; max-width: 100%; }
        </style></head><body>
        <h1>\(title)</h1>
        <p class="muted">Made by flick \(FlickVersion.current): \(recordings.count) recording\(recordings.count == 1 ? "" : "s") replayed headless under \(result.points.count) value\(result.points.count == 1 ? "" : "s") of \(grid.axes.map(\.key).joined(separator: " x ")); the same gestures each time, only the config differs. Live: \(any.undoneLive) throw\(any.undoneLive == 1 ? "" : "s") undone within 3 s, \(any.retriedLive) card drag\(any.retriedLive == 1 ? "" : "s") tried again within 2 s.\(sweep.scope.map { " Only what was done in \($0.rawValue), the interaction whose key is swept, is counted." } ?? " The key is shared by every interaction: all of them are counted.")</p>

        """
        if let b = result.best {
            let at = zip(grid.axes, result.points[b]).map { "\($0.key) = \(SweepAxis.fmt($1))" }.joined(separator: ", ")
            let t = totals[b]
            h += "<p class=\"big\">Fewest error proxies at \(at): \(t.errorProxies) (\(t.accidentalKept) likely accidental throw\(t.accidentalKept == 1 ? "" : "s") kept, \(t.missedLeft) likely missed throw\(t.missedLeft == 1 ? "" : "s") left); as recorded: \(result.recordedTotal.errorProxies).</p>"
            let edge = sweep.edgeKeys(result)
            if !edge.isEmpty {
                h += "<p class=\"note edge\">That is the \(edge.count == 1 ? "" : "each ")edge of the range swept for \(edge.joined(separator: ", ")): the fewest may lie beyond it. Sweep further before reading it as the best.</p>"
            }
        }
        h += """
        <p class="note">The two error counts are <b>proxies</b>: an undo within 3 s suggests a throw the participant did not mean, \
        and a card dragged again within 2 s suggests a throw they meant and did not get. Neither is what the participant \
        intended; a value that minimises them is a candidate to try with people, not a proven best. Replays keep the \
        participants' own movements, which they might have changed under another feel.</p>

        """
        h += taskNote(any)
        h += "<h2>Counts against the value</h2>"
        h += grid.axes.count == 1 ? lineChart(grid.axes[0], result: result, totals: totals, live: live.map { $0[0] })
                                  : heatmap(grid, result: result, totals: totals)
        h += "<h2>Every value</h2><table class=\"values\"><tr>"
        for axis in grid.axes { h += "<th>\(axis.key)</th>" }
        h += "<th>card drags</th><th>throws</th><th>key throws</th><th>snap-backs</th><th>near misses</th><th>undone, still thrown</th><th>retried, thrown at first try</th><th>retried, still not thrown</th><th>error proxies</th><th>goals met</th></tr>"
        let r = result.recordedTotal
        let recordedValues = grid.axes.indices.map { k in Set(live.map { $0[k] }).sorted().map(SweepAxis.fmt).joined(separator: ", ") }
        func cells(_ values: [String]) -> HTML { values.map { v -> HTML in "<td>\(v)</td>" }.joined() }
        h += "<tr class=\"as-recorded\">\(cells(recordedValues.map { "as recorded (\($0))" }))"
        h += "\(cells([r.cardDrags, r.throwCount, r.keyThrows, r.snapBacks, r.nearMisses, r.accidentalKept, r.missedServed, r.missedLeft, r.errorProxies].map(String.init)))<td>\(goalsCell(r.goalsMetLive, r.goals))</td></tr>"
        for (i, point) in result.points.enumerated() {
            let t = totals[i]
            h += "<tr\(i == result.best ? " class=\"best\"" as HTML : "")>\(cells(point.map(SweepAxis.fmt)))"
            h += "\(cells([t.cardDrags, t.throwCount, t.keyThrows, t.snapBacks, t.nearMisses, t.accidentalKept, t.missedServed, t.missedLeft, t.errorProxies].map(String.init)))<td>\(goalsCell(t.goalsMet, t.goals))</td></tr>"
        }
        h += "</table>\(changedTasks(grid, result: result))\(splits(result))"
        h += "<p class=\"muted\">Recordings: \(recordings.joined(separator: ", ")). tune.csv has a row per value and recording, and one per recording as recorded.</p></body></html>\n"
        return h.markup
    }

    /// "3 of 4", or a dash when no task has a goal.
    static func goalsCell(_ met: Int, _ goals: Int) -> String { goals == 0 ? "—" : "\(met) of \(goals)" }

    /// How the replays treat tasks and panels: what a count of card drags includes.
    static func taskNote(_ any: TuneCounts) -> HTML {
        var h: HTML = "<p class=\"muted tasks\">Tasks and the participant's side keep their recorded course under every value: each task starts and ends when it did, Done, Give up, SEQ and SUS answers stay with the task and panel they answered, and a press is held back only while a recorded SEQ or SUS was up. So the card drags are the same recorded presses at every value"
        if any.heldByPanel > 0 {
            h += " (\(any.heldByPanel) press\(any.heldByPanel == 1 ? " was" : "es were") held back by a recorded SEQ or SUS, at every value)"
        }
        h += "."
        if any.goals > 0 {
            h += " Whether each task's goal would have been met within its recorded time is counted on its own (\"goals met\"); the live session met \(any.goalsMetLive) of \(any.goals)."
        }
        return h + "</p>"
    }

    /// Where a value met a goal the live session did not, or missed one it met: per task, the
    /// values at which its course changed.
    static func changedTasks(_ grid: SweepGrid, result: Sweep.Result) -> HTML {
        struct Row: Hashable { var recording: Int; var number: Int }
        var rows: [Row: (task: String, metLive: Bool, at: [String])] = [:]
        for (p, point) in result.points.enumerated() {
            let value = zip(grid.axes, point).map { SweepAxis.fmt($1) }.joined(separator: " x ")
            for (r, c) in result.counts[p].enumerated() {
                for t in c.changedTasks {
                    let key = Row(recording: r, number: t.number)
                    rows[key, default: (t.task, t.metLive, [])].at.append(t.metAt.map { "\(value) (\(String(format: "%.2f", $0)) s)" } ?? value)
                }
            }
        }
        guard !rows.isEmpty else {
            return result.totalGoals > 0 ? "<p class=\"muted changed-tasks\">No value changes whether a task's goal is met.</p>" : ""
        }
        var h: HTML = "<h2>Where a value changes a task's course</h2><p class=\"muted\">Tasks whose goal a value meets within the task's recorded time where the live session did not (\"met\"), or does not meet where the live session did (\"not met\"). The task still ends as recorded.</p><table class=\"changed-tasks\"><tr><th>participant</th><th>task</th><th>live</th><th>changed at</th></tr>"
        for key in rows.keys.sorted(by: { ($0.recording, $0.number) < ($1.recording, $1.number) }) {
            let row = rows[key]!
            h += "<tr><td>\(result.participants[key.recording])</td><td>\(key.number). \(row.task)</td><td>\(row.metLive ? "met" : "not met")</td><td style=\"text-align:left\">\(row.metLive ? "not met at " : "met at ")\(row.at.joined(separator: ", "))</td></tr>"
        }
        return h + "</table>"
    }

    /// Lines of each count over the values of one key.
    static func lineChart(_ axis: SweepAxis, result: Sweep.Result, totals: [TuneCounts], live: [Double]) -> HTML {
        let w = 900.0, hgt = 360.0, left = 50.0, right = 20.0, top = 16.0, bottom = 40.0
        let xs = axis.values
        let lo = xs.first ?? 0, hi = max(xs.last ?? 1, lo + 1e-9)
        let top_ = Double(max(1, totals.flatMap { t in series.map { $0.value(t) } }.max() ?? 1))
        func x(_ v: Double) -> Double { left + (v - lo) / (hi - lo) * (w - left - right) }
        func y(_ n: Double) -> Double { top + (1 - n / top_) * (hgt - top - bottom) }
        let f = SVGCharts.f
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(hgt))\" viewBox=\"0 0 \(Int(w)) \(Int(hgt))\">"
        s += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(w - left - right))\" height=\"\(f(hgt - top - bottom))\" fill=\"#f8f9fa\"/>"
        for k in 0...4 {
            let n = (top_ * Double(k) / 4).rounded()
            s += "<line x1=\"\(f(left))\" x2=\"\(f(w - right))\" y1=\"\(f(y(n)))\" y2=\"\(f(y(n)))\" stroke=\"#dee2e6\"/><text x=\"\(f(left - 6))\" y=\"\(f(y(n) + 4))\" text-anchor=\"end\">\(Int(n))</text>"
        }
        let labelEvery = max(1, xs.count / 10)
        for (i, v) in xs.enumerated() where i % labelEvery == 0 || i == xs.count - 1 {
            s += "<text x=\"\(f(x(v)))\" y=\"\(f(hgt - bottom + 16))\" text-anchor=\"middle\">\(SweepAxis.fmt(v))</text>"
        }
        s += "<text x=\"\(f((left + w - right) / 2))\" y=\"\(f(hgt - 4))\" text-anchor=\"middle\">\(axis.key)</text>"
        for v in Set(live) where v.isFinite && v >= lo && v <= hi {
            s += "<line class=\"live\" x1=\"\(f(x(v)))\" x2=\"\(f(x(v)))\" y1=\"\(f(top))\" y2=\"\(f(hgt - bottom))\" stroke=\"#868e96\" stroke-dasharray=\"2 3\"/><text x=\"\(f(x(v) + 3))\" y=\"\(f(top + 10))\">recorded with \(SweepAxis.fmt(v))</text>"
        }
        if let b = result.best {
            let v = result.points[b][0]
            s += "<line class=\"best\" x1=\"\(f(x(v)))\" x2=\"\(f(x(v)))\" y1=\"\(f(top))\" y2=\"\(f(hgt - bottom))\" stroke=\"#2f9e44\" stroke-width=\"3\" opacity=\"0.5\"/><text x=\"\(f(x(v) + 4))\" y=\"\(f(top + 24))\" fill=\"#2b8a3e\">fewest error proxies</text>"
        }
        for sr in series {
            let pts = zip(xs, totals).map { "\(f(x($0))),\(f(y(Double(sr.value($1)))))" }.joined(separator: " ")
            s += "<polyline fill=\"none\" stroke=\"\(sr.color)\" stroke-width=\"2\"\(sr.dashed ? " stroke-dasharray=\"6 4\"" as HTML : "") points=\"\(pts)\"/>"
            for (v, t) in zip(xs, totals) {
                s += "<circle cx=\"\(f(x(v)))\" cy=\"\(f(y(Double(sr.value(t)))))\" r=\"2.5\" fill=\"\(sr.color)\"><title>\(sr.name) at \(SweepAxis.fmt(v)): \(sr.value(t))</title></circle>"
            }
        }
        s += "</svg><div>"
        for sr in series {
            s += "<span class=\"key\"><svg width=\"22\" height=\"8\"><line x1=\"0\" x2=\"22\" y1=\"4\" y2=\"4\" stroke=\"\(sr.color)\" stroke-width=\"2\"\(sr.dashed ? " stroke-dasharray=\"6 4\"" as HTML : "")/></svg> \(sr.name)</span>"
        }
        s += "</div>"
        return s
    }

    /// The error proxies over a grid of two keys, the best pair outlined.
    static func heatmap(_ grid: SweepGrid, result: Sweep.Result, totals: [TuneCounts]) -> HTML {
        let (a, b) = (grid.axes[0], grid.axes[1])
        let cell = 34.0, left = 90.0, top = 30.0
        let worst = Double(max(1, totals.map(\.errorProxies).max() ?? 1))
        let f = SVGCharts.f
        let w = left + cell * Double(b.values.count) + 10, h = top + cell * Double(a.values.count) + 40
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\">"
        for (j, v) in b.values.enumerated() {
            s += "<text x=\"\(f(left + cell * (Double(j) + 0.5)))\" y=\"\(f(top - 8))\" text-anchor=\"middle\">\(SweepAxis.fmt(v))</text>"
        }
        for (i, v) in a.values.enumerated() {
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(top + cell * (Double(i) + 0.6)))\" text-anchor=\"end\">\(SweepAxis.fmt(v))</text>"
        }
        for (k, t) in totals.enumerated() {
            let (i, j) = (k / b.values.count, k % b.values.count)
            let shade = Int(255 - 170 * Double(t.errorProxies) / worst)
            s += "<rect x=\"\(f(left + cell * Double(j)))\" y=\"\(f(top + cell * Double(i)))\" width=\"\(f(cell - 2))\" height=\"\(f(cell - 2))\" fill=\"rgb(255,\(shade),\(shade))\"\(k == result.best ? " stroke=\"#2f9e44\" stroke-width=\"3\" class=\"best\"" as HTML : "")><title>\(a.key) \(SweepAxis.fmt(result.points[k][0])), \(b.key) \(SweepAxis.fmt(result.points[k][1])): \(t.errorProxies) error proxies</title></rect>"
            s += "<text x=\"\(f(left + cell * (Double(j) + 0.5) - 1))\" y=\"\(f(top + cell * (Double(i) + 0.6)))\" text-anchor=\"middle\">\(t.errorProxies)</text>"
        }
        s += "<text x=\"\(f(left))\" y=\"\(f(h - 14))\">rows: \(a.key); columns: \(b.key); each cell: both error proxies</text></svg>"
        return s
    }

    /// As recorded and at the fewest error proxies, per condition and per participant: whether
    /// the value helps everyone or a few.
    static func splits(_ result: Sweep.Result) -> HTML {
        guard let b = result.best else { return "" }
        var h = HTML()
        for (title, names) in [("By condition", result.conditions), ("By participant", result.participants)] {
            let groups = Array(Set(names)).sorted()
            guard groups.count > 1 else { continue }
            h += "<h2>\(title)</h2><table class=\"split\"><tr><th>\(title == "By condition" ? "condition" : "participant")</th><th>recordings</th><th>error proxies as recorded</th><th>at the fewest overall</th><th>throws as recorded</th><th>throws there</th></tr>"
            for g in groups {
                let mine = Set(names.indices.filter { names[$0] == g })
                let rec = mine.map { result.recorded[$0] }.reduce(TuneCounts(), +)
                let there = result.total(b) { mine.contains($0) }
                h += "<tr><td>\(g)</td><td>\(mine.count)</td><td>\(rec.errorProxies)</td><td>\(there.errorProxies)</td><td>\(rec.decisions)</td><td>\(there.decisions)</td></tr>"
            }
            h += "</table>"
        }
        return h
    }
}
