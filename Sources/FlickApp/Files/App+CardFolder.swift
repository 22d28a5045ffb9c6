import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// Cards that follow the designer's files: the `--cards` folder is watched while the window is
/// open, and a file saved, added or removed becomes a recorded input (`cards`), so the log gets
/// its deletion or insertion events and a replay makes the same changes at the same time
/// (`StudyInputs` edits the deck, live and in replays alike).
extension App {
    /// The folder's change since the last look, as a recorded input (live only).
    func pollCardFolder() {
        guard let change = cardWatch?.poll(now: SDLContext.now) else { return }
        submit(RecordedInput(t: clock(), .cards(change)))
    }
}
