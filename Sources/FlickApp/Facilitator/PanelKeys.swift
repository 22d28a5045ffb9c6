import FlickSDL

/// The participant panel's keys (plain: no Ctrl, Alt or Command), while it shows the task bar or
/// a questionnaire: the router and `--tasks`'s help come from this table. A key of no row goes
/// on to the participant keys (`KeyBindings`).
enum PanelKeys {
    static let table = RoleKeyTable<RolePanel>(rows: [
        .init(name: "1-7", decide: { key, panel in
            // A questionnaire up takes every character: a value of its scale answers, any other
            // is said to answer nothing (the screen names the keys that do).
            guard case .character(let c) = key, case .questionnaire(let scale) = panel else { return nil }
            guard let v = c.wholeNumberValue, scale.contains(v) else { return .expectAnswer }
            return .answer(v)
        }, label: "answer the questionnaire on the participant's screen (its scale's digits)"),
        .init(name: "Tab", decide: { key, panel in
            guard key == .tab, case .taskBar = panel else { return nil }
            return .focusNext
        }, repeats: true, label: "moves between Done and Give up on the task bar"),
        .init(name: "Enter or Space", decide: { key, panel in
            guard key == .enter || key == .space, case .taskBar(focus: .some) = panel else { return nil }
            return .pressFocused
        }, label: "presses the one Tab is on"),
    ])

    /// What a plain key does on the panel, nil for a key of no row.
    static func decision(for key: Key, on panel: RolePanel, isRepeat: Bool) -> RoleDecision? {
        table.decision(for: key, in: panel, isRepeat: isRepeat)
    }

    /// `--tasks`'s help: every row, in order.
    static var help: String { table.help }
}
