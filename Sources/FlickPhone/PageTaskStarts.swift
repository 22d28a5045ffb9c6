import FlickEngine
import FlickSession

/// A task's start state while the page runs the engine (`--phone-engine --tasks`).
///
/// The session starts a task at a marker and sets its start state up at the marker's time
/// (`SessionRunner`); the page's engine has to take the same steps at the same time. So the
/// marker that starts a task with a start state waits on the host. The state goes to the page
/// as records: the config's keys staged, then one `start` (`EngineInput.start`). The page gives
/// them to its engine at its own time, and when the `start` comes back as the page's record the
/// marker plays at that record's time, and the session sets up the same state there
/// (`CardScene.start` on both sides). What the host makes meanwhile (markers, notes, answers,
/// a questionnaire) waits behind it, so the session takes it in the order it was made.
package struct PageTaskStarts {
    /// The marker whose start state the page is taking, with that state.
    package private(set) var waiting: (marker: RecordedInput, start: TaskStart)?
    /// The host's inputs made while a start was waiting, in order.
    package private(set) var held: [RecordedInput] = []

    package init() {}

    package var isWaiting: Bool { waiting != nil }

    /// The records that set `start` up in the page's engine: each numeric key of its config
    /// staged (all of them, so the page's config at that moment does not matter), then the start.
    package static func records(for start: TaskStart) -> [EngineInput] {
        var out: [EngineInput] = []
        if let config = start.config {
            for (i, key) in SceneConfig.keys.enumerated() {
                if let v = config.value(at: key.path) { out.append(.setValue(key: i, value: v, more: true)) }
            }
        }
        out.append(startRecord(for: start))
        return out
    }

    /// The record that sets `start` up once its config is staged.
    private static func startRecord(for start: TaskStart) -> EngineInput {
        .start(interaction: start.interaction, cards: start.cards?.count, reset: start.reset == true, config: start.config != nil)
    }

    /// Why a task's start config cannot reach the page's engine from the session's config
    /// `session`, or nil when it can: the page takes text keys (the direction names) only as the
    /// session starts, and has no record that unsets an optional key.
    package static func unreachable(_ config: SceneConfig, from session: SceneConfig) -> String? {
        if let path = SceneConfig.textKeys.first(where: { config.text(at: $0) != session.text(at: $0) }) {
            return "its \(path) differs from the session's (the page's engine takes the direction names only as the session starts)"
        }
        if let key = SceneConfig.keys.first(where: { config.value(at: $0.path) == nil && session.value(at: $0.path) != nil }) {
            return "it leaves \(key.path) unset where the session sets it (the page's engine cannot unset a key)"
        }
        return nil
    }

    /// The marker `marker` starts a task set up as `start`: it waits for the page's start.
    /// Returns the records to send the page.
    package mutating func begin(_ marker: RecordedInput, start: TaskStart) -> [EngineInput] {
        waiting = (marker, start)
        return Self.records(for: start)
    }

    /// The task marker M drops while a start waits: the end of the task it starts (by the time
    /// the marker plays, that task is under way). Nil when no start waits, or when a marker
    /// already waits behind it (what comes next is not known until it plays).
    package var nextTaskMarker: Marker? {
        guard let waiting, !held.contains(where: { $0.marker != nil }) else { return nil }
        return Marker(label: "end", task: waiting.marker.marker?.task)
    }

    /// An input of the host's made while a start waits: it waits behind it.
    package mutating func hold(_ input: RecordedInput) { held.append(input) }

    /// The page's `start` record came back: the marker to play at its time `t`, or a problem
    /// (a start the host never sent, or one that is not the state it sent; the marker still
    /// plays then, and the digests will say whether the scenes differ). `staged` is the config the
    /// page's config edits staged before it (`EngineInput.takeStaged`).
    package mutating func started(_ record: EngineInput, staged: SceneConfig?, at t: Double)
        -> (marker: RecordedInput?, problem: String?) {
        guard let (marker, start) = waiting else {
            return (nil, "a task start the host never sent (\(record)); refused")
        }
        waiting = nil
        var played = marker
        played.t = t
        let sent = Self.startRecord(for: start)
        var problem: String?
        if record != sent {
            problem = "the page started the task as \(record), the host sent \(sent)"
        } else if let want = start.config {
            let differing = SceneConfig.keys.filter { key in
                staged?.value(at: key.path)?.bitPattern != want.value(at: key.path)?.bitPattern
            }
            if let first = differing.first {
                problem = "the page's staged config for the task start differs from the tasks file's in \(differing.count) keys (\(first.path) first)"
            }
        }
        return (played, problem)
    }

    /// The inputs that waited behind the start, in order, given back to be taken again (one of
    /// them may start the next task and wait in its turn: take them one by one while
    /// `isWaiting` is false).
    package mutating func nextHeld() -> RecordedInput? {
        guard !isWaiting, !held.isEmpty else { return nil }
        return held.removeFirst()
    }
}
