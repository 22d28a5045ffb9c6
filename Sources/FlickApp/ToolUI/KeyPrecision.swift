import FlickEngine
import Foundation

/// How finely the tuning panel sets a config key: the step a value is rounded to when written
/// (so a preset, the write-back and the recording hold `0.35`, never `0.35000000000000003` or
/// `988.9382225822496`), and how far one pixel of mouse travel moves it.
extension ConfigKey {
    /// Decimals shown and kept: whole numbers over wide ranges (pt/s, pt), more for narrow ones,
    /// and always fine enough to reach the range's lower end.
    var panelDecimals: Int {
        if isInteger { return 0 }
        let span = range.upperBound - range.lowerBound
        var d = span >= 500 ? 0 : span >= 20 ? 1 : span >= 2 ? 2 : 3
        let low = abs(range.lowerBound)
        while d < 6, low > 0, low < pow(10, -Double(d)) { d += 1 }
        return d
    }

    /// The smallest step the panel writes.
    var panelStep: Double { pow(10, -Double(panelDecimals)) }

    /// `value` at the panel's precision, within the range.
    func panelRounded(_ value: Double) -> Double {
        let d = panelDecimals
        let rounded = (value * pow(10, Double(d))).rounded() / pow(10, Double(d))
        // Through text, so the stored Double is the one the decimal reads as.
        let exact = Double(String(format: "%.\(d)f", rounded)) ?? rounded
        return min(max(exact, range.lowerBound), range.upperBound)
    }

    /// Change per pixel of drag: half a percent of the value, so steps stay fine near any value
    /// (100 pt/s moves by 0.5 pt/s a pixel, 5000 by 25), and a quarter step near zero (ImGui
    /// carries the fractions over until a whole step is made). Shift makes it coarse (x10), Alt
    /// finer (1/100): ImGui's own modifiers.
    func panelDragSpeed(at value: Double) -> Double {
        max(panelStep / 4, abs(value) * 0.005)
    }

    /// The field's text: the value at the panel's precision with the unit ("%%" for a percent).
    var panelFormat: String {
        "%.\(panelDecimals)f" + (unit.isEmpty ? "" : " \(unit.replacingOccurrences(of: "%", with: "%%"))")
    }
}
