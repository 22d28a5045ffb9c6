import FlickEngine
import FlickIO
import FlickSession
import Foundation
import Testing

/// `--phone`: the recording's header waits for the device and names it; the inputs made before
/// it wait with it, in order; a session no phone joined still gets its header; a replay reads
/// the device back and refuses one out of range.
@Suite struct RecorderDeviceTests {
    static let device = SessionDevice(input: .touch, viewport: Size(width: 390, height: 844), pixelRatio: 3,
                                      userAgent: "Mozilla/5.0 (Linux; Android 14)")

    func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flick-device-\(getpid())-\(name)-\(UUID().uuidString)").path
    }

    @Test func theHeaderWaitsForTheDeviceAndNamesIt() throws {
        let file = path("held")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recorder = try Recorder(path: file, header: RecordingRoundTripTests.header(look: nil), waitsForDevice: true)
        let early = RecordedInput(t: 0.1, .marker(Marker(label: "start")))
        try recorder.record(early)
        #expect((try String(contentsOfFile: file, encoding: .utf8)).isEmpty, "nothing written before the device")
        try recorder.release(device: Self.device)
        let touch = RecordedInput(t: 0.2, .pointer(PointerEvent(pointerID: 1, phase: .down, position: Point(x: 5, y: 6), time: 0.2, device: .touch)))
        try recorder.record(touch)
        try recorder.release(device: nil)   // once only
        try recorder.finish()
        let recording = try Recording(path: file)
        #expect(recording.header?.device == Self.device)
        #expect(recording.inputs == [early, touch])
    }

    @Test func aSessionNoPhoneJoinedStillHasItsHeader() throws {
        let file = path("none")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recorder = try Recorder(path: file, header: RecordingRoundTripTests.header(look: nil), waitsForDevice: true)
        try recorder.record(RecordedInput(t: 0.1, .marker(Marker(label: "start"))))
        try recorder.finish()
        let recording = try Recording(path: file)
        #expect(recording.header != nil && recording.header?.device == nil && recording.inputs.count == 1)
    }

    @Test func aDeviceOutOfRangeIsRefusedNamingTheField() throws {
        let file = path("bad")
        defer { try? FileManager.default.removeItem(atPath: file) }
        var device = Self.device
        device.pixelRatio = 80
        let recorder = try Recorder(path: file, header: RecordingRoundTripTests.header(look: nil), waitsForDevice: true)
        try recorder.release(device: device)
        #expect(throws: UserError.self) { try Recording(path: file) }
        do { _ = try Recording(path: file) } catch let error as UserError {
            #expect(error.message.contains("device.pixel_ratio"), "\(error.message)")
        }
    }
}
