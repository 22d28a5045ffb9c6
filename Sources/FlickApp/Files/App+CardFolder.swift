import FlickEngine
import FlickIO
import FlickSDL
import FlickSession
import Foundation

/// The starting cards being kept beside the recording: the keeper, when it started (and last
/// said how far it was, `PerformanceClock` seconds), and whether the header has its hashes.
struct CardKeeping {
    let keeper: CardKeeper
    let started: Double
    var lastSaid: Double
    var released = false

    init(keeper: CardKeeper, started: Double) {
        self.keeper = keeper
        self.started = started
        lastSaid = started
    }

    /// "1200 of 20000"
    var progress: String { "\(keeper.progress.done) of \(keeper.progress.total)" }
}

/// The starting cards are kept on a thread of their own (`CardKeeper`), so a large folder
/// shows its first frame at once; how far it is goes to standard error once a second, and the
/// recording's header, which names each card's hash, is written when the last one is kept.
extension App {
    /// Once a second, how far keeping is; when it is done, the header (a failed write throws).
    func pollCardKeeping() throws {
        guard var keeping = sources.watches.keeping, !keeping.released else { return }
        let now = PerformanceClock.now
        if keeping.keeper.isFinished {
            keeping.released = true
            sources.watches.keeping = keeping
            if now - keeping.started >= 1 {
                note("kept the cards beside the recording (\(keeping.progress)) in \(String(format: "%.1f", now - keeping.started)) s")
            }
            try release(keeping.keeper)
            return
        }
        if now - keeping.lastSaid >= 1 {
            keeping.lastSaid = now
            sources.watches.keeping = keeping
            note("keeping the cards beside the recording: \(keeping.progress)")
        }
    }

    /// The session ended: keeping goes on to the last card (said once a second) unless a signal
    /// stops it, when the picture in hand is finished and the cards left name no hash (their
    /// replay reads the card folder). Then the header is released with the hashes kept.
    func finishKeepingCards() throws {
        guard var keeping = sources.watches.keeping, !keeping.released else { return }
        keeping.released = true
        sources.watches.keeping = keeping
        let keeper = keeping.keeper
        if !keeper.isFinished {
            note("keeping the cards beside the recording: \(keeping.progress) (a signal stops it; the rest then replay from the card folder)")
        }
        var said = PerformanceClock.now
        while !keeper.wait(timeout: 0.02) {
            if Interrupt.isRequested { keeper.stop() }
            if PerformanceClock.now - said >= 1 {
                said = PerformanceClock.now
                note("keeping the cards beside the recording: \(keeping.progress)")
            }
        }
        let kept = keeper.keptFiles
        let left = kept.count - keeper.progress.done
        if left > 0 && keeper.failure == nil {
            note("\(keeper.progress.done) of \(kept.count) cards kept beside the recording; the other \(left) replay from the card folder")
        }
        try release(keeper)
    }

    /// The header gets the hashes kept; a copy that could not be written (a full disk) then
    /// ends the session as a failed write does (exit 3, the file named).
    private func release(_ keeper: CardKeeper) throws {
        let failure = keeper.failure
        do { try sinks.recorder?.release(cardFiles: keeper.keptFiles) } catch { throw failure ?? error }
        if let failure { throw failure }
    }
}
