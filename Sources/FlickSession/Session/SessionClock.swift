import FlickIO
import Foundation

/// The session around a scene: who and when (id, wall clock, participant, task), the one clock
/// of scene, log and recording (seconds since the session started), the replay's pace, markers.
package struct SessionState {
    package var info: SessionInfo
    /// SDL's clock at session time 0, seconds.
    package let sdlStart: Double
    package var replay: ReplayClock
    /// The next marker is a task start (then an end, and so on).
    package var markerStarts = true
    /// The replay has played every input and everything has settled.
    package var replayEnded = false
    /// SDL time at which the replay ended (a loop starts again a second later).
    package var replayEndedAt = 0.0
    /// Session time of the last clock sync (`SceneTimeline.Control.sync`), once a second.
    package var lastSync = 0.0
    /// Seconds between clock syncs.
    package static let syncInterval = 1.0

    /// A session of `participant` and `task` whose time 0 is SDL time `sdlStart`; a replay of
    /// `recorded` carries its identity, so its log is the live log again. `speed`: the replay's pace.
    package init(recorded: RecordingHeader?, participant: String?, task: String?, sdlStart: Double, speed: Double) {
        if let header = recorded {
            info = SessionInfo(id: header.session, started: header.started, participant: participant, task: task)
        } else {
            info = SessionInfo.new(participant: participant, task: task)
        }
        self.sdlStart = sdlStart
        replay = ReplayClock(speed: speed)
    }

    /// SDL seconds (an event's timestamp, or now) as session seconds, to the microsecond.
    package func time(sdl: Double) -> Double { sessionTime(sdl - sdlStart) }

    /// The wall clock at session time `t`: the session's start (`info.started`, or a replay's
    /// recorded start) plus `t`, ISO 8601 with milliseconds; nil when the start does not read.
    package func wallClock(at t: Double) -> String? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let start = f.date(from: info.started) else { return nil }
        return f.string(from: start.addingTimeInterval(t))
    }

    package mutating func nextMarker() -> Marker {
        defer { markerStarts.toggle() }
        return Marker(label: markerStarts ? "start" : "end", task: info.task)
    }

    /// A replay in a window is playing (not paused, not ended): frames keep coming.
    package func replayRunning(_ player: Player?) -> Bool {
        player != nil && !replay.paused && !replayEnded
    }
}

/// Session time of a replay in a window: wall time scaled by `speed`, stopped while paused.
package struct ReplayClock {
    package var speed: Double
    package var paused = false
    package private(set) var time = 0.0
    private var lastWall: Double?

    package init(speed: Double) { self.speed = speed }

    package mutating func tick(wall: Double) {
        if let lastWall, !paused { time += (wall - lastWall) * speed }
        lastWall = wall
    }

    package mutating func restart() {
        time = 0
        lastWall = nil
    }
}
