import FlickIO
import FlickSession

/// The files the window follows while it runs: the `--config` file (reloaded when it changes),
/// the `--cards` folder (its changes are recorded inputs), and the starting cards being kept
/// beside the recording (Files/App+CardFolder.swift).
struct FileWatches {
    var config: ConfigWatch?
    var cards: CardFolderWatch?
    var keeping: CardKeeping?

    /// How long an idle window may wait for events: at most `limit`, and no later than the card
    /// folder's next look.
    func idleWait(now: Double, limit: Double) -> Double {
        min(limit, cards.map { $0.nextPoll(now: now) } ?? limit)
    }
}
