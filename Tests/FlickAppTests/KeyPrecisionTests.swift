import FlickEngine
@testable import FlickApp
import Foundation
import Testing

@Suite struct KeyPrecisionTests {
    func key(_ path: String) throws -> ConfigKey {
        try #require(SceneConfig.keys.first { $0.path == path })
    }

    /// The complaint: values like 988.9382225822496 written by the panel.
    @Test func valuesAreWrittenAtTheKeysPrecision() throws {
        let speed = try key("now.throwSpeed")
        #expect(speed.panelDecimals == 0)
        #expect(speed.panelRounded(988.9382225822496) == 989)
        let fraction = try key("now.throwDistanceRatio")
        let d = fraction.panelDecimals
        #expect(d >= 2)
        let r = fraction.panelRounded(0.35000000000000003)
        #expect(r == 0.35 && "\(r)" == "0.35")
        // Clamped into the range after rounding.
        #expect(speed.panelRounded(-5) == speed.range.lowerBound)
        #expect(speed.panelRounded(1e12) == speed.range.upperBound)
    }

    /// Every key's step reaches its lower end, and rounding any in-range value keeps it valid.
    @Test func everyKeyRoundsIntoItsRange() {
        for k in SceneConfig.keys {
            if k.range.lowerBound > 0 { #expect(k.panelStep <= k.range.lowerBound, "\(k.path)") }
            for f in [0.0, 0.123456, 0.5, 0.987654, 1.0] {
                let v = k.range.lowerBound + (min(k.range.upperBound, 1e6) - k.range.lowerBound) * f
                let r = k.panelRounded(v)
                #expect(k.accepts(r), "\(k.path): \(v) -> \(r)")
                #expect(abs(r - v) <= k.panelStep / 2 + 1e-9 || r == k.range.lowerBound || r == k.range.upperBound,
                        "\(k.path): \(v) -> \(r) moved more than half a step")
            }
        }
    }

    /// The complaint: 100 to 989 pt in a 41 px drag. A pixel now moves a value by half a percent
    /// (a quarter step near zero), so 41 px from 100 stay within about 23 % of it.
    @Test func dragStepsAreFineNearTheValue() throws {
        let speed = try key("now.throwSpeed")
        var v = 100.0
        for _ in 0..<41 { v += speed.panelDragSpeed(at: v) }
        #expect(v > 100 && v < 125, "41 px took 100 pt/s to \(v)")
        #expect(speed.panelDragSpeed(at: 5000) == 25)
        #expect(speed.panelDragSpeed(at: 0) == speed.panelStep / 4)
    }

    @Test func formatShowsValueAndUnit() throws {
        #expect(String(format: try key("now.throwSpeed").panelFormat, 600.0) == "600 pt/s")
        // A per cent sign in a unit is escaped for the format. No key of the table has one (its
        // units are checked in ConfigKeyTests), so a key made for the purpose.
        let percent = ConfigKey(path: "test.share", group: "test", unit: "%", range: 0...100, isInteger: false,
                                summary: "a share")
        #expect(String(format: percent.panelFormat, 5.0) == "5.0 %")
    }
}

@Suite struct HUDLineTests {
    @Test func pointerAtRestOnceReleased() {
        let v = Vector(dx: 812.4, dy: -3.2)
        #expect(App.pointerLine(velocity: v, held: true) == "pointer 812, -3 pt/s")
        #expect(App.pointerLine(velocity: v, held: false) == "pointer up, 0 pt/s (released at 812, -3 pt/s)")
    }

    @Test func idleFramesSaySo() {
        var f = FrameTimes()
        #expect(App.frameLine(f) == "idle: nothing moves, no frames drawn")
        for i in 0..<30 { f.add(frame: 0.004, render: 0.003, at: Double(i) / 60) }
        #expect(!f.isIdle)
        #expect(App.frameLine(f) == "60 fps  4.0 ms/frame (render + present 3.0)")
        f.restart()
        #expect(f.isIdle)
        #expect(App.frameLine(f) == "idle: no frames drawn (last motion 60 fps, 4.0 ms/frame)")
    }
}
