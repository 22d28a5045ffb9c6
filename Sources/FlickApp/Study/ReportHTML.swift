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
/// network) with a column per session and a row per measure.
enum ReportHTML {
    static func make(title: String, sessions: [SessionMetrics], thumbnails: [[Thumbnail]],
                     extra: String? = nil) -> String {
        let esc = SVGCharts.esc
        let outcomes = Set(sessions.flatMap { $0.gestures.map(\.outcome) })
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; color: #212529; margin: 24px; background: #fff; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; border-bottom: 1px solid #dee2e6; }
        h3 { font-size: 13px; margin: 6px 0; color: #495057; }
        .row { display: grid; grid-template-columns: repeat(\(max(1, sessions.count)), minmax(300px, 1fr)); gap: 20px; align-items: start; }
        .col { min-width: 0; } table { border-collapse: collapse; font-size: 12px; } td, th { border: 1px solid #dee2e6; padding: 2px 6px; text-align: right; }
        th { background: #f1f3f5; } td:first-child, th:first-child { text-align: left; }
        .key { margin-right: 10px; font-size: 12px; white-space: nowrap; } .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: middle; }
        .muted { color: #868e96; font-size: 12px; } .big { font-size: 20px; font-weight: 600; }
        .sheet { display: flex; flex-wrap: wrap; gap: 8px; } .sheet figure { margin: 0; text-align: center; font-size: 11px; }
        .sheet img { display: block; border: 1px solid #dee2e6; border-radius: 6px; }
        .diff td.changed { background: #fff3bf; }
        </style></head><body>
        <h1>\(esc(title))</h1>
        <p class="muted">Made by flick \(esc(FlickVersion.current)). Distances in points, speeds in points per second, times in seconds since each session started. Outcomes: \(SVGCharts.legend(outcomes))</p>

        """
        func row(_ heading: String, _ note: String? = nil, _ cell: (SessionMetrics, Int) -> String) {
            h += "<h2>\(esc(heading))</h2>"
            if let note { h += "<p class=\"muted\">\(note)</p>" }
            h += "<div class=\"row\">"
            for (i, m) in sessions.enumerated() { h += "<div class=\"col\">\(cell(m, i))</div>" }
            h += "</div>\n"
        }
        row("Sessions") { m, _ in
            let s = m.session
            return "<div class=\"big\">\(esc(s.name))</div><div class=\"muted\">\(esc(m.interactionsUsed.map(\.rawValue).joined(separator: ", "))) · \(String(format: "%.1f", s.duration)) s · \(m.gestures.count) gestures · viewport \(Int(s.viewport.width))x\(Int(s.viewport.height))" +
                (s.wallClock.map { " · started \(esc($0))" } ?? "") + (s.sessionID.map { "<br>session \(esc($0))" } ?? "") + "</div>"
        }
        row("Decision map", "Every card release, one map per interaction and direction: distance against speed, as fractions of the throw thresholds in force. Right of the dashed line or above it the card is thrown (stack bring-backs: comes home); the yellow bands are the 15 % under a threshold, where near misses fall.") { m, _ in
            let byInteraction = Dictionary(grouping: m.gestures.filter(\.isCardRelease), by: \.interaction)
            guard !byInteraction.isEmpty else { return "<p class=\"muted\">no card releases</p>" }
            // One map per interaction and direction the engine judged the release along.
            return Interaction.allCases.compactMap { i in
                byInteraction[i].map { releases in
                    Dictionary(grouping: releases, by: \.directionName).sorted { $0.key < $1.key }.map { d, g in
                        "<h3>\(i.rawValue) · \(esc(d)) (\(g.count))</h3>" + SVGCharts.decisionMap(g, title: "\(i.rawValue) \(d) decision map")
                    }.joined()
                }
            }.joined()
        }
        row("Release velocity", "Speed of the pointer at each release, all gestures.") { m, _ in
            SVGCharts.histogram(m.gestures.map(\.releaseSpeed), bin: 250, unit: "pt/s at release", cssClass: "velocity-histogram")
        }
        row("Gestures over time", "Each gesture from its start to its release (the dot), one lane per kind; task markers in green.") { m, _ in
            SVGCharts.timeline(m.gestures, markers: m.session.markers, duration: m.session.duration)
        }
        row("Counts") { m, _ in
            "<table class=\"counts\"><tr><th>kind</th><th>outcome</th><th>count</th></tr>" +
                m.counts.map { "<tr><td>\($0.kind.rawValue)</td><td>\($0.outcome.rawValue)</td><td>\($0.count)</td></tr>" }.joined() +
                "<tr><th>all</th><th></th><th>\(m.gestures.count)</th></tr></table>"
        }
        row("Per direction", "Card releases by the direction the engine judged them along (named for the swipe deck: like, nope, super), the cards thrown that way by gesture, and those thrown by key (a key's throw has no release).") { m, _ in
            let rows = m.perDirection
            return rows.isEmpty ? "<p class=\"muted\">no card releases and no decisions</p>" :
                "<table class=\"per-direction\"><tr><th>direction</th><th>releases</th><th>thrown</th><th>rate</th><th>by key</th><th>decisions</th></tr>" +
                rows.map { "<tr><td>\($0.direction)</td><td>\($0.releases)</td><td>\($0.thrown)</td><td>\($0.releases > 0 ? String(format: "%.0f %%", 100 * Double($0.thrown) / Double($0.releases)) : "—")</td><td>\($0.byKey)</td><td>\($0.thrown + $0.byKey)</td></tr>" }.joined() + "</table>"
        }
        row("Near misses", "Card releases not thrown whose larger fraction (distance or speed) was within 15 % under its threshold.") { m, _ in
            let near = m.nearMisses
            return "<div class=\"big near-misses\">\(near.count)</div>" + (near.isEmpty ? "" :
                "<table><tr><th>at</th><th>kind</th><th>distance</th><th>speed</th><th>outcome</th></tr>" +
                near.map { "<tr><td>\(String(format: "%.2f", $0.start))</td><td>\($0.kind.rawValue)</td><td>\(String(format: "%.2f", $0.distanceFraction ?? 0))</td><td>\(String(format: "%.2f", $0.speedFraction ?? 0))</td><td>\($0.outcome.rawValue)</td></tr>" }.joined() + "</table>")
        }
        row("Throws undone", "A card thrown by a gesture and taken back with Z within \(Int(SessionMetrics.undoWindow)) s of leaving (the stack's drag back is not an undo).") { m, _ in
            "<div class=\"big undone-throws\">\(m.undoneThrows.count)</div>" + m.undoneThrows.map {
                "<div class=\"muted\">card \($0.gesture.card?.value ?? -1) thrown at \(String(format: "%.2f", $0.gesture.end)) s, back after \(String(format: "%.2f", $0.after)) s</div>" }.joined()
        }
        row("Accidental pages", "Paged to a card, then back to where it was within \(Int(SessionMetrics.backWindow)) s.") { m, _ in
            "<div class=\"big accidental-pages\">\(m.accidentalPages.count)</div>" + m.accidentalPages.map {
                "<div class=\"muted\">\($0.from) → \($0.to) at \(String(format: "%.2f", $0.t)) s, back after \(String(format: "%.2f", $0.back)) s</div>" }.joined()
        }
        row("Time between gestures", "From one release to the next gesture's start.") { m, _ in
            let g = m.gaps
            return "<div class=\"muted\">median \(String(format: "%.2f", median(g))) s · mean \(String(format: "%.2f", g.isEmpty ? 0 : g.reduce(0, +) / Double(g.count))) s · \(g.count) gaps</div>" +
                SVGCharts.histogram(g, bin: 0.5, unit: "seconds between gestures", cssClass: "gap-histogram", height: 130)
        }
        row("Tasks", "Each task of --tasks: how it ended (its goal met, given up, its time limit, ended by the facilitator or by the session's end), its time and the gestures it took; for sessions without --tasks, from each task start marker (M) to the next end marker. Notes typed by the facilitator follow.") { m, _ in
            let s = m.session
            if !s.taskEnds.isEmpty {
                return "<table class=\"tasks\"><tr><th>#</th><th>task</th><th>outcome</th><th>seconds</th><th>attempts</th></tr>" +
                    s.taskEnds.map { "<tr><td>\($0.number)</td><td>\(esc($0.task))</td><td class=\"outcome-\($0.outcome.rawValue)\">\($0.outcome.rawValue)</td><td>\(String(format: "%.2f", $0.seconds))</td><td>\($0.attempts)</td></tr>" }.joined() +
                    "</table><div class=\"muted\">\(s.taskEnds.filter { $0.outcome == .success }.count) of \(s.taskEnds.count) tasks met their goal</div>" + Self.notes(s)
            }
            return (m.tasks.isEmpty ? "<p class=\"muted\">no task markers</p>" :
                "<table class=\"tasks\"><tr><th>task</th><th>start</th><th>seconds</th></tr>" +
                m.tasks.map { "<tr><td>\(esc($0.task ?? "task"))</td><td>\(String(format: "%.2f", $0.start))</td><td>\(String(format: "%.2f", $0.seconds))</td></tr>" }.joined() + "</table>") + Self.notes(s)
        }
        if let extra { h += extra }
        row("Contact sheet", "The session replayed headless, a frame just after each throw and each page.") { m, i in
            let thumbs = i < thumbnails.count ? thumbnails[i] : []
            if thumbs.isEmpty {
                return "<p class=\"muted\">\(m.session.recording == nil ? "a log holds no input to replay: give the session's recording for frames" : "no throws or pages")</p>"
            }
            return "<div class=\"sheet\">" + thumbs.map {
                "<figure><img class=\"thumb\" alt=\"\(esc($0.caption))\" src=\"data:image/png;base64,\($0.png.base64EncodedString())\"><figcaption>\(esc($0.caption))</figcaption></figure>"
            }.joined() + "</div>"
        }
        return h + "</body></html>\n"
    }

    /// The facilitator's notes of a session, with their times.
    static func notes(_ s: StudySession) -> String {
        s.notes.isEmpty ? "" : "<ul class=\"notes\">" + s.notes.map { "<li><b>\(String(format: "%.2f", $0.t)) s</b> \(SVGCharts.esc($0.text))</li>" }.joined() + "</ul>"
    }
}
