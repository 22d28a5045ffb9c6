import FlickStage
import FlickCLI
import FlickSession
import FlickEngine
import Foundation

/// The report's charts as inline SVG (no script, no network): a decision map per interaction,
/// a histogram, a gesture timeline. Every gesture point is a `<circle>` with a class naming the
/// chart and the outcome, and a `<title>` a browser shows on hover.
enum SVGCharts {
    /// Outcome colours, shared by every chart and the legend.
    static func color(_ outcome: GestureOutcome) -> String {
        switch outcome {
        case .thrown: return "#d9480f"
        case .snappedBack: return "#1971c2"
        case .broughtBack: return "#2f9e44"
        case .sentBack: return "#f08c00"
        case .paged: return "#7048e8"
        case .stayed: return "#868e96"
        case .scrolled: return "#0c8599"
        case .selected: return "#c2255c"
        case .cancelled: return "#495057"
        }
    }

    static func f(_ x: Double) -> String { String(format: "%.1f", x) }

    /// Every card release of one interaction: distance fraction (x) against speed fraction (y)
    /// of the throw thresholds; the release throws right of x = 1 or above y = 1 (the boundary
    /// drawn), and the 15 % bands under both lines hold the near misses.
    static func decisionMap(_ gestures: [Gesture], title: String, size: Double = 280) -> HTML {
        let pad = 34.0, plot = size - pad - 10, maxF = 2.0
        func px(_ v: Double) -> Double { pad + min(v, maxF) / maxF * plot }
        func py(_ v: Double) -> Double { 10 + plot - min(v, maxF) / maxF * plot }
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"decision-map\" width=\"\(f(size))\" height=\"\(f(size + 20))\" viewBox=\"0 0 \(f(size)) \(f(size + 20))\" role=\"img\" aria-label=\"\(title)\">"
        s += "<rect x=\"\(f(pad))\" y=\"10\" width=\"\(f(plot))\" height=\"\(f(plot))\" fill=\"#fafafa\" stroke=\"#ced4da\"/>"
        // Near-miss bands, then the throw region, then the boundary.
        s += "<rect x=\"\(f(px(0.85)))\" y=\"\(f(py(1)))\" width=\"\(f(px(1) - px(0.85)))\" height=\"\(f(py(0) - py(1)))\" fill=\"#fff3bf\"/>"
        s += "<rect x=\"\(f(px(0)))\" y=\"\(f(py(1)))\" width=\"\(f(px(0.85) - px(0)))\" height=\"\(f(py(0.85) - py(1)))\" fill=\"#fff3bf\"/>"
        s += "<path d=\"M\(f(px(1))),\(f(py(0))) L\(f(px(1))),\(f(py(1))) L\(f(px(0))),\(f(py(1))) L\(f(px(0))),\(f(py(maxF))) L\(f(px(maxF))),\(f(py(maxF))) L\(f(px(maxF))),\(f(py(0))) Z\" fill=\"#ffe8cc\" opacity=\"0.6\"/>"
        s += "<path class=\"boundary\" d=\"M\(f(px(1))),\(f(py(0))) L\(f(px(1))),\(f(py(1))) L\(f(px(0))),\(f(py(1)))\" fill=\"none\" stroke=\"#d9480f\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>"
        for v in [0.0, 0.5, 1.0, 1.5, 2.0] {
            s += "<text x=\"\(f(px(v)))\" y=\"\(f(size - 4 - 20 + 14))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(v == 2 ? "≥2" : String(format: "%g", v))</text>"
            s += "<text x=\"\(f(pad - 4))\" y=\"\(f(py(v) + 3))\" font-size=\"10\" text-anchor=\"end\" fill=\"#495057\">\(v == 2 ? "≥2" : String(format: "%g", v))</text>"
        }
        s += "<text x=\"\(f(pad + plot / 2))\" y=\"\(f(size + 16))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#212529\">distance / throw distance</text>"
        s += "<text x=\"10\" y=\"\(f(10 + plot / 2))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#212529\" transform=\"rotate(-90 10 \(f(10 + plot / 2)))\">speed / throw speed</text>"
        for g in gestures {
            guard let dx = g.distanceFraction, let sy = g.speedFraction else { continue }
            let tip = "\(g.kind.rawValue) at \(String(format: "%.2f", g.start)) s: \(g.outcome.rawValue), distance \(String(format: "%.2f", dx)), speed \(String(format: "%.2f", sy))\(g.isNearMiss() ? " (near miss)" : "")"
            s += "<circle class=\"release \(g.outcome.rawValue)\" cx=\"\(f(px(dx)))\" cy=\"\(f(py(sy)))\" r=\"5\" fill=\"\(color(g.outcome))\" fill-opacity=\"0.8\" stroke=\"#fff\"><title>\(tip)</title></circle>"
        }
        return s + "</svg>"
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of ten at or above `x` (and `atLeast`):
    /// the end of an axis that every session shares.
    static func niceTop(_ x: Double, atLeast: Double) -> Double {
        let v = max(x.isFinite ? x : 0, atLeast, 1e-9)
        let p = pow(10, (log10(v)).rounded(.down))
        return [1.0, 2, 2.5, 5, 10].map { $0 * p }.first { $0 >= v * (1 - 1e-12) } ?? 10 * p
    }

    /// A round step of about `x` (1, 2 or 5 times a power of ten) for an axis's ticks.
    static func niceStep(_ x: Double) -> Double {
        let v = max(x, 1e-9), p = pow(10, (log10(v)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * p }.first { $0 >= v * (1 - 1e-12) } ?? 10 * p
    }

    /// A histogram of `values` in bins of `bin` from 0 to `top` (by default at least ten bins,
    /// so one value alone, or every value 0, is a narrow bar, not the whole width), labelled in `unit`.
    static func histogram(_ values: [Double], bin: Double, unit: String, cssClass: String,
                          width: Double = 360, height: Double = 160, top: Double? = nil) -> HTML {
        let top = top ?? max(10 * bin, (values.max() ?? 0) + bin)
        let bins = max(1, Int((top / bin - 1e-9).rounded(.up)))
        var counts = [Int](repeating: 0, count: bins)
        for v in values where v.isFinite { counts[min(bins - 1, max(0, Int(v / bin)))] += 1 }
        let maxCount = max(1, counts.max() ?? 1)
        let pad = 34.0, plotW = width - pad - 22, plotH = height - 36
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(cssClass)\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        let bw = plotW / Double(bins)
        for (i, c) in counts.enumerated() where c > 0 {
            let h = Double(c) / Double(maxCount) * plotH
            s += "<rect class=\"bar\" x=\"\(f(pad + Double(i) * bw + 1))\" y=\"\(f(8 + plotH - h))\" width=\"\(f(max(1, bw - 2)))\" height=\"\(f(h))\" fill=\"#4263eb\"><title>\(String(format: "%g", Double(i) * bin))–\(String(format: "%g", Double(i + 1) * bin)) \(unit): \(c)</title></rect>"
        }
        s += "<line x1=\"\(f(pad))\" y1=\"\(f(8 + plotH))\" x2=\"\(f(pad + plotW))\" y2=\"\(f(8 + plotH))\" stroke=\"#adb5bd\"/>"
        let span = Double(bins) * bin, step = niceStep(span / 6)
        for v in stride(from: 0.0, through: span * (1 + 1e-9), by: step) {
            s += "<text x=\"\(f(pad + v / span * plotW))\" y=\"\(f(8 + plotH + 13))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(String(format: "%g", v))</text>"
        }
        s += "<text x=\"\(f(pad - 4))\" y=\"\(f(8 + 8))\" font-size=\"10\" text-anchor=\"end\" fill=\"#495057\">\(maxCount)</text>"
        s += "<text x=\"\(f(pad + plotW / 2))\" y=\"\(f(height - 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#212529\">\(unit)</text>"
        return s + "</svg>"
    }

    /// `name` cut to `limit` characters (an ellipsis when cut), for a lane's label.
    static func short(_ name: String, _ limit: Int = 22) -> String {
        name.count <= limit ? name : String(name.prefix(limit - 1)) + "…"
    }

    /// The height of a lane for `n` sessions: roomy for a few, compact for a study.
    static func laneHeight(_ n: Int, roomy: Double, compact: Double) -> Double { n > 12 ? compact : roomy }

    /// A lane per row (a session) on one axis from 0 to `top`: a dot per value, coloured by
    /// outcome, and a dark bar at the row's median. Values past `top` sit at its end.
    static func lanes(_ rows: [(name: String, values: [(v: Double, outcome: GestureOutcome, tip: String)])],
                      top: Double, unit: String, cssClass: String, width: Double) -> HTML {
        let pad = 150.0, plotW = width - pad - 16, laneH = laneHeight(rows.count, roomy: 22, compact: 14)
        let height = Double(rows.count) * laneH + 40
        func x(_ v: Double) -> Double { pad + min(max(v, 0), top) / top * plotW }
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(cssClass)\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        let bottom = 6 + Double(rows.count) * laneH
        let step = niceStep(top / 6)
        for v in stride(from: 0.0, through: top * (1 + 1e-9), by: step) {
            s += "<line x1=\"\(f(x(v)))\" y1=\"6\" x2=\"\(f(x(v)))\" y2=\"\(f(bottom))\" stroke=\"#e9ecef\"/>"
            s += "<text x=\"\(f(x(v)))\" y=\"\(f(bottom + 13))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(String(format: "%g", v))</text>"
        }
        for (i, row) in rows.enumerated() {
            let y = 6 + Double(i) * laneH + laneH / 2
            if i % 2 == 1 { s += "<rect x=\"0\" y=\"\(f(y - laneH / 2))\" width=\"\(f(width))\" height=\"\(f(laneH))\" fill=\"#f8f9fa\"/>" }
            s += "<text x=\"\(f(pad - 8))\" y=\"\(f(y + 4))\" font-size=\"11\" text-anchor=\"end\" fill=\"#343a40\">\(short(row.name))<title>\(row.name)</title></text>"
            for p in row.values {
                s += "<circle class=\"dot \(p.outcome.rawValue)\" cx=\"\(f(x(p.v)))\" cy=\"\(f(y))\" r=\"3\" fill=\"\(color(p.outcome))\" fill-opacity=\"0.6\"><title>\(p.tip)</title></circle>"
            }
            if !row.values.isEmpty {
                let m = median(row.values.map(\.v))
                s += "<line class=\"median\" x1=\"\(f(x(m)))\" y1=\"\(f(y - laneH * 0.42))\" x2=\"\(f(x(m)))\" y2=\"\(f(y + laneH * 0.42))\" stroke=\"#212529\" stroke-width=\"2\"><title>\("\(row.name): median \(String(format: "%.0f", m)) \(unit)")</title></line>"
            }
        }
        s += "<line x1=\"\(f(pad))\" y1=\"\(f(bottom))\" x2=\"\(f(pad + plotW))\" y2=\"\(f(bottom))\" stroke=\"#adb5bd\"/>"
        s += "<text x=\"\(f(pad + plotW / 2))\" y=\"\(f(height - 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#212529\">\(unit)</text>"
        return s + "</svg>"
    }

    /// Every session's gestures on one time axis, a lane per session (within it a row per
    /// kind), coloured by outcome, the markers as short green lines: exactly one
    /// `circle.gesture` per gesture.
    static func sessionTimeline(_ rows: [(name: String, gestures: [Gesture], markers: [(t: Double, label: String, task: String?)], duration: Double)],
                                width: Double) -> HTML {
        let kinds: [GestureKind] = [.scroll, .card, .bringBack, .tap]
        let pad = 150.0, plotW = width - pad - 16, laneH = laneHeight(rows.count, roomy: 34, compact: 22)
        let end = max(1, rows.map { max($0.duration, $0.gestures.map(\.end).max() ?? 0) }.max() ?? 1)
        let height = Double(rows.count) * laneH + 40
        let bottom = 6 + Double(rows.count) * laneH
        func x(_ t: Double) -> Double { pad + min(max(t, 0), end) / end * plotW }
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        for t in stride(from: 0.0, through: end * (1 + 1e-9), by: niceStep(end / 6)) {
            s += "<line x1=\"\(f(x(t)))\" y1=\"6\" x2=\"\(f(x(t)))\" y2=\"\(f(bottom))\" stroke=\"#e9ecef\"/>"
            s += "<text x=\"\(f(x(t)))\" y=\"\(f(bottom + 13))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(String(format: "%g", t)) s</text>"
        }
        for (i, row) in rows.enumerated() {
            let top = 6 + Double(i) * laneH
            if i % 2 == 1 { s += "<rect x=\"0\" y=\"\(f(top))\" width=\"\(f(width))\" height=\"\(f(laneH))\" fill=\"#f8f9fa\"/>" }
            s += "<text x=\"\(f(pad - 8))\" y=\"\(f(top + laneH / 2 + 4))\" font-size=\"11\" text-anchor=\"end\" fill=\"#343a40\">\(short(row.name))<title>\(row.name)</title></text>"
            s += "<line x1=\"\(f(x(0)))\" y1=\"\(f(top + laneH / 2))\" x2=\"\(f(x(row.duration)))\" y2=\"\(f(top + laneH / 2))\" stroke=\"#dee2e6\"/>"
            for m in row.markers {
                s += "<line class=\"marker\" x1=\"\(f(x(m.t)))\" y1=\"\(f(top + 2))\" x2=\"\(f(x(m.t)))\" y2=\"\(f(top + laneH - 2))\" stroke=\"#2b8a3e\" stroke-width=\"1.5\"><title>\("task \(m.label)\(m.task.map { " (\($0))" } ?? "") at \(String(format: "%.2f", m.t)) s")</title></line>"
            }
            for g in row.gestures {
                let k = Double(kinds.firstIndex(of: g.kind) ?? 0)
                let y = top + laneH * (0.2 + 0.2 * k)
                if g.duration > 0 {
                    s += "<line x1=\"\(f(x(g.start)))\" y1=\"\(f(y))\" x2=\"\(f(x(g.end)))\" y2=\"\(f(y))\" stroke=\"\(color(g.outcome))\" stroke-width=\"2\" opacity=\"0.5\"/>"
                }
                s += "<circle class=\"gesture \(g.outcome.rawValue)\" cx=\"\(f(x(g.end)))\" cy=\"\(f(y))\" r=\"\(rows.count > 12 ? "2.5" : "3.5")\" fill=\"\(color(g.outcome))\"><title>\("\(g.kind.rawValue) \(String(format: "%.2f", g.start))–\(String(format: "%.2f", g.end)) s: \(g.outcome.rawValue)")</title></circle>"
            }
        }
        s += "<line x1=\"\(f(pad))\" y1=\"\(f(bottom))\" x2=\"\(f(pad + plotW))\" y2=\"\(f(bottom))\" stroke=\"#adb5bd\"/>"
        s += "<text x=\"\(f(pad + plotW / 2))\" y=\"\(f(height - 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#212529\">seconds since the session started</text>"
        return s + "</svg>"
    }

    /// Every gesture on a time line, one lane per kind, coloured by outcome, with the markers
    /// as vertical lines: exactly one `circle.gesture` per gesture.
    static func timeline(_ gestures: [Gesture], markers: [(t: Double, label: String, task: String?)],
                         duration: Double, width: Double = 520) -> HTML {
        let lanes: [GestureKind] = [.scroll, .card, .bringBack, .tap]
        let pad = 70.0, plotW = width - pad - 10, laneH = 22.0
        let height = Double(lanes.count) * laneH + 40
        let end = max(1, duration, gestures.map(\.end).max() ?? 0)
        func x(_ t: Double) -> Double { pad + t / end * plotW }
        var s: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        for (i, k) in lanes.enumerated() {
            let y = 10 + Double(i) * laneH + laneH / 2
            s += "<line x1=\"\(f(pad))\" y1=\"\(f(y))\" x2=\"\(f(pad + plotW))\" y2=\"\(f(y))\" stroke=\"#e9ecef\"/>"
            s += "<text x=\"\(f(pad - 6))\" y=\"\(f(y + 4))\" font-size=\"11\" text-anchor=\"end\" fill=\"#495057\">\(k.rawValue)</text>"
        }
        for m in markers {
            s += "<line class=\"marker\" x1=\"\(f(x(m.t)))\" y1=\"6\" x2=\"\(f(x(m.t)))\" y2=\"\(f(10 + Double(lanes.count) * laneH))\" stroke=\"#2b8a3e\" stroke-width=\"1.5\"><title>\("task \(m.label)\(m.task.map { " (\($0))" } ?? "") at \(String(format: "%.2f", m.t)) s")</title></line>"
            s += "<text x=\"\(f(x(m.t) + 2))\" y=\"\(f(8))\" font-size=\"9\" fill=\"#2b8a3e\">\(m.label)</text>"
        }
        for g in gestures {
            let lane = lanes.firstIndex(of: g.kind) ?? 0
            let y = 10 + Double(lane) * laneH + laneH / 2
            if g.duration > 0 {
                s += "<line x1=\"\(f(x(g.start)))\" y1=\"\(f(y))\" x2=\"\(f(x(g.end)))\" y2=\"\(f(y))\" stroke=\"\(color(g.outcome))\" stroke-width=\"3\" opacity=\"0.5\"/>"
            }
            s += "<circle class=\"gesture \(g.outcome.rawValue)\" cx=\"\(f(x(g.end)))\" cy=\"\(f(y))\" r=\"4.5\" fill=\"\(color(g.outcome))\"><title>\("\(g.kind.rawValue) \(String(format: "%.2f", g.start))–\(String(format: "%.2f", g.end)) s: \(g.outcome.rawValue)")</title></circle>"
        }
        let axisY = 10 + Double(lanes.count) * laneH + 14
        for i in 0...5 {
            let t = end * Double(i) / 5
            s += "<text x=\"\(f(x(t)))\" y=\"\(f(axisY))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(String(format: "%.0f", t)) s</text>"
        }
        return s + "</svg>"
    }

    /// The outcome colours used in a set of gestures, as an HTML legend.
    static func legend(_ outcomes: Set<GestureOutcome>) -> HTML {
        let order: [GestureOutcome] = [.thrown, .snappedBack, .broughtBack, .sentBack, .paged, .stayed, .scrolled, .selected, .cancelled]
        return order.filter(outcomes.contains).map { o -> HTML in
            "<span class=\"key\"><span class=\"swatch\" style=\"background:\(color(o))\"></span>\(o.rawValue)</span>"
        }.joined(separator: " ")
    }
}
