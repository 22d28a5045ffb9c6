import FlickSession
import FlickEngine

/// The config keys as a Markdown table (`flick --print-keys`, the README's list), straight from
/// the engine's key table, so the documentation cannot drift from what the panel offers.
enum ConfigKeyTable {
    static func markdown() -> String {
        let defaults = SceneConfig()
        var out = "| key | unit | range | default | what it sets |\n|---|---|---|---|---|\n"
        for key in SceneConfig.keys {
            let value = defaults.value(at: key.path).map { key.isFlag ? String($0 != 0) : number($0, key) } ?? "auto"
            let range = key.isFlag ? "true or false"
                : "\(number(key.range.lowerBound, key)) – \(number(key.range.upperBound, key))"
            let summary = key.summary.replacingOccurrences(of: "|", with: "\\|")
            out += "| `\(key.path)` | \(key.unit) | \(range) | \(value) | \(summary) |\n"
        }
        for path in SceneConfig.textKeys {
            let value = defaults.text(at: path) ?? ""
            out += "| `\(path)` | text | 1 – \(ConfigTextField<SceneConfig>.maxLength) characters, one line | \(value) | "
                + "the swipe deck's name of that direction, logged and drawn on the card |\n"
        }
        return out
    }

    /// 600, 0.998, 1e+06: short, exact for the values the table holds.
    static func number(_ v: Double, _ key: ConfigKey) -> String {
        if key.isInteger || (v == v.rounded() && abs(v) < 1e6) { return String(Int(v)) }
        if abs(v) >= 1e6 { return String(format: "%g", v) }
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
