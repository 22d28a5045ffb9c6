import FlickIO
import CImageDecode
import CSDL2
import Glibc
import Synchronization

/// What makes one card face: which image, at what size in pixels, in which style.
public struct FaceKey: Hashable, Sendable {
    /// Index into the face store's images.
    public var image: Int
    public var width: Int
    public var height: Int
    public var style: FaceStyle
    /// Corner radius in pixels, hundredths (part of the key: faces are made with their corners).
    public var cornerRadius: Int
}

/// Decodes images and composes card faces on one background thread (low priority), so the main
/// thread never waits for a file: it publishes the faces it lacks each frame (`submit`), in the
/// order it wants them, and picks up finished ones (`takeResults`) without blocking.
///
/// Each image is decoded once and downscaled to cover the stage (`decodeBox`, pixels), the
/// largest a card is ever drawn; faces of any size and style are composed from that copy,
/// which a small cache keeps (the image cache below the per-slot textures). When nothing is
/// wanted, the worker sniffs the files' first bytes in order, so a bad file is reported soon
/// after start without the start waiting for thousands of files.
///
/// Surfaces cross between the threads only under the lock and are never touched by both.
///
/// For a renderer that composites on the CPU the worker also premultiplies each face into the
/// compositor's own memory: the main thread then takes a new face without a copy and without
/// touching fresh pages (a few hundred page faults, 1.5–3.7 ms a face in the stall runs).
final class FaceWorker: @unchecked Sendable {
    struct Job: Hashable {
        var key: FaceKey
        var path: String
    }

    enum Result {
        /// A finished face, ready to upload or to composite.
        case face(FaceKey, FacePixels)
        /// The image cannot be decoded (or its file is not an image): `problem` says why.
        case broken(FaceKey?, image: Int, problem: String)
    }

    private let mutex: OpaquePointer
    private let condition: OpaquePointer
    private var thread: OpaquePointer?

    // Shared, under `mutex`.
    private var wanted: [Job] = []
    private var results: [Result] = []
    private var finished: Set<FaceKey> = []
    private var busy: FaceKey?
    private var stopping = false
    /// The main thread is drawing a frame (since `drawingSince`, PerformanceClock seconds as
    /// a bit pattern). Atomics, not the lock: the main thread must never wait for a worker
    /// that the scheduler (SCHED_IDLE) may hold off for long.
    private let drawing = Atomic<Bool>(false)
    /// The thread has left its loop (set by the thread itself, last).
    private let threadDone = Atomic<Bool>(false)
    private let drawingSince = Atomic<UInt64>(0)
    private var box = (width: 1, height: 1)
    private var sniffPaths: [String]
    private var sniffNext = 0

    // The worker thread's own.
    private struct Decoded {
        var image: Surface
        /// Not downscaled: there is no better copy to decode, whatever the box.
        var isFull: Bool
    }
    private var decoded: LRUCache<Int, Decoded>
    private var decodedBytes = 0
    private var broken: [Int: String] = [:]
    /// Upper bound of the decoded-image cache, bytes.
    let decodedBudget: Int

    /// Counters for the HUD and the bench (read under the lock).
    private(set) var decodes = 0
    private(set) var composes = 0

    /// Faces are handed over premultiplied in the CPU compositor's memory (`FacePixels.premultiplied`).
    let premultiplies: Bool

    init(paths: [String], premultiplies: Bool = false, decodedBudget: Int = 96 << 20) {
        self.premultiplies = premultiplies
        mutex = SDL_CreateMutex()
        condition = SDL_CreateCond()
        sniffPaths = paths
        self.decodedBudget = decodedBudget
        decoded = LRUCache(capacity: 256)
        let context = Unmanaged.passRetained(self).toOpaque()
        thread = SDL_CreateThread({ data in
            guard let data else { return 0 }
            let worker = Unmanaged<FaceWorker>.fromOpaque(data).takeRetainedValue()
            worker.becomeBackgroundThread()
            worker.loop()
            worker.threadDone.store(true, ordering: .releasing)
            return 0
        }, "flick-faces", context)
        if thread == nil {
            // No thread: run nothing in the background; `waitUntilIdle` then does the work inline.
            Unmanaged<FaceWorker>.fromOpaque(context).release()
        }
    }

    /// Stops the thread after the job in hand; pending jobs are dropped. Quitting never waits
    /// for a decode: one image can take minutes (a progressive JPEG whose last scan repeats
    /// thousands of times kept a quitting app alive for 11 minutes, and SDL_image cannot be
    /// interrupted), so after `stopWait` the thread is left to the process's end
    /// (`BackgroundWork.abandoned`: the exit then skips the handlers a running decoder could
    /// trip over).
    func stop() {
        lock { stopping = true; SDL_CondBroadcast(condition) }
        guard let thread else { return }
        self.thread = nil
        let deadline = PerformanceClock.now + Self.stopWait
        while !threadDone.load(ordering: .acquiring) && PerformanceClock.now < deadline { SDL_Delay(2) }
        if threadDone.load(ordering: .acquiring) {
            SDL_WaitThread(thread, nil)
        } else {
            SDL_DetachThread(thread)
            BackgroundWork.abandoned.store(true, ordering: .relaxed)
        }
    }

    /// How long quitting waits for the job in hand.
    static let stopWait = 0.25

    deinit {
        SDL_DestroyCond(condition)
        SDL_DestroyMutex(mutex)
    }

    private func lock<R>(_ body: () throws -> R) rethrows -> R {
        SDL_LockMutex(mutex)
        defer { SDL_UnlockMutex(mutex) }
        return try body()
    }

    /// The longest the worker steps aside for one frame: a front end that never says
    /// `frameEnded` still gets its faces, only later.
    static let longestPause = 0.012
    /// Held back for half of the last `longestHold` or more (frames back to back, unpaced:
    /// `--no-vsync`, a headless run), the worker goes on for `guaranteedRun` whatever the
    /// frames do: over half of a core, so every face on a large stage comes within a second.
    /// A shorter run left large stages waiting for their faces; a longer one holds unpaced
    /// frames back (docs/performance.md, "Faces from a cold start", has the figures). Paced
    /// frames (a few ms in 16.7) never hold the worker that long.
    static let longestHold = 0.012
    static let guaranteedRun = 0.020

    /// The main thread starts drawing a frame: the worker pauses at its next row (or step)
    /// until `frameEnded`, so the frame has the cores, the caches and the memory bandwidth to
    /// itself. Without `frameEnded` the pause ends `longestPause` after the first `frameBegan`.
    func frameBegan() {
        guard !drawing.load(ordering: .acquiring) else { return }
        drawingSince.store(PerformanceClock.now.bitPattern, ordering: .relaxed)
        drawing.store(true, ordering: .releasing)
    }

    /// The frame is presented: the worker goes on within a millisecond, by its own timeout
    /// (`waitForGap`). It is not woken from here: a thread woken by the main thread is put on
    /// the main thread's core by the scheduler (wake-affine placement) and took it from the next
    /// frame's present, 3 to 7 involuntary switches in the worst frames of the stall bench (5 to
    /// 7 ms instead of 3). Without the wake-up they halved and those frames went.
    func frameEnded() {
        guard drawing.load(ordering: .acquiring) else { return }
        drawing.store(false, ordering: .releasing)
    }

    /// Replaces the wanted list (first = most wanted) and the box images are decoded to cover.
    /// Skipped when the worker holds the lock this instant: the front end asks every frame.
    func submit(_ jobs: [Job], decodeBox: (width: Int, height: Int)) {
        guard SDL_TryLockMutex(mutex) == 0 else { return }
        defer { SDL_UnlockMutex(mutex) }
        wanted = jobs
        box = decodeBox
        SDL_CondBroadcast(condition)
    }

    /// The faces and problems finished since the last call; none when the worker holds the
    /// lock this instant (they come with the next frame).
    func takeResults() -> [Result] {
        guard SDL_TryLockMutex(mutex) == 0 else { return [] }
        defer { SDL_UnlockMutex(mutex) }
        defer { results.removeAll(); finished.removeAll() }
        return results
    }

    /// (decodes, composes) so far, and the longest the thread has run between two pause
    /// points within a job (seconds): how late it can be to step aside for a frame.
    var counters: (decodes: Int, composes: Int, longestStep: Double) { lock { (decodes, composes, longestStep) } }

    /// True while the thread works on a face.
    var isBusy: Bool { lock { busy != nil } }

    /// Blocks until every wanted face is finished and every file sniffed, or `timeout` seconds
    /// pass; true when idle. For headless screenshots, which must show every face.
    func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = SDL_GetTicks64() + UInt64(max(0, timeout) * 1000)
        frameEnded()   // the main thread waits here: nothing to step aside for
        if thread == nil {
            while let job = lock({ nextJob() }) { finish(job) }
            return true
        }
        return lock {
            while !(wanted.isEmpty && busy == nil && sniffNext >= sniffPaths.count) {
                let now = SDL_GetTicks64()
                if now >= deadline { return false }
                _ = SDL_CondWaitTimeout(condition, mutex, UInt32(min(deadline - now, 100)))
            }
            return true
        }
    }

    // MARK: - The thread

    // The worker thread's scheduling (its own fields).
    private var workerThreadID: Int32 = -1
    private var idlePolicy = false
    /// The worker goes on without looking at the frames until then (`longestHold`).
    private var runsUntil = 0.0
    /// Since when, and for how long of it, frames have held the worker back.
    private var heldWindow = (start: 0.0, held: 0.0)
    private var jobStarted = (wall: 0.0, cpu: 0.0)
    /// The thread's CPU time when it last left a pause point (or began its job); `longestStep`
    /// (CPU seconds: a step the thread was preempted in took no core meanwhile) is under the lock.
    private var lastPausePoint = 0.0
    private var longestStep = 0.0

    /// The worker runs only on a core nothing else wants (SCHED_IDLE): it never preempts the
    /// main thread, which preempts it at once when it wakes. Its nice level is the lowest too,
    /// for when it leaves SCHED_IDLE (`checkStarved`).
    private func becomeBackgroundThread() {
        workerThreadID = flick_gettid()
        guard FaceWorker.runsIdle else {
            // `niceLevel` above the level the process started at, not above the raised frame
            // thread's it inherited; a process started with `nice` keeps its level for it too.
            FramePriority.becomeBackground(above: FaceWorker.niceLevel)
            return
        }
        SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW)
        setIdlePolicy(true)
    }

    /// SCHED_IDLE starves the decoder whenever other programs keep both cores busy (a build
    /// beside the app: faces took 3 to 10 s), and an unprivileged thread cannot leave it again
    /// (RLIMIT_NICE 0). Kept as a switch for comparisons.
    static let runsIdle = false
    /// The worker's nice level above the process's when it does not run SCHED_IDLE: none, a fair
    /// share; the frame gate (`waitForGap`) keeps it out of the frames' way, and the main thread
    /// does not wake it (`frameEnded`). A higher nice level gives it a fraction of the weight of
    /// each of llvmpipe's rendering threads, so on GL with frames back to back its faces would
    /// wait seconds (docs/performance.md has the stall bench's figures).
    static let niceLevel: Int32 = 0
    private func setIdlePolicy(_ idle: Bool) {
        var param = sched_param()
        param.sched_priority = 0
        // SCHED_IDLE = 5, SCHED_OTHER = 0 (Glibc does not export the names to Swift).
        if sched_setscheduler(0, idle ? 5 : 0, &param) == 0 { idlePolicy = idle }
    }

    /// A job starts: back below everything (a starved job may have left SCHED_IDLE).
    private func jobBegins() {
        guard flick_gettid() == workerThreadID else { return }
        if FaceWorker.runsIdle && !idlePolicy { setIdlePolicy(true) }
        jobStarted = (PerformanceClock.now, PerformanceClock.threadCPU)
        lastPausePoint = jobStarted.cpu
    }

    /// SCHED_IDLE gets next to nothing while other programs keep both cores busy (a build):
    /// a job that has had under 40 % of a core for a quarter of a second continues at nice 19,
    /// a small but fair share, so faces still arrive. It still steps aside for every frame.
    private func checkStarved() {
        guard idlePolicy, flick_gettid() == workerThreadID else { return }
        let wall = PerformanceClock.now - jobStarted.wall
        guard wall > 0.25 else { return }
        if PerformanceClock.threadCPU - jobStarted.cpu < 0.4 * wall { setIdlePolicy(false) }
    }

    /// On the worker thread, between rows and steps: waits while the main thread draws a frame
    /// (at most `longestPause` after it began). False when the worker is stopping.
    private func waitForGap() -> Bool {
        checkStarved()
        let start = PerformanceClock.now
        // CPU time: waiting below takes next to none, so the next step is measured from here.
        let cpu = PerformanceClock.threadCPU
        let step = cpu - lastPausePoint
        lastPausePoint = cpu
        if start < runsUntil { return lock { longestStep = max(longestStep, step); return !stopping } }
        if start - heldWindow.start > 4 * FaceWorker.longestHold { heldWindow = (start, 0) }
        return lock {
            longestStep = max(longestStep, step)
            var now = start
            while drawing.load(ordering: .acquiring) && !stopping {
                let since = Double(bitPattern: drawingSince.load(ordering: .relaxed))
                if now - since >= FaceWorker.longestPause { break }
                let window = now - heldWindow.start
                if window >= FaceWorker.longestHold && heldWindow.held + (now - start) >= 0.5 * window {
                    runsUntil = now + FaceWorker.guaranteedRun
                    heldWindow = (runsUntil, 0)
                    return !stopping
                }
                _ = SDL_CondWaitTimeout(condition, mutex, 1)
                now = PerformanceClock.now
            }
            heldWindow.held += now - start
            return !stopping
        }
    }

    /// Under the lock: the next wanted job not finished yet (removed from the list).
    private func nextJob() -> Job? {
        while !wanted.isEmpty {
            let job = wanted.removeFirst()
            if !finished.contains(job.key) { return job }
        }
        return nil
    }

    private func loop() {
        SDL_LockMutex(mutex)
        while !stopping {
            if let job = nextJob() {
                busy = job.key
                SDL_UnlockMutex(mutex)
                finish(job)
                SDL_LockMutex(mutex)
                busy = nil
                SDL_CondBroadcast(condition)
            } else if sniffNext < sniffPaths.count {
                let i = sniffNext
                let path = sniffPaths[i]
                sniffNext += 1
                SDL_UnlockMutex(mutex)
                let problem = CardFaces.sniff(path)
                SDL_LockMutex(mutex)
                if let problem { results.append(.broken(nil, image: i, problem: problem)) }
                if sniffNext >= sniffPaths.count { SDL_CondBroadcast(condition) }
            } else {
                SDL_CondBroadcast(condition)
                SDL_CondWait(condition, mutex)
            }
        }
        SDL_UnlockMutex(mutex)
    }

    /// Decodes (or reuses) the image and composes the face; outside the lock.
    private func finish(_ job: Job) {
        jobBegins()
        let result: Result
        do {
            let image = try decodedImage(job)
            guard waitForGap() else { return }
            let face = try CardFace.compose(image, width: job.key.width, height: job.key.height,
                                            style: job.key.style, cornerRadius: Double(job.key.cornerRadius) / 100,
                                            pause: { try self.pausing() })
            result = .face(job.key, try FacePixels(face, premultiplied: premultiplies))
        } catch is Stopped {
            return
        } catch let error as ImageLoadError {
            result = .broken(job.key, image: job.key.image, problem: "cannot be decoded (\(error.reason))")
        } catch {
            result = .broken(job.key, image: job.key.image, problem: "cannot be drawn (\(error))")
        }
        lock {
            if case .face = result { composes += 1 }
            results.append(result)
            finished.insert(job.key)
        }
    }

    private struct Stopped: Error {}

    /// A pause point for the steps that take one: waits out a frame; throws when stopping.
    private func pausing() throws {
        guard waitForGap() else { throw Stopped() }
    }

    private func decodedImage(_ job: Job) throws -> Surface {
        let i = job.key.image
        let target = lock { box }
        if let reason = broken[i] { throw ImageLoadError(path: job.path, reason: reason) }
        if let d = decoded.lookup(i), d.isFull || covers(d.image, target) { return d.image }
        // Cover the box (the largest a card is drawn), never upscale.
        func cover(_ w: Int, _ h: Int) -> (scale: Double, width: Int, height: Int) {
            let s = min(1, max(Double(target.width) / Double(w), Double(target.height) / Double(h)))
            return (s, max(1, Int((Double(w) * s).rounded())), max(1, Int((Double(h) * s).rounded())))
        }
        guard waitForGap() else { throw Stopped() }
        var image: Surface
        var isFull: Bool
        if let problem = ImageFile.problem(at: job.path) {
            broken[i] = problem
            throw ImageLoadError(path: job.path, reason: problem)
        }
        // A PNG is reduced while it decodes, by the whole-pixel factor `resampled` would use
        // first, pausing while the main thread draws a frame.
        switch ReducedDecode.png(path: job.path, factor: { w, h in
            let c = cover(w, h)
            return c.scale < 1 ? min(64, w / c.width, h / c.height) : 1
        }, pause: { [unowned self] in waitForGap() }) {
        case .decoded(let reduced, let w, let h):
            let c = cover(w, h)
            guard waitForGap() else { throw Stopped() }
            // Reduced by a whole factor, the image is under twice the cover size each way (unless
            // the 64x limit held it): kept as it is. The face's own resample does the rest, and a
            // whole-image pass is saved (2 to 4 ms for a 4000x3000 photo reduced to 1000x750).
            let withinTwice = reduced.width < 2 * c.width && reduced.height < 2 * c.height
            image = c.scale < 1 && !withinTwice ? try reduced.resampled(width: c.width, height: c.height, pause: { try self.pausing() }) : reduced
            isFull = c.scale >= 1
        case .stopped:
            throw Stopped()
        case .notHandled:
            let full: Surface
            do {
                guard let whole = try ImageLoader.loadSurface(path: job.path, keepGoing: { [unowned self] in waitForGap() }) else {
                    throw Stopped()
                }
                full = whole
            } catch let error as ImageLoadError {
                broken[i] = error.reason
                throw error
            }
            guard waitForGap() else { throw Stopped() }
            let c = cover(full.width, full.height)
            image = c.scale < 1 ? try full.resampled(width: c.width, height: c.height, pause: { try self.pausing() }) : full
            isFull = c.scale >= 1
        }
        if let old = decoded.removeValue(for: i) { decodedBytes -= old.image.width * old.image.height * 4 }
        while decodedBytes + image.width * image.height * 4 > decodedBudget, let oldest = decoded.keysByRecency.last {
            if let old = decoded.removeValue(for: oldest) { decodedBytes -= old.image.width * old.image.height * 4 }
        }
        if decoded.count >= decoded.capacity, let oldest = decoded.keysByRecency.last,
           let old = decoded.removeValue(for: oldest) {
            decodedBytes -= old.image.width * old.image.height * 4
        }
        decoded.insert(Decoded(image: image, isFull: isFull), for: i)
        decodedBytes += image.width * image.height * 4
        lock { decodes += 1 }
        return image
    }

    /// True when a downscaled copy still covers `box` (a 10% shortfall is not worth a decode).
    private func covers(_ image: Surface, _ box: (width: Int, height: Int)) -> Bool {
        image.width * 10 >= box.width * 9 && image.height * 10 >= box.height * 9
    }
}
