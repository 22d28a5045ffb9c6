import FlickEngine
@testable import FlickPhone
import Testing

/// A host's phone events before its session takes them, as the window and flick-bench's host
/// both take them.
@Suite struct PhoneStreamTests {
    static let hello = PhoneHello(viewport: Size(width: 390, height: 844), pixelRatio: 3, userAgent: "test", touch: true)

    static func touch(_ phase: PointerEvent.Phase, id: Int = 1, x: Double = 100, ms: Double) -> PhoneTouch {
        PhoneTouch(id: id, phase: phase, position: Point(x: x, y: 400), time: ms)
    }

    @Test("only the latest connection's events count; a second finger and a lone move are not the gesture")
    func theDevicesConnectionAndTheTouchRule() {
        var s = PhoneStream()
        #expect(s.take(.touch(connection: 1, Self.touch(.down, ms: 10), hostTime: 1.0)) == nil)
        #expect(s.take(.connected(connection: 1, hello: Self.hello, resumed: false)) == .connected(Self.hello, resumed: false))
        #expect(s.take(.connected(connection: 2, hello: Self.hello, resumed: true)) == .connected(Self.hello, resumed: true))
        #expect(s.connection == 2)
        // The older page's events are no longer the device's.
        #expect(s.take(.touch(connection: 1, Self.touch(.down, ms: 20), hostTime: 2.0)) == nil)
        #expect(s.take(.undo(connection: 1, hostTime: 2.0)) == nil)
        #expect(s.take(.undo(connection: 2, hostTime: 2.1)) == .undo(hostTime: 2.1))
        #expect(s.take(.touch(connection: 2, Self.touch(.move, ms: 25), hostTime: 2.2)) == nil)
        let down = Self.touch(.down, ms: 30)
        #expect(s.take(.touch(connection: 2, down, hostTime: 3.0)) == .touch(down, hostTime: 3.0))
        #expect(s.take(.touch(connection: 2, Self.touch(.down, id: 2, ms: 31), hostTime: 3.01)) == nil)
        let up = Self.touch(.up, ms: 40)
        #expect(s.take(.touch(connection: 2, up, hostTime: 3.1)) == .touch(up, hostTime: 3.1))
        #expect(s.frames.held == false)
    }

    @Test("frame reports give the touch-to-frame latency; clock exchanges the offset")
    func reportsAreKeptHere() {
        var s = PhoneStream()
        _ = s.take(.connected(connection: 7, hello: Self.hello, resumed: false))
        _ = s.take(.touch(connection: 7, Self.touch(.down, ms: 1000), hostTime: 1))
        let sent = s.frames.frame(list: [], faceOf: { _ in 0 }, stage: "#000000", sceneTime: 1)
        #expect(sent != nil)
        #expect(s.take(.drawn(connection: 9, frame: 1, t: 1020)) == nil)
        #expect(s.frames.latency.count == 0)
        #expect(s.take(.drawn(connection: 7, frame: 1, t: 1024)) == nil)
        #expect(s.frames.latency.samples == [0.024])
        #expect(s.take(.synced(connection: 7, offset: 5.5, roundTrip: 0.004)) == nil)
        #expect(s.clock?.offset == 5.5 && s.clock?.roundTrip == 0.004)
    }

    @Test("a drop of the device says whether a gesture was held and is counted; another page's is not")
    func drops() {
        var s = PhoneStream()
        _ = s.take(.connected(connection: 3, hello: Self.hello, resumed: false))
        _ = s.take(.touch(connection: 3, Self.touch(.down, ms: 5), hostTime: 1))
        #expect(s.take(.disconnected(connection: 4, reason: "other")) == nil)
        #expect(s.take(.disconnected(connection: 3, reason: "closed")) == .dropped(reason: "closed", heldGesture: true))
        #expect(s.drops == 1 && !s.isConnected)
        _ = s.take(.connected(connection: 5, hello: Self.hello, resumed: true))
        #expect(s.take(.disconnected(connection: 5, reason: "gone")) == .dropped(reason: "gone", heldGesture: false))
        #expect(s.drops == 2)
    }

    @Test("while the host takes no touches (a replay, the engine on the page) none is held")
    func noTouchesTaken() {
        var s = PhoneStream()
        _ = s.take(.connected(connection: 1, hello: Self.hello, resumed: false))
        #expect(s.take(.touch(connection: 1, Self.touch(.down, ms: 5), hostTime: 1), takesTouches: false) == nil)
        let held = s.end()
        #expect(!held)
        #expect(s.take(.refused(kind: "size", line: "too big")) == .refused(kind: "size", line: "too big"))
    }
}
