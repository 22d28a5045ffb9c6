import FlickSDL

/// The participant panel's keys (plain: no Ctrl, Alt or Command), while it shows the task bar or
/// a questionnaire. One table: `RoleRouter` decides from it, and `--tasks`'s help is written
/// from it. A key of no row goes on to the participant keys (`KeyBindings`).
enum PanelKeys {
    struct Row: Sendable {
        /// The keys as `--help` names them.
        let name: String
        /// The decision for a key on what the panel shows, nil when the key is not this row's.
        let decide: @Sendable (Key, RolePanel) -> RoleDecision?
        /// The auto-repeats of a held key act again (Tab); else only the first press does.
        var repeats = false
        /// A few words for `--help`.
        let label: String
    }

    static let rows: [Row] = [
        Row(name: "1-7", decide: { key, panel in
            // A questionnaire up takes every character: a value of its scale answers, any other
            // is said to answer nothing (the screen names the keys that do).
            guard case .character(let c) = key, case .questionnaire(let scale) = panel else { return nil }
            guard let v = c.wholeNumberValue, scale.contains(v) else { return .expectAnswer }
            return .answer(v)
        }, label: "answer the questionnaire on the participant's screen (its scale's digits)"),
        Row(name: "Tab", decide: { key, panel in
            guard key == .tab, case .taskBar = panel else { return nil }
            return .focusNext
        }, repeats: true, label: "moves between Done and Give up on the task bar"),
        Row(name: "Enter or Space", decide: { key, panel in
            guard key == .enter || key == .space, case .taskBar(focus: .some) = panel else { return nil }
            return .pressFocused
        }, label: "presses the one Tab is on"),
    ]

    /// What a plain key does on the panel: its row's decision (a repeat of a row that does not
    /// repeat acts on nothing), nil for a key of no row.
    static func decision(for key: Key, on panel: RolePanel, isRepeat: Bool) -> RoleDecision? {
        for row in rows {
            guard let decision = row.decide(key, panel) else { continue }
            return isRepeat && !row.repeats ? .ignored : decision
        }
        return nil
    }

    /// `--tasks`'s help: every row, in order.
    static var help: String {
        rows.map { "\($0.name) \($0.label)" }.joined(separator: "; ")
    }
}
