import FlickStage
import FlickCLI
import Foundation

/// The one writer of every cell of Flick's tables (`gestures.csv`, the study's tables,
/// `tune.csv`, `differences.csv`): RFC 4180 quoting, numbers as R, pandas and DuckDB read them,
/// and text that a spreadsheet would take for a formula made inert.
///
/// A text cell (a participant, a condition, a task, a file name, a preset: anything a design,
/// a config or a session file can hold) that begins with `=`, `+`, `-`, `@`, a tab or a carriage
/// return is written with a single quote in front, and quoted, as OWASP advises against CSV
/// injection: `=1+2` is the cell `"'=1+2"`, which a spreadsheet shows as text. Numbers never are:
/// they are written by `number` from a `Double` (or an `Int`), so `-0.5` stays a number.
enum CSV {
    /// The first characters that make a spreadsheet evaluate a cell.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// `s` as a text cell: a formula's first character neutralised, then quoted when it holds a
    /// comma, a quote or a line break (or was neutralised).
    static func text(_ s: String) -> String {
        if let first = s.first, formulaStarts.contains(first) {
            return "\"'" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }

    /// `x` to six decimals, as an integer when it is one; empty when it is not finite.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "" }
        let r = (x * 1_000_000).rounded() / 1_000_000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    /// `x`, or an empty cell when there is none.
    static func number(_ x: Double?) -> String { x.map(number) ?? "" }

    /// Booleans as every Flick table writes them: true, false, or empty where it does not apply.
    static func flag(_ b: Bool?) -> String { b.map { $0 ? "true" : "false" } ?? "" }
}
