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

    /// `s` as HTML text or an attribute value (in either quotes): the five markup characters
    /// as entities, and control characters other than tab, newline and carriage return (which
    /// HTML does not allow; NUL ends some readers' text) as U+FFFD. One pass over the text.
    static func esc(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n", "\r": out.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0xFDD0...0xFDEF).contains(scalar.value)
                    || scalar.value & 0xFFFE == 0xFFFE {
                    out.append("\u{FFFD}")
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    static func f(_ x: Double) -> String { String(format: "%.1f", x) }

    /// Every card release of one interaction: distance fraction (x) against speed fraction (y)
    /// of the throw thresholds; the release throws right of x = 1 or above y = 1 (the boundary
    /// drawn), and the 15 % bands under both lines hold the near misses.
    static func decisionMap(_ gestures: [Gesture], title: String, size: Double = 280) -> String {
        let pad = 34.0, plot = size - pad - 10, maxF = 2.0
        func px(_ v: Double) -> Double { pad + min(v, maxF) / maxF * plot }
        func py(_ v: Double) -> Double { 10 + plot - min(v, maxF) / maxF * plot }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"decision-map\" width=\"\(f(size))\" height=\"\(f(size + 20))\" viewBox=\"0 0 \(f(size)) \(f(size + 20))\" role=\"img\" aria-label=\"\(esc(title))\">"
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
            s += "<circle class=\"release \(g.outcome.rawValue)\" cx=\"\(f(px(dx)))\" cy=\"\(f(py(sy)))\" r=\"5\" fill=\"\(color(g.outcome))\" fill-opacity=\"0.8\" stroke=\"#fff\"><title>\(esc(tip))</title></circle>"
        }
        return s + "</svg>"
    }

    /// A histogram of `values` in bins of `bin`, labelled in `unit`.
    static func histogram(_ values: [Double], bin: Double, unit: String, cssClass: String,
                          width: Double = 360, height: Double = 160) -> String {
        let top = max(bin, (values.max() ?? 0) + bin)
        let bins = max(1, Int((top / bin).rounded(.up)))
        var counts = [Int](repeating: 0, count: bins)
        for v in values where v.isFinite { counts[min(bins - 1, max(0, Int(v / bin)))] += 1 }
        let maxCount = max(1, counts.max() ?? 1)
        let pad = 28.0, plotW = width - pad - 22, plotH = height - 36
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(cssClass)\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        let bw = plotW / Double(bins)
        for (i, c) in counts.enumerated() {
            let h = Double(c) / Double(maxCount) * plotH
            s += "<rect class=\"bar\" x=\"\(f(pad + Double(i) * bw + 1))\" y=\"\(f(8 + plotH - h))\" width=\"\(f(max(1, bw - 2)))\" height=\"\(f(h))\" fill=\"#4263eb\"><title>\(String(format: "%g", Double(i) * bin))–\(String(format: "%g", Double(i + 1) * bin)) \(unit): \(c)</title></rect>"
        }
        s += "<line x1=\"\(f(pad))\" y1=\"\(f(8 + plotH))\" x2=\"\(f(pad + plotW))\" y2=\"\(f(8 + plotH))\" stroke=\"#adb5bd\"/>"
        let step = max(1, bins / 6)
        for i in stride(from: 0, through: bins, by: step) {
            s += "<text x=\"\(f(pad + Double(i) * bw))\" y=\"\(f(8 + plotH + 13))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(String(format: "%g", Double(i) * bin))</text>"
        }
        s += "<text x=\"\(f(pad))\" y=\"\(f(8 + 10))\" font-size=\"10\" fill=\"#495057\">\(maxCount)</text>"
        s += "<text x=\"\(f(pad + plotW / 2))\" y=\"\(f(height - 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#212529\">\(esc(unit))</text>"
        return s + "</svg>"
    }

    /// Every gesture on a time line, one lane per kind, coloured by outcome, with the markers
    /// as vertical lines: exactly one `circle.gesture` per gesture.
    static func timeline(_ gestures: [Gesture], markers: [(t: Double, label: String, task: String?)],
                         duration: Double, width: Double = 520) -> String {
        let lanes: [GestureKind] = [.scroll, .card, .bringBack, .tap]
        let pad = 70.0, plotW = width - pad - 10, laneH = 22.0
        let height = Double(lanes.count) * laneH + 40
        let end = max(1, duration, gestures.map(\.end).max() ?? 0)
        func x(_ t: Double) -> Double { pad + t / end * plotW }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        for (i, k) in lanes.enumerated() {
            let y = 10 + Double(i) * laneH + laneH / 2
            s += "<line x1=\"\(f(pad))\" y1=\"\(f(y))\" x2=\"\(f(pad + plotW))\" y2=\"\(f(y))\" stroke=\"#e9ecef\"/>"
            s += "<text x=\"\(f(pad - 6))\" y=\"\(f(y + 4))\" font-size=\"11\" text-anchor=\"end\" fill=\"#495057\">\(k.rawValue)</text>"
        }
        for m in markers {
            s += "<line class=\"marker\" x1=\"\(f(x(m.t)))\" y1=\"6\" x2=\"\(f(x(m.t)))\" y2=\"\(f(10 + Double(lanes.count) * laneH))\" stroke=\"#2b8a3e\" stroke-width=\"1.5\"><title>\(esc("task \(m.label)\(m.task.map { " (\($0))" } ?? "") at \(String(format: "%.2f", m.t)) s"))</title></line>"
            s += "<text x=\"\(f(x(m.t) + 2))\" y=\"\(f(8))\" font-size=\"9\" fill=\"#2b8a3e\">\(esc(m.label))</text>"
        }
        for g in gestures {
            let lane = lanes.firstIndex(of: g.kind) ?? 0
            let y = 10 + Double(lane) * laneH + laneH / 2
            if g.duration > 0 {
                s += "<line x1=\"\(f(x(g.start)))\" y1=\"\(f(y))\" x2=\"\(f(x(g.end)))\" y2=\"\(f(y))\" stroke=\"\(color(g.outcome))\" stroke-width=\"3\" opacity=\"0.5\"/>"
            }
            s += "<circle class=\"gesture \(g.outcome.rawValue)\" cx=\"\(f(x(g.end)))\" cy=\"\(f(y))\" r=\"4.5\" fill=\"\(color(g.outcome))\"><title>\(esc("\(g.kind.rawValue) \(String(format: "%.2f", g.start))–\(String(format: "%.2f", g.end)) s: \(g.outcome.rawValue)"))</title></circle>"
        }
        let axisY = 10 + Double(lanes.count) * laneH + 14
        for i in 0...5 {
            let t = end * Double(i) / 5
            s += "<text x=\"\(f(x(t)))\" y=\"\(f(axisY))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#495057\">\(String(format: "%.0f", t)) s</text>"
        }
        return s + "</svg>"
    }

    /// The outcome colours used in a set of gestures, as an HTML legend.
    static func legend(_ outcomes: Set<GestureOutcome>) -> String {
        let order: [GestureOutcome] = [.thrown, .snappedBack, .broughtBack, .sentBack, .paged, .stayed, .scrolled, .selected, .cancelled]
        return order.filter(outcomes.contains).map {
            "<span class=\"key\"><span class=\"swatch\" style=\"background:\(color($0))\"></span>\($0.rawValue)</span>"
        }.joined(separator: " ")
    }
}
