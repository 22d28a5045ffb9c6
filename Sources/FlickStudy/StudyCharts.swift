import FlickStage
import FlickCLI
import FlickSession
import FlickEngine
import Foundation

/// The study page's charts as inline SVG: a strip per aggregate with its interval and a dot
/// per participant, and the heatmaps per interaction (where drags start on the card, where
/// releases fall against the throw boundary, the drag paths).
enum StudyCharts {
    static let f = SVGCharts.f

    /// A stable colour per condition (the page's legend uses the same).
    static func color(condition index: Int) -> String {
        ["#1971c2", "#e8590c", "#2f9e44", "#9c36b5", "#c2255c", "#0c8599"][index % 6]
    }

    /// A participant's vertical place in a strip: spread by their index so dots at one value
    /// do not hide each other.
    static func jitter(_ index: Int, height: Double) -> Double {
        let steps = [0.5, 0.25, 0.75, 0.375, 0.625, 0.125, 0.875]
        return 4 + steps[index % steps.count] * (height - 8)
    }

    /// One rate: the axis 0–100 %, the interval (across participants when there is one, else
    /// Wilson, dashed), the pooled rate (a bar), and a dot per participant with their own rate.
    static func rateStrip(_ s: Study.RateSummary, participants: [String], color: String, label: String,
                          width: Double = 260, height: Double = 30) -> HTML {
        let pad = 6.0, plot = width - 2 * pad
        func x(_ v: Double) -> Double { pad + max(0, min(1, v)) * plot }
        var h: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"rate-strip\" width=\"\(f(width))\" height=\"\(f(height + 12))\" viewBox=\"0 0 \(f(width)) \(f(height + 12))\" role=\"img\" aria-label=\"\(label)\">"
        h += "<rect x=\"\(f(pad))\" y=\"2\" width=\"\(f(plot))\" height=\"\(f(height - 4))\" fill=\"#f8f9fa\" stroke=\"#e9ecef\"/>"
        for v in [0.25, 0.5, 0.75] { h += "<line x1=\"\(f(x(v)))\" y1=\"2\" x2=\"\(f(x(v)))\" y2=\"\(f(height - 2))\" stroke=\"#e9ecef\"/>" }
        for v in [0.0, 0.5, 1.0] {
            h += "<text x=\"\(f(x(v)))\" y=\"\(f(height + 10))\" font-size=\"9\" text-anchor=\"\(v == 0 ? "start" : v == 1 ? "end" : "middle")\" fill=\"#868e96\">\(Int(v * 100)) %</text>"
        }
        if let ci = s.clustered ?? s.wilson {
            h += "<line class=\"interval\(s.clustered == nil ? " wilson" : "")\" x1=\"\(f(x(ci.low)))\" y1=\"\(f(height / 2))\" x2=\"\(f(x(ci.high)))\" y2=\"\(f(height / 2))\" stroke=\"\(color)\" stroke-width=\"6\" stroke-opacity=\"0.3\"\(s.clustered == nil ? " stroke-dasharray=\"4 2\"" as HTML : "")/>"
        }
        if let r = s.pooled.rate {
            h += "<line class=\"pooled\" x1=\"\(f(x(r)))\" y1=\"3\" x2=\"\(f(x(r)))\" y2=\"\(f(height - 3))\" stroke=\"\(color)\" stroke-width=\"2.5\"><title>\("\(label): \(pct(r)) (\(s.pooled.k) of \(s.pooled.n))")</title></line>"
        }
        for (who, counts) in s.perParticipant {
            guard let r = counts.rate else { continue }
            let index = participants.firstIndex(of: who) ?? 0
            h += "<circle class=\"participant-dot\" data-participant=\"\(who)\" cx=\"\(f(x(r)))\" cy=\"\(f(jitter(index, height: height)))\" r=\"3.5\" fill=\"#fff\" stroke=\"#212529\" stroke-width=\"1.2\"><title>\("\(who): \(pct(r)) (\(counts.k) of \(counts.n))")</title></circle>"
        }
        return h + "</svg>"
    }

    /// A difference of rates in percentage points, on an axis from -100 to +100: the interval
    /// across participants (dashed: Newcombe's over gestures, when there is none), the pooled
    /// difference (a bar), and a dot per participant who took both conditions (their own
    /// difference).
    static func differenceStrip(_ c: Study.Comparison, participants: [String], width: Double = 200, height: Double = 30) -> HTML {
        let pad = 6.0, plot = width - 2 * pad
        func x(_ v: Double) -> Double { pad + (max(-1, min(1, v)) + 1) / 2 * plot }
        var h: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"difference-strip\" width=\"\(f(width))\" height=\"\(f(height + 12))\" viewBox=\"0 0 \(f(width)) \(f(height + 12))\" role=\"img\" aria-label=\"\("\(c.rate.name): \(c.second) minus \(c.first)")\">"
        h += "<rect x=\"\(f(pad))\" y=\"2\" width=\"\(f(plot))\" height=\"\(f(height - 4))\" fill=\"#f8f9fa\" stroke=\"#e9ecef\"/>"
        h += "<line x1=\"\(f(x(0)))\" y1=\"2\" x2=\"\(f(x(0)))\" y2=\"\(f(height - 2))\" stroke=\"#868e96\"/>"
        for (v, anchor) in [(-1.0, "start"), (0.0, "middle"), (1.0, "end")] {
            h += "<text x=\"\(f(x(v)))\" y=\"\(f(height + 10))\" font-size=\"9\" text-anchor=\"\(anchor)\" fill=\"#868e96\">\(v == 0 ? "0" : String(format: "%+.0f", v * 100))</text>"
        }
        if let ci = c.clustered ?? c.difference?.interval {
            h += "<line class=\"interval\" x1=\"\(f(x(ci.low)))\" y1=\"\(f(height / 2))\" x2=\"\(f(x(ci.high)))\" y2=\"\(f(height / 2))\" stroke=\"#495057\" stroke-width=\"6\" stroke-opacity=\"0.25\"\(c.clustered == nil ? " stroke-dasharray=\"4 2\"" as HTML : "")/>"
        }
        if let d = c.difference?.value {
            h += "<line class=\"pooled\" x1=\"\(f(x(d)))\" y1=\"3\" x2=\"\(f(x(d)))\" y2=\"\(f(height - 3))\" stroke=\"#212529\" stroke-width=\"2.5\"/>"
        }
        let first = Dictionary(uniqueKeysWithValues: c.a.perParticipant.map { ($0.participant, $0.counts) })
        for (who, counts) in c.b.perParticipant {
            guard let rb = counts.rate, let ra = first[who]?.rate else { continue }
            let index = participants.firstIndex(of: who) ?? 0
            h += "<circle class=\"participant-dot\" data-participant=\"\(who)\" cx=\"\(f(x(rb - ra)))\" cy=\"\(f(jitter(index, height: height)))\" r=\"3.5\" fill=\"#fff\" stroke=\"#212529\" stroke-width=\"1.2\"><title>\("\(who): \(String(format: "%+.1f", 100 * (rb - ra))) points")</title></circle>"
        }
        return h + "</svg>"
    }

    /// Seconds per participant: the median (bar) and interquartile range (band) of all the
    /// values, and a dot per participant at their own median, on an axis from 0 to `top`.
    static func secondsStrip(_ values: [(participant: String, seconds: [Double])], participants: [String], color: String,
                             top: Double, label: String, width: Double = 260, height: Double = 30,
                             format: (Double) -> String = secs) -> HTML {
        let pad = 6.0, plot = width - 2 * pad, top = max(top, 1e-9)
        func x(_ v: Double) -> Double { pad + max(0, min(top, v)) / top * plot }
        var h: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"seconds-strip\" width=\"\(f(width))\" height=\"\(f(height + 12))\" viewBox=\"0 0 \(f(width)) \(f(height + 12))\" role=\"img\" aria-label=\"\(label)\">"
        h += "<rect x=\"\(f(pad))\" y=\"2\" width=\"\(f(plot))\" height=\"\(f(height - 4))\" fill=\"#f8f9fa\" stroke=\"#e9ecef\"/>"
        h += "<text x=\"\(f(pad))\" y=\"\(f(height + 10))\" font-size=\"9\" fill=\"#868e96\">\(format(0))</text>"
        h += "<text x=\"\(f(pad + plot))\" y=\"\(f(height + 10))\" font-size=\"9\" text-anchor=\"end\" fill=\"#868e96\">\(format(top))</text>"
        if let spread = Spread(values.flatMap(\.seconds)) {
            h += "<rect class=\"iqr\" x=\"\(f(x(spread.q1)))\" y=\"\(f(height / 2 - 4))\" width=\"\(f(max(1, x(spread.q3) - x(spread.q1))))\" height=\"8\" fill=\"\(color)\" fill-opacity=\"0.3\"/>"
            h += "<line class=\"median\" x1=\"\(f(x(spread.median)))\" y1=\"3\" x2=\"\(f(x(spread.median)))\" y2=\"\(f(height - 3))\" stroke=\"\(color)\" stroke-width=\"2.5\"><title>\("\(label): median \(format(spread.median)), IQR \(format(spread.q1))–\(format(spread.q3))")</title></line>"
        }
        for (who, seconds) in values {
            guard let own = Spread(seconds) else { continue }
            let index = participants.firstIndex(of: who) ?? 0
            h += "<circle class=\"participant-dot\" data-participant=\"\(who)\" cx=\"\(f(x(own.median)))\" cy=\"\(f(jitter(index, height: height)))\" r=\"3.5\" fill=\"#fff\" stroke=\"#212529\" stroke-width=\"1.2\"><title>\("\(who): median \(format(own.median)) of \(own.count)")</title></circle>"
        }
        return h + "</svg>"
    }

    /// Where card drags started on the card: the card's own rectangle (normalised, 0–1 each
    /// way), a 6x8 grid shaded by share of presses, and every press as a dot.
    static func pressHeatmap(_ points: [(Point, GestureOutcome)], title: String, width: Double = 150) -> HTML {
        let height = width * 1.4, pad = 8.0, w = width - 2 * pad, hh = height - 2 * pad
        let cols = 6, rows = 8
        var grid = [Int](repeating: 0, count: cols * rows)
        for (p, _) in points {
            let c = min(cols - 1, max(0, Int(p.x * Double(cols)))), r = min(rows - 1, max(0, Int(p.y * Double(rows))))
            grid[r * cols + c] += 1
        }
        let most = max(1, grid.max() ?? 1)
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"press-heatmap\" width=\"\(f(width))\" height=\"\(f(height + 14))\" viewBox=\"0 0 \(f(width)) \(f(height + 14))\" role=\"img\" aria-label=\"\(title)\">"
        s += "<rect x=\"\(f(pad))\" y=\"\(f(pad))\" width=\"\(f(w))\" height=\"\(f(hh))\" rx=\"10\" fill=\"#fff\" stroke=\"#adb5bd\"/>"
        for r in 0..<rows {
            for c in 0..<cols where grid[r * cols + c] > 0 {
                let share = Double(grid[r * cols + c]) / Double(most)
                s += "<rect x=\"\(f(pad + Double(c) * w / Double(cols)))\" y=\"\(f(pad + Double(r) * hh / Double(rows)))\" width=\"\(f(w / Double(cols)))\" height=\"\(f(hh / Double(rows)))\" fill=\"#d9480f\" fill-opacity=\"\(String(format: "%.2f", 0.08 + 0.6 * share))\"><title>\(grid[r * cols + c]) presses</title></rect>"
            }
        }
        for (p, outcome) in points.prefix(2000) {
            s += "<circle class=\"press\" cx=\"\(f(pad + p.x * w))\" cy=\"\(f(pad + p.y * hh))\" r=\"1.8\" fill=\"\(SVGCharts.color(outcome))\"/>"
        }
        s += "<text x=\"\(f(width / 2))\" y=\"\(f(height + 10))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(points.count) presses on the card</text>"
        return s + "</svg>"
    }

    /// Releases against the throw boundary: each release's translation in units of the throw
    /// distance of the direction it was judged along, so the boundary is the square at ±1.
    static func releaseMap(_ releases: [(Point, GestureOutcome)], title: String, size: Double = 220) -> HTML {
        let range = 2.0, pad = 10.0, plot = size - 2 * pad
        func x(_ v: Double) -> Double { pad + (max(-range, min(range, v)) + range) / (2 * range) * plot }
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"release-map\" width=\"\(f(size))\" height=\"\(f(size + 14))\" viewBox=\"0 0 \(f(size)) \(f(size + 14))\" role=\"img\" aria-label=\"\(title)\">"
        s += "<rect x=\"\(f(pad))\" y=\"\(f(pad))\" width=\"\(f(plot))\" height=\"\(f(plot))\" fill=\"#fafafa\" stroke=\"#ced4da\"/>"
        s += "<rect class=\"boundary\" x=\"\(f(x(-1)))\" y=\"\(f(x(-1)))\" width=\"\(f(x(1) - x(-1)))\" height=\"\(f(x(1) - x(-1)))\" fill=\"none\" stroke=\"#d9480f\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
        s += "<rect x=\"\(f(x(-0.85)))\" y=\"\(f(x(-0.85)))\" width=\"\(f(x(0.85) - x(-0.85)))\" height=\"\(f(x(0.85) - x(-0.85)))\" fill=\"none\" stroke=\"#fab005\" stroke-width=\"1\"/>"
        s += "<line x1=\"\(f(x(0)))\" y1=\"\(f(pad))\" x2=\"\(f(x(0)))\" y2=\"\(f(pad + plot))\" stroke=\"#e9ecef\"/><line x1=\"\(f(pad))\" y1=\"\(f(x(0)))\" x2=\"\(f(pad + plot))\" y2=\"\(f(x(0)))\" stroke=\"#e9ecef\"/>"
        for (p, outcome) in releases.prefix(3000) {
            s += "<circle class=\"release \(outcome.rawValue)\" cx=\"\(f(x(p.x)))\" cy=\"\(f(x(p.y)))\" r=\"2.6\" fill=\"\(SVGCharts.color(outcome))\" fill-opacity=\"0.75\"/>"
        }
        s += "<text x=\"\(f(size / 2))\" y=\"\(f(size + 10))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(releases.count) releases; dashed: throw distance</text>"
        return s + "</svg>"
    }

    /// Drag paths from the press (the centre), at most `limit` of them, coloured by outcome.
    static func pathMap(_ paths: [([Point], GestureOutcome)], title: String, size: Double = 220, limit: Int = 400) -> HTML {
        let shown = Array(paths.prefix(limit))
        let reach = max(40, shown.flatMap { $0.0 }.map { max(abs($0.x), abs($0.y)) }.max() ?? 40)
        let pad = 10.0, plot = size - 2 * pad
        func x(_ v: Double) -> Double { pad + (v + reach) / (2 * reach) * plot }
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"path-map\" width=\"\(f(size))\" height=\"\(f(size + 14))\" viewBox=\"0 0 \(f(size)) \(f(size + 14))\" role=\"img\" aria-label=\"\(title)\">"
        s += "<rect x=\"\(f(pad))\" y=\"\(f(pad))\" width=\"\(f(plot))\" height=\"\(f(plot))\" fill=\"#fafafa\" stroke=\"#ced4da\"/>"
        for (path, outcome) in shown where path.count > 1 {
            let d = path.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f(x($0.element.x))),\(f(x($0.element.y)))" }.joined()
            s += "<path class=\"drag-path \(outcome.rawValue)\" d=\"\(d)\" fill=\"none\" stroke=\"\(SVGCharts.color(outcome))\" stroke-opacity=\"0.35\" stroke-width=\"1.2\"/>"
        }
        s += "<circle cx=\"\(f(x(0)))\" cy=\"\(f(x(0)))\" r=\"2.5\" fill=\"#212529\"/>"
        s += "<text x=\"\(f(size / 2))\" y=\"\(f(size + 10))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(shown.count)\(paths.count > shown.count ? " of \(paths.count)" : "") paths; ±\(Int(reach)) pt</text>"
        return s + "</svg>"
    }

    static func pct(_ v: Double) -> String { String(format: "%.1f %%", 100 * v) }
    static func secs(_ v: Double) -> String { String(format: v < 10 ? "%.2f s" : "%.1f s", v) }
}
