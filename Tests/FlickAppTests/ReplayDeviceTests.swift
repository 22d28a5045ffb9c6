@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// A replay's log names the device its recording was made with, as the live log did: a phone
/// session's `started` line says `"device": "touch"`, a mouse session's names none.
@MainActor
@Suite(.serialized) struct ReplayDeviceTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs").path

    /// The `started` line of a headless replay of `recording`.
    func startedLine(_ recording: String) throws -> [String: Any] {
        _ = AppTestSDL.context
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("flick-replay-device-\(getpid())-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let options = try AppOptions(WindowCommand.parse(["--headless", "--replay", recording, "--allow-missing-cards"]))
        let app = try App(options: options, sdl: AppTestSDL.context, log: InteractionLog(path: log, overwrite: true))
        try app.run()
        let first = try #require(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    }

    @Test func aPhoneRecordingsReplayLogSaysTouch() throws {
        let touch = Self.docs + "/touch-study/touch-p1.rec"
        #expect(try Recording(path: touch).header?.device?.input == .touch)
        let started = try startedLine(touch)
        #expect(started["event"] as? String == "started")
        #expect(started["device"] as? String == "touch", "\(started)")
        let mouse = try startedLine(Self.docs + "/touch-study/mouse-p1.rec")
        #expect(mouse["event"] as? String == "started" && mouse["device"] == nil, "\(mouse)")
    }
}
