import FlickStage
import FlickCLI
import FlickSession

extension StudyCSV {
    static let taskRatesHeader = "task,condition,participants,runs,judged_runs,success,success_rate,success_low,success_high,gave_up,gave_up_rate,gave_up_low,gave_up_high,time_limit,time_limit_rate,time_limit_low,time_limit_high,other_ends,time_geomean,time_low,time_high,timed_runs,attempts_mean,presses,misclicks,misclick_rate"

    /// `task_rates.csv`: a row per task x condition, the study page's task table: runs, how they
    /// ended as counts and rates of the judged runs (those with an outcome) with the adjusted-
    /// Wald 95 % interval (fractions 0-1), time on task (geometric mean of the runs that met
    /// their goal, seconds, with its t-interval on the logs), the mean attempts per run, and the
    /// presses inside the runs with those that landed on no card (misclicks, pooled over runs).
    /// Empty cells where a value does not exist (no judged run, fewer than 2 timed runs).
    static func taskRates(_ study: Study) -> String {
        var rows = [taskRatesHeader]
        for s in study.taskSummaries() {
            var r: [String] = [CSV.text(s.task), CSV.text(s.condition), String(s.participants), String(s.runs.count), String(s.judged)]
            for p in [s.success, s.gaveUp, s.timeLimit] {
                let ci = p.adjustedWald
                r += [p.n > 0 ? String(p.k) : "", CSV.number(p.rate), CSV.number(ci?.low), CSV.number(ci?.high)]
            }
            r += [String(s.otherEnds), CSV.number(s.time?.value), CSV.number(s.time?.interval?.low), CSV.number(s.time?.interval?.high),
                  String(s.time?.count ?? 0), CSV.number(s.meanAttempts),
                  String(s.misclicks.n), String(s.misclicks.k), CSV.number(s.misclicks.rate)]
            rows.append(r.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
