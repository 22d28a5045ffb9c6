import FlickEngine
@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// Panel edits are recorded inputs: a session with a slider change mid-way, replayed from its
/// recorded inputs alone on a fresh scene, gives the live session's events, and the change that
/// flips a throw flips it in the replay too.
@MainActor
@Suite(.serialized) struct PanelReplayTests {
    /// A horizontal fling as recorded inputs (what the app records for a drag), given to the
    /// harness's scene through the one input path, one 1/60 s frame per input batch.
    func fling(_ h: ToolHarness, speed: Double, recorded: inout [RecordedInput]) throws {
        var t = h.now + 0.01
        var x = 150.0
        var inputs = [RecordedInput(t: t, .pointer(PointerEvent(phase: .down, position: Point(x: x, y: 420), time: t)))]
        for _ in 0..<13 {
            t += 0.008
            x += speed * 0.008
            inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .move, position: Point(x: x, y: 420), time: t))))
        }
        inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .up, position: Point(x: x, y: 420), time: t))))
        for input in inputs {
            while h.now + 1.0 / 60 < input.t { try h.frame() }
            h.submit(input)
            recorded.append(input)
        }
        for _ in 0..<150 { try h.frame() }   // 2.5 s: the throw or the snap-back ends
    }

    @Test func aPanelEditFlipsAThrowLiveAndInTheReplay() throws {
        let h = try ToolHarness(arguments: ["--headless", "--panel", "--demo", "now"])
        try h.frame()
        var recorded: [RecordedInput] = []
        try fling(h, speed: 450, recorded: &recorded)
        #expect(cardOutcome(h.sceneEvents) == .snappedBack, "450 pt/s is under the default 600 pt/s")

        let rect = try #require(h.tools.panel.sliderRects["now.throwSpeed"])
        let y = rect.y + rect.h / 2
        try h.drag(from: (rect.x + rect.w / 2, y), to: (rect.x + rect.w * 0.125, y))
        let change = try #require(h.appliedChanges.last, "the slider change reached no recorded input")
        #expect(change.configInput?.source == "panel")
        #expect(try #require(change.config).now.throwSpeed < 450)
        recorded += h.appliedChanges

        let before = h.sceneEvents.count
        try fling(h, speed: 450, recorded: &recorded)
        #expect(cardOutcome(Array(h.sceneEvents[before...])) == .thrown, "the same fling after the edit")
        let end = h.now

        // The replay: the recorded inputs alone, in time order, through a fresh session core.
        let replay = SessionRunner(scene: CardScene(interaction: .now, count: 10, viewport: h.stage.viewport,
                                                    config: SceneConfig(), time: 0),
                                   tasks: nil, cardNames: [])
        for input in recorded.sorted(by: { $0.t < $1.t }) {
            replay.advance(to: input.t)
            replay.submit(input, now: input.t)
        }
        replay.advance(to: end)
        let events: [SceneEvent] = replay.takeOutputs().compactMap { if case .scene(let e) = $0 { e.event } else { nil } }
        #expect(events == h.sceneEvents, "the replay's \(events.count) events differ from the live \(h.sceneEvents.count)")
        #expect(replay.scene.config == h.scene.config)
    }

    /// A preset loaded in the panel is a recorded input that names the preset, and the log says
    /// where the change came from and which keys it changed.
    @Test func aPresetLoadedIsRecordedAndLogged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-panel-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logPath = folder.appendingPathComponent("log.jsonl").path
        let log = try InteractionLog(path: logPath)
        var snappy = SceneConfig()
        snappy.now.throwSpeed = 300
        snappy.stack.throwDistance = 50
        let input = RecordedInput(t: 1.5, change: ConfigChange(config: snappy, source: .preset("snappy")))
        #expect(input.configInput?.source == "preset" && input.configInput?.preset == "snappy")
        #expect(input.configInput?.change == ConfigChange(config: snappy, source: .preset("snappy")))
        let decoded = try JSONDecoder().decode(RecordedInput.self, from: JSONEncoder().encode(input))
        #expect(decoded == input, "the recording round trip")
        try log.configChanged(time: 1.5, change: try #require(decoded.configInput?.change), from: SceneConfig())
        let lines = try LogLine.read(path: logPath)
        guard case .configChanged(let line) = try #require(lines.first) else {
            Issue.record("not a config_changed line: \(lines)"); return
        }
        #expect(line.source == "preset" && line.preset == "snappy")
        #expect(line.changed == ["now.throwSpeed", "stack.throwDistance"])
        #expect(line.config == snappy)
    }
}
