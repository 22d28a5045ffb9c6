import FlickEngine
import FlickIO
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
        guard var change = cardWatch?.poll(now: SDLContext.now) else { return }
        keepPictures(of: &change)
        submit(RecordedInput(t: clock(), .cards(change)))
    }

    /// A recorded session keeps the pictures a change adds or saves anew in its card store, as
    /// it kept those it started with (the input names each one's hash), so a replay draws them
    /// as shown after any later edit. The size recorded is that of the bytes kept. A picture that
    /// cannot be kept (read failed, disk full) is said and left to the folder.
    func keepPictures(of change: inout CardFolderChange) {
        guard let path = options.recordPath else { return }
        let store = CardStore(besideRecording: path)
        for kind in [\CardFolderChange.added, \CardFolderChange.changed] {
            for i in change[keyPath: kind].indices {
                let name = change[keyPath: kind][i].name
                let file = (options.cards.folder as NSString).appendingPathComponent(name)
                do {
                    guard let kept = try store.keep(file, name: name) else { continue }
                    change[keyPath: kind][i].hash = kept.hash
                    change[keyPath: kind][i].size = kept.size
                } catch {
                    warn("the card store could not keep \(name) (\(error)); a replay reads it from the folder")
                }
            }
        }
    }
}
