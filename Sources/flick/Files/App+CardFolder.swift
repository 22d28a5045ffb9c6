import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// Cards that follow the designer's files: the `--cards` folder is watched while the window is
/// open, and a file saved, added or removed becomes a recorded input (`cards`), so the log gets
/// its deletion or insertion events and a replay makes the same changes at the same time.
extension App {
    /// The folder's change since the last look, as a recorded input (twice a second, live only).
    func pollCardFolder() {
        guard player == nil, let change = cardWatch?.poll(now: SDLContext.now) else { return }
        apply(RecordedInput(t: clock(), cards: change))
    }

    /// A folder change reached the scene at `t`: cards of removed files leave, changed files get
    /// a new image, added files a card where their names sort; faces load the new images.
    func applyCardChange(_ change: CardFolderChange, at t: Double) {
        _ = deckImages.apply(change, to: scene, at: t)
        stageView.follow(deckImages)
        logged { try log?.write(LogCardsChanged(t: t, change: change)) }
        desk.add("cards \(change.summary)", .event, at: t)
        post("Cards changed: \(change.summary)")
    }

    /// A scene event: an insertion for an added file gets its image.
    func observeForCards(_ e: SceneEvent) {
        guard case .inserted = e else { return }
        deckImages.observe(e)
        stageView.follow(deckImages)
    }
}
