import FlickStage
import FlickCLI
import FlickIO
import FlickSession
import FlickEngine
import Foundation

/// The study's tidy tables (one observation per row, one variable per column, a header row,
/// RFC 4180 quoting, text that would be a spreadsheet formula neutralised (`CSV`), empty cells for values that do not exist) that R's `read.csv`, pandas'
/// `read_csv` and DuckDB's `read_csv_auto` read as they are:
/// Every row names its session by id and file, so tables join.
/// - `gestures.csv`: one row per gesture;
/// - `decisions.csv`: one row per card that left (by gesture, key, folder or API);
/// - `tasks.csv`: one row per task run (a participant doing a task once);
/// - `task_rates.csv`: one row per task x condition, its success rate with its interval (`taskRates`);
/// - `participants.csv`: one row per participant x condition x interaction x task;
/// - `conditions.csv`: one row per condition x interaction x task x measure, with intervals;
/// - `comparisons.csv`: one row per interaction x measure x pair of conditions.
enum StudyCSV {
    static func session(_ e: Study.Entry) -> [String] { [CSV.text(e.metrics.session.sessionID ?? ""), CSV.text(e.metrics.session.path)] }

    static let gestureHeader = "participant,condition,task,session,session_id,file,interaction,kind,card,start,duration,outcome,direction,distance_fraction,speed_fraction,near_miss,narrow_throw,attempt,repeated,undone,hesitation,pauses,reversed,press_on_card_x,press_on_card_y,release_boundary_x,release_boundary_y,device"

    static func gestures(_ study: Study) -> String {
        gestureHeader + "\n" + study.entries.map(gestureRows).joined()
    }

    /// The rows of one session's gestures, each ending in a newline.
    static func gestureRows(_ e: Study.Entry) -> String {
        var rows = ""
        let numbers = e.attempts.attemptNumber
        let repeated = Set(e.attempts.repeated), undone = Set(e.attempts.undone.map(\.index))
        for (i, g) in e.metrics.gestures.enumerated() {
            let trace = e.traces[i], release = g.releaseOnBoundary
            let isCardDrag = g.kind == .card && g.card != nil
            var r: [String] = [CSV.text(e.participant), CSV.text(e.condition), CSV.text(e.gestureTasks[i]), CSV.text(e.metrics.session.name)] + session(e)
            r += [g.interaction.rawValue, g.kind.rawValue, g.card.map { String($0.value) } ?? ""]
            r += [CSV.number(g.start), CSV.number(g.duration), g.outcome.rawValue, g.direction?.rawValue ?? ""]
            r += [CSV.number(g.distanceFraction), CSV.number(g.speedFraction), CSV.flag(g.isCardRelease ? g.isNearMiss() : nil),
                  CSV.flag(g.isCardRelease ? g.isNarrowThrow() : nil)]
            r += [numbers[i].map { String($0) } ?? "", CSV.flag(isCardDrag ? repeated.contains(i) : nil)]
            r.append(CSV.flag(isCardDrag && g.outcome == .thrown ? undone.contains(i) : nil))
            r += [CSV.number(trace?.hesitation), trace.map { String($0.pauses) } ?? "", CSV.flag(trace?.reversed)]
            r += [CSV.number(trace?.onCard?.x), CSV.number(trace?.onCard?.y), CSV.number(release?.x), CSV.number(release?.y)]
            r.append(e.device.rawValue)
            rows += r.joined(separator: ",")
            rows += "\n"
        }
        return rows
    }

    /// The tables of a row or more per session, written a session at a time (`write`).
    static let streamed: [String: (header: String, rows: @Sendable (Study.Entry) -> String)] = [
        "gestures.csv": (gestureHeader, gestureRows), "decisions.csv": (decisionHeader, decisionRows)]

    static let decisionHeader = "participant,condition,task,session_id,file,t,card,cause,personal,direction,label,undone,undo_seconds,device"

    static func decisions(_ study: Study) -> String {
        decisionHeader + "\n" + study.entries.map(decisionRows).joined()
    }

    /// The rows of one session's decisions, each ending in a newline.
    static func decisionRows(_ e: Study.Entry) -> String {
        var rows = ""
        let m = e.metrics
        let undone = Dictionary(m.undos.compactMap { u in u.decision.map { ($0, u.after ?? 0) } }, uniquingKeysWith: { a, _ in a })
        for (i, d) in m.decisions.enumerated() {
            let task = e.task ?? m.taskRuns.first { $0.contains(d.t) }?.name ?? m.session.task ?? ""
            var r: [String] = [CSV.text(e.participant), CSV.text(e.condition), CSV.text(task)] + session(e)
            r += [CSV.number(d.t), String(d.card.value), d.cause.rawValue, CSV.flag(d.isPersonal), d.direction?.rawValue ?? "", CSV.text(d.label ?? "")]
            r += [CSV.flag(undone[i].map { $0 <= SessionMetrics.undoWindow } ?? false), CSV.number(undone[i]), e.device.rawValue]
            rows += r.joined(separator: ",")
            rows += "\n"
        }
        return rows
    }

    /// A table of a row or more per session (`gestureRows`, `decisionRows`) written as it is
    /// made: the sessions' rows are made on `cores` threads and written in the sessions' order,
    /// so the file is what `gestures` or `decisions` returns, byte for byte, without ever being
    /// whole in memory.
    static func write(header: String, rows: @escaping @Sendable (Study.Entry) -> String, of study: Study,
                      to writer: ChunkedWriter, cores: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        try writer.write(header + "\n")
        let entries = Handoff(study.entries)
        try OrderedWork.run(count: entries.value.count, workers: cores, { rows(entries.value[$0]) },
                            consume: { _, text in try writer.write(text) })
    }

    static func tasks(_ study: Study) -> String {
        var rows = ["participant,condition,task,number,session_id,file,start,end,seconds,outcome,success,gave_up,time_limit,attempts,ended_by,device"]
        for e in study.entries {
            for run in e.metrics.taskRuns {
                var r: [String] = [CSV.text(e.participant), CSV.text(e.condition), CSV.text(run.name ?? ""), run.number.map(String.init) ?? ""] + session(e)
                r += [CSV.number(run.start), CSV.number(run.end), CSV.number(run.seconds), run.outcome?.rawValue ?? ""]
                r += [CSV.flag(run.outcome.map { $0 == .success }), CSV.flag(run.outcome.map { $0 == .gaveUp }),
                      CSV.flag(run.outcome.map { $0 == .timeLimit }), run.attempts.map(String.init) ?? "", CSV.text(run.by ?? ""), e.device.rawValue]
                rows.append(r.joined(separator: ","))
            }
            // A scheduled task that never started: a row of its own, outcome not_run, no times.
            for n in e.metrics.session.notRun {
                var r: [String] = [CSV.text(e.participant), CSV.text(e.condition), CSV.text(n.name), String(n.number)] + session(e)
                r += ["", "", "", "not_run", "", "", "", "", "", e.device.rawValue]
                rows.append(r.joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func participants(_ study: Study) -> String {
        let counts = Study.Count.allCases
        var header: [String] = ["participant", "condition", "interaction", "task", "sessions"]
        header += counts.map(\.rawValue)
        header += Study.rates.map { $0.id + "_rate" }
        header += ["hesitation_median", "task_seconds_median", "tasks", "attempts_per_throw_mean"]
        var rows = [header.joined(separator: ",")]
        for cell in study.cells {
            for (who, t) in study.tallies[cell]!.sorted(by: { $0.key < $1.key }) {
                var r: [String] = [CSV.text(who), CSV.text(cell.condition), cell.interaction, CSV.text(cell.task), String(t.sessions.count)]
                r += counts.map { String(t[$0]) }
                r += Study.rates.map { rate in CSV.number(Proportion(t[rate.events], t[rate.trials]).rate) }
                let apt: Double? = t.attemptsPerThrow.isEmpty ? nil : Double(t.attemptsPerThrow.reduce(0, +)) / Double(t.attemptsPerThrow.count)
                r += [CSV.number(Spread(t.hesitations)?.median), CSV.number(Spread(t.taskSeconds)?.median), String(t.taskSeconds.count), CSV.number(apt)]
                rows.append(r.joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func conditions(_ study: Study) -> String {
        var rows = ["condition,interaction,task,measure,participants,gestures,throws,events,trials,rate,ci_low,ci_high,wilson_low,wilson_high,median,q1,q3,count"]
        for cell in study.cells {
            let people = study.tallies[cell]!
            var all = Study.Tally()
            for t in people.values { all.add(t) }
            let lead: [String] = [CSV.text(cell.condition), cell.interaction, CSV.text(cell.task)]
            for rate in Study.rates {
                let s = Study.summary(rate, people)
                guard s.pooled.n > 0 else { continue }
                var r = lead
                r += [rate.id, String(s.perParticipant.count), String(all[.gestures]), String(all[.throwsMade])]
                r += [String(s.pooled.k), String(s.pooled.n), CSV.number(s.pooled.rate)]
                r += [CSV.number(s.clustered?.low), CSV.number(s.clustered?.high), CSV.number(s.wilson?.low), CSV.number(s.wilson?.high), "", "", "", ""]
                rows.append(r.joined(separator: ","))
            }
            let measures: [(String, [String: [Double]])] = [
                ("hesitation_seconds", people.mapValues { $0.hesitations }),
                ("task_seconds", people.mapValues { $0.taskSeconds }),
                ("attempts_per_throw", people.mapValues { $0.attemptsPerThrow.map { Double($0) } }),
            ]
            for (id, values) in measures {
                guard let s = Spread(values.values.flatMap { $0 }) else { continue }
                var r = lead
                r += [id, String(values.values.filter { !$0.isEmpty }.count), String(all[.gestures]), String(all[.throwsMade])]
                r += ["", "", "", "", "", "", "", CSV.number(s.median), CSV.number(s.q1), CSV.number(s.q3), String(s.count)]
                rows.append(r.joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func comparisons(_ list: [Study.Comparison]) -> String {
        var rows = ["interaction,measure,first,second,first_participants,first_events,first_trials,first_rate,second_participants,second_events,second_trials,second_rate,difference,design,participant_difference,ci_low,ci_high,newcombe_low,newcombe_high,fisher_p"]
        for c in list {
            var r: [String] = [c.interaction, c.rate.id, CSV.text(c.first), CSV.text(c.second)]
            r += [String(c.a.perParticipant.count), String(c.a.pooled.k), String(c.a.pooled.n), CSV.number(c.a.pooled.rate)]
            r += [String(c.b.perParticipant.count), String(c.b.pooled.k), String(c.b.pooled.n), CSV.number(c.b.pooled.rate)]
            r += [CSV.number(c.difference?.value), c.participants?.design.rawValue ?? "", CSV.number(c.participants?.value),
                  CSV.number(c.clustered?.low), CSV.number(c.clustered?.high)]
            r += [CSV.number(c.difference?.interval.low), CSV.number(c.difference?.interval.high)]
            r.append(c.fisherP.map { String(format: "%.6g", $0) } ?? "")
            rows.append(r.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
