import FlickIO
import FlickEngine

/// One gesture from its start to its release, with what it was measured against.
package struct Gesture {
    package var session: String
    package var interaction: Interaction
    package var kind: GestureKind
    package var card: CardID?
    /// Session seconds.
    package var start: Double
    package var end: Double
    /// Points.
    package var translation: Vector
    /// Points per second, at release.
    package var velocity: Vector
    package var outcome: GestureOutcome
    /// Release distance and speed as fractions of the throw thresholds (card gestures only).
    package var distanceFraction: Double?
    package var speedFraction: Double?
    /// The direction the release was judged along (card gestures only), and its name if the
    /// interaction has one (`like`).
    package var direction: ThrowDirection? = nil
    package var label: String? = nil

    package var duration: Double { end - start }
    /// The direction as the report names it: `right (like)`, `up`, or `no direction`.
    package var directionName: String {
        guard let d = direction else { return "no direction" }
        return label.map { "\(d.rawValue) (\($0))" } ?? d.rawValue
    }
    package var releaseSpeed: Double { (velocity.dx * velocity.dx + velocity.dy * velocity.dy).squareRoot() }
    package var distance: Double { (translation.dx * translation.dx + translation.dy * translation.dy).squareRoot() }
    /// The card left (thrown) or, for a bring-back, came home: the threshold was crossed.
    package var crossed: Bool { outcome == .thrown || outcome == .broughtBack }
    package var isCardRelease: Bool { distanceFraction != nil }
    /// A press that landed on no card (empty stage, the surround): a `missed` gesture naming no card.
    package var isMisclick: Bool { kind == .missed && card == nil }

    /// The larger of the two fractions of the thresholds (how near the release came to a
    /// throw); nil for a gesture that is not a card release.
    package var nearestFraction: Double? {
        guard let d = distanceFraction, let s = speedFraction else { return nil }
        return max(d, s)
    }

    /// Not thrown, and the larger fraction within `band` (15 %) under its threshold.
    package func isNearMiss(band: Double = 0.15) -> Bool {
        guard outcome != .thrown, let f = nearestFraction else { return false }
        return f >= 1 - band && f < 1
    }

    /// Thrown, and the larger fraction within `band` (15 %) over its threshold.
    package func isNarrowThrow(band: Double = 0.15) -> Bool {
        guard outcome == .thrown, let f = nearestFraction else { return false }
        return f >= 1 && f < 1 + band
    }

    package init(session: String, interaction: Interaction, kind: GestureKind, card: CardID? = nil, start: Double, end: Double, translation: Vector, velocity: Vector, outcome: GestureOutcome, distanceFraction: Double? = nil, speedFraction: Double? = nil, direction: ThrowDirection? = nil, label: String? = nil) {
        self.session = session
        self.interaction = interaction
        self.kind = kind
        self.card = card
        self.start = start
        self.end = end
        self.translation = translation
        self.velocity = velocity
        self.outcome = outcome
        self.distanceFraction = distanceFraction
        self.speedFraction = speedFraction
        self.direction = direction
        self.label = label
    }
}

/// A card that left the deck, whatever made it leave: the participant's gesture or key, the card
/// folder, the embedder (`DeckChangeOrigin`).
package struct Decision: Equatable {
    package var t: Double
    package var card: CardID
    package var cause: DeckChangeCause
    package var direction: ThrowDirection?
    package var label: String?
    /// Made by the participant (pointer or keys), not by the content.
    package var isPersonal: Bool { cause.isPersonal }
    /// The direction as the report names it: `right (like)`, `up`, or `no direction`.
    package var directionName: String {
        guard let d = direction else { return "no direction" }
        return label.map { "\(d.rawValue) (\($0))" } ?? d.rawValue
    }
}

/// An undo as pressed (Z, or an undo command): the card it brought back and the deletion it
/// took back, timed from that deletion.
package struct Undo: Equatable {
    package var t: Double
    package var card: CardID
    /// Index into `SessionMetrics.decisions` of the deletion undone (nil: none seen).
    package var decision: Int?
    /// Seconds from that deletion to the undo.
    package var after: Double?

    package init(t: Double, card: CardID, decision: Int?, after: Double?) {
        self.t = t
        self.card = card
        self.decision = decision
        self.after = after
    }
}

/// The measures of one session: gestures and the patterns no card library reports. The
/// definitions every study tool uses (report, study, tune) are the ones here.
package struct SessionMetrics {
    package var session: StudySession
    package var gestures: [Gesture]
    /// Every card that left, in order, with what made it leave.
    package var decisions: [Decision]
    /// Undos as pressed (not the stack's drag back, which is `bringBacks`).
    package var undos: [Undo]
    /// Cards the participant dragged back onto the stack, session seconds.
    package var bringBacks: [(t: Double, card: CardID)]
    /// A throw gesture whose card was undone (Z) within `undoWindow` seconds of its deletion.
    package var undoneThrows: [(gesture: Gesture, after: Double)]
    /// Paged to a card, then back within `backWindow` seconds.
    package var accidentalPages: [(t: Double, from: Int, to: Int, back: Double)]
    /// Seconds from the end of one gesture to the start of the next.
    package var gaps: [Double]
    /// The tasks as they ran: the `task_started`/`task_ended` intervals of `--tasks`, else the
    /// facilitator's start and end markers.
    package var taskRuns: [TaskInterval]
    /// Seconds from each task's start to its end (`taskRuns` as the older tables read them).
    package var tasks: [(task: String?, start: Double, seconds: Double)] {
        taskRuns.map { ($0.name, $0.start, $0.seconds) }
    }
    package var pages: [(t: Double, from: Int, to: Int)]
    /// Each switch of interaction, in order.
    package var interactionChanges: [(t: Double, to: Interaction)]
    /// Cards brought back (undo), session seconds.
    package var restores: [(t: Double, card: CardID)]
    /// Taps that selected a card, session seconds (a tap on nothing is a `missed` gesture).
    package var selections: [Double]

    package static let undoWindow = 3.0
    package static let backWindow = 2.0

    package init(_ session: StudySession) {
        self.session = session
        var interaction = session.demo
        var config = session.config
        var open: (t: Double, kind: GestureKind, card: CardID?)?
        var gestures: [Gesture] = []
        var restores: [(t: Double, card: CardID)] = []
        var pages: [(t: Double, from: Int, to: Int)] = []
        var decisions: [Decision] = []
        var undos: [Undo] = []
        var bringBacks: [(t: Double, card: CardID)] = []
        var changes: [(t: Double, to: Interaction)] = []
        var selections: [Double] = []
        for item in session.items {
            switch item {
            case .config(_, let c): config = c
            case .marker: break
            case .scene(let logged):
                let release = logged.release
                switch logged.event {
                case .gestureBegan(let t, let kind, let card): open = (t, kind, card)
                case .gestureEnded(let t, let kind, let translation, let velocity, let outcome, _):
                    let began = open.flatMap { $0.kind == kind ? $0 : nil }
                    // The verdict logged with the release, as the engine decided it; for older
                    // logs without it, the engine's rule decides it again from the logged
                    // translation and velocity (nothing here restates a threshold). A cancelled
                    // gesture (a quit, a lost window) was never released: no verdict, so it is no
                    // card release, near miss or narrow throw.
                    let verdict = outcome == .cancelled ? nil
                        : release ?? interaction.verdict(kind: kind, translation: translation, velocity: velocity,
                                                         config: config, viewport: session.viewport)
                    var g = Gesture(session: session.name, interaction: interaction, kind: kind, card: began?.card,
                                    start: began?.t ?? t, end: t, translation: translation, velocity: velocity,
                                    outcome: outcome,
                                    distanceFraction: verdict?.distanceFraction,
                                    speedFraction: verdict?.speedFraction)
                    g.direction = verdict?.direction
                    g.label = verdict?.label
                    gestures.append(g)
                    open = nil
                case .interactionChanged(let t, _, let to):
                    interaction = to
                    changes.append((t, to))
                case .deleted(let t, let card, _):
                    // Logs from before causes were logged: the participant's.
                    let o = logged.origin ?? DeckChangeOrigin(cause: .pointer)
                    decisions.append(Decision(t: t, card: card, cause: o.cause, direction: o.direction, label: o.label))
                case .restored(let t, let card, _):
                    restores.append((t, card))
                    if logged.origin?.cause == .pointer {
                        bringBacks.append((t, card))
                    } else {
                        let undone = decisions.lastIndex { $0.card == card && $0.t <= t }
                        undos.append(Undo(t: t, card: card, decision: undone, after: undone.map { t - decisions[$0].t }))
                    }
                case .paged(let t, let from, let to): pages.append((t, from, to))
                case .selected(let t, _): selections.append(t)
                default: break
                }
            }
        }
        self.gestures = gestures
        self.selections = selections
        self.pages = pages
        self.restores = restores
        self.decisions = decisions
        self.undos = undos
        self.bringBacks = bringBacks
        interactionChanges = changes
        // A throw undone: an undo (Z) took back its card's deletion within the window.
        undoneThrows = gestures.compactMap { g in
            guard g.outcome == .thrown, let card = g.card,
                  let back = undos.first(where: { $0.card == card && $0.t >= g.end && ($0.after ?? .infinity) <= Self.undoWindow })
            else { return nil }
            return (g, back.after ?? 0)
        }
        var accidental: [(Double, Int, Int, Double)] = []
        var i = 0
        while i + 1 < pages.count {
            let p = pages[i], q = pages[i + 1]
            if q.from == p.to && q.to == p.from && q.t - p.t <= Self.backWindow {
                accidental.append((p.t, p.from, p.to, q.t - p.t))
                i += 2   // the page back corrects the accident; it is not one itself
            } else {
                i += 1
            }
        }
        accidentalPages = accidental
        gaps = zip(gestures, gestures.dropFirst()).map { max(0, $1.start - $0.end) }
        taskRuns = TaskInterval.runs(of: session)
    }

    /// Every interaction the session showed, in the order it first came on show: the one it
    /// started in, then each it was switched to (the report's headline names them all).
    package var interactionsUsed: [Interaction] {
        var seen: [Interaction] = []
        for i in [session.demo] + interactionChanges.map(\.to) where !seen.contains(i) { seen.append(i) }
        return seen
    }

    /// The interaction on show at session time `t`.
    package func interaction(at t: Double) -> Interaction {
        interactionChanges.last { $0.t <= t }?.to ?? session.demo
    }

    /// The participant's throws by key, in `interaction` (any when nil).
    package func keyDecisions(in interaction: Interaction?) -> Int {
        personalDecisions.filter { d in d.cause == .key && (interaction.map { self.interaction(at: d.t) == $0 } ?? true) }.count
    }

    /// The participant's own decisions (pointer and keys), in order.
    package var personalDecisions: [Decision] { decisions.filter(\.isPersonal) }

    /// The participant's decisions undone by an undo within `undoWindow` of the deletion.
    package var undoneDecisions: [(decision: Decision, after: Double)] {
        undos.compactMap { u in
            guard let i = u.decision, let after = u.after, after <= Self.undoWindow, decisions[i].isPersonal else { return nil }
            return (decisions[i], after)
        }
    }

    package var nearMisses: [Gesture] { gestures.filter { $0.isNearMiss() } }

    /// Presses (Maze's clicks): every gesture begun, whatever it did or missed, and every tap
    /// that selected a card.
    package var presses: Int { gestures.count + selections.count }
    /// Misclicks: presses that landed on no card, on empty stage or on the surround.
    package var misclicks: [Gesture] { gestures.filter(\.isMisclick) }
    /// The misclicks of one task run, of its presses: those begun inside `run` (Maze's misclick
    /// rate of a mission), as the report's task table and the study's task_rates.csv count them.
    package func misclicks(in run: TaskInterval) -> Proportion {
        let presses = gestures.filter { run.contains($0.start) }.count + selections.filter { run.contains($0) }.count
        return Proportion(misclicks.filter { run.contains($0.start) }.count, presses)
    }
    package var narrowThrows: [Gesture] { gestures.filter { $0.isNarrowThrow() } }

    /// Per direction (named where the interaction names it: likes, nopes, supers): card releases
    /// by gesture, and the participant's decisions that way by gesture and by key; directions
    /// in a fixed order. A key's decision has no release.
    package var perDirection: [(direction: String, releases: Int, thrown: Int, byKey: Int)] {
        var table: [String: (Int, Int, Int)] = [:]
        for g in gestures where g.kind == .card {
            guard g.direction != nil else { continue }
            table[g.directionName, default: (0, 0, 0)].0 += 1
        }
        for d in personalDecisions where d.direction != nil {
            if d.cause == .pointer { table[d.directionName, default: (0, 0, 0)].1 += 1 } else {
                table[d.directionName, default: (0, 0, 0)].2 += 1
            }
        }
        return table.keys.sorted().map { ($0, table[$0]!.0, table[$0]!.1, table[$0]!.2) }
    }

    /// Gestures by kind, then outcome.
    package var counts: [(kind: GestureKind, outcome: GestureOutcome, count: Int)] {
        var table: [String: (GestureKind, GestureOutcome, Int)] = [:]
        for g in gestures {
            let key = "\(g.kind.rawValue)/\(g.outcome.rawValue)"
            table[key, default: (g.kind, g.outcome, 0)].2 += 1
        }
        return table.keys.sorted().compactMap { table[$0] }.map { ($0.0, $0.1, $0.2) }
    }
}

/// The median of a list (0 when empty).
package func median(_ xs: [Double]) -> Double {
    guard !xs.isEmpty else { return 0 }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
