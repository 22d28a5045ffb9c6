import FlickSDL

/// The facilitator window's own keys (without Ctrl or Alt; those do what they do in the
/// participant's window, `KeyBindings`): the router, the window's legend and `--facilitator`'s
/// help come from this table.
enum FacilitatorKeys {
    static let table = RoleKeyTable<Void>(rows: [
        .init(name: "F1-F9", decide: { key, _ in
            if case .function(let n) = key, (1...9).contains(n) { return .marker(n) }
            return nil
        }, label: "the labelled markers"),
        .init(name: "F10", decide: { key, _ in key == .function(10) ? .pause : nil }, repeats: true, label: "pauses or resumes"),
        .init(name: "F11", decide: { key, _ in key == .function(11) ? .askSUS : nil }, label: "asks the SUS"),
        .init(name: "Enter", decide: { key, _ in key == .enter ? .enter : nil },
              label: "saves the note, or with none typed starts or ends the task"),
        .init(name: "Backspace", decide: { key, _ in key == .backspace ? .noteBackspace : nil }, repeats: true,
              label: "deletes a letter of the note"),
        .init(name: "Escape", decide: { key, _ in key == .escape ? .noteClear : nil }, repeats: true, label: "drops the note"),
    ])

    /// What a plain key (no Ctrl, no Alt) of the facilitator's window does; a key of no row does
    /// nothing (typing reaches the note as text, not as keys).
    static func decision(for key: Key, isRepeat: Bool) -> RoleDecision {
        table.decision(for: key, in: (), isRepeat: isRepeat) ?? .ignored
    }

    /// The legend over the markers: the keys beside them.
    static var markerLegend: String {
        "Markers (\(["F10", "F11"].compactMap(table.line).joined(separator: ", ")))"
    }

    /// `--facilitator`'s help: every row, in order.
    static var help: String { table.help }
}
