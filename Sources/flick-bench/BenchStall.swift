import FlickSessionTesting
import FlickSession
import FlickIO
import FlickEngine
import FlickEngineTesting
import FlickSDL
import Foundation

/// `--only stall`: does the window keep animating while big photos decode? A folder of
/// `photos` generated photo-like PNGs (4000x3000 by default) plus one 8000x8000, flung through
/// in each paging interaction the way a person would (a fling every second or so), drawn as the
/// app draws (stage 390x844 scaled into a 1280x800 window, software renderer, shadows on),
/// frames paced at 60 Hz by the window's own pacing (`FramePacing`: `FrameLatch`, the frame thread
/// real-time while its frames leave the core mostly idle) so the decoder runs beside them as it
/// does in the app. A frame is timed
/// from its first call (input, advance, faces, draw) to the end of present (and the app's
/// `faces.presented()` after it). Budget, in every run: no frame over one
/// 60 Hz interval (16.7 ms; the first frame included), and the worst frame over the median no
/// worse than the control's in the same round (`StallControl`: the same window and pacing with
/// a frame that never changes; the first frame of either is start-up, left out of the ratio).
/// Each interaction is run `runs` times (rounds over the interactions, a control first in each
/// round). Every frame over the interval, and every run's worst, is kept with where its time
/// went (`FrameBreakdown`: Flick's CPU, waiting for a core, blocked in present on the X
/// server). The machine's own pauses (`HostPauses`) are measured first.
/// `FLICK_STALL_TRACE=1` notes the phases of frames over 4 ms; `FLICK_STALL_DUMP=PREFIX` writes
/// PREFIX-<interaction>-<run>.csv with a line per frame (PREFIX-control-<run>.csv the control's).
struct StallRun: Codable {
    var frames: FrameTimeMs
    /// The first frame (start-up: not in `worstMs` nor the ratio).
    var firstMs: Double
    /// The worst frame after the first.
    var worstMs: Double
    var worstOverMedian: Double
    /// Frames over one 60 Hz interval, the first included.
    var overInterval: Int
    /// The worst frame after the first, and where its time went.
    var worstFrame: FrameBreakdown?
    /// The frames over the interval (the first 50).
    var slowFrames: [FrameBreakdown] = []
    /// Frames that drew at least one placeholder (a face still decoding).
    var framesWithPlaceholders = 0
    var decodes = 0
    /// The longest the decoder ran between two of its pause points: how long a frame that
    /// begins shares the cores with it.
    var longestDecoderStepMs = 0.0
    var maxFaceTextures = 0
    var cardsShown = 0
    /// How the frame thread was scheduled ("SCHED_FIFO 1 in 100 % of frames", or why not
    /// real-time) and the frames that missed the refresh they were latched for (nil in
    /// reports from before the frames were paced as the window paces them).
    var scheduling: String?
    var missedRefreshes: Int?

    /// From the run's frames: `intervalMs` is the frame interval held to.
    init(_ run: RunFrames, intervalMs: Double) {
        let ms = run.records.map { $0.ms / 1000 }
        frames = FrameTimeMs(seconds: ms)
        firstMs = run.records.first?.ms ?? 0
        worstMs = run.worstMs
        worstOverMedian = worstMs / frames.medianMs
        let slow = run.over(intervalMs)
        overInterval = slow.count
        slowFrames = Array(slow.prefix(50))
        worstFrame = run.worstIndex.map(run.breakdown)
    }

    /// The worst frame of the run, the first included.
    var worstOfAllMs: Double { max(worstMs, firstMs) }
}

struct StallResult: Codable {
    var interaction: String
    var viewBound: Int
    /// Every run, in order (run k was measured in the same round as the control's run k).
    var runs: [StallRun]
}

struct StallReport: Codable {
    var folder: String
    var photos: Int
    var results: [StallResult]
    /// Rounds (runs of each interaction).
    var runs: Int
    /// The machine's own pauses, measured just before.
    var hostPauses: HostPauses?
    /// The same paced window with a frame that never changes, once per round, before the
    /// interactions.
    var control: StallControl
    /// The X server's process the frames were presented to (nil without one: the dummy driver).
    var displayServerPID: Int32?
}

@MainActor
enum StallBench {
    static let bigSide = 8000
    static let windowColor = RGBA(22, 24, 30)
    static let stageColor = RGBA(44, 50, 66)
    static let stageSize = Size(width: 390, height: 844)

    /// The phone stage fitted into 92 % of a window of `size` points, centred: pixels.
    static func stageRect(size: Size, pixelScale px: Double) -> (x: Int, y: Int, width: Int, height: Int, scale: Double) {
        let fit = min((size.width * 0.92) / stageSize.width, (size.height * 0.92) / stageSize.height)
        let scale = fit * px
        return (Int((size.width - stageSize.width * fit) / 2 * px), Int((size.height - stageSize.height * fit) / 2 * px),
                Int(stageSize.width * scale), Int(stageSize.height * scale), scale)
    }

    /// The display's refresh interval the frames are paced to, seconds.
    nonisolated static let refreshInterval = 1.0 / 60

    /// `photos` PNGs of `width`x`height` (smooth gradients, soft discs, a horizon: compressible
    /// like a photo of a clear scene, not noise) plus `big-8000.png`, in `folder`; reused when
    /// already complete.
    static func makePhotoFolder(_ folder: String, photos: Int, width: Int, height: Int,
                                progress: (String) -> Void) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let existing = Set((try? fm.contentsOfDirectory(atPath: folder)) ?? [])
        for i in 0...photos {
            try stopPoint()
            let big = i == photos
            let name = big ? "photo-big-\(bigSide).png" : String(format: "photo-%03d.png", i)
            if existing.contains(name) { continue }
            if i % 20 == 0 { progress("stall: writing \(name) (\(i + 1) of \(photos + 1))") }
            let w = big ? bigSide : width, h = big ? bigSide : height
            let s = try Surface(width: w, height: h)
            try paintPhoto(s, seed: i)
            let path = (folder as NSString).appendingPathComponent(name)
            try s.savePNG(to: path + ".tmp")
            try fm.moveItem(atPath: path + ".tmp", toPath: path)
        }
    }

    /// A sky gradient, a sun, hills and a lake, each image in its own colours.
    static func paintPhoto(_ s: Surface, seed: Int) throws {
        let w = s.width, h = s.height
        let hue = Double((seed * 47) % 360) / 360
        func rgb(_ t: Double, _ shift: Double) -> (Double, Double, Double) {
            let a = (hue + shift) * 2 * .pi
            return (0.5 + 0.4 * cos(a) * t, 0.5 + 0.4 * cos(a - 2.1) * t, 0.5 + 0.4 * cos(a + 2.1) * t)
        }
        let horizon = Double(h) * (0.55 + 0.1 * sin(Double(seed)))
        let sunX = Double(w) * (0.3 + 0.4 * Double((seed * 13) % 10) / 10), sunY = horizon * 0.5
        let sunR = Double(min(w, h)) * 0.08
        let hills = (0..<w).map { x in horizon - Double(h) * 0.08 * (1 + sin(Double(x) / Double(w) * 6 + Double(seed))) }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v * 255))) }
        var stopped = false
        s.withRGBABytes { bytes, pitch in
            for y in 0..<h {
                // An 8000x8000 photo takes seconds: a stop is seen every 64 rows.
                if y % 64 == 0 && Interrupt.isRequested { stopped = true; return }
                let fy = Double(y)
                let sky = rgb(1 - fy / horizon * 0.6, 0)
                let ground = rgb(0.6 + 0.4 * (fy - horizon) / Double(h), 0.4)
                let skyBytes = (byte(sky.0), byte(sky.1), byte(sky.2))
                let groundBytes = (byte(ground.0), byte(ground.1), byte(ground.2))
                let nearSun = abs(fy - sunY) < sunR * 1.6
                var i = y * pitch
                for x in 0..<w {
                    let isSky = fy < hills[x]
                    var c = isSky ? skyBytes : groundBytes
                    if nearSun && isSky {
                        let dx = Double(x) - sunX, dy = fy - sunY
                        let d = (dx * dx + dy * dy).squareRoot()
                        if d < sunR * 1.6 {
                            let g = max(0, 1 - max(0, d - sunR) / (sunR * 0.6))
                            c = (byte(sky.0 + (1 - sky.0) * g), byte(sky.1 + (0.9 - sky.1) * g), byte(sky.2 + (0.6 - sky.2) * g))
                        }
                    }
                    bytes[i] = c.0
                    bytes[i + 1] = c.1
                    bytes[i + 2] = c.2
                    bytes[i + 3] = 255
                    i += 4
                }
            }
        }
        if stopped { throw InterruptedError() }
    }

    /// One 60 Hz interval: no frame of a run may take longer.
    nonisolated static let intervalMs = 16.7

    /// Writes a run's per-frame dump (`FLICK_STALL_DUMP`) as a whole new file; a failure is
    /// said and the bench goes on (the dump is a diagnosis, not a figure).
    nonisolated static func saveDump(_ text: String, to file: String) {
        do { try AtomicFile.save(Data(text.utf8), to: file, what: "stall dump") } catch {
            note("cannot write the stall dump '\(file)': \(error)")
        }
    }

    /// Flings through the folder in each of `interactions`, paced at 60 Hz for `seconds` each,
    /// `runs` rounds, each round a control run first.
    static func run(folder: String, interactions: [Interaction], seconds: Double, runs: Int, size: Size,
                    progress: (String) -> Void) throws -> StallReport {
        let pauses = HostPauses.measure(seconds: 5)
        progress(String(format: "stall: this machine paused a busy thread %d times over 1 ms in %.0f s (largest %.1f ms, its CPU time %.0f%% of the wall time)",
                        pauses.over1ms, pauses.seconds, pauses.largestMs, pauses.cpuOverWall * 100))
        var images = try BenchCards.images(in: folder)
        // The big photo sorts last, where no interaction's flings would reach it in the run:
        // it goes in as the 6th card, met in every interaction within the first flings.
        if let big = images.firstIndex(where: { $0.path.hasSuffix("photo-big-\(bigSide).png") }) {
            images.insert(images.remove(at: big), at: min(5, images.count - 1))
        }
        // The 8000x8000 photo (64 megapixels) is the point of the test: admit it, as a person
        // would with --max-image-pixels, instead of the app's default 50-megapixel refusal.
        ImageFile.maxPixels.store(max(ImageFile.maxPixels.load(ordering: .relaxed), bigSide * bigSide),
                                  ordering: .relaxed)
        var results = interactions.map { StallResult(interaction: $0.rawValue, viewBound: 0, runs: []) }
        var control = StallControl()
        var serverPID: Int32?
        // A stop ends the rounds; the runs made so far are the report.
        roundLoop: for round in 1...runs {
            if Interrupt.isRequested { break roundLoop }
            do {
                let (c, pid) = try StallControl.runOnce(seconds: seconds, size: size, round: round)
                serverPID = serverPID ?? pid
                control.runs.append(c)
                progress(String(format: "stall control (run %d): median %.2f ms, worst %.2f ms (%.2fx), %d over %.1f ms: the same window and pacing, a frame that never changes, no decoder",
                                round, c.frames.medianMs, c.worstMs, c.worstOverMedian, c.overInterval, intervalMs)
                         + (c.worstFrame.map { "; worst " + $0.summary } ?? ""))
                for (k, interaction) in interactions.enumerated() {
                    let (r, bound) = try runOnce(interaction, round: round, images: images, seconds: seconds, size: size,
                                                 progress: progress)
                    results[k].runs.append(r)
                    results[k].viewBound = bound
                }
            } catch is InterruptedError {
                break roundLoop
            }
        }
        return StallReport(folder: folder, photos: images.count, results: results.filter { !$0.runs.isEmpty }, runs: runs,
                           hostPauses: pauses, control: control, displayServerPID: serverPID)
    }

    /// One run of one interaction, and the scene's view bound.
    static func runOnce(_ interaction: Interaction, round: Int, images: [CardImage], seconds: Double, size: Size,
                        progress: (String) -> Void) throws -> (StallRun, viewBound: Int) {
        let window = try Window(title: "flick-bench stall", size: size,
                                options: Window.Options(resizable: false, hidden: !BenchRunner.hasDisplay))
        let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: true, vsync: false,
                                                                              raisesFrameThread: true))
        let faces = CardFaces(images: images, renderer: renderer, fontPath: BenchCards.fontPath())
        let cards = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        let stage = stageSize
        let rect = stageRect(size: size, pixelScale: renderer.pixelScale)
        let scale = rect.scale
        let run = SessionRunner(interaction: interaction, count: images.count, viewport: stage)
        let scene = run.scene
        let steps = flings(interaction, stage: stage, seconds: seconds)
        var cursor = 0
        var withPlaceholders = 0
        var shown = Set<CardID>()
        let trace = ProcessInfo.processInfo.environment["FLICK_STALL_TRACE"] != nil
        // A CSV line per frame: phases, uploads, cards, placeholders, fades, the thread's CPU
        // time, page faults and context switches, its and the X server's time waiting for a
        // core, whether the decoder was busy, the cards.
        let dumpPath = ProcessInfo.processInfo.environment["FLICK_STALL_DUMP"]
        var dump = "frame,ms,advance,faces,draw,present,uploads,cards,drawn,placeholders,fading,decodes,cpu,minflt,nivcsw,nvcsw,busy,sdlcalls,mpx,runqueue,xcpu,xrunqueue,geom\n"
        let thread = Schedstat.thisThread()
        let server = Schedstat.displayServer(of: window)
        defer { thread.close(); server?.schedstat.close() }
        var records: [FrameRecord] = []
        records.reserveCapacity(Int(seconds * 60))
        var pacer = FramePacing.stall()
        defer { pacer.end() }
        let start = PerformanceClock.now
        var frame = 0
        while PerformanceClock.now - start < seconds {
            try stopPoint()
            let planned = pacer.waitForLatch(comingSoon: { faces.frameComing() })!
            // Bookkeeping before the frame's clock starts.
            let before = faces.statistics.placeholderDraws
            let uploadsBefore = faces.statistics.uploads
            let s0 = ThreadSample.now(thread, server: server?.schedstat)
            let t0 = PerformanceClock.now
            let t = t0 - start
            run.play(steps, cursor: &cursor, frameAt: t)
            try renderer.resetViewport()
            try renderer.clear(windowColor)
            try renderer.setViewport(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            try renderer.fill(x: 0, y: 0, width: Double(rect.width), height: Double(rect.height), color: stageColor)
            let list = scene.renderList
            let t1 = PerformanceClock.now
            faces.prepare(list, time: t, cardSize: scene.cardSize, scale: scale, stage: stage, viewBound: scene.viewBound)
            let t2 = PerformanceClock.now
            try cards.draw(list, scale: scale, background: stageColor) { faces.face(for: $0) }
            let t3 = PerformanceClock.now
            renderer.present()
            faces.presented()
            let t4 = PerformanceClock.now
            let s1 = ThreadSample.now(thread, server: server?.schedstat)
            pacer.record(planned, latched: t0, workDone: t4, presented: t4, displayWaits: false)
            let st = faces.statistics
            var r = FrameRecord(ms: (t4 - t0) * 1000, advanceMs: (t1 - t0) * 1000, facesMs: (t2 - t1) * 1000,
                                drawMs: (t3 - t2) * 1000, presentMs: (t4 - t3) * 1000)
            r.take(s0, s1)
            r.uploads = st.uploads - uploadsBefore
            r.decoderBusy = st.workerBusy
            records.append(r)
            if trace && r.ms > 4 {
                note(String(format: "frame %d: %.2f ms = advance %.2f + faces %.2f + draw %.2f + present %.2f (uploads %d)", frame,
                            r.ms, r.advanceMs, r.facesMs, r.drawMs, r.presentMs, st.uploads))
            }
            if dumpPath != nil {
                let fading = list.filter { (faces.face(for: $0)?.opacity ?? 1) < 1 }.count
                func opt(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "" }
                dump += String(format: "%d,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d,%d,%d,%d,%d,%.3f,%d,%d,%d,%d,%d,%.3f,%@,%@,%@,%@\n", frame, r.ms,
                               r.advanceMs, r.facesMs, r.drawMs, r.presentMs,
                               st.uploads, list.count, cards.lastFrame.drawnCards, st.placeholderDraws - before, fading, st.decodes,
                               r.cpuMs, r.pageFaults, r.involuntarySwitches, r.voluntarySwitches, st.workerBusy ? 1 : 0,
                               cards.lastFrame.geometryCalls, cards.lastFrame.pixels / 1e6,
                               opt(r.runQueueMs), opt(r.serverCPUMs), opt(r.serverRunQueueMs),
                               list.map { c in String(format: "%.3f:%.3f:%.1f:%.1f:%.2f:%.0fx%.0f", c.transform.a, c.transform.b, c.transform.tx * scale, c.transform.ty * scale, c.alpha, c.size.width * scale, c.size.height * scale) }.joined(separator: " "))
            }
            if st.placeholderDraws > before { withPlaceholders += 1 }
            for c in list { shown.insert(c.card) }
            frame += 1
        }
        if let dumpPath { StallBench.saveDump(dump, to: dumpPath + "-" + interaction.rawValue + "-\(round).csv") }
        var r = StallRun(RunFrames(records: records), intervalMs: intervalMs)
        pacer.describe(&r)
        let stats = faces.statistics
        r.framesWithPlaceholders = withPlaceholders
        r.decodes = stats.decodes
        r.longestDecoderStepMs = stats.longestWorkerStep * 1000
        r.maxFaceTextures = stats.maxTextures
        r.cardsShown = shown.count
        progress(String(format: "stall %@ (run %d): median %.2f ms, worst %.2f ms (%.2fx; the first frame %.2f ms), %d over %.1f ms, %d decodes (longest step %.2f ms), %d cards shown",
                        interaction.rawValue, round, r.frames.medianMs, r.worstMs, r.worstOverMedian, r.firstMs, r.overInterval,
                        intervalMs, r.decodes, r.longestDecoderStepMs, r.cardsShown)
                 + (r.scheduling.map { "; \($0)" } ?? "")
                 + (r.worstFrame.map { "; worst " + $0.summary } ?? ""))
        return (r, scene.viewBound)
    }

    /// A fling toward later cards about every 1.2 s (one back now and then), as people flick
    /// through a deck of photos.
    static func flings(_ interaction: Interaction, stage: Size, seconds: Double) -> [GestureScript.Step] {
        var s = GestureScript(start: 300, step: 8)
        s.device = .mouse
        let c = Point(x: stage.width / 2, y: stage.height / 2)
        var k = 0
        while s.time < seconds - 1.5 {
            let back = k % 7 == 6
            let d = back ? 1.0 : -1.0
            if interaction == .now {
                s.fling(from: Point(x: c.x, y: c.y - d * 200), by: Vector(dx: 0, dy: d * 400), speed: 3000)
            } else {
                s.fling(from: Point(x: c.x - d * 120, y: c.y), by: Vector(dx: d * 240, dy: 0), speed: 2500)
            }
            s.wait(1.2)
            k += 1
        }
        return s.steps
    }
}
