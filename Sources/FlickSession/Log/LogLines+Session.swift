import FlickIO
import FlickEngine

/// A note typed by the facilitator, timestamped on the session clock.
package struct LogNote: Codable, Equatable {
    package var event = "note"
    package var t: Double
    package var text: String
    /// The task under way, if any.
    package var task: String?
    package init(t: Double, text: String, task: String? = nil) {
        self.t = SceneEvent.microseconds(t)
        self.text = text
        self.task = task
    }
}

/// The `--cards` folder changed: the files added, removed and saved anew (the deck's own
/// `deleted` and `inserted` events follow).
package struct LogCardsChanged: Codable, Equatable {
    package var event = "cards_changed"
    package var t: Double
    package var added: [String]
    package var removed: [String]
    package var changed: [String]
    package init(t: Double, change: CardFolderChange) {
        self.t = SceneEvent.microseconds(t)
        added = change.added.map(\.name)
        removed = change.removed
        changed = change.changed.map(\.name)
    }
}

extension InteractionLog {
    package func note(time: Double, text: String, task: String?) throws { try append(LogNote(t: time, text: text, task: task)) }
}
