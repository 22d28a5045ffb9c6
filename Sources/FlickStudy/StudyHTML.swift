import FlickStage
import FlickCLI
import FlickSession
import FlickEngine
import Foundation

/// `study.html`: one self-contained page (inline SVG and CSS; no script, no network). Summary
/// first: the tasks (success, give-up and time-limit rates, time on task, attempts), the
/// decisions per direction, the rates per condition x interaction x task with their intervals
/// and a dot per participant, time per task, the conditions compared, the heatmaps; then every
/// session folded (`<details>`), so the page stays usable at hundreds of sessions.
enum StudyHTML {
    static let pct = StudyCharts.pct
    static let secs = StudyCharts.secs
    /// Studies of up to this many sessions draw each session's timeline and decision map.
    static let chartedSessions = 50

    /// The end of a strip's axis for these groups of values (a participant's in a cell each):
    /// past every group's median and upper quartile, so the dots and bands fit and a few long
    /// values do not squeeze them to the left.
    static func axisTop(_ groups: [[Double]]) -> Double {
        let ends = groups.compactMap { Spread($0) }.flatMap { [$0.median, $0.q3] }
        return max(1e-3, (ends.max() ?? 1) * 1.25)
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    static func make(title: String, study: Study, comparisons: [Study.Comparison], design: String?) -> String {
        let participants = study.participants, conditions = study.conditions
        let colour = Dictionary(uniqueKeysWithValues: conditions.enumerated().map { ($0.element, StudyCharts.color(condition: $0.offset)) })
        let gestures = study.entries.reduce(0) { $0 + $1.metrics.gestures.count }
        let tasks = study.taskSummaries()
        let traced = study.entries.contains { $0.traces.contains { $0 != nil } }
        var h: HTML = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title)</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; color: #212529; margin: 24px; background: #fff; max-width: 1400px; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 30px 0 8px; border-bottom: 1px solid #dee2e6; }
        h3 { font-size: 14px; margin: 16px 0 6px; color: #343a40; }
        table { border-collapse: collapse; font-size: 12px; } td, th { border: 1px solid #dee2e6; padding: 2px 6px; text-align: right; vertical-align: middle; }
        th { background: #f1f3f5; } td.l, th.l { text-align: left; } td.strip { padding: 0 4px; }
        .muted { color: #868e96; font-size: 12px; } .big { font-size: 20px; font-weight: 600; }
        .cond { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: middle; }
        .maps { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; } .maps figure { margin: 0; font-size: 12px; text-align: center; }
        details { margin: 4px 0; } summary { cursor: pointer; } .sentence { text-align: left; min-width: 300px; max-width: 460px; font-size: 12px; }
        .shown { font-weight: 600; } .caveat { background: #fff9db; padding: 4px 8px; font-size: 12px; }
        .key { margin-right: 10px; white-space: nowrap; } .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: middle; }
        .scroll { overflow-x: auto; max-width: 100%; } svg { max-width: 100%; height: auto; }
        table:not(.task-summary) td:not(.l):not(.sentence):not(.strip), td.ci { white-space: nowrap; }
        table.task-summary td, table.task-summary th { padding: 2px 4px; }
        </style></head><body>
        <h1>\(title)</h1>
        <p class="summary">\(plural(study.entries.count, "session")) · \(plural(participants.count, "participant")) · \(conditions.count) condition\(conditions.count == 1 ? "" : "s") (\(conditions.map { c -> HTML in "<span class=\"cond\" style=\"background:\(colour[c]!)\"></span>\(c)" }.joined(separator: ", "))) · \(plural(Set(tasks.map(\.task)).count, "task")) · \(gestures) gestures · \(plural(study.entries.reduce(0) { $0 + $1.metrics.personalDecisions.count }, "decision"))\(design.map { " · design from \(($0 as NSString).lastPathComponent)" } ?? "")</p>
        <p class="muted">Made by flick \(FlickVersion.current). Each rate: events of trials summed over participants (the bar), the 95 % interval of the mean rate with the participant as the unit (a Wilson score interval at the effective sample size of the participants' mean with Student's t, joined with a t-interval on the participants' logit rates; it covered the true rate in at least 93 % of simulated studies of 3, 5 and 8 participants who differ; dashed: the Wilson interval over gestures, with fewer than \(ParticipantRate.minimumParticipants) participants, too few to say across people), and one dot per participant with their own rate. The Wilson interval over gestures is in the table beside it: where it is much narrower than the participants' one, people differ more than gestures do. A decision is a card the participant sent away, by gesture or by key; an undo is Z pressed.\(traced ? "" : " Hesitation, pauses, reversals and the heatmaps of presses and paths need recordings (a log holds no pointer samples).")</p>

        """
        h += taskSection(tasks, colour: colour)
        h += notRunSection(study, colour: colour)
        h += questionnaireSection(study, colour: colour)
        h += directionSection(study, colour: colour)
        // Rates.
        h += "<h2>Rates per condition, interaction and task</h2>"
        h += "<p class=\"muted\">\(Study.rates.map { r -> HTML in "<b>\(r.name)</b>: \(r.definition)." }.joined(separator: " "))</p>"
        // Per interaction: all its tasks together first (when there are several), then each task.
        var blocks: [(interaction: String, task: String?)] = []
        for interaction in Array(Set(study.cells.map(\.interaction))).sorted() {
            let tasks = Array(Set(study.cells.filter { $0.interaction == interaction }.map(\.task))).sorted()
            if tasks.count > 1 { blocks.append((interaction, nil)) }
            blocks += tasks.map { (interaction, $0) }
        }
        for (interaction, task) in blocks {
            func tallies(_ condition: String) -> [String: Study.Tally] {
                task.map { study.tallies[Study.Cell(condition: condition, interaction: interaction, task: $0)] ?? [:] }
                    ?? study.byParticipant(condition: condition, interaction: interaction)
            }
            let taskName = task.map { $0.isEmpty ? "no task named" : "task " + $0 } ?? "all tasks"
            h += "<h3 class=\"\(task == nil ? "all-tasks" : "one-task")\">\(interaction) · \(taskName)</h3>"
            h += "<table class=\"rates\"><tr><th class=\"l\">measure</th><th class=\"l\">condition</th><th>participants</th><th>events / trials</th><th>rate</th><th>95 % CI (participants)</th><th>95 % CI (Wilson, gestures)</th><th class=\"l\">0–100 %, a dot per participant</th></tr>"
            for r in Study.rates {
                for condition in conditions {
                    let people = tallies(condition)
                    let s = Study.summary(r, people)
                    guard s.pooled.n > 0 else { continue }
                    h += "<tr class=\"rate-row\" data-measure=\"\(r.id)\"><td class=\"l\">\(r.name)</td><td class=\"l\"><span class=\"cond\" style=\"background:\(colour[condition]!)\"></span>\(condition)</td>"
                    h += "<td>\(s.perParticipant.count)</td><td>\(s.pooled.k) / \(s.pooled.n)</td><td class=\"shown\">\(s.pooled.rate.map(pct) ?? "—")</td>"
                    h += "<td>\(s.clustered.map { "\(pct($0.low)) – \(pct($0.high))" } ?? (s.pooled.n == 0 ? "—" : "too few to say"))</td><td>\(s.wilson.map { "\(pct($0.low)) – \(pct($0.high))" } ?? "—")</td>"
                    h += "<td class=\"strip\">\(StudyCharts.rateStrip(s, participants: participants, color: colour[condition]!, label: "\(r.name), \(condition), \(interaction), \(taskName)"))</td></tr>"
                }
            }
            h += "</table>"
            // Continuous measures of the block.
            let hesitations: (Study.Tally) -> [Double] = { $0.hesitations }
            let attempts: (Study.Tally) -> [Double] = { $0.attemptsPerThrow.map { Double($0) } }
            let seconds: [(String, String, (Study.Tally) -> [Double])] = [
                ("Hesitation (press to passing the slop), card drags", "hesitation", hesitations),
                ("Attempts per throw", "attempts", attempts),
            ]
            var rows = HTML()
            for (name, id, values) in seconds {
                let top = Self.axisTop(study.tallies.filter { $0.key.interaction == interaction }.values.flatMap { $0.values.map(values) })
                for condition in conditions {
                    let people = tallies(condition)
                    let per = people.keys.sorted().map { ($0, values(people[$0]!)) }.filter { !$0.1.isEmpty }
                    guard let spread = Spread(per.flatMap(\.1)) else { continue }
                    func unit(_ v: Double) -> String { id == "attempts" ? String(format: "%.2f", v) : secs(v) }
                    rows += "<tr class=\"spread-row\" data-measure=\"\(id)\"><td class=\"l\">\(name)</td><td class=\"l\"><span class=\"cond\" style=\"background:\(colour[condition]!)\"></span>\(condition)</td><td>\(per.count)</td><td>\(spread.count)</td><td class=\"shown\">\(unit(spread.median))</td><td>\(unit(spread.q1)) – \(unit(spread.q3))</td>"
                    rows += "<td class=\"strip\">\(StudyCharts.secondsStrip(per.map { ($0.0, $0.1) }, participants: participants, color: colour[condition]!, top: top, label: "\(name), \(condition)", format: unit))</td></tr>"
                }
            }
            if !rows.isEmpty {
                h += "<table class=\"spreads\" style=\"margin-top:6px\"><tr><th class=\"l\">measure</th><th class=\"l\">condition</th><th>participants</th><th>n</th><th>median</th><th>IQR</th><th class=\"l\">a dot per participant (their median)</th></tr>" + rows + "</table>"
            }
        }
        // Time per task.
        h += "<h2>Time per task</h2><p class=\"muted\">From each task's start to its end (the task lines of --tasks: the runs that met their goal; without --tasks, each start marker to the next end marker); median and interquartile range, a dot per participant at their own median.</p>"
        let taskNames = Array(Set(study.cells.map(\.task))).sorted()
        let top = Self.axisTop(study.tallies.values.flatMap { $0.values.map(\.taskSeconds) })
        var taskRows = HTML()
        for task in taskNames {
            for condition in conditions {
                let people = study.byParticipant(condition: condition, task: task)
                let per = people.keys.sorted().map { ($0, people[$0]!.taskSeconds) }.filter { !$0.1.isEmpty }
                guard let spread = Spread(per.flatMap(\.1)) else { continue }
                taskRows += "<tr class=\"task-row\"><td class=\"l\">\(task.isEmpty ? "no task named" : task)</td><td class=\"l\"><span class=\"cond\" style=\"background:\(colour[condition]!)\"></span>\(condition)</td><td>\(per.count)</td><td>\(spread.count)</td><td class=\"shown\">\(secs(spread.median))</td><td>\(secs(spread.q1)) – \(secs(spread.q3))</td>"
                taskRows += "<td class=\"strip\">\(StudyCharts.secondsStrip(per.map { ($0.0, $0.1) }, participants: participants, color: colour[condition]!, top: top, label: "time per task \(task), \(condition)"))</td></tr>"
            }
        }
        h += taskRows.isEmpty ? "<p class=\"muted\">no task markers</p>" :
            "<table class=\"tasks\"><tr><th class=\"l\">task</th><th class=\"l\">condition</th><th>participants</th><th>tasks</th><th>median</th><th>IQR</th><th class=\"l\">a dot per participant (their median)</th></tr>\(taskRows)</table>"
        // Conditions compared.
        h += "<h2>Conditions compared</h2>"
        if comparisons.isEmpty {
            h += "<p class=\"muted\">One condition: nothing to compare. Name conditions with --design (a condition column), or record sessions under different configs.</p>"
        } else {
            h += "<p class=\"muted\">Per interaction, over all tasks: the second condition's rate minus the first's, in percentage points. The interval with the participant as the unit is the one to generalise from: Newcombe's method on the two conditions' participant intervals (MOVER), which stays inside -100 to +100 points, with the number of participants beside it (paired: the same people took both; at least \(ParticipantRate.minimumParticipants) under each, else too few to say). Newcombe's interval and Fisher's exact test (two-sided) are over gestures and take them as independent, which a participant's gestures are not. An interval that holds 0 means the data cannot tell the conditions apart, not that they are the same.</p>"
            let fewest = comparisons.map(\.fewestParticipants).min() ?? 0
            if fewest < 8 {
                h += "<p class=\"caveat\">With \(plural(fewest, "participant")) under a condition, the intervals with the participant as the unit are wide: read a difference as a lead to confirm with more participants.</p>"
            }
            for interaction in Array(Set(comparisons.map(\.interaction))).sorted() {
                h += "<h3>\(interaction)</h3><table class=\"comparisons\"><tr><th class=\"l\">measure</th><th class=\"l\">first</th><th class=\"l\">second</th><th>first: events / trials (participants)</th><th>second: events / trials (participants)</th><th>difference</th><th>95 % CI (participants: design, n)</th><th>95 % CI (Newcombe)</th><th>Fisher p</th><th class=\"l\">-100 to +100 points, a dot per participant who took both</th><th class=\"l\">what can be said</th></tr>"
                for c in comparisons where c.interaction == interaction {
                    func pts(_ x: Double) -> String { String(format: "%+.1f", 100 * x) }
                    h += "<tr class=\"comparison\" data-measure=\"\(c.rate.id)\"><td class=\"l\">\(c.rate.name)</td><td class=\"l\">\(c.first)</td><td class=\"l\">\(c.second)</td>"
                    h += "<td>\(c.a.pooled.k) / \(c.a.pooled.n) (\(c.a.perParticipant.count))</td><td>\(c.b.pooled.k) / \(c.b.pooled.n) (\(c.b.perParticipant.count))</td>"
                    h += "<td class=\"shown\">\(c.difference.map { pts($0.value) } ?? "—")</td><td>\(c.participants.map { "\(pts($0.interval.low)) to \(pts($0.interval.high)) (\($0.design.rawValue), \($0.participants.first) and \($0.participants.second))" } ?? (c.difference == nil ? "—" : "too few to say"))</td>"
                    h += "<td>\(c.difference.map { "\(pts($0.interval.low)) to \(pts($0.interval.high))" } ?? "—")</td><td>\(c.fisherP.map { $0 < 0.001 ? "< 0.001" : String(format: "%.3f", $0) } ?? "—")</td>"
                    h += "<td class=\"strip\">\(StudyCharts.differenceStrip(c, participants: participants))</td>"
                    h += "<td class=\"sentence\">\(c.sentence)</td></tr>"
                }
                h += "</table>"
            }
        }
        // Heatmaps.
        h += "<h2>Where drags start, where they end, how they go</h2><p class=\"muted\">Per interaction and condition. Presses: where card drags started on the card (the card's own rectangle, every card the same size). Releases: each card release in units of the throw distance of the direction it was judged along, so the dashed square is the throw boundary and the yellow one 15 % inside it (near misses fall between). Paths: each card drag from its press (centre) to its release. Colours are outcomes: \(SVGCharts.legend([.thrown, .snappedBack, .broughtBack, .cancelled, .stayed]))</p>"
        for interaction in Array(Set(study.cells.map(\.interaction))).sorted() {
            for condition in conditions {
                var presses: [(Point, GestureOutcome)] = [], releases: [(Point, GestureOutcome)] = [], paths: [([Point], GestureOutcome)] = []
                for e in study.entries where e.condition == condition {
                    for (i, g) in e.metrics.gestures.enumerated() where g.interaction.rawValue == interaction && (g.kind == .card || g.kind == .bringBack) {
                        if let r = g.releaseOnBoundary { releases.append((r, g.outcome)) }
                        if let t = e.traces[i] {
                            if let p = t.onCard { presses.append((p, g.outcome)) }
                            paths.append((t.path, g.outcome))
                        }
                    }
                }
                guard !releases.isEmpty || !paths.isEmpty else { continue }
                let name = "\(interaction), \(condition)"
                h += "<h3><span class=\"cond\" style=\"background:\(colour[condition]!)\"></span>\(name)</h3>"
                // Reversals (changes of mind) by what became of the drag.
                var reversals: [GestureOutcome: Int] = [:]
                for e in study.entries where e.condition == condition {
                    for (i, g) in e.metrics.gestures.enumerated() where g.interaction.rawValue == interaction && g.kind == .card && e.traces[i]?.reversed == true {
                        reversals[g.outcome, default: 0] += 1
                    }
                }
                let total = reversals.values.reduce(0, +)
                let byOutcome = reversals.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
                h += "<p class=\"reversals muted\">\(plural(total, "reversed drag"))\(total == 0 ? "" : ": " + byOutcome)</p><div class=\"maps\">"
                if !presses.isEmpty { h += "<figure>\(StudyCharts.pressHeatmap(presses, title: "presses on the card, \(name)"))<figcaption>presses on the card</figcaption></figure>" }
                if !releases.isEmpty { h += "<figure>\(StudyCharts.releaseMap(releases, title: "releases against the throw boundary, \(name)"))<figcaption>releases / throw boundary</figcaption></figure>" }
                if !paths.isEmpty { h += "<figure>\(StudyCharts.pathMap(paths, title: "drag paths, \(name)"))<figcaption>drag paths</figcaption></figure>" }
                h += "</div>"
            }
        }
        // Per participant and session, folded.
        let charted = study.entries.count <= Self.chartedSessions
        h += charted
            ? "<h2>Sessions</h2><p class=\"muted\">Every session, folded: open one for its gestures over time and its decision map (the per-session report's sections; `flick report` on the file gives the whole report with frames).</p>"
            : "<h2>Sessions</h2><p class=\"muted\">Every session's line, folded by participant. With more than \(Self.chartedSessions) sessions the page draws no chart per session (it would run to megabytes of them): `flick report` on a session's file gives its charts and frames.</p>"
        for who in participants {
            let mine = study.entries.filter { $0.participant == who }
            h += "<details class=\"participant\"><summary><b>\(who)</b> · \(mine.count) session\(mine.count == 1 ? "" : "s") · \(mine.reduce(0) { $0 + $1.metrics.gestures.count }) gestures</summary>"
            for e in mine {
                let m = e.metrics, s = m.session
                h += "<details class=\"session\"><summary>\(s.name) · \(e.condition)\(e.task.map { " · " + $0 } ?? "") · \(s.demo.rawValue) · \(String(format: "%.1f", s.duration)) s · \(m.gestures.count) gestures · \(e.attempts.throwCount) throws · \(m.nearMisses.count) near misses · \(e.attempts.repeated.count) repeated · \(m.personalDecisions.count) decisions · \(m.undoneDecisions.count) undone</summary>"
                h += "<div class=\"muted\">\(s.path)\(s.sessionID.map { " · session " + $0 } ?? "")</div>"
                if charted {
                    h += SVGCharts.timeline(m.gestures, markers: s.markers, duration: s.duration)
                    let releases = m.gestures.filter(\.isCardRelease)
                    if !releases.isEmpty { h += SVGCharts.decisionMap(releases, title: "\(s.name) decision map", size: 220) }
                }
                h += "</details>"
            }
            h += "</details>"
        }
        // A table wider than the window scrolls in its own box; the page never does.
        h = h.replacing("<table", with: "<div class=\"scroll\"><table")
            .replacing("</table>", with: "</table></div>")
        return (h + "</body></html>\n").markup
    }

    /// The tasks: every run of every task under every condition, how the runs ended (adjusted-
    /// Wald intervals), the time of those that met their goal (geometric mean with its
    /// t-interval on the logs) and the attempts they took.
    static func taskSection(_ summaries: [Study.TaskSummary], colour: [String: String]) -> HTML {
        var h: HTML = "<h2>Tasks</h2>"
        guard !summaries.isEmpty else { return h + "<p class=\"muted\">No tasks: give --tasks (or drop start and end markers) to measure tasks.</p>" }
        h += "<p class=\"muted\">A run is one participant doing the task once. Success: the goal met (counted from the participant's own decisions, net of undos); gave up: the give-up marker; time limit: the task's limit passed; other: ended by the facilitator or by the end of the session. Rates of the runs with the adjusted-Wald 95 % interval; time on task: the geometric mean of the runs that met their goal, 95 % t-interval on the log times; it is scene time, which stops while the session is paused (F10), so pauses are left out; attempts: gestures begun plus decision keys pressed per run (arrows, Delete, and Z, whose undos count too). Tasks marked by hand (start and end markers) have a time and no outcome.</p>"
        h += "<table class=\"task-summary\"><tr><th class=\"l\">task</th><th class=\"l\">condition</th><th>participants</th><th>runs</th><th>success</th><th>95 % CI</th><th>gave up</th><th>time limit</th><th>other</th><th>time on task (geo. mean)</th><th>95 % CI</th><th>attempts per run</th></tr>"
        func rate(_ p: Proportion) -> String { p.n == 0 ? "—" : "\(p.k) (\(pct(Double(p.k) / Double(p.n))))" }
        for s in summaries {
            h += "<tr class=\"task-summary-row\"><td class=\"l\">\(s.task)</td><td class=\"l\"><span class=\"cond\" style=\"background:\(colour[s.condition] ?? "#868e96")\"></span>\(s.condition)</td>"
            h += "<td>\(s.participants)</td><td>\(s.runs.count)</td><td class=\"shown\">\(rate(s.success))</td>"
            h += "<td class=\"ci\">\(s.success.adjustedWald.map { range(pct($0.low), pct($0.high)) } ?? "—")</td><td>\(rate(s.gaveUp))</td><td>\(rate(s.timeLimit))</td><td>\(s.otherEnds)</td>"
            h += "<td>\(s.time.map { "\(secs($0.value)) (\($0.count))" } ?? "—")</td><td class=\"ci\">\(s.time?.interval.map { range(secs($0.low), secs($0.high)) } ?? "—")</td>"
            h += "<td>\(s.meanAttempts.map { String(format: "%.1f", $0) } ?? "—")</td></tr>"
        }
        return h + "</table>"
    }

    /// An interval as one short cell, its unit said once: "38.3–100.0 %", "1.60–2.14 s" (the
    /// task table fits an 800 px window with every interval on one line).
    static func range(_ low: String, _ high: String) -> String {
        guard let space = low.lastIndex(of: " "), high.hasSuffix(String(low[space...])) else { return "\(low) – \(high)" }
        return "\(low[..<space])–\(high)"
    }

    /// The scheduled tasks that never started, each named with its session: a run missing from
    /// the table above is said here, not left out silently.
    static func notRunSection(_ study: Study, colour: [String: String]) -> HTML {
        let scheduled = study.tasksScheduled
        guard scheduled > 0 else { return "" }
        let missing = study.tasksNotRun
        var h: HTML = "<p class=\"not-run-summary\">Scheduled tasks not run: \(missing.count) of \(scheduled) (tasks of --tasks that never started: the session ended, or the facilitator moved on, first).</p>"
        guard !missing.isEmpty else { return h }
        h += "<table class=\"not-run\"><tr><th class=\"l\">participant</th><th class=\"l\">condition</th><th class=\"l\">session</th><th>#</th><th class=\"l\">task</th></tr>"
        for n in missing {
            let file = (n.path as NSString).lastPathComponent
            h += "<tr class=\"not-run-row\"><td class=\"l\">\(n.participant)</td><td class=\"l\"><span class=\"cond\" style=\"background:\(colour[n.condition] ?? "#868e96")\"></span>\(n.condition)</td><td class=\"l\">\(file)</td><td>\(n.number)</td><td class=\"l\">\(n.task)</td></tr>"
        }
        return h + "</table>"
    }

    /// The participant's decisions per direction (likes, nopes, supers), by gesture and key alike.
    static func directionSection(_ study: Study, colour: [String: String]) -> HTML {
        let rows = study.decisionsPerDirection()
        guard !rows.isEmpty else { return "" }
        var h: HTML = "<h2>Decisions per direction</h2><p class=\"muted\">Every card the participant sent away, by gesture or by key (a key's throw has no release to measure, so it is in no rate above that needs one), named as the interaction names the direction.</p>"
        h += "<table class=\"directions\"><tr><th class=\"l\">direction</th><th class=\"l\">condition</th><th>decisions</th><th>participants</th></tr>"
        for r in rows {
            h += "<tr class=\"direction-row\"><td class=\"l\">\(r.direction)</td><td class=\"l\"><span class=\"cond\" style=\"background:\(colour[r.condition] ?? "#868e96")\"></span>\(r.condition)</td><td class=\"shown\">\(r.count)</td><td>\(r.participants)</td></tr>"
        }
        return h + "</table>"
    }
}
