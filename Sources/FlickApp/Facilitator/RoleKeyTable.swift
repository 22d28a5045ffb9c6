import FlickSDL

/// A window's own keys as one table: `RoleRouter` decides from it, and the legend and `--help`
/// are written from it, so they cannot disagree. `Context`: what a key's meaning depends on
/// (what the participant's panel shows; nothing for the facilitator's window).
struct RoleKeyTable<Context>: Sendable {
    struct Row: Sendable {
        /// The keys as the legend and `--help` name them.
        let name: String
        /// The decision for a key in `Context`, nil when the key is not this row's.
        let decide: @Sendable (Key, Context) -> RoleDecision?
        /// The auto-repeats of a held key act again; else only the first press does.
        var repeats = false
        /// A few words for the legend and `--help`.
        let label: String
    }

    let rows: [Row]

    /// The first row's decision for `key`: `.ignored` for a repeat of a row that does not
    /// repeat; nil for a key of no row.
    func decision(for key: Key, in context: Context, isRepeat: Bool) -> RoleDecision? {
        for row in rows {
            guard let decision = row.decide(key, context) else { continue }
            return isRepeat && !row.repeats ? .ignored : decision
        }
        return nil
    }

    /// The row named `name`, as "NAME label".
    func line(_ name: String) -> String? {
        rows.first { $0.name == name }.map { "\($0.name) \($0.label)" }
    }

    /// Every row, in order, for `--help`.
    var help: String { rows.map { "\($0.name) \($0.label)" }.joined(separator: "; ") }
}
