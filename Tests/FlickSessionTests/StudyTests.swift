import FlickEngine
import FlickSession
import Testing

/// A crafted study with known counts: 3 participants, each under two conditions, whose
/// sessions are built event by event, so every rate, interval and test has a value known
/// beforehand (Wilson and Fisher constants computed independently, see StudyStatisticsTests).
@Suite struct StudyTests {
    /// One participant's session: `throwsMade` throws, `snaps` snap-backs each retried on the
    /// same card 1 s later (the retry throws and is one of the throws), `near` of the snap-backs
    /// released at 0.9 of the throw distance, `undone` throws brought back 1 s after.
    static func session(_ who: String, _ condition: String, throwsMade: Int, snaps: Int, near: Int, undone: Int,
                        pages: Bool = false, taskSeconds: Double = 30) -> StudySession {
        var items: [SessionItem] = [.marker(t: 0, label: "start", task: "triage")]
        var t = 1.0, card = 0
        func release(_ outcome: GestureOutcome, fraction: Double) {
            items.append(.scene(.gestureBegan(time: t, kind: .card, card: CardID(card))))
            items.append(.scene(.gestureEnded(time: t + 0.2, kind: .card, translation: Vector(dx: -100 * fraction, dy: 0),
                                              velocity: Vector(dx: -100, dy: 0), outcome: outcome),
                                 ReleaseRecord(direction: .left, distanceFraction: fraction, speedFraction: 0.2)))
            // A throw's card leaves when its flight ends: the participant's decision.
            if outcome == .thrown {
                items.append(.scene(LoggedSceneEvent(.deleted(time: t + 0.5, card: CardID(card), index: 0),
                                                     origin: DeckChangeOrigin(cause: .pointer, direction: .left))))
            }
        }
        /// Z pressed 0.7 s after the card left.
        func undo() {
            items.append(.scene(LoggedSceneEvent(.restored(time: t + 1.2, card: CardID(card), index: 0),
                                                 origin: DeckChangeOrigin(cause: .key))))
        }
        var thrown = 0, undoneLeft = undone
        for s in 0..<snaps {
            card += 1
            release(.snappedBack, fraction: s < near ? 0.9 : 0.5)
            t += 1.2   // the retry starts 1 s after the release
            release(.thrown, fraction: 1.5)
            if undoneLeft > 0 {
                undo()
                undoneLeft -= 1
            }
            thrown += 1
            t += 5
        }
        while thrown < throwsMade {
            card += 1
            release(.thrown, fraction: 1.5)
            if undoneLeft > 0 {
                undo()
                undoneLeft -= 1
            }
            thrown += 1
            t += 5
        }
        if pages {
            items.append(.scene(.paged(time: t, from: 0, to: 1)))
            items.append(.scene(.paged(time: t + 1, from: 1, to: 0)))   // back within 2 s: accidental
            items.append(.scene(.paged(time: t + 5, from: 0, to: 1)))
        }
        items.append(.marker(t: taskSeconds, label: "end", task: "triage"))
        return StudySession(name: "\(who)-\(condition)", path: "/study/\(who)-\(condition).jsonl", demo: .stack,
                            viewport: Size(width: 390, height: 844), config: SceneConfig(), participant: who, task: "triage",
                            items: StudySession.ordered(items))
    }

    static let study: Study = {
        let plan: [(String, String, Int, Int, Int, Int)] = [
            ("p1", "A", 4, 1, 1, 0), ("p2", "A", 3, 2, 1, 1), ("p3", "A", 5, 0, 0, 0),
            ("p1", "B", 4, 4, 2, 1), ("p2", "B", 3, 3, 3, 0), ("p3", "B", 4, 2, 1, 0),
        ]
        var study = Study()
        for (i, p) in plan.enumerated() {
            study.add(session(p.0, p.1, throwsMade: p.2, snaps: p.3, near: p.4, undone: p.5, pages: i == 0, taskSeconds: 30 + Double(i)),
                      participant: nil, task: nil, condition: p.1)
        }
        return study
    }()

    func rate(_ id: String) -> Study.Rate { Study.rates.first { $0.id == id }! }

    /// A session that went through five interactions names all five, in the order they came
    /// on show, each once (the report's headline named only the first).
    @Test func aSessionNamesEveryInteractionItShowed() {
        let switches: [(Double, Interaction, Interaction)] = [(2, .stack, .now), (4, .now, .switcher), (6, .switcher, .stack),
                                                               (8, .stack, .carousel), (10, .carousel, .swipe)]
        let s = StudySession(name: "five", path: "/study/five.jsonl", demo: .stack, viewport: Size(width: 390, height: 844),
                             config: SceneConfig(),
                             items: switches.map { .scene(.interactionChanged(time: $0.0, from: $0.1, to: $0.2)) })
        #expect(SessionMetrics(s).interactionsUsed == [.stack, .now, .switcher, .carousel, .swipe])
        let still = StudySession(name: "one", path: "/study/one.jsonl", demo: .now, viewport: Size(width: 390, height: 844),
                                 config: SceneConfig(), items: [])
        #expect(SessionMetrics(still).interactionsUsed == [.now])
    }

    @Test func countsAreExact() {
        let study = Self.study
        #expect(study.participants == ["p1", "p2", "p3"])
        #expect(study.conditions == ["A", "B"])
        #expect(study.cells == [Study.Cell(condition: "A", interaction: "stack", task: "triage"),
                                Study.Cell(condition: "B", interaction: "stack", task: "triage")])
        let a = study.byParticipant(condition: "A"), b = study.byParticipant(condition: "B")
        let snapA = Study.summary(rate("snap_back"), a), snapB = Study.summary(rate("snap_back"), b)
        #expect(snapA.pooled == Proportion(3, 15) && snapB.pooled == Proportion(9, 20))
        #expect(Study.summary(rate("repeated"), a).pooled == Proportion(3, 15))
        #expect(Study.summary(rate("near_miss"), b).pooled == Proportion(6, 20))
        #expect(Study.summary(rate("undone"), a).pooled == Proportion(1, 12))
        #expect(Study.summary(rate("undone"), b).pooled == Proportion(1, 11))
        #expect(Study.summary(rate("accidental_page"), a).pooled == Proportion(1, 3))
        #expect(Study.summary(rate("accidental_page"), b).pooled.n == 0)
        // A dot per participant, with their own counts.
        #expect(snapB.perParticipant.map(\.participant) == ["p1", "p2", "p3"])
        #expect(snapB.perParticipant.map(\.counts) == [Proportion(4, 8), Proportion(3, 6), Proportion(2, 6)])
        // Wilson over gestures (constants from Python).
        #expect(abs(snapA.wilson!.low - 0.070475) < 1e-6 && abs(snapA.wilson!.high - 0.451854) < 1e-6)
        #expect(abs(snapB.wilson!.low - 0.258198) < 1e-6 && abs(snapB.wilson!.high - 0.657915) < 1e-6)
        // With the participant as the unit: the mean of 4/8, 3/6 and 2/6, and its interval
        // (constants from an independent Python computation of the same method).
        let c = snapB.clustered!
        #expect(abs(snapB.participants.mean! - 4.0 / 9) < 1e-12)
        #expect(abs(c.low - 0.125590) < 1e-6 && abs(c.high - 0.816713) < 1e-6, "\(c)")
        // Attempts per throw: p1 under B threw 4 cards, 4 of them after one snap-back.
        #expect(b["p1"]!.attemptsPerThrow == [2, 2, 2, 2])
        #expect(a["p3"]!.attemptsPerThrow == [1, 1, 1, 1, 1])
        // Time per task from the markers.
        #expect(a.values.flatMap(\.taskSeconds).sorted() == [30, 31, 32])
    }

    @Test func conditionsComparedWithFisherAndBothIntervals() {
        let list = Self.study.comparisons()
        let snap = list.first { $0.rate.id == "snap_back" }!
        #expect(snap.first == "A" && snap.second == "B" && snap.interaction == "stack")
        #expect(abs(snap.fisherP! - 0.16291911647862706) < 1e-12)
        #expect(abs(snap.difference!.value - (9.0 / 20 - 3.0 / 15)) < 1e-12)
        let near = list.first { $0.rate.id == "near_miss" }!
        #expect(abs(near.fisherP! - 0.41927899686520376) < 1e-12)
        let undone = list.first { $0.rate.id == "undone" }!
        #expect(abs(undone.fisherP! - 1) < 1e-12)
        #expect(undone.sentence.hasPrefix("The data cannot tell A and B apart"))
        // Every participant's snap-back rate is higher under B (differences 0.3, 0.1 and 1/3), but
        // three people with 5 to 8 drags each cannot show it: Newcombe's combination (MOVER) of
        // the two participant intervals, A 0.020490 to 0.787813 around 0.2 and B 0.125590 to
        // 0.816713 around 4/9, holds 0 (constants from an independent Python computation).
        let d = snap.participants!
        #expect(d.design == .paired && d.participants == (3, 3))
        #expect(abs(d.value - (0.3 + 0.1 + 1.0 / 3) / 3) < 1e-12)
        #expect(abs(d.interval.low - -0.424279) < 1e-6 && abs(d.interval.high - 0.657734) < 1e-6, "\(d.interval)")
        #expect(snap.sentence.hasPrefix("The data cannot tell A and B apart"))
        // A rate with trials under one condition only has nothing to compare.
        let pages = list.first { $0.rate.id == "accidental_page" }!
        #expect(pages.difference == nil && pages.fisherP == nil)
    }

    @Test func conditionsNotGivenAreNamedAfterTheConfig() {
        var other = SceneConfig()
        other.stack.throwSpeed = 123
        var s1 = Self.session("p1", "x", throwsMade: 1, snaps: 0, near: 0, undone: 0)
        var s2 = s1
        s2.config = other
        s1.participant = "p1"
        var study = Study()
        study.add(s1, participant: nil, task: nil, condition: nil)
        study.add(s2, participant: "p9", task: "other", condition: nil)
        study.add(s2, participant: nil, task: nil, condition: nil)
        #expect(study.entries.map(\.condition) == ["default", "config 1", "config 1"])
        #expect(study.entries.map(\.participant) == ["p1", "p9", "p1"])
        #expect(study.entries[1].gestureTasks == ["other"])
        #expect(study.entries[0].gestureTasks == ["triage"])
    }
}
