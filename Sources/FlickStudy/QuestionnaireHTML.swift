import FlickStage
import FlickCLI
import FlickSession
import Foundation

extension StudyHTML {
    /// The participant's side: the SUS per condition (each participant's score, the mean over
    /// participants with its 95 % interval inside the scale, the SUS left incomplete) and the SEQ per task and
    /// condition, then per condition over every task.
    static func questionnaireSection(_ study: Study, colour: [String: String]) -> HTML {
        let sus = study.susSummaries(), seq = study.seqSummaries()
        guard !sus.isEmpty || !seq.isEmpty else { return "" }
        func mean(_ m: MeanInterval?, _ digits: Int) -> (String, String) {
            guard let m else { return ("—", "—") }
            let f = "%.\(digits)f"
            return (String(format: f, m.mean), m.interval.map { String(format: "\(f) – \(f)", $0.low, $0.high) } ?? "too few to say")
        }
        func cond(_ c: String) -> HTML {
            "<span class=\"cond\" style=\"background:\(colour[c] ?? "#868e96")\"></span>\(c)"
        }
        var h: HTML = "<h2>Questionnaires</h2><p class=\"muted\">The participant's own answers in their window. SUS (System Usability Scale, ten items 1-5): odd items score the answer minus 1, even items 5 minus the answer, the sum times 2.5 gives 0 to 100 (68 is about average); a SUS left incomplete is counted, never scored. SEQ (Single Ease Question, after each task: “\(Questionnaire.seqQuestion)”, 1 very difficult to 7 very easy). Means are over participants (each participant's own mean when they answered more than once), with a 95 % interval that stays inside the scale (the participants' interval of rates, on the rating's steps: docs/study-definitions.md); with fewer than \(ParticipantRate.minimumParticipants) participants, too few to say.</p>"
        if !sus.isEmpty {
            h += "<h3>SUS</h3><table class=\"sus\"><tr><th class=\"l\">condition</th><th>participants</th><th>mean score</th><th>95 % CI</th><th>incomplete</th><th class=\"l\">each participant's score</th></tr>"
            for s in sus {
                let (m, ci) = mean(s.scores, 1)
                h += "<tr class=\"sus-row\"><td class=\"l\">\(cond(s.condition))</td><td>\(s.participants.count)</td><td class=\"shown\">\(m)</td><td>\(ci)</td><td>\(s.incomplete)</td>"
                h += "<td class=\"l\">\(s.participants.map { "\($0.participant) \(String(format: "%.1f", $0.score))" }.joined(separator: " · "))</td></tr>"
            }
            h += "</table>"
        }
        if !seq.isEmpty {
            h += "<h3>SEQ</h3><table class=\"seq\"><tr><th class=\"l\">task</th><th class=\"l\">condition</th><th>participants</th><th>answers</th><th>mean</th><th>95 % CI</th><th>unanswered</th></tr>"
            for s in seq {
                let (m, ci) = mean(s.scores, 2)
                h += "<tr class=\"seq-row\"><td class=\"l\">\(s.task.map { HTML(text: $0) } ?? "<i>every task</i>")</td><td class=\"l\">\(cond(s.condition))</td><td>\(s.participants)</td><td>\(s.answers)</td><td class=\"shown\">\(m)</td><td>\(ci)</td><td>\(s.unanswered)</td></tr>"
            }
            h += "</table>"
        }
        return h
    }
}
