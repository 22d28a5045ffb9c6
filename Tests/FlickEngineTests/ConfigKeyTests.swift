import Foundation
import Testing
@testable import FlickEngine

/// The config key table: complete, consistent with the types, and every config inside the ranges
/// runs a session without a non-finite number or unbounded work.
@Suite struct ConfigKeyTests {
    /// Every numeric leaf of a config value, as dotted paths (Mirror walks the stored properties).
    static func numericLeaves(_ value: Any, prefix: String = "") -> [String] {
        var out: [String] = []
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let path = prefix.isEmpty ? label : "\(prefix).\(label)"
            let v = child.value
            if v is Double || v is Int || v is Double? || v is Bool {
                out.append(path)
            } else if Mirror(reflecting: v).displayStyle == .struct {
                out += numericLeaves(v, prefix: path)
            }
        }
        return out
    }

    /// A section kind's defaults, as the value its type holds.
    static func defaults(of kind: InteractionSectionKind) -> Any {
        let held = kind.makeDefault().held
        return Mirror(reflecting: held).children.first { $0.label == "value" }?.value ?? held
    }

    @Test func everyNumericKeyHasARowAndNothingElse() {
        // The shared constants, then each registered interaction's section under its name.
        let sections = InteractionRegistry.all.flatMap { entry in
            entry.section.map { Self.numericLeaves(Self.defaults(of: $0), prefix: entry.name.rawValue) } ?? []
        }
        let leaves = Set(Self.numericLeaves(SceneConfig()) + sections)
        let keys = Set(SceneConfig.keys.map(\.path))
        #expect(leaves.subtracting(keys).isEmpty, "keys without a range: \(leaves.subtracting(keys).sorted())")
        #expect(keys.subtracting(leaves).isEmpty, "rows without a key: \(keys.subtracting(leaves).sorted())")
        #expect(keys.count == SceneConfig.keys.count, "a path listed twice")
    }

    @Test func rowsAreWellFormed() {
        for key in SceneConfig.keys {
            #expect(key.range.lowerBound.isFinite && key.range.upperBound.isFinite, "\(key.path)")
            #expect(!key.summary.isEmpty, "\(key.path) has no summary")
            // Each key sits in the group its path starts with, but for the two the panel shows
            // elsewhere: the snap-back spring under "snapBack", the stack's close under "stack".
            let group = key.path.hasPrefix("snapBackSpring.") ? "snapBack"
                : key.path == "stackCloseDuration" ? "stack" : String(key.path.split(separator: ".")[0])
            #expect(key.group == group, "\(key.path) is in group \(key.group)")
            if key.isInteger {
                #expect(key.range.lowerBound == key.range.lowerBound.rounded() && key.range.upperBound == key.range.upperBound.rounded())
                #expect(key.unit == (key.isFlag ? "bool" : "count"))
            }
            #expect(["pt/s", "s", "pt", "rad", "", "count", "bool"].contains(key.unit), "\(key.path): unit \(key.unit)")
        }
    }

    @Test func theDefaultsAreInsideTheRanges() throws {
        try SceneConfig().validate()
        for key in SceneConfig.keys where key.path != "pan.slopOverride" {
            let v = try #require(SceneConfig().value(at: key.path), "\(key.path)")
            #expect(key.range.contains(v), "\(key.path) default \(v) outside \(key.range)")
        }
    }

    @Test func setValueStoresInsideAndRefusesOutside() throws {
        var c = SceneConfig()
        try c.setValue(0.9, at: "now.heightRatio")
        #expect(c.now.heightRatio == 0.9)
        #expect(c.value(at: "now.heightRatio") == 0.9)
        try c.setValue(64, at: "pan.velocity.capacity")
        #expect(c.pan.velocity.capacity == 64)
        try c.setValue(12, at: "pan.slopOverride")
        #expect(c.pan.slopOverride == 12)

        let before = c
        #expect(throws: ConfigError.outOfRange(key: "now.heightRatio", value: 1e15, range: 0.05...4)) {
            try c.setValue(1e15, at: "now.heightRatio")
        }
        #expect(throws: ConfigError.self) { try c.setValue(.nan, at: "scroll.decelerationRate") }
        #expect(throws: ConfigError.self) { try c.setValue(.infinity, at: "stack.throwSpeed") }
        #expect(throws: ConfigError.self) { try c.setValue(3.5, at: "pan.velocity.capacity") }
        #expect(throws: ConfigError.self) { try c.setValue(Double(Int.max), at: "pan.velocity.capacity") }
        #expect(throws: ConfigError.unknownKey("now.nope")) { try c.setValue(1, at: "now.nope") }
        #expect(c == before, "a refused value changed the config")
        #expect(c.value(at: "now.nope") == nil)
    }

    @Test func messagesNameKeyValueAndRange() {
        #expect("\(ConfigError.outOfRange(key: "now.heightRatio", value: 1e15, range: 0.05...4))"
                == "'now.heightRatio' = 1e+15 is out of range (expected 0.05 to 4)")
        #expect("\(ConfigError.outOfRange(key: "pan.velocity.capacity", value: 1e308, range: 3...4096))"
                == "'pan.velocity.capacity' = 1e+308 is out of range (expected a whole number from 3 to 4096)")
        #expect("\(ConfigError.unknownKey("x.y"))" == "unknown config key 'x.y'")
    }

    @Test(arguments: [
        (#"{"now": {"heightRatio": 1e15}}"#, "now.heightRatio"),
        (#"{"now": {"heightRatio": 100000}}"#, "now.heightRatio"),
        (#"{"carousel": {"pageRatio": 1e308}}"#, "carousel.pageRatio"),
        (#"{"switcher": {"scalePerPitch": -3293}}"#, "switcher.scalePerPitch"),
        (#"{"pan": {"velocity": {"capacity": 100000}}}"#, "pan.velocity.capacity"),
        (#"{"scroll": {"decelerationRate": 1}}"#, "scroll.decelerationRate"),
        (#"{"snapBackSpring": {"response": 0}}"#, "snapBackSpring.response"),
    ])
    func decodingRefusesOutOfRange(json: String, key: String) {
        do {
            // The app lays a file over the defaults before decoding; do the same.
            func merge(_ user: [String: Any], over base: [String: Any]) -> [String: Any] {
                var out = base
                for (k, v) in user {
                    if let u = v as? [String: Any], let b = base[k] as? [String: Any] { out[k] = merge(u, over: b) } else { out[k] = v }
                }
                return out
            }
            let base = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SceneConfig())) as! [String: Any]
            let user = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            let data = try JSONSerialization.data(withJSONObject: merge(user, over: base))
            _ = try JSONDecoder().decode(SceneConfig.self, from: data)
            Issue.record("\(json) was accepted")
        } catch let ConfigError.outOfRange(k, _, _) {
            #expect(k == key)
        } catch {
            Issue.record("\(json): \(error)")
        }
    }

    @Test func decodingAcceptsTheDefaultsRoundTrip() throws {
        let data = try JSONEncoder().encode(SceneConfig())
        #expect(try JSONDecoder().decode(SceneConfig.self, from: data) == SceneConfig())
    }

    // MARK: - Any config inside the ranges runs

    /// A config with every key at a random place in its range (ends included often).
    static func randomConfig(_ rng: inout SplitMix) -> SceneConfig {
        var c = SceneConfig()
        for key in SceneConfig.keys {
            let r = key.range
            var v: Double
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: v = r.lowerBound
            case 1: v = r.upperBound
            default: v = Double.random(in: r, using: &rng)
            }
            if key.isInteger { v = v.rounded() }
            do { try c.setValue(v, at: key.path) } catch { Issue.record("\(error)") }
        }
        return c
    }

    /// A session touching every kind of input: flings both ways, drags on cards both ways, a
    /// hold, a cancel, a tap, commands and a viewport change.
    static func session(_ viewport: Size) -> GestureScript {
        var s = GestureScript(start: 100, step: 8)
        let c = viewport.centre
        s.fling(from: c, by: Vector(dx: -200, dy: 0), speed: 3000); s.wait(0.2)
        s.fling(from: c, by: Vector(dx: 0, dy: -250), speed: 4000); s.wait(0.1)
        s.fling(from: c, by: Vector(dx: 180, dy: 0), speed: 2000); s.wait(0.3)
        s.fling(from: c, by: Vector(dx: 0, dy: 300), speed: 2500); s.wait(0.2)
        s.hold(from: c, by: Vector(dx: -60, dy: -20), for: 0.2); s.wait(0.1)
        s.drag(from: c, by: Vector(dx: 90, dy: 10), duration: 0.3, release: .cancel); s.wait(0.1)
        s.tap(at: c); s.wait(0.1)
        s.command(.throwCurrent); s.wait(0.05)
        s.command(.nextPage); s.command(.nextPage); s.wait(0.1)
        s.command(.undo); s.wait(0.1)
        s.viewport(Size(width: viewport.height, height: viewport.width)); s.wait(0.2)
        s.fling(from: Point(x: 100, y: 100), by: Vector(dx: -400, dy: -400), speed: 8000); s.wait(0.1)
        s.command(.previousPage); s.wait(0.2)
        s.command(.reset); s.wait(0.3)
        return s
    }

    @Test(arguments: Interaction.allCases)
    func randomConfigsInsideTheRangesRunFinite(_ interaction: Interaction) {
        var rng = SplitMix(seed: 0xC0F16 &+ UInt64(Interaction.allCases.firstIndex(of: interaction) ?? 0))
        var configs: [SceneConfig] = [SceneConfig()]
        // Every key at its low end, then at its high end, then random ones.
        for end in [0, 1] {
            var c = SceneConfig()
            for key in SceneConfig.keys {
                try? c.setValue(end == 0 ? key.range.lowerBound : key.range.upperBound, at: key.path)
            }
            configs.append(c)
        }
        for _ in 0..<40 { configs.append(Self.randomConfig(&rng)) }
        var totalEvents = 0, totalFrames = 0
        for (n, config) in configs.enumerated() {
            for viewport in [Size.phone, Size(width: 64, height: 64)] {
                let scene = CardScene(interaction: interaction, count: 40, viewport: viewport, config: config, time: 0)
                let script = Self.session(viewport)
                var worst = 0
                let run = drive(scene, script.steps, schedule: .hz(60), until: script.time + 3) { s in
                    worst = max(worst, s.renderList.count)
                }
                // Drawn cards bound a frame's work: a config must not ask for thousands.
                let violations = run.violations.filter { !$0.contains("live slots") }
                #expect(violations.isEmpty, "config \(n) \(viewport): \(violations)")
                #expect(worst <= 128, "config \(n) \(viewport): \(worst) cards drawn in one frame")
                #expect(scene.pool.slotCount <= 256, "config \(n): \(scene.pool.slotCount) slots made")
                #expect(run.frames > 300)
                totalEvents += run.events.count
                totalFrames += run.frames
            }
        }
        // The sessions did something: gestures began and ended, cards went and came back.
        #expect(totalEvents > configs.count * 10)
        print("\(interaction): \(configs.count) configs x 2 viewports, \(totalFrames) frames, \(totalEvents) events")
    }
}
