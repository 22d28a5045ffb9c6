import FlickSDL

/// The facilitator window's own keys (without Ctrl or Alt; those do what they do in the
/// participant's window, `KeyBindings`). One table: `RoleRouter` decides from it, the window's
/// legend and `--facilitator`'s help are written from it, so the three cannot disagree.
enum FacilitatorKeys {
    /// One line: the keys it matches, what a press does, whether its auto-repeats act again,
    /// and what the legend and `--help` say.
    struct Row: Sendable {
        /// The key's name as the legend and `--help` show it.
        let name: String
        /// The decision for a key, nil when the key is not this row's.
        let decide: @Sendable (Key) -> RoleDecision?
        let repeats: Bool
        /// A few words for the legend and `--help`.
        let label: String
    }

    static let rows: [Row] = [
        Row(name: "F1-F9", decide: { key in
            if case .function(let n) = key, (1...9).contains(n) { return .marker(n) }
            return nil
        }, repeats: false, label: "the labelled markers"),
        Row(name: "F10", decide: { $0 == .function(10) ? .pause : nil }, repeats: true, label: "pauses or resumes"),
        Row(name: "F11", decide: { $0 == .function(11) ? .askSUS : nil }, repeats: false, label: "asks the SUS"),
        Row(name: "Enter", decide: { $0 == .enter ? .enter : nil }, repeats: false,
            label: "saves the note, or with none typed starts or ends the task"),
        Row(name: "Backspace", decide: { $0 == .backspace ? .noteBackspace : nil }, repeats: true, label: "deletes a letter of the note"),
        Row(name: "Escape", decide: { $0 == .escape ? .noteClear : nil }, repeats: true, label: "drops the note"),
    ]

    /// What a plain key (no Ctrl, no Alt) of the facilitator's window does: its row's decision,
    /// `.ignored` for a repeat of a row that does not repeat or for a key of no row (typing
    /// reaches the note as text, not as keys).
    static func decision(for key: Key, isRepeat: Bool) -> RoleDecision {
        for row in rows {
            guard let decision = row.decide(key) else { continue }
            return isRepeat && !row.repeats ? .ignored : decision
        }
        return .ignored
    }

    /// The row of `name`.
    static func row(_ name: String) -> Row? { rows.first { $0.name == name } }

    /// The legend over the markers: the keys beside them.
    static var markerLegend: String {
        let keys = ["F10", "F11"].compactMap(row).map { "\($0.name) \($0.label)" }
        return "Markers (\(keys.joined(separator: ", ")))"
    }

    /// `--facilitator`'s help: every row, in order.
    static var help: String {
        rows.map { "\($0.name) \($0.label)" }.joined(separator: "; ")
    }
}
