import FlickSDL

/// The live edits' sources: the Dear ImGui tool windows (the tuning panel, whose edits become
/// recorded config inputs, and the debug overlay) and the files watched while the session runs
/// (the --config file, the --cards folder, the cards kept beside the recording).
@MainActor
final class EditSources {
    let tools: ToolUI
    var watches: FileWatches

    init(tools: ToolUI, watches: FileWatches) {
        self.tools = tools
        self.watches = watches
    }
}
