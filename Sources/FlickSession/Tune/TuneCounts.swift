import FlickIO
import FlickEngine

/// What one recording's gestures do under one point of a sweep, set against what they did in
/// the live session. The two error counts are proxies, not truths: an undo within 3 s suggests
/// a throw the participant did not mean, a card dragged again within 2 s suggests a throw they
/// meant and did not get.
package struct TuneCounts: Equatable, Sendable {
    package var cardDrags = 0
    package var throwCount = 0
    package var snapBacks = 0
    /// Card releases within 15 % under a threshold (`Gesture.isNearMiss`).
    package var nearMisses = 0
    /// The participant's throws by key (no threshold decides them: the same under every point).
    package var keyThrows = 0
    /// Throws undone within 3 s in the live session (the same under every point).
    package var undoneLive = 0
    /// ... of which this point still throws: likely accidental throws it keeps.
    package var accidentalKept = 0
    /// First tries of repeated attempts in the live session (a card drag that did not throw and
    /// was dragged again within 2 s; the same under every point).
    package var retriedLive = 0
    /// ... of which this point throws at the first try: likely missed intent it would serve.
    package var missedServed = 0
    /// Presses held back because a SEQ or the SUS was up, as recorded (a what-if keeps the
    /// recorded panels: the same under every point).
    package var heldByPanel = 0
    /// Tasks with a goal (the same under every point: a what-if keeps the recorded tasks).
    package var goals = 0
    /// ... whose goal the live session met.
    package var goalsMetLive = 0
    /// ... whose goal this point meets within the task's recorded time.
    package var goalsMet = 0
    /// The tasks whose goal this point meets where the live session did not, or the reverse:
    /// where the preset changed a task's course.
    package var changedTasks: [ChangedTask] = []

    /// A task whose goal a point meets where the live session did not, or the reverse.
    package struct ChangedTask: Equatable, Sendable {
        /// The task's name and 1-based number in its session.
        package var task: String
        package var number: Int
        package var metLive: Bool
        /// When this point meets it (session seconds), nil when it does not.
        package var metAt: Double?
    }

    package init() {}

    /// Every decision of the participant's: throws by gesture and by key.
    package var decisions: Int { throwCount + keyThrows }

    /// Repeated attempts whose first try this point still does not throw.
    package var missedLeft: Int { retriedLive - missedServed }
    /// The sum the sweep minimises: accidental throws kept plus missed intent left.
    package var errorProxies: Int { accidentalKept + missedLeft }

    package static func + (a: TuneCounts, b: TuneCounts) -> TuneCounts {
        var s = a
        s.cardDrags += b.cardDrags; s.throwCount += b.throwCount; s.snapBacks += b.snapBacks
        s.nearMisses += b.nearMisses; s.keyThrows += b.keyThrows; s.undoneLive += b.undoneLive; s.accidentalKept += b.accidentalKept
        s.retriedLive += b.retriedLive; s.missedServed += b.missedServed
        s.heldByPanel += b.heldByPanel; s.goals += b.goals; s.goalsMetLive += b.goalsMetLive; s.goalsMet += b.goalsMet
        s.changedTasks += b.changedTasks
        return s
    }

    /// `replay`: the same recording replayed under the point's config; `live`: under its own.
    /// A gesture is the same gesture in both when it began at the same session time (the same
    /// press): its card may differ once an earlier outcome changed, its press did not. `scope`:
    /// only what was done in that interaction (the one whose key is swept) counts.
    package init(live: SessionMetrics, replay: SessionMetrics, scope: Interaction? = nil) {
        let inScope = { (g: Gesture) in scope.map { g.interaction == $0 } ?? true }
        let gestures = replay.gestures.filter(inScope)
        let cardDrags = gestures.filter { $0.kind == .card && $0.card != nil }
        self.cardDrags = cardDrags.count
        throwCount = cardDrags.filter { $0.outcome == .thrown }.count
        snapBacks = cardDrags.filter { $0.outcome == .snappedBack }.count
        nearMisses = gestures.filter { $0.isNearMiss() }.count
        keyThrows = replay.keyDecisions(in: scope)
        var byStart: [Double: Gesture] = [:]
        for g in replay.gestures where byStart[g.start] == nil { byStart[g.start] = g }
        let throwsThere = { (g: Gesture) in byStart[g.start].map { $0.kind == .card && $0.outcome == .thrown } ?? false }
        let attempts = Attempts(live)
        let undone = attempts.undone.filter { inScope(live.gestures[$0.index]) }
        undoneLive = undone.count
        accidentalKept = undone.filter { throwsThere(live.gestures[$0.index]) }.count
        let firstTries = attempts.chains.filter { $0.attempts >= 2 }.map { live.gestures[$0.gestures[0]] }.filter(inScope)
        retriedLive = firstTries.count
        missedServed = firstTries.filter(throwsThere).count
        heldByPanel = replay.session.blockedPresses
        // Tasks: the replay follows the live course, so its task_ended lines are the live ones
        // with what the point made of each goal (`whatIf`); the live session as recorded has none.
        let goalTasks = Set(live.session.taskStarts.filter { $0.goal != nil }.map(\.number))
        for line in replay.session.taskEnds where goalTasks.contains(line.number) {
            let met = line.whatIf.map { $0.goalMet == true } ?? line.goalMet
            goals += 1
            if line.goalMet { goalsMetLive += 1 }
            if met { goalsMet += 1 }
            if met != line.goalMet {
                changedTasks.append(ChangedTask(task: line.task, number: line.number, metLive: line.goalMet,
                                                metAt: met ? line.whatIf?.t : nil))
            }
        }
    }
}
