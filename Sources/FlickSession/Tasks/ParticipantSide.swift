import FlickIO
import Foundation

/// The participant's side of a study (`"participantSide"` of a tasks file, as Maze and Useberry
/// offer it): the task's text on the participant's screen with Done and Give up, the Single Ease
/// Question after each task, the System Usability Scale after the session. Off unless the tasks
/// file asks; a task may override the study's `taskText` and `seq`.
///
/// In the file: `"participantSide": true` (all three on), or
/// `{"taskText": true, "seq": true, "sus": true}` (a key left out is off); on a task:
/// `"participantSide": false` (neither text nor SEQ for it) or `{"taskText": …, "seq": …}`
/// (a key left out keeps the study's).
package struct ParticipantSide: Codable, Equatable, Sendable {
    /// The task's text with Done and Give up on the participant's screen while it runs.
    package var taskText: Bool?
    /// The Single Ease Question after each task.
    package var seq: Bool?
    /// The System Usability Scale after the session (study level only).
    package var sus: Bool?

    package init(taskText: Bool? = nil, seq: Bool? = nil, sus: Bool? = nil) {
        self.taskText = taskText
        self.seq = seq
        self.sus = sus
    }

    /// Everything on: `"participantSide": true`.
    package static let all = ParticipantSide(taskText: true, seq: true, sus: true)

    /// What a task of the study shows: its own settings over the study's.
    package static func resolved(study: ParticipantSide?, task: ParticipantSide?) -> (taskText: Bool, seq: Bool) {
        (task?.taskText ?? study?.taskText ?? false, task?.seq ?? study?.seq ?? false)
    }

    /// Checks a `participantSide` value of a tasks file: `true`/`false` or an object of booleans.
    /// `task` is false at the study level (where `sus` is allowed). One-line errors name the
    /// file, the task and the field.
    package static func parse(_ raw: Any, at: String, task: Bool) throws -> ParticipantSide {
        let keys = task ? ["taskText", "seq"] : ["taskText", "seq", "sus"]
        let expected = "expected true, false or an object of \(keys.map { "'\($0)'" }.joined(separator: ", ")) each true or false"
        if let n = raw as? NSNumber, ConfigFile.isBoolean(n) {
            let on = n.boolValue
            return ParticipantSide(taskText: on, seq: on, sus: task ? nil : on)
        }
        guard let o = raw as? [String: Any] else {
            throw UserError("\(at): 'participantSide' = \(describe(raw)) is not true, false or an object (\(expected))")
        }
        if let unknown = o.keys.sorted().first(where: { !keys.contains($0) }) {
            let why = task && unknown == "sus" ? " (the SUS is asked once, after the session: set it at the top of the file)" : ""
            throw UserError("\(at): 'participantSide' has an unknown key '\(unknown)'\(why) (\(expected))")
        }
        func flag(_ key: String) throws -> Bool? {
            guard let v = o[key] else { return nil }
            guard let n = v as? NSNumber, ConfigFile.isBoolean(n) else {
                throw UserError("\(at): 'participantSide.\(key)' = \(describe(v)) is not true or false")
            }
            return n.boolValue
        }
        var side = ParticipantSide(taskText: try flag("taskText"), seq: try flag("seq"), sus: nil)
        if !task { side.sus = try flag("sus") ?? false }
        if !task {
            side.taskText = side.taskText ?? false
            side.seq = side.seq ?? false
        }
        return side
    }

    /// A JSON value as a message shows it: strings quoted, others as JSON.
    static func describe(_ v: Any) -> String {
        if let s = v as? String { return "\"\(TextLimits.excerpt(s))\"" }
        if let n = v as? NSNumber { return ConfigFile.isBoolean(n) ? (n.boolValue ? "true" : "false") : "\(n)" }
        if v is NSNull { return "null" }
        if v is [Any] { return "a list" }
        return "an object"
    }
}
