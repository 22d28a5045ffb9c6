import FlickStage
import FlickIO
import FlickEngine
import FlickSDL
import FlickSession
import Foundation
import Testing

/// The session library on its own: what a recording holds comes back exactly, older formats
/// read with what they lack filled in, newer ones are refused, and the config file's errors name
/// the key.
@Suite struct RecordingRoundTripTests {
    /// Each test's own: tests run in parallel, a test's arguments too.
    let run = UUID().uuidString

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-session-\(getpid())-\(run)-\(name)").path
    }

    static func header(look: SessionLook?) -> RecordingHeader {
        var config = SceneConfig()
        config.stack.throwSpeed = 321
        return RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                               session: "s1", started: "2026-11-23T10:00:00.000Z", participant: "p3", task: "find",
                               demo: .swipe, cardFolder: "/cards", bundledCards: false,
                               cardFiles: [.init(name: "a.png", size: 10), .init(name: "b.png", size: 20)], count: 2,
                               window: Size(width: 900, height: 700), stage: Size(width: 375, height: 667),
                               stageCornerRadius: 0, config: config, look: look)
    }

    /// One of every input kind, panel edits and presets among them, at distinct times.
    static let inputs: [RecordedInput] = {
        var faster = SceneConfig()
        faster.now.throwSpeed = 300
        let panel = RecordedInput(t: 0.5, change: ConfigChange(config: faster, source: .panel))
        return [
            RecordedInput(t: 0.1, .pointer(PointerEvent(phase: .down, position: Point(x: 10.25, y: 20.5), time: 0.1))),
            RecordedInput(t: 0.2, .wheel(-12.5)),
            RecordedInput(t: 0.3, .notches(3)),
            RecordedInput(t: 0.35, .command(.throwLeft)),
            RecordedInput(t: 0.4, .interaction(.carousel)),
            panel,
            RecordedInput(t: 0.6, change: ConfigChange(config: SceneConfig(), source: .preset("uikit"))),
            RecordedInput(t: 0.7, .config(ConfigInput(config: faster, path: "feel.json"))),
            RecordedInput(t: 0.8, .viewport(Size(width: 500, height: 600), window: Size(width: 640, height: 700))),
            RecordedInput(t: 0.9, .marker(Marker(label: "start", task: "find"))),
            RecordedInput(t: 1.0, .time(.pause)),
        ]
    }()

    @Test(arguments: [
        SessionLook(),
        SessionLook(fit: .fill, background: RGBA(18, 52, 86), titles: .name, touches: false, present: true),
        SessionLook(titles: .map(["a.png": "Weather", "b.png": "Music"]), touches: true),
    ])
    func everyInputAndTheLookComeBack(_ look: SessionLook) throws {
        let path = temporaryPath("roundtrip.rec")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = Self.header(look: look)
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for input in Self.inputs { try recorder.record(input) }
        let read = try Recording(path: path)
        #expect(read.header == header)
        #expect(read.header?.drawnLook == look)
        #expect(read.inputs == Self.inputs)
        #expect(read.inputs[5].configInput?.change?.source == .panel)
        #expect(read.inputs[6].configInput?.change?.source == .preset("uikit"))
        #expect(read.inputs[7].configInput?.change == nil, "a --config reload is not an app change")
    }

    /// A format 1 header (no look) reads, and draws with the default look; a newer format is
    /// refused with the versions named.
    @Test func formatOneReadsAndNewerFormatsAreRefused() throws {
        let path = temporaryPath("v1.rec")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var header = Self.header(look: nil)
        header.format = 1
        let data = try JSONEncoder().encode(header)
        try (String(decoding: data, as: UTF8.self) + "\n{\"t\":0.5,\"notches\":1}\n").write(toFile: path, atomically: true, encoding: .utf8)
        let read = try Recording(path: path)
        #expect(read.header?.format == 1)
        #expect(read.header?.look == nil)
        #expect(read.header?.drawnLook == SessionLook())
        #expect(read.inputs == [RecordedInput(t: 0.5, .notches(1))])

        try "{\"flick_recording\": 3, \"demo\": \"now\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Recording(path: path)
            Issue.record("a format 3 recording was read")
        } catch let error as UserError {
            #expect(error.message.contains("is recording format 3, newer than this flick reads (2)"))
        }
    }

    /// The look's titles are written as "none", "name" or the map itself, and read back.
    @Test func titlesAreCodedAsTheyAreWritten() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (titles, json) in [(SessionLook.Titles.none, "\"none\""), (.name, "\"name\""), (.map(["a.png": "A"]), "{\"a.png\":\"A\"}")] {
            #expect(String(decoding: try encoder.encode(titles), as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(SessionLook.Titles.self, from: Data(json.utf8)) == titles)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SessionLook.Titles.self, from: Data("\"names\"".utf8)) }
    }

    /// Config files: a typo'd key, a wrong type and a value out of range are one line naming the
    /// file and the key.
    @Test(arguments: [
        (#"{"now": {"throwSpeeed": 500}}"#, "now.throwSpeeed"),
        (#"{"now": {"throwSpeed": "fast"}}"#, "wrong type at 'now.throwSpeed'"),
        (#"{"now": {"heightRatio": 1e15}}"#, "'now.heightRatio' = 1e+15 is out of range (expected 0.05 to 4)"),
        ("not json", "is not valid JSON"),
    ])
    func configErrorsNameTheKey(_ text: String, _ expected: String) throws {
        let path = temporaryPath("config.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ConfigFile.load(path)
            Issue.record("'\(text)' was accepted")
        } catch let error as UserError {
            #expect(error.message.contains(path))
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    /// A panel change names the keys it changed, in key order.
    @Test func changedKeysAreThoseThatDiffer() {
        var c = SceneConfig()
        c.swipe.widthRatio = 0.75
        c.now.throwSpeed += 1
        #expect(ConfigChange.changedKeys(from: SceneConfig(), to: c) == ["now.throwSpeed", "swipe.widthRatio"])
        #expect(ConfigChange.changedKeys(from: c, to: c).isEmpty)
    }
}
