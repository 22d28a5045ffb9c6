import FlickStage
import FlickCLI
import FlickSession
import FlickEngine
import Foundation

/// A frame of the session at a key moment, as PNG bytes, for the contact sheet.
struct Thumbnail {
    var t: Double
    var caption: String
    var png: Data
}

/// `report.html`: one self-contained page (inline SVG, embedded PNG, inline CSS; no script, no
/// network). Summary first: a row per session in one table, then the charts with one lane per
/// session on axes shared by every session (so 1 and 50 sessions read alike), the decision maps
/// over all sessions, and each session's details below, one block under the other. Nothing is
/// wider than 760 px, so the page reads at 800 px without scrolling sideways.
enum ReportHTML {
    /// The width of the lane charts (release speed, gestures over time).
    static let chartWidth = 760.0
    /// Sessions up to this many show their details unfolded.
    static let unfolded = 10

    static func make(title: String, sessions: [SessionMetrics], thumbnails: [[Thumbnail]],
                     extra: HTML? = nil) -> String {
        let outcomes = Set(sessions.flatMap { $0.gestures.map(\.outcome) })
        let all = sessions.flatMap(\.gestures)
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var h: HTML = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; color: #212529; margin: 24px auto; padding: 0 20px; max-width: 1160px; background: #fff; }
        h1 { font-size: 22px; margin: 0 0 4px; overflow-wrap: anywhere; } h2 { font-size: 16px; margin: 28px 0 8px; border-bottom: 1px solid #dee2e6; }
        h3 { font-size: 13px; margin: 6px 0; color: #495057; overflow-wrap: anywhere; }
        table { border-collapse: collapse; font-size: 12px; max-width: 100%; } td, th { border: 1px solid #dee2e6; padding: 2px 6px; text-align: right; } td:first-child { overflow-wrap: anywhere; } td.l, th.l { text-align: left; }
        th { background: #f1f3f5; font-weight: 600; } td:first-child, th:first-child { text-align: left; }
        table.sessions { width: 100%; } table.sessions th { vertical-align: bottom; font-size: 11px; padding: 2px 4px; } table.sessions td { padding: 2px 4px; } table.sessions tr.all td { font-weight: 600; background: #f8f9fa; }
        .key { margin-right: 10px; font-size: 12px; white-space: nowrap; } .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: middle; }
        .muted { color: #868e96; font-size: 12px; overflow-wrap: anywhere; } .big { font-size: 20px; font-weight: 600; }
        svg { display: block; max-width: 100%; height: auto; }
        .maps { display: flex; flex-wrap: wrap; gap: 12px 20px; } .maps figure { margin: 0; max-width: 100%; }
        details.session { border-top: 1px solid #dee2e6; padding: 6px 0; } details.session > summary { cursor: pointer; font-weight: 600; overflow-wrap: anywhere; }
        .cells { display: flex; flex-wrap: wrap; gap: 10px 28px; align-items: flex-start; margin: 6px 0 0 14px; } .cells > div { min-width: 0; max-width: 100%; }
        .sheet { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 0 14px; } .sheet figure { margin: 0; text-align: center; font-size: 11px; max-width: 100%; }
        .sheet img { display: block; max-width: 100%; height: auto; border: 1px solid #dee2e6; border-radius: 6px; }
        .diff td.changed { background: #fff3bf; } .caveat { background: #fff9db; padding: 4px 8px; font-size: 12px; }
        </style></head><body>
        <h1>\(title)</h1>
        <p class="muted">Made by flick \(FlickVersion.current). Distances in points, speeds in points per second, times in seconds since each session started. Outcomes: \(SVGCharts.legend(outcomes))</p>

        """
        // Summary: a row per session, then the sums.
        let releases = all.filter(\.isCardRelease)
        let nearTotal = sessions.reduce(0) { $0 + $1.nearMisses.count }
        h += "<h2>Summary</h2><p class=\"summary\">\(plural(sessions.count, "session")) · \(String(format: "%.1f", sessions.reduce(0) { $0 + $1.session.duration })) s · \(plural(all.count, "gesture")) · \(plural(releases.count, "card release")), \(releases.filter { $0.outcome == .thrown }.count) thrown · \(nearTotal) near miss\(nearTotal == 1 ? "" : "es")</p>"
        h += "<table class=\"sessions\"><tr><th>session</th><th class=\"l\">interactions</th><th>length (s)</th><th>gestures</th><th>card releases</th><th>thrown</th><th>near misses</th><th>throws undone</th><th>accidental pages</th><th>median release (pt/s)</th><th>median gap (s)</th><th>tasks met</th><th>misclicks</th></tr>"
        // Met of those scheduled (a task that never started counts, and is said), else of those run.
        func tasksMet(_ m: SessionMetrics) -> String {
            let ends = m.session.taskEnds, scheduled = m.session.scheduled.count, notRun = m.session.notRun.count
            guard !ends.isEmpty || scheduled > 0 else { return m.tasks.isEmpty ? "—" : "\(m.tasks.count) run" }
            let met = ends.filter { $0.outcome == .success }.count
            return "\(met) of \(max(scheduled, ends.count))" + (notRun > 0 ? ", \(notRun) not run" : "")
        }
        func misclicks(_ m: SessionMetrics) -> String {
            m.presses == 0 ? "—" : "\(m.misclicks.count) of \(m.presses)"
        }
        for (i, m) in sessions.enumerated() {
            let r = m.gestures.filter(\.isCardRelease)
            h += "<tr class=\"session-row\"><td><a href=\"#session-\(i + 1)\">\(m.session.name)</a></td><td class=\"l\">\(m.interactionsUsed.map(\.rawValue).joined(separator: ", "))</td>"
            h += "<td>\(String(format: "%.1f", m.session.duration))</td><td>\(m.gestures.count)</td><td>\(r.count)</td><td>\(r.filter { $0.outcome == .thrown }.count)</td>"
            h += "<td>\(m.nearMisses.count)</td><td>\(m.undoneThrows.count)</td><td>\(m.accidentalPages.count)</td>"
            h += "<td>\(m.gestures.isEmpty ? "—" : String(format: "%.0f", median(m.gestures.map(\.releaseSpeed))))</td><td>\(m.gaps.isEmpty ? "—" : String(format: "%.2f", median(m.gaps)))</td><td>\(tasksMet(m))</td><td class=\"misclicks\">\(misclicks(m))</td></tr>"
        }
        if sessions.count > 1 {
            h += "<tr class=\"all\"><td>all \(sessions.count)</td><td class=\"l\">\(Interaction.allCases.filter { i in sessions.contains { $0.interactionsUsed.contains(i) } }.map(\.rawValue).joined(separator: ", "))</td>"
            h += "<td>\(String(format: "%.1f", sessions.reduce(0) { $0 + $1.session.duration }))</td><td>\(all.count)</td><td>\(releases.count)</td><td>\(releases.filter { $0.outcome == .thrown }.count)</td>"
            h += "<td>\(sessions.reduce(0) { $0 + $1.nearMisses.count })</td><td>\(sessions.reduce(0) { $0 + $1.undoneThrows.count })</td><td>\(sessions.reduce(0) { $0 + $1.accidentalPages.count })</td>"
            h += "<td>\(all.isEmpty ? "—" : String(format: "%.0f", median(all.map(\.releaseSpeed))))</td><td>\(sessions.flatMap(\.gaps).isEmpty ? "—" : String(format: "%.2f", median(sessions.flatMap(\.gaps))))</td><td></td><td>\(sessions.reduce(0) { $0 + $1.misclicks.count }) of \(sessions.reduce(0) { $0 + $1.presses })</td></tr>"
        }
        h += "</table>\n"

        // Release speed: every session on one axis.
        let speedTop = SVGCharts.niceTop(all.map(\.releaseSpeed).max() ?? 0, atLeast: 1000)
        h += "<h2>Release velocity</h2><p class=\"muted\">Speed of the pointer at each release, all gestures: every session's releases together, then a lane per session (a dot per release, the bar at its median), on one axis from 0 to \(String(format: "%.0f", speedTop)) pt/s.</p>"
        h += SVGCharts.histogram(all.map(\.releaseSpeed), bin: speedTop / 20, unit: "pt/s at release", cssClass: "velocity-histogram", width: Self.chartWidth, height: 150, top: speedTop)
        h += SVGCharts.lanes(sessions.map { m in (m.session.name, m.gestures.map { ($0.releaseSpeed, $0.outcome, "\($0.kind.rawValue) at \(String(format: "%.2f", $0.start)) s: \(String(format: "%.0f", $0.releaseSpeed)) pt/s, \($0.outcome.rawValue)") }) },
                             top: speedTop, unit: "pt/s", cssClass: "velocity-lanes", width: Self.chartWidth)

        // Gestures over time: a lane per session on one time axis.
        h += "<h2>Gestures over time</h2><p class=\"muted\">Each gesture from its start to its release (the dot), a lane per session on one time axis; within a lane, from the top: scroll, card, bring back, tap. Task markers in green.</p>"
        h += SVGCharts.sessionTimeline(sessions.map { ($0.session.name, $0.gestures, $0.session.markers, $0.session.duration) }, width: Self.chartWidth)

        // Decision maps over every session.
        h += "<h2>Decision map</h2><p class=\"muted\">Every card release of every session, one map per interaction and direction: distance against speed, as fractions of the throw thresholds in force. Right of the dashed line or above it the card is thrown (stack bring-backs: comes home); the yellow bands are the 15 % under a threshold, where near misses fall.</p>"
        let byInteraction = Dictionary(grouping: releases, by: \.interaction)
        if byInteraction.isEmpty {
            h += "<p class=\"muted\">no card releases</p>"
        } else {
            h += "<div class=\"maps\">"
            for i in Interaction.allCases {
                guard let rs = byInteraction[i] else { continue }
                for (d, g) in Dictionary(grouping: rs, by: \.directionName).sorted(by: { $0.key < $1.key }) {
                    h += "<figure><h3>\(i.rawValue) · \(d) (\(g.count))</h3>\(SVGCharts.decisionMap(g, title: "\(i.rawValue) \(d) decision map"))</figure>"
                }
            }
            h += "</div>"
        }

        // Time between gestures, every session together.
        let gaps = sessions.flatMap(\.gaps)
        let gapTop = SVGCharts.niceTop(gaps.max() ?? 0, atLeast: 5)
        h += "<h2>Time between gestures</h2><p class=\"muted\">From one release to the next gesture's start, every session together: median \(String(format: "%.2f", median(gaps))) s · mean \(String(format: "%.2f", gaps.isEmpty ? 0 : gaps.reduce(0, +) / Double(gaps.count))) s · \(plural(gaps.count, "gap")). Each session's median is in the summary.</p>"
        h += SVGCharts.histogram(gaps, bin: gapTop / 20, unit: "seconds between gestures", cssClass: "gap-histogram", width: Self.chartWidth, height: 130, top: gapTop)

        if let extra { h += extra }

        // Each session, one under the other.
        h += "<h2>Sessions</h2><p class=\"muted\">Each session's counts, directions, near misses, undone throws, accidental pages and tasks, and its contact sheet: the session replayed headless, a frame just after each throw and each page (and at each time of --at).\(sessions.count > Self.unfolded ? " Folded: open a session to see it." : "")</p>"
        for (i, m) in sessions.enumerated() {
            let s = m.session
            h += "<details class=\"session\" id=\"session-\(i + 1)\"\(sessions.count <= Self.unfolded ? " open" as HTML : "")><summary>\(s.name)</summary>"
            h += "<p class=\"muted\">\(m.interactionsUsed.map(\.rawValue).joined(separator: ", ")) · \(String(format: "%.1f", s.duration)) s · \(m.gestures.count) gestures · viewport \(Int(s.viewport.width))x\(Int(s.viewport.height))\(s.wallClock.map { " · started \($0)" } ?? "")\(s.sessionID.map { " · session \($0)" } ?? "")</p><div class=\"cells\">"
            h += "<div><h3>Counts</h3><table class=\"counts\"><tr><th>kind</th><th>outcome</th><th>count</th></tr>"
            for c in m.counts { h += "<tr><td>\(c.kind.rawValue)</td><td>\(c.outcome.rawValue)</td><td>\(c.count)</td></tr>" }
            h += "<tr><th>all</th><th></th><th>\(m.gestures.count)</th></tr></table></div>"
            let rows = m.perDirection
            h += "<div><h3>Per direction</h3>"
            if rows.isEmpty {
                h += "<p class=\"muted\">no card releases and no decisions</p>"
            } else {
                h += "<table class=\"per-direction\"><tr><th>direction</th><th>releases</th><th>thrown</th><th>rate</th><th>by key</th><th>decisions</th></tr>"
                for r in rows {
                    let rate = r.releases > 0 ? String(format: "%.0f %%", 100 * Double(r.thrown) / Double(r.releases)) : "—"
                    h += "<tr><td>\(r.direction)</td><td>\(r.releases)</td><td>\(r.thrown)</td><td>\(rate)</td><td>\(r.byKey)</td><td>\(r.thrown + r.byKey)</td></tr>"
                }
                h += "</table>"
            }
            h += "</div>"
            let near = m.nearMisses
            h += "<div><h3>Near misses</h3><div class=\"big near-misses\">\(near.count)</div>"
            if !near.isEmpty {
                h += "<table><tr><th>at</th><th>kind</th><th>distance</th><th>speed</th><th>outcome</th></tr>"
                for g in near {
                    h += "<tr><td>\(String(format: "%.2f", g.start))</td><td>\(g.kind.rawValue)</td><td>\(String(format: "%.2f", g.distanceFraction ?? 0))</td><td>\(String(format: "%.2f", g.speedFraction ?? 0))</td><td>\(g.outcome.rawValue)</td></tr>"
                }
                h += "</table>"
            }
            h += "</div><div><h3>Throws undone</h3><div class=\"big undone-throws\">\(m.undoneThrows.count)</div>"
            for u in m.undoneThrows {
                h += "<div class=\"muted\">card \(u.gesture.card?.value ?? -1) thrown at \(String(format: "%.2f", u.gesture.end)) s, back after \(String(format: "%.2f", u.after)) s</div>"
            }
            h += "</div><div><h3>Accidental pages</h3><div class=\"big accidental-pages\">\(m.accidentalPages.count)</div>"
            for p in m.accidentalPages {
                h += "<div class=\"muted\">\(p.from) → \(p.to) at \(String(format: "%.2f", p.t)) s, back after \(String(format: "%.2f", p.back)) s</div>"
            }
            h += "</div><div><h3>Tasks</h3>\(Self.tasks(m))</div></div>"
            let thumbs = i < thumbnails.count ? thumbnails[i] : []
            if thumbs.isEmpty {
                h += "<p class=\"muted\">Contact sheet: \(m.session.recording == nil ? "a log holds no input to replay: give the session's recording for frames" : "no throws or pages")</p>"
            } else {
                h += "<div class=\"sheet\">"
                for t in thumbs {
                    h += "<figure><img class=\"thumb\" alt=\"\(t.caption)\" src=\"data:image/png;base64,\(t.png.base64EncodedString())\"><figcaption>\(t.caption)</figcaption></figure>"
                }
                h += "</div>"
            }
            h += "</details>\n"
        }
        h += "<p class=\"muted\">Tasks: each task of --tasks, how it ended (its goal met, given up, its time limit, ended by the facilitator or by the session's end), its time and the gestures it took; for sessions without --tasks, from each task start marker (M) to the next end marker. Notes typed by the facilitator follow. Throws undone: a card thrown by a gesture and taken back with Z within \(Int(SessionMetrics.undoWindow)) s of leaving (the stack's drag back is not an undo). Accidental pages: paged to a card, then back to where it was within \(Int(SessionMetrics.backWindow)) s. Near misses: card releases not thrown whose larger fraction (distance or speed) was within 15 % under its threshold.</p>"
        return (h + "</body></html>\n").markup
    }

    /// A session's tasks: the task lines of --tasks, or the marker runs.
    static func tasks(_ m: SessionMetrics) -> HTML {
        let s = m.session
        var h: HTML
        if !s.taskEnds.isEmpty || !s.scheduled.isEmpty {
            h = "<p class=\"muted\">Seconds: scene time, which stops while the session is paused (F10), so pauses are left out. Attempts: gestures begun plus decision keys pressed (arrows, Delete, and Z, whose undos count too).</p>"
            h += "<table class=\"tasks\"><tr><th>#</th><th>task</th><th>outcome</th><th>seconds</th><th>attempts</th><th>misclicks</th></tr>"
            let runs = m.taskRuns
            for (i, t) in s.taskEnds.enumerated() {
                // Misclicks of the run: presses that landed on no card, of all its presses.
                let missed = i < runs.count ? m.misclicks(in: runs[i]) : Proportion(0, 0)
                h += "<tr><td>\(t.number)</td><td>\(t.task)</td><td class=\"outcome-\(t.outcome.rawValue)\">\(t.outcome.rawValue)</td><td>\(String(format: "%.2f", t.seconds))</td><td>\(t.attempts)</td><td>\(missed.n == 0 ? "—" : "\(missed.k) of \(missed.n)")</td></tr>"
            }
            for n in s.notRun {
                h += "<tr class=\"not-run\"><td>\(n.number)</td><td>\(n.name)</td><td class=\"outcome-not_run\">not run</td><td>—</td><td>—</td><td>—</td></tr>"
            }
            let scheduled = max(s.scheduled.count, s.taskEnds.count)
            h += "</table><div class=\"muted\">\(s.taskEnds.filter { $0.outcome == .success }.count) of \(scheduled) tasks met their goal\(s.notRun.isEmpty ? "" : "; \(s.notRun.count) not run")</div>"
        } else if m.tasks.isEmpty {
            h = "<p class=\"muted\">no task markers</p>"
        } else {
            h = "<table class=\"tasks\"><tr><th>task</th><th>start</th><th>seconds</th></tr>"
            for t in m.tasks {
                h += "<tr><td>\(t.task ?? "task")</td><td>\(String(format: "%.2f", t.start))</td><td>\(String(format: "%.2f", t.seconds))</td></tr>"
            }
            h += "</table>"
        }
        return h + Self.notes(s)
    }

    /// The facilitator's notes of a session, with their times.
    static func notes(_ s: StudySession) -> HTML {
        guard !s.notes.isEmpty else { return "" }
        var h: HTML = "<ul class=\"notes\">"
        for n in s.notes { h += "<li><b>\(String(format: "%.2f", n.t)) s</b> \(n.text)</li>" }
        return h + "</ul>"
    }
}
