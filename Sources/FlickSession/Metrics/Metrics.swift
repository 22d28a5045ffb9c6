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

    /// Released within `band` (15 %) under a threshold, thrown or not.
    package func isNearMiss(band: Double = 0.15) -> Bool {
        [distanceFraction, speedFraction].contains { f in f.map { $0 >= 1 - band && $0 < 1 } ?? false }
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

/// The measures of one session: gestures and the patterns no card library reports.
package struct SessionMetrics {
    package var session: StudySession
    package var gestures: [Gesture]
    /// A throw whose card came back (undo) within `undoWindow` seconds.
    package var undoneThrows: [(gesture: Gesture, after: Double)]
    /// Paged to a card, then back within `backWindow` seconds.
    package var accidentalPages: [(t: Double, from: Int, to: Int, back: Double)]
    /// Seconds from the end of one gesture to the start of the next.
    package var gaps: [Double]
    /// Seconds from each task start marker to the next end marker.
    package var tasks: [(task: String?, start: Double, seconds: Double)]
    package var pages: [(t: Double, from: Int, to: Int)]
    /// Cards brought back (undo), session seconds.
    package var restores: [(t: Double, card: CardID)]

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
        for item in session.items {
            switch item {
            case .config(_, let c): config = c
            case .marker: break
            case .scene(let logged):
                let release = logged.release
                switch logged.event {
                case .gestureBegan(let t, let kind, let card): open = (t, kind, card)
                case .gestureEnded(let t, let kind, let translation, let velocity, let outcome):
                    let began = open.flatMap { $0.kind == kind ? $0 : nil }
                    // The verdict logged with the release, as the engine decided it; for older
                    // logs without it, the engine's rule decides it again from the logged
                    // translation and velocity (nothing here restates a threshold).
                    let verdict = release ?? interaction.verdict(kind: kind, translation: translation, velocity: velocity,
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
                case .interactionChanged(_, _, let to): interaction = to
                case .restored(let t, let card, _): restores.append((t, card))
                case .paged(let t, let from, let to): pages.append((t, from, to))
                default: break
                }
            }
        }
        self.gestures = gestures
        self.pages = pages
        self.restores = restores
        // A throw undone: its card is restored within the window of the release.
        undoneThrows = gestures.compactMap { g in
            guard g.outcome == .thrown, let card = g.card,
                  let back = restores.first(where: { $0.card == card && $0.t >= g.end && $0.t - g.end <= Self.undoWindow })
            else { return nil }
            return (g, back.t - g.end)
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
        var tasks: [(String?, Double, Double)] = []
        var started: (t: Double, task: String?)?
        for m in session.markers {
            if m.label == "start" { started = (m.t, m.task) }
            else if m.label == "end", let s = started { tasks.append((s.task ?? m.task, s.t, m.t - s.t)); started = nil }
        }
        self.tasks = tasks
    }

    package var nearMisses: [Gesture] { gestures.filter { $0.isNearMiss() } }

    /// Card releases per direction (named where the interaction names it: likes, nopes, supers),
    /// with how many were thrown; directions in a fixed order.
    package var perDirection: [(direction: String, releases: Int, thrown: Int)] {
        var table: [String: (Int, Int)] = [:]
        for g in gestures where g.kind == .card {
            guard g.direction != nil else { continue }
            let key = g.directionName
            table[key, default: (0, 0)].0 += 1
            if g.outcome == .thrown { table[key, default: (0, 0)].1 += 1 }
        }
        return table.keys.sorted().map { ($0, table[$0]!.0, table[$0]!.1) }
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
