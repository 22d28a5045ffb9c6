import FlickIO
import FlickEngine

/// A study: many sessions, each with its participant, task and condition, measured together.
/// Counts are kept per participant in every cell (condition x interaction x task), so every
/// rate has its gesture-level (Wilson) and participant-level (cluster bootstrap) interval and a
/// dot per participant.
package struct Study {
    /// What is counted, per participant and cell.
    package enum Count: String, CaseIterable {
        case gestures, cardDrags = "card_drags", throwsMade = "throws", cardReleases = "card_releases",
             nearMisses = "near_misses", undone = "undone_throws", repeated = "repeated_attempts",
             pages, accidentalPages = "accidental_pages", snapBacks = "snap_backs",
             tracedDrags = "traced_drags", reversals, pausedDrags = "paused_drags"
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
             definition: "card releases within 15 % under a throw threshold (distance or speed), of all card releases"),
        Rate(id: "undone", name: "Throws undone within 3 s", events: .undone, trials: .throwsMade,
             definition: "thrown cards brought back (undo) within 3 s of the release, of all card throws"),
        Rate(id: "repeated", name: "Repeated attempts", events: .repeated, trials: .cardDrags,
             definition: "card drags that did not throw and were followed within 2 s by another drag on the same card, of all card drags"),
        Rate(id: "accidental_page", name: "Accidental pages", events: .accidentalPages, trials: .pages,
             definition: "pages to a card followed within 2 s by a page back, of all pages"),
        Rate(id: "snap_back", name: "Snap-backs", events: .snapBacks, trials: .cardDrags,
             definition: "card drags that snapped back, of all card drags"),
        Rate(id: "reversal", name: "Reversals", events: .reversals, trials: .tracedDrags,
             definition: "card drags whose direction reversed before the release (back by 24 pt and a third of the way), of card drags with a recorded pointer path"),
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
        package var attemptsPerThrow: [Int] = []
        package var sessions: Set<Int> = []
        package init() {}
        package subscript(_ c: Count) -> Int { counts[c] ?? 0 }

        package mutating func add(_ other: Tally) {
            for (k, v) in other.counts { counts[k, default: 0] += v }
            hesitations += other.hesitations
            taskSeconds += other.taskSeconds
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
    }

    package var entries: [Entry] = []
    /// Per cell, per participant.
    package var tallies: [Cell: [String: Tally]] = [:]
    private var configNames: [SceneConfig: String] = [:]

    package init() {}

    /// Adds one session. `participant`, `task` and `condition` (nil = not given) override what
    /// the session says; a condition not given is named after the config in force at the start
    /// ("default", else "config 1", "config 2" … in order of first appearance). What is kept of
    /// the session is its measures: its recording and pointer samples are let go (a study of
    /// hundreds of sessions holds only what it reports).
    package mutating func add(_ session: StudySession, participant: String?, task: String?, condition: String?) {
        let i = entries.count
        var session = session
        var m = SessionMetrics(session)
        let who = participant ?? session.participant ?? session.name
        let what = task ?? session.task
        let given = task
        let condition = condition ?? {
            if let name = configNames[session.config] { return name }
            let name = session.config == SceneConfig() ? "default" : "config \(configNames.values.filter { $0 != "default" }.count + 1)"
            configNames[session.config] = name
            return name
        }()
        let attempts = Attempts(m)
        let traces = GestureTrace.traces(m.gestures, samples: session.pointer)
        session.pointer = []
        session.recording = nil
        m.session = session
        // Marker tasks, for sessions whose design does not fix the task.
        let marked = m.tasks
        func taskAt(_ t: Double) -> String {
            if let given { return given }
            if let interval = marked.first(where: { $0.task != nil && t >= $0.start && t <= $0.start + $0.seconds }) {
                return interval.task!
            }
            return session.task ?? ""
        }
        let gestureTasks = m.gestures.map { taskAt($0.start) }
        entries.append(Entry(metrics: m, participant: who, condition: condition, task: what,
                             attempts: attempts, traces: traces, gestureTasks: gestureTasks))
        // The interaction in force at a time, for pages and tasks.
        var changes: [(t: Double, to: Interaction)] = []
        for case .scene(let e) in session.items {
            if case .interactionChanged(let t, _, let to) = e.event { changes.append((t, to)) }
        }
        func interactionAt(_ t: Double) -> Interaction { changes.last(where: { $0.t <= t })?.to ?? session.demo }
        func bump(_ t: Double, _ interaction: Interaction, _ change: (inout Tally) -> Void) {
            let cell = Cell(condition: condition, interaction: interaction.rawValue, task: taskAt(t))
            var tally = tallies[cell, default: [:]][who, default: Tally()]
            tally.sessions.insert(i)
            change(&tally)
            tallies[cell, default: [:]][who] = tally
        }
        let repeated = Set(attempts.repeated), undone = Set(attempts.undone.map(\.index))
        for (g, gesture) in m.gestures.enumerated() {
            bump(gesture.start, gesture.interaction) { t in
                t.counts[.gestures, default: 0] += 1
                if gesture.isCardRelease {
                    t.counts[.cardReleases, default: 0] += 1
                    if gesture.isNearMiss() { t.counts[.nearMisses, default: 0] += 1 }
                }
                guard gesture.kind == .card, gesture.card != nil else { return }
                t.counts[.cardDrags, default: 0] += 1
                if gesture.outcome == .thrown { t.counts[.throwsMade, default: 0] += 1 }
                if gesture.outcome == .snappedBack { t.counts[.snapBacks, default: 0] += 1 }
                if repeated.contains(g) { t.counts[.repeated, default: 0] += 1 }
                if undone.contains(g) { t.counts[.undone, default: 0] += 1 }
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
        for p in m.accidentalPages { bump(p.t, interactionAt(p.t)) { $0.counts[.accidentalPages, default: 0] += 1 } }
        for t in m.tasks { bump(t.start, interactionAt(t.start)) { $0.taskSeconds.append(t.seconds) } }
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
        package var wilson: Interval?
        /// Across participants (nil with fewer than 2 who had trials).
        package var clustered: Interval?
        /// Participants with at least one trial, and their own counts, by name.
        package var perParticipant: [(participant: String, counts: Proportion)]
    }

    package static func summary(_ rate: Rate, _ people: [String: Tally]) -> RateSummary {
        let per = people.keys.sorted().map { ($0, Proportion(people[$0]![rate.events], people[$0]![rate.trials])) }.filter { $0.1.n > 0 }
        let pooled = Proportion(per.reduce(0) { $0 + $1.1.k }, per.reduce(0) { $0 + $1.1.n })
        return RateSummary(pooled: pooled, wilson: pooled.wilson,
                           clustered: ClusterBootstrap.rate(per.map { ($0.1.k, $0.1.n) }), perParticipant: per)
    }

    /// One rate under two conditions.
    package struct Comparison {
        package var interaction: String
        package var rate: Rate
        package var first: String
        package var second: String
        package var a: RateSummary
        package var b: RateSummary
        /// Second minus first, with Newcombe's interval (gestures independent).
        package var difference: (value: Double, interval: Interval)?
        /// Across participants (paired where participants took both).
        package var clustered: Interval?
        package var fisherP: Double?

        /// Participants under the condition with fewer (under 8 the interval across people is
        /// rough: a bootstrap over few people is too narrow).
        package var fewestParticipants: Int { min(a.perParticipant.count, b.perParticipant.count) }

        /// What can and cannot be said, in one or two plain sentences.
        package var sentence: String {
            func pts(_ x: Double) -> String { String(format: "%+.1f", 100 * x) }
            guard let d = difference else {
                return "No \(rate.trials.rawValue.replacingOccurrences(of: "_", with: " ")) under \(a.pooled.n == 0 ? first : second): nothing to compare."
            }
            let p = fisherP.map { $0 < 0.001 ? "p < 0.001" : String(format: "p = %.3f", $0) } ?? ""
            guard let c = clustered else {
                return "Too few participants for an interval across people (at least 2 under each condition). Over gestures the difference is \(pts(d.value)) points (\(pts(d.interval.low)) to \(pts(d.interval.high)), Fisher \(p)), but that treats one person's gestures as independent: it cannot be generalised to people."
            }
            if c.low > 0 || c.high < 0 {
                return "The \(rate.name.lowercased()) rate is \(c.low > 0 ? "higher" : "lower") under \(second) than under \(first): \(pts(d.value)) points, 95 % interval across participants \(pts(c.low)) to \(pts(c.high)) (Fisher \(p) over gestures)."
            }
            return "The data cannot tell \(first) and \(second) apart on this rate: across participants the difference could be anywhere from \(pts(c.low)) to \(pts(c.high)) points (Fisher \(p) over gestures). This is not evidence that they are the same."
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
                        let everyone = Set(pa.keys).union(pb.keys).sorted()
                        let paired = everyone.map { who -> (first: ClusterBootstrap.Counts, second: ClusterBootstrap.Counts) in
                            ((pa[who]?[rate.events] ?? 0, pa[who]?[rate.trials] ?? 0), (pb[who]?[rate.events] ?? 0, pb[who]?[rate.trials] ?? 0))
                        }
                        let difference = a.pooled.difference(to: b.pooled)
                        out.append(Comparison(interaction: interaction, rate: rate, first: first, second: second, a: a, b: b,
                                              difference: difference.map { ($0.difference, $0.interval) },
                                              clustered: difference == nil ? nil : ClusterBootstrap.difference(paired),
                                              fisherP: difference == nil ? nil :
                                                FisherExact.twoSided(a.pooled.k, a.pooled.n - a.pooled.k, b.pooled.k, b.pooled.n - b.pooled.k)))
                    }
                }
            }
        }
        return out
    }
}
