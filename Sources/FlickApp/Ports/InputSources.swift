import FlickSDL

/// The session's sources beside the windows' events and the phone (`InputSource`), in the order
/// they are asked each frame, with the two the window also draws or reads: the Dear ImGui tool
/// windows (the tuning panel is a source; the debug overlay) and the files watched while the
/// session runs (the --config file, whose messages are toasts, and the cards being kept beside
/// the recording).
@MainActor
final class InputSources {
    let tools: ToolUI
    var watches: FileWatches
    /// Asked in this order every frame (`App.takeListedSources`).
    let list: [any InputSource]

    init(tools: ToolUI, watches: FileWatches, list: [any InputSource]) {
        self.tools = tools
        self.watches = watches
        self.list = list
    }

    /// How long an idle window may wait for events: at most `limit`, and no later than the
    /// next look of a source that looks on its own schedule.
    func idleWait(now: Double, limit: Double) -> Double {
        list.reduce(limit) { wait, source in source.nextLook(now: now).map { min(wait, $0) } ?? wait }
    }
}
