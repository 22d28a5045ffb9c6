import FlickEngine
@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickSession
import Foundation
import Testing

/// The study page and tables of a crafted study: a dot per participant in every rate strip,
/// nothing fetched from outside, and tables whose rows all have their header's columns and
/// the counts the sessions were made with.
@Suite struct StudyPageTests {
    /// `who` made `snaps` snap-backs (each retried 1 s later by a throw) and `throwsMade` throws in all.
    static func session(_ who: String, throwsMade: Int, snaps: Int) -> StudySession {
        var items: [SessionItem] = [.marker(t: 0, label: "start", task: "sort")]
        var t = 1.0
        for i in 0..<throwsMade {
            let card = CardID(i)
            if i < snaps {
                items.append(.scene(.gestureBegan(time: t, kind: .card, card: card)))
                items.append(.scene(.gestureEnded(time: t + 0.2, kind: .card, translation: Vector(dx: -40, dy: 0), velocity: .zero, outcome: .snappedBack),
                                     ReleaseRecord(direction: .left, distanceFraction: 0.4, speedFraction: 0)))
                t += 1.2
            }
            items.append(.scene(.gestureBegan(time: t, kind: .card, card: card)))
            items.append(.scene(.gestureEnded(time: t + 0.2, kind: .card, translation: Vector(dx: -150, dy: 0), velocity: Vector(dx: -900, dy: 0), outcome: .thrown),
                                 ReleaseRecord(direction: .left, distanceFraction: 1.5, speedFraction: 1.2)))
            t += 4
        }
        items.append(.marker(t: t, label: "end", task: "sort"))
        return StudySession(name: who, path: "/s/\(who).jsonl", demo: .stack, viewport: Size(width: 390, height: 844),
                            config: SceneConfig(), participant: who, items: items)
    }

    static let study: Study = {
        var s = Study()
        for (who, a, b) in [("p1", 1, 3), ("p2", 0, 2), ("p3", 2, 4)] {
            s.add(session(who, throwsMade: 5, snaps: a), participant: nil, task: nil, condition: "A")
            s.add(session(who, throwsMade: 5, snaps: b), participant: nil, task: nil, condition: "B")
        }
        return s
    }()

    @Test func aDotPerParticipantInEveryRateStrip() throws {
        let html = StudyHTML.make(title: "t", study: Self.study, comparisons: Self.study.comparisons(), design: nil)
        let strips = html.components(separatedBy: "<svg ").filter { $0.hasPrefix("xmlns=\"http://www.w3.org/2000/svg\" class=\"rate-strip\"") }
        // A and B x the rates with trials: near misses, undone, repeated, snap-backs, misclicks
        // (no pages; reversals and pauses need pointer samples, which a log has not).
        #expect(strips.count == 2 * 5)
        for strip in strips {
            let svg = strip.components(separatedBy: "</svg>")[0]
            let dots = svg.components(separatedBy: "class=\"participant-dot\" data-participant=\"").dropFirst().map { $0.prefix(2) }
            #expect(dots.sorted() == ["p1", "p2", "p3"], "\(svg.prefix(200))")
        }
        // Every comparison has a strip with each participant's own difference (all took both).
        let differences = html.components(separatedBy: "<svg ").filter { $0.hasPrefix("xmlns=\"http://www.w3.org/2000/svg\" class=\"difference-strip\"") }
        #expect(differences.count == 5)
        for strip in differences {
            #expect(strip.components(separatedBy: "</svg>")[0].components(separatedBy: "class=\"participant-dot\"").count - 1 == 3)
        }
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src=\"http"))
        #expect(html.contains("Hesitation, pauses, reversals and the heatmaps of presses and paths need recordings"))
    }

    @Test func tablesAreTidy() throws {
        let tables = [StudyCSV.gestures(Self.study), StudyCSV.participants(Self.study), StudyCSV.conditions(Self.study),
                      StudyCSV.comparisons(Self.study.comparisons()), StudyCSV.tasks(Self.study), StudyCSV.decisions(Self.study)]
        for table in tables {
            let records = try CSVRecords.parse(table, path: "table")
            let width = records[0].fields.count
            #expect(records.allSatisfy { $0.fields.count == width })
        }
        let gestures = try CSVRecords.parse(tables[0], path: "gestures.csv")
        #expect(gestures.count == 1 + 6 * 5 + (1 + 3 + 0 + 2 + 2 + 4))   // header, throws, snap-backs
        let conditions = try CSVRecords.parse(tables[2], path: "conditions.csv")
        let header = conditions[0].fields
        func row(_ condition: String, _ measure: String) -> [String: String] {
            let r = conditions.first { $0.fields[0] == condition && $0.fields[3] == measure }!.fields
            return Dictionary(uniqueKeysWithValues: zip(header, r))
        }
        #expect(row("A", "snap_back")["events"] == "3" && row("A", "snap_back")["trials"] == "18")
        #expect(row("B", "repeated")["events"] == "9" && row("B", "repeated")["trials"] == "24" && row("B", "repeated")["participants"] == "3")
        #expect(row("B", "attempts_per_throw")["median"] == "2" && row("B", "attempts_per_throw")["count"] == "15")
        let comparisons = try CSVRecords.parse(tables[3], path: "comparisons.csv")
        let snapRow = comparisons.first { $0.fields[1] == "snap_back" }!.fields
        let snap = Dictionary(uniqueKeysWithValues: zip(comparisons[0].fields, snapRow))
        // Fisher on 3 of 18 against 9 of 24 (exact fractions in Python: 0.180036902...).
        #expect(snap["first"] == "A" && snap["second"] == "B" && snap["first_events"] == "3" && snap["first_trials"] == "18"
                && snap["second_events"] == "9" && snap["second_trials"] == "24")
        #expect(abs(Double(snap["fisher_p"]!)! - 0.180037) < 1e-6)
        #expect(snap["design"] == "paired", "the same participants under both conditions")
    }
}
