
import Dispatch
import Synchronization

/// Watches the `--cards` folder so cards follow the designer's files: an image saved, added or
/// deleted shows within a second. The frame loop calls `poll` every frame; the looks themselves
/// (`CardFolderScan`: a listing and a stat a file) run on a thread of their own, four times a
/// second, or less often when a look takes long (a huge folder: at most 5 % of a core, and the
/// disk busy at most half the time). A frame never waits for the disk: with 10,000 files a look
/// blocked the frame it ran in for 29-49 ms every 0.6 s when it ran on the main thread.
package final class CardFolderWatch {
    package var folder: String { scan.folder }
    package static let interval = 0.25
    /// Seconds between the starts of looks (`pace(cpu:wall:)` of the last look).
    package private(set) var pace = CardFolderWatch.interval

    /// The pace after a look that used `cpu` seconds of its thread and took `wall` seconds:
    /// `interval`, or 20 times its processor time (5 % of a core), or twice its duration (the
    /// disk idle half the time), whichever is longest. Processor time, not the duration, is what
    /// the 5 % is of: on a busy machine a look of a few files waits for a core, and pacing it by
    /// that wait would let a file take over a second to show.
    package static func pace(cpu: Double, wall: Double) -> Double {
        max(interval, 20 * cpu, 2 * wall)
    }

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
    /// A finished look's change and the pace it sets (seconds), until `poll` takes it.
    private final class Finished: Sendable {
        let slot = Mutex<(change: CardFolderChange?, pace: Double)?>(nil)
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
                let began = ContinuousClock.now, cpuBegan = ThreadClock.processorSeconds
                let change = scan.look()
                let took = ContinuousClock.now - began
                let wall = Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
                let pace = Self.pace(cpu: ThreadClock.processorSeconds - cpuBegan, wall: wall)
                finished.slot.withLock { $0 = (change, pace) }
            }
            if change == nil { change = takeFinished() }
        }
        return change
    }

    /// How long a loop that waits for events may wait before its next `poll` (seconds, the
    /// clock `poll` is given): a look under way is taken soon after it finishes, and the next
    /// look starts when due, so a change shows within two looks, not two looks plus two waits.
    package func nextPoll(now: Double) -> Double {
        if looking { return 0.02 }
        if lastStart == -Double.infinity { return 0 }
        return max(0, lastStart + pace - now)
    }

    /// The change of the look that finished, if one did (nil too when it found none).
    private func takeFinished() -> CardFolderChange? {
        guard looking, let done = finished.slot.withLock({ box in defer { box = nil }; return box }) else { return nil }
        looking = false
        pace = done.pace
        return done.change
    }
}
