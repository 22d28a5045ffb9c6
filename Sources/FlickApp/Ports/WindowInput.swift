import FlickSDL

/// The windows' input source: SDL's events (both windows', the tool UI's filter first) and what
/// the participant's window keeps between them: whether a press on the stage is held, and
/// whether the session goes on (a quit, a closed or lost window ends it).
@MainActor
final class WindowInput {
    let events: EventSource
    /// A press that began in the participant's window is held (its moves and release go to the stage).
    var pointerOnStage = false
    /// False once the session is to end: the frame loop stops at the end of this frame.
    var running = true

    init(window: Window) {
        events = EventSource(window: window)
    }
}
