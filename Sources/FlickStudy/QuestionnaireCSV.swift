import FlickStage
import FlickCLI
import FlickSession
import Foundation

/// The participant's side in the study's tidy tables:
/// - `sus.csv`: one row per session whose SUS was shown: its ten answers, complete or not, and
///   the score of a complete one (an incomplete SUS has no score);
/// - `seq.csv`: one row per SEQ answer, with the task run it was about;
/// - `questionnaires.csv`: one row per questionnaire x condition (x task for the SEQ; an empty
///   task is every task): the mean over participants with its 95 % interval inside the scale
///   (`MeanInterval`; empty with too few participants to say).
extension StudyCSV {
    static func sus(_ study: Study) -> String {
        var rows = ["participant,condition,session_id,file,complete,answered," + (1...10).map { "item\($0)" }.joined(separator: ",") + ",score"]
        for s in study.susSessions {
            var r: [String] = [CSV.text(s.participant), CSV.text(s.condition), CSV.text(s.sessionID ?? ""), CSV.text(s.path), CSV.flag(s.complete), String(s.answered)]
            r += s.answers.map { $0.map(String.init) ?? "" }
            r.append(CSV.number(s.score))
            rows.append(r.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func seq(_ study: Study) -> String {
        var rows = ["participant,condition,task,number,session_id,file,value,outcome"]
        for a in study.seqAnswers {
            let r: [String] = [CSV.text(a.participant), CSV.text(a.condition), CSV.text(a.task), a.number.map(String.init) ?? "",
                               CSV.text(a.sessionID ?? ""), CSV.text(a.path), String(a.value), a.outcome?.rawValue ?? ""]
            rows.append(r.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func questionnaires(_ study: Study) -> String {
        var rows = ["questionnaire,condition,task,participants,answers,incomplete,mean,sd,ci_low,ci_high"]
        for s in study.susSummaries() {
            let r: [String] = ["sus", CSV.text(s.condition), "", String(s.participants.count), String(s.sessions - s.incomplete),
                               String(s.incomplete), CSV.number(s.scores?.mean), CSV.number(s.scores?.sd), CSV.number(s.scores?.interval?.low),
                               CSV.number(s.scores?.interval?.high)]
            rows.append(r.joined(separator: ","))
        }
        for s in study.seqSummaries() {
            let r: [String] = ["seq", CSV.text(s.condition), CSV.text(s.task ?? ""), String(s.participants), String(s.answers), String(s.unanswered),
                               CSV.number(s.scores?.mean), CSV.number(s.scores?.sd), CSV.number(s.scores?.interval?.low), CSV.number(s.scores?.interval?.high)]
            rows.append(r.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
