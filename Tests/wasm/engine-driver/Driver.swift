// The part of the engine's differential test that runs on both targets: random sessions
// (RandomSession, from a seed) through the engine, each giving its digest and counts. Compiled
// with the engine's sources into one module, natively and for wasm32 with Embedded Swift.

/// Runs `count` sessions from seed `first` on (each of about `inputs` inputs) and writes four
/// words per session into `buffer`: its digest, events, frames and cards left.
@_cdecl("flick_sessions_run")
public func runSessions(first: UInt64, count: Int32, inputs: Int32, buffer: UnsafeMutablePointer<UInt64>) {
    for i in 0 ..< Int(count) {
        let outcome = RandomSession(seed: first &+ UInt64(i), inputs: Int(inputs)).run()
        buffer[4 * i] = outcome.digest
        buffer[4 * i + 1] = UInt64(outcome.events)
        buffer[4 * i + 2] = UInt64(outcome.frames)
        buffer[4 * i + 3] = UInt64(outcome.cards)
    }
}

/// Room for `count` sessions' words, for the JavaScript side.
@_cdecl("flick_sessions_allocate")
public func allocateSessions(count: Int32) -> UnsafeMutablePointer<UInt64> {
    UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * Int(count))
}

/// The digest after each frame of session `seed`, and the scene's time, event count and deck
/// size there (four words a frame), into `buffer` (room for `capacity` frames): where two
/// targets part, the first frame that differs says. Returns the frames written.
@_cdecl("flick_session_trace")
public func traceSession(seed: UInt64, inputs: Int32, buffer: UnsafeMutablePointer<UInt64>, capacity: Int32) -> Int32 {
    var n = 0
    _ = RandomSession(seed: seed, inputs: Int(inputs)).run { scene, digest in
        guard n < Int(capacity) else { return }
        buffer[4 * n] = digest.value
        buffer[4 * n + 1] = scene.time.bitPattern
        buffer[4 * n + 2] = UInt64(scene.loggedEvents.count)
        buffer[4 * n + 3] = UInt64(scene.deck.count)
        n += 1
    }
    return Int32(n)
}
