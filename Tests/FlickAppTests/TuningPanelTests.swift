import FlickIO
import CSDL2
import FlickEngine
@testable import FlickSDL
@testable import FlickApp
import FlickSession
import Foundation
import Testing

@MainActor
@Suite(.serialized)
struct TuningPanelTests {
    /// The panel opens headless and draws; a slider dragged with synthetic SDL mouse events
    /// (through EventSource and ImGui, as the mouse would) changes the scene's config, none of
    /// those events reach the stage, and the next flick's outcome follows the new value.
    @Test func sliderDragChangesConfigAndTheNextFlick() throws {
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--demo", "now"])
        try h.frame()
        #expect(h.tools.panel.isOpen)
        #expect(h.tools.imgui.lastVertexCount > 1000, "the panel drew nothing")
        let rect = try #require(h.tools.panel.sliderRects["now.throwSpeed"], "no slider for now.throwSpeed")
        #expect(rect.w > 50 && rect.h > 5)

        // The same flick, before: 450 pt/s is under the default 600 pt/s, the card snaps back.
        let before = h.scene.config.now.throwSpeed
        #expect(before == 600)
        let probe = CardScene(interaction: .now, count: 10, viewport: h.stage.viewport, config: h.scene.config, time: 0)
        let end = horizontalFling(probe, from: Point(x: 150, y: 420), speed: 450, at: 0.1)
        probe.advance(to: end + 3)
        #expect(cardOutcome(probe.events) == .snappedBack)

        // Drag the slider's grab to an eighth of the way along.
        let y = rect.y + rect.h / 2
        try h.drag(from: (rect.x + rect.w / 2, y), to: (rect.x + rect.w * 0.125, y))
        let after = h.scene.config.now.throwSpeed
        #expect(after < 450, "now.throwSpeed is \(after) after the drag")
        #expect(after >= SceneConfig.keys.first { $0.path == "now.throwSpeed" }!.range.lowerBound)
        #expect(h.appPointerEvents.isEmpty, "the stage got \(h.appPointerEvents.count) pointer events meant for the panel")

        // The next flick, on the running scene: now it is thrown.
        h.scene.clearEvents()
        let t = horizontalFling(h.scene, from: Point(x: 150, y: 420), speed: 450, at: h.now + 0.1)
        h.scene.advance(to: t + 3)
        #expect(cardOutcome(h.scene.events) == .thrown)
    }

    /// A press outside every ImGui window goes to the stage, and its drag stays there even
    /// when it crosses the panel.
    @Test func pressOutsideThePanelReachesTheStage() throws {
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--demo", "now"])
        try h.frame()
        let rect = try #require(h.tools.panel.sliderRects["now.throwSpeed"])
        try h.drag(from: (600, 400), to: (rect.x + rect.w / 2, rect.y + rect.h / 2))
        #expect(h.appPointerEvents.first?.phase == .down)
        #expect(h.appPointerEvents.last?.phase == .up)
        #expect(h.appPointerEvents.count == 6)
        #expect(h.scene.config.now.throwSpeed == 600, "a drag that began on the stage moved a slider")
    }

    /// Keys reach the app unless ImGui wants the keyboard (io.WantCaptureKeyboard): while a
    /// slider is held they are the panel's, after its release the app's again.
    @Test func keysGoToThePanelOnlyWhileItWantsThem() throws {
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--demo", "now"])
        try h.frame()
        #expect(h.keyReachesApp(), "a key with nothing active in the panel did not reach the app")
        let rect = try #require(h.tools.panel.sliderRects["now.throwSpeed"])
        let (x, y) = (rect.x + rect.w / 2, rect.y + rect.h / 2)
        h.mouseMove(x, y)
        try h.frame()
        h.mouseButton(down: true, x, y)
        try h.frame()
        try h.frame()
        #expect(!h.keyReachesApp(), "a key reached the app while a slider was held")
        h.mouseButton(down: false, x, y)
        try h.frame()
        try h.frame()
        #expect(h.keyReachesApp(), "keys stayed with the panel after the slider was let go")
        #expect(h.appPointerEvents.isEmpty)
    }

    /// A watched --config file follows the panel: the edited key is written back, the file's
    /// other keys stay, and the watch does not take the app's own write for an outside change.
    @Test func watchedConfigFileIsWrittenBack() throws {
        let path = NSTemporaryDirectory() + "flick-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"pan": {"axisLock": "free"}, "stack": {"throwSpeed": 700}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let watch = ConfigWatch(path: path)
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--demo", "now", "--config", path], watch: watch)
        try h.frame()
        let rect = try #require(h.tools.panel.sliderRects["now.throwSpeed"])
        try h.drag(from: (rect.x + rect.w / 2, rect.y + rect.h / 2), to: (rect.x + rect.w * 0.3, rect.y + rect.h / 2))
        for _ in 0..<20 { try h.frame() }   // past the write-back's quarter second
        let value = h.scene.config.now.throwSpeed
        #expect(value != 600)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((object["now"] as? [String: Any])?["throwSpeed"] as? Double == value)
        #expect((object["stack"] as? [String: Any])?["throwSpeed"] as? Double == 700)
        #expect((object["pan"] as? [String: Any])?["axisLock"] as? String == "free")
        #expect(watch.changedConfig() == nil, "the app's own write was reloaded as an outside edit")
        #expect(try AppOptions.loadConfig(path) == h.scene.config)
    }

    /// The file gets only what the session applied and logged: while the slider is held (as
    /// while a value is typed without Enter) nothing is written, however long; once let go and
    /// applied, the applied value is.
    @Test func aHeldValueIsNotWrittenBackUntilApplied() throws {
        let path = NSTemporaryDirectory() + "flick-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = #"{"now": {"throwSpeed": 600}}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--demo", "now", "--config", path], watch: ConfigWatch(path: path))
        try h.frame()
        let rect = try #require(h.tools.panel.sliderRects["now.throwSpeed"])
        let (x, y) = (rect.x + rect.w / 2, rect.y + rect.h / 2)
        h.mouseMove(x, y)
        try h.frame()
        h.mouseButton(down: true, x, y)
        try h.frame()
        for i in 1...10 {
            h.mouseMove(x - Double(i) * rect.w / 40, y)
            try h.frame()
        }
        for _ in 0..<30 { try h.frame() }   // half a second held: past the write-back's quarter second
        #expect(h.scene.config.now.throwSpeed == 600, "applied while held")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "a value not applied reached the file")
        h.mouseButton(down: false, x - rect.w / 4, y)
        for _ in 0..<30 { try h.frame() }
        let value = h.scene.config.now.throwSpeed
        #expect(value != 600 && h.appliedChanges.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((object["now"] as? [String: Any])?["throwSpeed"] as? Double == value)
    }

    /// An edit of the watched file that puts a key out of range is refused; the scene keeps
    /// its values (the reload path of live tuning).
    @Test func watchedFileOutOfRangeKeepsThePreviousValues() throws {
        let path = NSTemporaryDirectory() + "flick-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"now": {"throwSpeed": 550}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let watch = ConfigWatch(path: path)
        try Data(#"{"now": {"throwSpeed": 1e9}}"#.utf8).write(to: URL(fileURLWithPath: path))
        try Self.stamp(path, secondsAfter: 1)
        #expect(watch.changedConfig(now: Self.t0) == nil)
        // Nil because the edit was looked at and refused, not because no change was seen.
        let said = watch.takeMessages()
        #expect(said.count == 1 && said.allSatisfy { $0.problem && $0.text.contains("now.throwSpeed") }, "\(said)")
        do {
            _ = try AppOptions.loadConfig(path)
            Issue.record("an out-of-range config loaded")
        } catch {
            #expect("\(error)".contains("now.throwSpeed") && "\(error)".contains("1e+9"), "\(error)")
        }
    }

    /// The watch looks at the file at most once a second of the time it is given: an edit
    /// within a second of the last look waits for the next one, and is taken then.
    @Test func watchedFileIsLookedAtOnceASecond() throws {
        let path = NSTemporaryDirectory() + "flick-config-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"now": {"throwSpeed": 550}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let watch = ConfigWatch(path: path)
        #expect(watch.changedConfig(now: Self.t0) == nil)   // looked: unchanged
        try Data(#"{"now": {"throwSpeed": 450}}"#.utf8).write(to: URL(fileURLWithPath: path))
        try Self.stamp(path, secondsAfter: 1)
        #expect(watch.changedConfig(now: Self.t0.addingTimeInterval(0.999)) == nil, "looked again within the second")
        #expect(watch.changedConfig(now: Self.t0.addingTimeInterval(1))?.now.throwSpeed == 450)
        #expect(watch.takeMessages().map(\.problem) == [false])
        #expect(watch.changedConfig(now: Self.t0.addingTimeInterval(5)) == nil, "the same edit taken twice")
    }

    /// Any fixed instant: the watch measures its pace only by the times it is given.
    static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// Dates the file's modification `seconds` after it was (a save made later, without waiting
    /// for the file system's clock to move on).
    static func stamp(_ path: String, secondsAfter seconds: Double) throws {
        let m = try #require(ConfigWatch.modified(path))
        try FileManager.default.setAttributes([.modificationDate: m.addingTimeInterval(seconds)], ofItemAtPath: path)
    }

    /// T shows and hides the panel; hidden, it draws nothing (the side windows stay).
    @Test func tTogglesThePanel() throws {
        let h = try ToolHarness(arguments: ["--headless", "--demo", "now"])
        try h.frame()
        try h.frame()
        #expect(!h.tools.panel.isOpen)
        let closed = h.tools.imgui.lastVertexCount
        #expect(h.tools.panel.sliderRects.isEmpty)
        // T's action (App.perform carries it out: KeyBindingTests presses it in a real App).
        #expect(KeyBindings.action(for: KeyPress(key: .character("t"))) == .tuningPanel)
        h.tools.panel.isOpen.toggle()
        try h.frame()
        #expect(h.tools.panel.isOpen)
        #expect(h.tools.imgui.lastVertexCount > closed + 1000)
        h.tools.panel.isOpen.toggle()
        try h.frame()
        #expect(h.tools.imgui.lastVertexCount == closed)
    }

    /// A preset out of range is refused naming the key, the value and the range; nothing changes.
    @Test func outOfRangePresetIsRefused() throws {
        let folder = NSTemporaryDirectory() + "flick-presets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"now": {"throwSpeed": -5}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let library = PresetLibrary(folder: folder)
        let range = SceneConfig.keys.first { $0.path == "now.throwSpeed" }!.range
        do {
            _ = try library.load("bad")
            Issue.record("an out-of-range preset loaded")
        } catch {
            let text = "\(error)"
            #expect(text.contains("now.throwSpeed"), "\(text)")
            #expect(text.contains("-5"), "\(text)")
            #expect(text.contains(ConfigKeyFormat.bound(range.lowerBound)) && text.contains(ConfigKeyFormat.bound(range.upperBound)), "\(text)")
        }
        var config = SceneConfig()
        #expect(throws: ConfigError.self) { try config.setValue(-5, at: "now.throwSpeed") }
        #expect(config == SceneConfig())
    }

    /// Save preset writes only the changed keys, atomically, and loads back to the same config.
    @Test func savedPresetHoldsOnlyTheChangedKeys() throws {
        let folder = NSTemporaryDirectory() + "flick-presets-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = PresetLibrary(folder: folder)
        var config = SceneConfig()
        try config.setValue(420, at: "now.throwSpeed")
        try config.setValue(0.99, at: "scroll.decelerationRate")
        let path = try library.save(changedFrom: SceneConfig(), config: config, name: "quick")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        #expect(object?.keys.sorted() == ["now", "scroll"])
        #expect((object?["now"] as? [String: Any])?.count == 1)
        #expect(library.names() == ["quick"])
        #expect(try library.load("quick") == config)
        #expect(throws: UserError.self) { try library.save(changedFrom: SceneConfig(), config: config, name: "../up") }
    }

    /// "Save preset…" over an existing preset replaced the bundled `uikit`
    /// with `{}` without asking. Now an existing preset is replaced only when the panel has asked.
    @Test func anExistingPresetIsReplacedOnlyWhenAsked() throws {
        let folder = NSTemporaryDirectory() + "flick-presets-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let uikit = folder + "/uikit.json"
        let original = #"{"now": {"throwSpeed": 500}}"# + "\n"
        try original.write(toFile: uikit, atomically: false, encoding: .utf8)
        let library = PresetLibrary(folder: folder)
        #expect(throws: PresetExists.self) { try library.save(changedFrom: SceneConfig(), config: SceneConfig(), name: "uikit") }
        #expect(throws: PresetExists.self) { try library.save(changedFrom: SceneConfig(), config: SceneConfig(), name: "uikit.json") }
        #expect(try String(contentsOfFile: uikit, encoding: .utf8) == original, "the preset was replaced without asking")
        var config = SceneConfig()
        config.now.throwSpeed = 420
        _ = try library.save(changedFrom: SceneConfig(), config: config, name: "uikit", replace: true)
        #expect(try library.load("uikit").now.throwSpeed == 420)
    }
}

/// How a range bound is printed in error messages (600 or 0.5, no trailing zeros).
enum ConfigKeyFormat {
    static func bound(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

@MainActor
@Suite(.serialized)
struct SidePanelTests {
    /// The keys, events and HUD are ImGui windows; in presentation mode no ImGui window is drawn
    /// and no click is taken by one.
    @Test func sideWindowsAndPresentationMode() throws {
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--debug-overlay", "--demo", "now"])
        try h.renderer.clear(RGBA(0, 0, 0))
        try h.tools.draw(scene: h.scene, stage: h.stage, window: h.window, pointerDown: false, now: 1,
                         events: ["   0.50  began scroll"], hud: ["60 fps"])
        try h.renderer.clear(RGBA(0, 0, 0))
        try h.tools.draw(scene: h.scene, stage: h.stage, window: h.window, pointerDown: false, now: 1.1,
                         events: ["   0.50  began scroll"], hud: ["60 fps"])
        #expect(!h.clickReachesStage(30, 30), "no keys window at the top left")
        #expect(!h.clickReachesStage(30, h.window.height - 20), "no HUD window at the bottom left")
        #expect(h.clickReachesStage(h.window.width / 2, h.window.height / 2), "a window over the phone")
        h.tools.presenting = true
        try h.renderer.clear(RGBA(0, 0, 0))
        try h.tools.draw(scene: h.scene, stage: h.stage, window: h.window, pointerDown: false, now: 1.2,
                         events: ["   0.50  began scroll"], hud: ["60 fps"])
        #expect(h.tools.imgui.lastVertexCount == 0)
        #expect(h.clickReachesStage(30, 30), "a hidden window took a click")
        let pixels = try h.renderer.readPixels()
        #expect(pixels[30, 30] == RGBA(0, 0, 0), "something drawn in presentation mode")
    }

    /// At 400x300 there is no column beside the phone: the HUD's many long lines are drawn in
    /// the strip beside it, none over it, and a press anywhere on the phone reaches the stage
    /// (the HUD had covered its lower half and taken the presses there).
    @Test func aSmallWindowsHUDLeavesThePhoneItsPresses() throws {
        let h = try ToolHarness(arguments: ["--headless", "--demo", "now"], window: Size(width: 400, height: 300))
        let hud = (0..<8).map { "HUD line \($0): pointer to photon 12 ms median, 20 p99 (300 inputs)" }
        for t in [1.0, 1.1] {
            try h.renderer.clear(RGBA(0, 0, 0))
            try h.tools.draw(scene: h.scene, stage: h.stage, window: h.window, pointerDown: false, now: t,
                             events: ["   0.50  began scroll"], hud: hud)
        }
        let f = h.stage.frame
        for fy in stride(from: 0.05, through: 0.95, by: 0.15) {
            for fx in [0.05, 0.5, 0.95] {
                let x = f.minX + fx * f.width, y = f.minY + fy * f.height
                #expect(h.clickReachesStage(x, y), "a press at \(Int(x)),\(Int(y)) on the phone \(f) was taken")
            }
        }
        // Something of the HUD is drawn beside the phone, nothing on it.
        let pixels = try h.renderer.readPixels()
        var beside = 0, on = 0
        for y in 0..<300 {
            for x in 0..<400 where pixels[x, y] != RGBA(0, 0, 0) {
                if Double(x) >= f.minX && Double(x) < f.maxX && Double(y) >= f.minY && Double(y) < f.maxY { on += 1 } else { beside += 1 }
            }
        }
        #expect(beside > 200 && on == 0, "HUD pixels beside the phone \(beside), on it \(on)")
    }
}
