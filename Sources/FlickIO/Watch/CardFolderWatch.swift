
import Dispatch
import Synchronization

/// Watches the `--cards` folder so cards follow the designer's files: an image saved, added or
/// deleted shows within a second. The frame loop calls `poll` every frame; the looks themselves
/// (`CardFolderScan`: a listing and a stat a file) run on a thread of their own, four times a
/// second, or less often when a look takes long (a huge folder: at most 5 % of a core). A frame
/// never waits for the disk: with 10,000 files a look blocked the frame it ran in for 29-49 ms
/// every 0.6 s when it ran on the main thread.
package final class CardFolderWatch {
    package var folder: String { scan.folder }
    package static let interval = 0.25
    /// Seconds between the starts of looks: `interval`, or 20 times the last look's duration.
    package private(set) var pace = CardFolderWatch.interval

    /// Runs a look somewhere; `background` by default, the caller's thread in tests that need
    /// each look to finish inside its `poll`.
    package typealias Runner = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A thread beside the frames (one look at a time: the watch waits for the last one).
    package static let background: Runner = { work in
        queue.async(execute: work)
    }
    /// The caller's thread, at once.
    package static let inline: Runner = { work in work() }
    private static let queue = DispatchQueue(label: "flick.card-folder-watch", qos: .utility)

    private let scan: CardFolderScan
    private let run: Runner
    /// A finished look's change and duration (seconds), until `poll` takes it.
    private final class Finished: Sendable {
        let slot = Mutex<(change: CardFolderChange?, seconds: Double)?>(nil)
    }
    private let finished = Finished()
    private var looking = false
    private var lastStart = -Double.infinity

    /// Starts from `names`, the files the session opened with. Nothing is read here: the first
    /// `poll` only notes the time, and the stamps of `names` are taken at the first look, a
    /// quarter of a second later, so a large folder is not in the way of the first frame.
    package init(folder: String, names: [String], runner: @escaping Runner = CardFolderWatch.background) {
        scan = CardFolderScan(folder: folder, names: names)
        run = runner
    }

    /// A change that settled since the last call, from the last look that finished; starts a
    /// look once per `pace` of `now` (seconds, any clock) when none is under way. Never waits.
    package func poll(now: Double) -> CardFolderChange? {
        if lastStart == -Double.infinity {
            lastStart = now
            return nil
        }
        // A look that finished since the last call, then the next look when it is due (with the
        // inline runner it is in at once and its change goes out in this call).
        var change = takeFinished()
        if !looking && now - lastStart >= pace {
            lastStart = now
            looking = true
            let scan = scan, finished = finished
            run {
                let began = ContinuousClock.now
                let change = scan.look()
                let took = ContinuousClock.now - began
                let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
                finished.slot.withLock { $0 = (change, seconds) }
            }
            if change == nil { change = takeFinished() }
        }
        return change
    }

    /// The change of the look that finished, if one did (nil too when it found none).
    private func takeFinished() -> CardFolderChange? {
        guard looking, let done = finished.slot.withLock({ box in defer { box = nil }; return box }) else { return nil }
        looking = false
        pace = max(Self.interval, 20 * done.seconds)
        return done.change
    }
}
