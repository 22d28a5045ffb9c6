import FlickIO
import FlickEngine

/// A study: many sessions, each with its participant, task and condition, measured together.
/// Counts are kept per participant in every cell (condition x interaction x task), so every
/// rate has its gesture-level (Wilson) and participant-level (`ParticipantRate`) interval and a
/// dot per participant. The definitions are `SessionMetrics`' and `Attempts`', one set for
/// report, study and tune.
package struct Study {
    /// What is counted, per participant and cell.
    package enum Count: String, CaseIterable {
        case gestures, cardDrags = "card_drags", throwsMade = "throws", cardReleases = "card_releases",
             nearMisses = "near_misses", narrowThrows = "narrow_throws", undone = "undone_decisions",
             repeated = "repeated_attempts", pages, accidentalPages = "accidental_pages", snapBacks = "snap_backs",
             tracedDrags = "traced_drags", reversals, pausedDrags = "paused_drags",
             decisions, keyDecisions = "key_decisions", bringBacks = "bring_backs",
             presses, misclicks
    }

    /// A rate: `events` out of `trials`.
    package struct Rate {
        package var id: String
        package var name: String
        package var events: Count
        package var trials: Count
        /// What it counts, one sentence.
        package var definition: String
    }

    /// The rates the study reports, in the order the page and the tables show them.
    package static let rates: [Rate] = [
        Rate(id: "near_miss", name: "Near misses", events: .nearMisses, trials: .cardReleases,
             definition: "card releases not thrown whose larger fraction (distance or speed) was within 15 % under its threshold, of all card releases"),
        Rate(id: "narrow_throw", name: "Narrow throws", events: .narrowThrows, trials: .cardReleases,
             definition: "card releases thrown whose larger fraction (distance or speed) was within 15 % over its threshold, of all card releases"),
        Rate(id: "undone", name: "Decisions undone within 3 s", events: .undone, trials: .decisions,
             definition: "the participant's decisions (a card thrown by gesture or key) taken back with an undo (Z) within 3 s of the card leaving, of all their decisions; the stack's drag back is counted apart"),
        Rate(id: "bring_back", name: "Brought back by dragging", events: .bringBacks, trials: .decisions,
             definition: "cards the participant dragged back onto the stack, of all their decisions"),
        Rate(id: "repeated", name: "Repeated attempts", events: .repeated, trials: .cardDrags,
             definition: "card drags that did not throw and were followed within 2 s by another drag on the same card, of all card drags"),
        Rate(id: "accidental_page", name: "Accidental pages", events: .accidentalPages, trials: .pages,
             definition: "pages to a card followed within 2 s by a page back, of all pages"),
        Rate(id: "snap_back", name: "Snap-backs", events: .snapBacks, trials: .cardDrags,
             definition: "card drags that snapped back, of all card drags"),
        Rate(id: "reversal", name: "Reversals", events: .reversals, trials: .tracedDrags,
             definition: "card drags whose direction reversed before the release (back by 24 pt and a third of the way), of card drags with a recorded pointer path"),
        Rate(id: "misclick", name: "Misclicks", events: .misclicks, trials: .presses,
             definition: "presses that landed on no card (on empty stage, or on the surround around the stage), of all presses: every gesture begun and every tap (Maze's misclick rate, misclicks over all clicks)"),
        Rate(id: "paused", name: "Drags with a pause", events: .pausedDrags, trials: .tracedDrags,
             definition: "card drags during which the pointer rested 0.25 s within 3 pt and moved on, of card drags with a recorded pointer path"),
    ]

    /// Where a count belongs: condition x interaction x task (task "" = no task known).
    package struct Cell: Hashable, Comparable {
        package var condition: String
        package var interaction: String
        package var task: String
        package init(condition: String, interaction: String, task: String) {
            self.condition = condition
            self.interaction = interaction
            self.task = task
        }
        package static func < (a: Cell, b: Cell) -> Bool {
            (a.condition, a.interaction, a.task) < (b.condition, b.interaction, b.task)
        }
    }

    /// One participant's counts in one cell.
    package struct Tally {
        package var counts: [Count: Int] = [:]
        package var hesitations: [Double] = []
        package var taskSeconds: [Double] = []
        /// The task runs that started in this cell.
        package var taskRuns: [TaskInterval] = []
        /// The participant's decisions per direction name (`right (like)`).
        package var directions: [String: Int] = [:]
        package var attemptsPerThrow: [Int] = []
        package var sessions: Set<Int> = []
        package init() {}
        package subscript(_ c: Count) -> Int { counts[c] ?? 0 }

        package mutating func add(_ other: Tally) {
            for (k, v) in other.counts { counts[k, default: 0] += v }
            hesitations += other.hesitations
            taskSeconds += other.taskSeconds
            taskRuns += other.taskRuns
            for (k, v) in other.directions { directions[k, default: 0] += v }
            attemptsPerThrow += other.attemptsPerThrow
            sessions.formUnion(other.sessions)
        }
    }

    /// One session of the study.
    package struct Entry {
        package var metrics: SessionMetrics
        package var participant: String
        package var condition: String
        /// The session's task (design, else header); markers may name others within it.
        package var task: String?
        package var attempts: Attempts
        package var traces: [GestureTrace?]
        /// Each gesture's task (design, else its marker interval's, else the header's; "" unknown).
        package var gestureTasks: [String]
        /// The participant's device: the phone's touch screen (`--phone`) or the window's mouse.
        package var device: PointerEvent.Device
    }

    package var entries: [Entry] = []
    /// Per cell, per participant.
    package var tallies: [Cell: [String: Tally]] = [:]
    private var configNames: [SceneConfig: String] = [:]
    /// The sessions came from more than one device (mouse and touch): the device is part of
    /// every condition, named or not ("touch", "mouse, snappy", "touch, plan A"), so it stays a
    /// factor whatever names the conditions (a between-subjects one when each participant kept
    /// one device).
    package var separatesDevices = false

    /// `condition` with the device before it when the study separates devices (kept as it is
    /// when it already starts with the device's name).
    package func condition(_ condition: String, device: PointerEvent.Device) -> String {
        guard separatesDevices else { return condition }
        let name = device.rawValue
        if condition == name || condition.hasPrefix(name + ", ") { return condition }
        return condition == "default" ? name : "\(name), \(condition)"
    }

    package init() {}

    /// Adds one session. `participant`, `task` and `condition` (nil = not given) override what
    /// the session says; a condition not given is named by the description of the config file
    /// the session ran with, else after the config in force at the start ("default", else
    /// "config 1", "config 2" … in order of first appearance). What is kept of
    /// the session is its measures: its recording, pointer samples and log items are let go (a
    /// study of a thousand sessions holds only what it reports).
    package mutating func add(_ session: StudySession, participant: String?, task: String?, condition: String?) {
        add(Self.measure(session, participant: participant, task: task), condition: condition)
    }

    /// A session measured on its own, before it joins a study (`add`): what the study keeps of
    /// it. Measuring needs nothing of the other sessions, so sessions are measured on any
    /// thread and added in their order (the names of unnamed conditions follow that order).
    package struct Measured {
        package var metrics: SessionMetrics
        package var participant: String
        package var task: String?
        /// The task the design gives (nil: the session's own, by marker or header).
        package var givenTask: String?
        package var attempts: Attempts
        package var traces: [GestureTrace?]
        package var gestureTasks: [String]

        /// The task at session time `t`: the design's, else the session's task run (task lines,
        /// else markers) holding `t`, else the header's ("" unknown).
        package func task(at t: Double) -> String {
            if let givenTask { return givenTask }
            if let run = metrics.taskRuns.first(where: { $0.name != nil && $0.contains(t) }) { return run.name! }
            return metrics.session.task ?? ""
        }
    }

    /// Measures `session` (`participant` and `task` override what it says; nil = not given),
    /// letting go of its recording, pointer samples and log items.
    package static func measure(_ session: StudySession, participant: String?, task: String?) -> Measured {
        var session = session
        var m = SessionMetrics(session)
        let who = participant ?? session.participant ?? session.name
        let attempts = Attempts(m)
        let traces = GestureTrace.traces(m.gestures, samples: session.pointer)
        session.dropItemsBeyondShown()
        m.session = session
        var measured = Measured(metrics: m, participant: who, task: task ?? session.task, givenTask: task,
                                attempts: attempts, traces: traces, gestureTasks: [])
        let tasks = m.gestures.map { measured.task(at: $0.start) }
        measured.gestureTasks = tasks
        return measured
    }

    /// Adds a measured session under `condition` (nil: named after its config, as `add` says).
    package mutating func add(_ measured: Measured, condition: String?) {
        let i = entries.count
        let m = measured.metrics, session = m.session
        let who = measured.participant
        let condition = self.condition(condition ?? session.configDescription ?? {
            if let name = configNames[session.config] { return name }
            let name = session.config == SceneConfig() ? "default" : "config \(configNames.values.filter { $0 != "default" }.count + 1)"
            configNames[session.config] = name
            return name
        }(), device: session.device)
        let attempts = measured.attempts, traces = measured.traces
        let runs = m.taskRuns
        let taskAt = measured.task(at:)
        entries.append(Entry(metrics: m, participant: who, condition: condition, task: measured.task,
                             attempts: attempts, traces: traces, gestureTasks: measured.gestureTasks, device: session.device))
        // The interaction in force at a time, for pages and tasks.
        let interactionAt = m.interaction(at:)
        func bump(_ t: Double, _ interaction: Interaction, _ change: (inout Tally) -> Void) {
            let cell = Cell(condition: condition, interaction: interaction.rawValue, task: taskAt(t))
            var tally = tallies[cell, default: [:]][who, default: Tally()]
            tally.sessions.insert(i)
            change(&tally)
            tallies[cell, default: [:]][who] = tally
        }
        let repeated = Set(attempts.repeated)
        for (g, gesture) in m.gestures.enumerated() {
            bump(gesture.start, gesture.interaction) { t in
                t.counts[.gestures, default: 0] += 1
                t.counts[.presses, default: 0] += 1
                if gesture.isMisclick { t.counts[.misclicks, default: 0] += 1 }
                if gesture.isCardRelease {
                    t.counts[.cardReleases, default: 0] += 1
                    if gesture.isNearMiss() { t.counts[.nearMisses, default: 0] += 1 }
                    if gesture.isNarrowThrow() { t.counts[.narrowThrows, default: 0] += 1 }
                }
                guard gesture.kind == .card, gesture.card != nil else { return }
                t.counts[.cardDrags, default: 0] += 1
                if gesture.outcome == .thrown { t.counts[.throwsMade, default: 0] += 1 }
                if gesture.outcome == .snappedBack { t.counts[.snapBacks, default: 0] += 1 }
                if repeated.contains(g) { t.counts[.repeated, default: 0] += 1 }
                if let trace = traces[g] {
                    t.counts[.tracedDrags, default: 0] += 1
                    if trace.reversed { t.counts[.reversals, default: 0] += 1 }
                    if trace.pauses > 0 { t.counts[.pausedDrags, default: 0] += 1 }
                    t.hesitations.append(trace.hesitation)
                }
            }
        }
        for chain in attempts.chains where chain.thrown {
            let first = m.gestures[chain.gestures[0]]
            bump(first.start, first.interaction) { $0.attemptsPerThrow.append(chain.attempts) }
        }
        for p in m.pages { bump(p.t, interactionAt(p.t)) { $0.counts[.pages, default: 0] += 1 } }
        for t in m.selections { bump(t, interactionAt(t)) { $0.counts[.presses, default: 0] += 1 } }
        for p in m.accidentalPages { bump(p.t, interactionAt(p.t)) { $0.counts[.accidentalPages, default: 0] += 1 } }
        for run in runs {
            bump(run.start, interactionAt(run.start)) { tally in
                tally.taskRuns.append(run)
                // Time on task: the runs that met their goal (or, marked by hand, every run).
                if run.outcome == nil || run.outcome == .success { tally.taskSeconds.append(run.seconds) }
            }
        }
        // Every decision of the participant's, whatever made it (gesture or key), and the undos
        // and drags back that took decisions back.
        for d in m.personalDecisions {
            bump(d.t, interactionAt(d.t)) { t in
                t.counts[.decisions, default: 0] += 1
                if d.cause == .key { t.counts[.keyDecisions, default: 0] += 1 }
                if d.direction != nil { t.directions[d.directionName, default: 0] += 1 }
            }
        }
        for (d, _) in m.undoneDecisions { bump(d.t, interactionAt(d.t)) { $0.counts[.undone, default: 0] += 1 } }
        for b in m.bringBacks { bump(b.t, interactionAt(b.t)) { $0.counts[.bringBacks, default: 0] += 1 } }
    }

    package var participants: [String] { Array(Set(entries.map(\.participant))).sorted() }
    package var conditions: [String] { Array(Set(entries.map(\.condition))).sorted() }
    package var cells: [Cell] { tallies.keys.sorted() }

    /// Per participant, the tallies of the cells that match (nil matches any), added up.
    package func byParticipant(condition: String? = nil, interaction: String? = nil, task: String? = nil) -> [String: Tally] {
        var out: [String: Tally] = [:]
        for (cell, people) in tallies where (condition ?? cell.condition) == cell.condition
            && (interaction ?? cell.interaction) == cell.interaction && (task ?? cell.task) == cell.task {
            for (who, t) in people { out[who, default: Tally()].add(t) }
        }
        return out
    }

    /// A rate summed over participants, with both intervals and each participant's own rate.
    package struct RateSummary {
        package var pooled: Proportion
        /// Over gestures, as if independent (beside the participants' interval, for contrast).
        package var wilson: Interval?
        /// With the participant as the unit: the mean of their rates and its 95 % interval.
        package var participants: ParticipantRate
        /// The participants' interval (nil with fewer than 2 who had trials).
        package var clustered: Interval? { participants.interval }
        /// Participants with at least one trial, and their own counts, by name.
        package var perParticipant: [(participant: String, counts: Proportion)]
    }

    package static func summary(_ rate: Rate, _ people: [String: Tally]) -> RateSummary {
        let per = people.keys.sorted().map { ($0, Proportion(people[$0]![rate.events], people[$0]![rate.trials])) }.filter { $0.1.n > 0 }
        let pooled = Proportion(per.reduce(0) { $0 + $1.1.k }, per.reduce(0) { $0 + $1.1.n })
        return RateSummary(pooled: pooled, wilson: pooled.wilson, participants: ParticipantRate(per.map(\.1)),
                           perParticipant: per)
    }

    /// One rate under two conditions.
    package struct Comparison {
        package var interaction: String
        package var rate: Rate
        package var first: String
        package var second: String
        package var a: RateSummary
        package var b: RateSummary
        /// Second minus first over gestures, with Newcombe's interval (gestures independent).
        package var difference: (value: Double, interval: Interval)?
        /// With the participant as the unit: paired where the same people took both conditions,
        /// else two independent groups (Welch), with the participants in each.
        package var participants: ParticipantDifference?
        package var clustered: Interval? { participants?.interval }
        package var fisherP: Double?

        /// Participants under the condition with fewer.
        package var fewestParticipants: Int { min(a.perParticipant.count, b.perParticipant.count) }

        /// What can and cannot be said, in one or two plain sentences.
        package var sentence: String {
            func pts(_ x: Double) -> String { String(format: "%+.1f", 100 * x) }
            guard let d = difference else {
                return "No \(rate.trials.rawValue.replacingOccurrences(of: "_", with: " ")) under \(a.pooled.n == 0 ? first : second): nothing to compare."
            }
            let p = fisherP.map { $0 < 0.001 ? "p < 0.001" : String(format: "p = %.3f", $0) } ?? ""
            guard let c = participants else {
                return "Too few participants to say across people (at least \(ParticipantRate.minimumParticipants) under each condition). Over gestures the difference is \(pts(d.value)) points (\(pts(d.interval.low)) to \(pts(d.interval.high)), Fisher \(p)), but that treats one person's gestures as independent: it cannot be generalised to people."
            }
            let design = c.design == .paired ? "paired, \(c.participants.first) participants in both"
                : "independent groups of \(c.participants.first) and \(c.participants.second) participants"
            if c.interval.low > 0 || c.interval.high < 0 {
                return "The \(rate.name.lowercased()) rate is \(c.interval.low > 0 ? "higher" : "lower") under \(second) than under \(first): \(pts(c.value)) points (mean of participants' rates), 95 % interval \(pts(c.interval.low)) to \(pts(c.interval.high)) (\(design); Fisher \(p) over gestures)."
            }
            return "The data cannot tell \(first) and \(second) apart on this rate: with the participant as the unit the difference could be anywhere from \(pts(c.interval.low)) to \(pts(c.interval.high)) points (\(design); Fisher \(p) over gestures). This is not evidence that they are the same."
        }
    }

    /// Every rate for every pair of conditions, per interaction, pooled over tasks.
    package func comparisons() -> [Comparison] {
        let conditions = self.conditions
        guard conditions.count >= 2 else { return [] }
        var out: [Comparison] = []
        let interactions = Array(Set(tallies.keys.map(\.interaction))).sorted()
        for interaction in interactions {
            for (i, first) in conditions.enumerated() {
                for second in conditions[(i + 1)...] {
                    let pa = byParticipant(condition: first, interaction: interaction)
                    let pb = byParticipant(condition: second, interaction: interaction)
                    for rate in Self.rates {
                        let a = Self.summary(rate, pa), b = Self.summary(rate, pb)
                        guard a.pooled.n > 0 || b.pooled.n > 0 else { continue }
                        func rates(_ s: RateSummary) -> [String: Proportion] {
                            Dictionary(uniqueKeysWithValues: s.perParticipant.map { ($0.participant, $0.counts) })
                        }
                        let difference = a.pooled.difference(to: b.pooled)
                        out.append(Comparison(interaction: interaction, rate: rate, first: first, second: second, a: a, b: b,
                                              difference: difference.map { ($0.difference, $0.interval) },
                                              participants: ParticipantDifference(first: rates(a), second: rates(b)),
                                              fisherP: difference == nil ? nil :
                                                FisherExact.twoSided(a.pooled.k, a.pooled.n - a.pooled.k, b.pooled.k, b.pooled.n - b.pooled.k)))
                    }
                }
            }
        }
        return out
    }
}

extension Study {
    /// One task under one condition: every run of it, how the runs ended, the time they took
    /// and the attempts they needed. Rates are of runs (one per participant and session), with
    /// the adjusted-Wald interval Sauro and Lewis recommend for completion rates; time on task
    /// is the geometric mean of the runs that met their goal (all runs for tasks marked by hand).
    package struct TaskSummary {
        package struct Run {
            package var participant: String
            package var path: String
            package var sessionID: String?
            package var run: TaskInterval
            /// The run's misclicks of its presses (`SessionMetrics.misclicks(in:)`).
            package var misclicks = Proportion(0, 0)
        }
        package var task: String
        package var condition: String
        package var runs: [Run]

        func count(_ outcome: TaskRun.Outcome) -> Int { runs.filter { $0.run.outcome == outcome }.count }
        /// Runs with an outcome (tasks of `--tasks`); marked tasks have none.
        package var judged: Int { runs.filter { $0.run.outcome != nil }.count }
        package var success: Proportion { Proportion(count(.success), judged) }
        package var gaveUp: Proportion { Proportion(count(.gaveUp), judged) }
        package var timeLimit: Proportion { Proportion(count(.timeLimit), judged) }
        /// Ended by the facilitator or by the end of the session.
        package var otherEnds: Int { count(.ended) + count(.sessionEnded) }
        package var participants: Int { Set(runs.map(\.participant)).count }
        package var time: GeometricMean? {
            GeometricMean(runs.filter { $0.run.outcome == nil || $0.run.outcome == .success }.map(\.run.seconds))
        }
        /// Misclicks of all presses inside the runs, pooled (Maze's misclick rate of a mission).
        package var misclicks: Proportion { Proportion(runs.reduce(0) { $0 + $1.misclicks.k }, runs.reduce(0) { $0 + $1.misclicks.n }) }
        /// Mean attempts per run (runs of `--tasks` only).
        package var meanAttempts: Double? {
            let a = runs.compactMap(\.run.attempts)
            return a.isEmpty ? nil : Double(a.reduce(0, +)) / Double(a.count)
        }
    }

    /// Every task x condition with its runs, tasks in the order they were run, then by name.
    package func taskSummaries() -> [TaskSummary] {
        var byKey: [String: TaskSummary] = [:]
        var order: [(number: Int, task: String, condition: String)] = []
        for e in entries {
            for run in e.metrics.taskRuns {
                let task = run.name ?? run.number.map { "task \($0)" } ?? "task"
                let key = "\(task)\u{1}\(e.condition)"
                if byKey[key] == nil {
                    byKey[key] = TaskSummary(task: task, condition: e.condition, runs: [])
                    order.append((run.number ?? Int.max, task, e.condition))
                }
                let m = e.metrics
                byKey[key]!.runs.append(TaskSummary.Run(participant: e.participant, path: m.session.path,
                                                        sessionID: m.session.sessionID, run: run, misclicks: m.misclicks(in: run)))
            }
        }
        return order.sorted { ($0.number, $0.task, $0.condition) < ($1.number, $1.task, $1.condition) }
            .map { byKey["\($0.task)\u{1}\($0.condition)"]! }
    }

    /// The participant's decisions per direction name under each condition, over all tasks.
    package func decisionsPerDirection() -> [(direction: String, condition: String, count: Int, participants: Int)] {
        var out: [(String, String, Int, Int)] = []
        for condition in conditions {
            let people = byParticipant(condition: condition)
            var total: [String: Int] = [:], who: [String: Set<String>] = [:]
            for (name, tally) in people {
                for (d, n) in tally.directions where n > 0 {
                    total[d, default: 0] += n
                    who[d, default: []].insert(name)
                }
            }
            for d in total.keys.sorted() { out.append((d, condition, total[d]!, who[d]!.count)) }
        }
        return out
    }
}
