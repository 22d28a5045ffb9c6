import FlickEngine

/// One phone's events as a host takes them before its session does: only the connection that
/// is the participant's device counts (the latest to say hello); its touches go through the
/// touch rule (`PhoneFrames.admits`), its frame reports into the touch-to-frame latency, its
/// clock exchanges into the offset; a drop is counted and says whether a gesture was held. The
/// window's phone link and flick-bench's scripted host both take their phone's events here.
package struct PhoneStream: Sendable {
    /// The connection that is the participant's device now.
    package private(set) var connection: Int?
    /// The touches taken and the frames sent to a page that draws the host's frames.
    package var frames = PhoneFrames()
    /// The page's clock against the host's, from its best exchange.
    package private(set) var clock: (offset: Double, roundTrip: Double)?
    /// Times the device's connection went.
    package private(set) var drops = 0

    package init() {}

    package var isConnected: Bool { connection != nil }

    /// What the host's session is to do about an event.
    package enum Happening: Equatable, Sendable {
        /// A page said hello and is the device now (`resumed`: the same page again).
        case connected(PhoneHello, resumed: Bool)
        /// A touch of the participant's gesture, at host time `hostTime`.
        case touch(PhoneTouch, hostTime: Double)
        case answer(PhoneAnswer, hostTime: Double)
        case undo(hostTime: Double)
        /// Input records of a page that runs the engine.
        case records(PhoneRecords)
        /// A page that runs the engine asks for the session so far.
        case history
        /// The device's page went; `heldGesture`: a touch was down then (a host that takes its
        /// touches cancels that gesture).
        case dropped(reason: String, heldGesture: Bool)
        /// A message or connection the server refused.
        case refused(kind: String, line: String)
    }

    /// `event` taken: nil when it is not the session's (another connection's, or a report kept
    /// here). `takesTouches`: false while the host takes no touches (a replay, a page that runs
    /// the engine), so none of them counts as held.
    package mutating func take(_ event: PhoneEvent, takesTouches: Bool = true) -> Happening? {
        switch event {
        case .connected(let id, let hello, let resumed):
            connection = id
            return .connected(hello, resumed: resumed)
        case .touch(let id, let touch, let hostTime):
            guard id == connection, takesTouches, frames.admits(touch.phase, phoneTime: touch.time) else { return nil }
            return .touch(touch, hostTime: hostTime)
        case .drawn(let id, let frame, let t):
            if id == connection { frames.latency.drawn(frame: frame, at: t) }
            return nil
        case .synced(let id, let offset, let roundTrip):
            if id == connection { clock = (offset, roundTrip) }
            return nil
        case .answer(let id, let answer, let hostTime):
            return id == connection ? .answer(answer, hostTime: hostTime) : nil
        case .undo(let id, let hostTime):
            return id == connection ? .undo(hostTime: hostTime) : nil
        case .records(let id, let batch):
            return id == connection ? .records(batch) : nil
        case .history(let id):
            return id == connection ? .history : nil
        case .disconnected(let id, let reason):
            guard id == connection else { return nil }
            connection = nil
            drops += 1
            return .dropped(reason: reason, heldGesture: frames.dropped())
        case .refused(let kind, let line):
            return .refused(kind: kind, line: line)
        }
    }

    /// The session ends: whether a gesture was held (the caller cancels it).
    package mutating func end() -> Bool { frames.dropped() }
}
