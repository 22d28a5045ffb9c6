import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// The panel's live plot: pointer speed over the last two seconds, the interaction's throw
/// speed as a line across it, and the last release marked thrown or not.
@MainActor
final class SpeedPlot {
    /// Seconds of history shown.
    static let span = 2.0
    private var samples: [(t: Double, speed: Double)] = []
    private(set) var lastRelease: (t: Double, speed: Double, outcome: GestureOutcome)?
    private var now = 0.0

    /// One sample per frame: `speed` in pt/s (0 while no pointer is down), `t` on the frame clock.
    func record(t: Double, speed: Double) {
        now = t
        samples.append((t, speed))
        let cut = samples.firstIndex { $0.t >= t - Self.span - 0.1 } ?? samples.count
        if cut > 0 { samples.removeFirst(cut) }
    }

    /// A gesture ended at frame-clock time `t`.
    func released(t: Double, velocity: Vector, outcome: GestureOutcome) {
        lastRelease = (t, velocity.length, outcome)
    }

    /// The throw speed key of an interaction, pt/s.
    static func throwSpeed(_ config: SceneConfig, _ interaction: Interaction) -> Double? {
        config.value(at: "\(interaction.rawValue).throwSpeed")
    }

    func build(config: SceneConfig, interaction: Interaction, px: Double) {
        let throwSpeed = Self.throwSpeed(config, interaction)
        UI.text("Pointer speed, last 2 s" + (throwSpeed.map { String(format: "   throw at %.0f pt/s", $0) } ?? ""))
        let (x0, y0) = UI.cursor
        let w = max(60, UI.available.w), h = 90 * px
        UI.dummy(w, h)
        let peak = samples.map(\.speed).max() ?? 0
        let top = max(peak, (throwSpeed ?? 0) * 1.5, lastRelease?.speed ?? 0, 200) * 1.1
        func xOf(_ t: Double) -> Double { x0 + w * (1 - (now - t) / Self.span) }
        func yOf(_ v: Double) -> Double { y0 + h - h * min(v, top) / top }
        UI.rect(.window, x0, y0, x0 + w, y0 + h, RGBA(20, 22, 28, 255), filled: true)
        UI.clipped(.window, x0, y0, x0 + w, y0 + h) {
            if let throwSpeed {
                let y = yOf(throwSpeed)
                UI.line(.window, x0, y, x0 + w, y, RGBA(240, 170, 60), thickness: px)
            }
            var xy: [Float] = []
            xy.reserveCapacity(samples.count * 2)
            for s in samples where now - s.t <= Self.span + 0.05 {
                xy.append(Float(xOf(s.t)))
                xy.append(Float(yOf(s.speed)))
            }
            UI.polyline(.window, xy, RGBA(110, 180, 255), thickness: 1.5 * px)
            if let r = lastRelease, now - r.t <= Self.span {
                let x = xOf(r.t)
                let color = r.outcome == .thrown ? RGBA(120, 220, 120) : RGBA(200, 200, 200)
                UI.line(.window, x, y0, x, y0 + h, color, thickness: px)
                UI.circle(.window, x, yOf(r.speed), radius: 3 * px, color)
            }
        }
        if let r = lastRelease {
            let thrown = r.outcome == .thrown
            UI.text("last release \(Int(r.speed.rounded())) pt/s: " + (thrown ? "thrown" : "not thrown (\(r.outcome.rawValue))"),
                    color: thrown ? RGBA(120, 220, 120) : RGBA(200, 200, 200))
        } else {
            UI.dim("no release yet")
        }
    }
}
