import FlickEngine
import FlickIO
import FlickSession
import Foundation

/// What a source is told of the frame it is asked in.
struct SourceFrame {
    /// The frame's time on the session clock, seconds: the time its inputs carry.
    let now: Double
    /// SDL's clock, seconds, for sources that look on a schedule of their own.
    let wall: Double
    /// The scene as the session has it (a source may wait for it to be at rest).
    let scene: CardScene
}

/// A source of the session's inputs beside the windows' own events and the phone: asked once
/// a frame, in the order the composition root (`App.init`) lists the sources, for what came
/// since the last frame. What it gives is submitted through the one recorded path
/// (`App.submit`), so the log, the recording and a replay take it as they take the mouse.
///
/// A new input device is one new file with a type conforming to this, and its line in the
/// composition root.
@MainActor
protocol InputSource: AnyObject {
    /// The inputs that came since the last frame, at `frame.now`, oldest first.
    func take(_ frame: SourceFrame) -> [RecordedInput]
    /// Seconds until this source looks again, if it looks on its own schedule: an idle window
    /// waits no longer than that.
    func nextLook(now: Double) -> Double?
}

extension InputSource {
    /// Looks whenever it is asked.
    func nextLook(now: Double) -> Double? { nil }
}

/// `--replay`: the recording's inputs due by now, at their recorded times.
final class ReplaySource: InputSource {
    let player: Player

    init(_ player: Player) { self.player = player }

    func take(_ frame: SourceFrame) -> [RecordedInput] { player.due(by: frame.now) }
}

/// The `--config` file: an edit that reads as a valid config is a config input.
final class ConfigFileSource: InputSource {
    let watch: ConfigWatch

    init(_ watch: ConfigWatch) { self.watch = watch }

    func take(_ frame: SourceFrame) -> [RecordedInput] {
        guard let config = watch.changedConfig() else { return [] }
        return [RecordedInput(t: frame.now, .config(ConfigInput(config: config, path: watch.path)))]
    }
}

/// The tuning panel: a config edited or loaded there, once the scene is at rest.
extension ToolUI: InputSource {
    func take(_ frame: SourceFrame) -> [RecordedInput] {
        guard let change = takeReadyChange(scene: frame.scene) else { return [] }
        return [RecordedInput(t: frame.now, change: change)]
    }
}

/// Cards that follow the designer's files: the `--cards` folder's change since the last look
/// is a `cards` input, so the log gets its deletion or insertion events and a replay makes the
/// same changes at the same time (`StudyInputs` edits the deck, live and in replays alike).
final class CardFolderSource: InputSource {
    let watch: CardFolderWatch
    let folder: String
    /// Beside the recording, when recording: the pictures a change adds are kept there.
    let store: CardStore?

    init(watch: CardFolderWatch, folder: String, store: CardStore?) {
        self.watch = watch
        self.folder = folder
        self.store = store
    }

    func take(_ frame: SourceFrame) -> [RecordedInput] {
        guard var change = watch.poll(now: frame.wall) else { return [] }
        keepPictures(of: &change)
        return [RecordedInput(t: frame.now, .cards(change))]
    }

    func nextLook(now: Double) -> Double? { watch.nextPoll(now: now) }

    /// A recorded session keeps the pictures a change adds or saves anew in its card store, as
    /// it kept those it started with (the input names each one's hash), so a replay draws them
    /// as shown after any later edit. The size recorded is that of the bytes kept. A picture that
    /// cannot be kept (read failed, disk full) is said and left to the folder.
    func keepPictures(of change: inout CardFolderChange) {
        guard let store else { return }
        for kind in [\CardFolderChange.added, \CardFolderChange.changed] {
            for i in change[keyPath: kind].indices {
                let name = change[keyPath: kind][i].name
                let file = (folder as NSString).appendingPathComponent(name)
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
