import FlickIO
import Foundation

/// Keeps a recorded session's starting cards in its `CardStore` on a thread of its own, one
/// picture at a time, so a large folder does not hold back the first frame (20,000 pictures
/// are minutes of copying): the window runs while the copies are made, the recording's header
/// waits for the hashes (`Recorder.waitsForCards`), and a stop request is acted on after the
/// picture in hand. Cards not kept when it stops name no hash: their replay reads the card
/// folder, checked by size, as for a picture that could not be kept.
package final class CardKeeper: @unchecked Sendable {
    package let store: CardStore
    package let folder: String
    /// The files as listed when the session started.
    package let files: [FolderFile]
    private let lock = NSLock()
    private var hashes: [String?]
    private var done = 0
    private var stopRequested = false
    private var finished = false
    private var keepFailure: Error?
    private let over = DispatchSemaphore(value: 0)

    package init(store: CardStore, folder: String, files: [FolderFile]) {
        self.store = store
        self.folder = folder
        self.files = files
        hashes = Array(repeating: nil, count: files.count)
    }

    /// Starts keeping, in file order, on a thread of its own.
    package func start() {
        let thread = Thread { [self] in run() }
        thread.name = "flick-card-keeper"
        thread.start()
    }

    /// Keeps the pictures, in file order, on the calling thread; returns when all are kept, a
    /// stop was asked for, or a copy could not be written (`failure`).
    package func run() {
        keepAll()
        lock.withLock { finished = true }
        over.signal()
    }

    private func keepAll() {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        store.sweepStaleTemporaries()
        let existed = FileManager.default.fileExists(atPath: store.folder)
        for (i, file) in files.enumerated() {
            if lock.withLock({ stopRequested }) { return }
            do {
                let kept = try store.keep(prefix + file.name, name: file.name)
                lock.withLock {
                    hashes[i] = kept?.hash
                    done = i + 1
                }
            } catch {
                // A full disk, or a store made a symlink meanwhile: keeping stops, and the
                // session ends with it as with any failed write (`failure`).
                lock.withLock { keepFailure = error }
                // A store this session made and could not fill at all is not left behind.
                if !existed { rmdir(store.folder) }
                return
            }
        }
    }

    /// Pictures kept (or passed over) so far, and of how many.
    package var progress: (done: Int, total: Int) { lock.withLock { (done, files.count) } }
    package var isFinished: Bool { lock.withLock { finished } }
    /// Why keeping stopped early, when a copy could not be written (the cards from that one on
    /// name no hash).
    package var failure: Error? { lock.withLock { keepFailure } }

    /// Asks the thread to stop after the picture in hand.
    package func stop() { lock.withLock { stopRequested = true } }

    /// Waits until the thread has stopped (at most `timeout` seconds); whether it has.
    @discardableResult
    package func wait(timeout: Double) -> Bool {
        if isFinished { return true }
        guard over.wait(timeout: .now() + timeout) == .success else { return false }
        over.signal()   // later waits return at once
        return true
    }

    /// The files with the hash of each picture kept so far (nil for the others).
    package var keptFiles: [FolderFile] {
        lock.withLock {
            var out = files
            for i in out.indices { out[i].hash = hashes[i] }
            return out
        }
    }
}
