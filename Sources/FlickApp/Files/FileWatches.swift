import FlickIO
import FlickSession

/// The files the window follows while it runs: the `--config` file (its edits are a source,
/// `ConfigFileSource`; its messages are toasts) and the starting cards being kept beside the
/// recording (Files/App+CardFolder.swift). The `--cards` folder is a source of its own
/// (`CardFolderSource`).
struct FileWatches {
    var config: ConfigWatch?
    var keeping: CardKeeping?
}
