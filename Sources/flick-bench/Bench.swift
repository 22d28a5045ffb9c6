import FlickCLI
import FlickIO
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick-bench`: frame times of the app's render path against a plain-SDL baseline, time to
/// the first presented frame, and peak memory with thousands of image cards. Build with
/// `-c release`; not run in CI.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick-bench",
        abstract: "Measure frame times against a plain-SDL baseline, time to first frame and peak memory.",
        discussion: """
        Frames: each interaction plays a fixed scripted session (at least 600 frames on a \
        60 Hz frame clock: drags, flings, throws, undo) in a --size window, vsync off. Each \
        frame is timed from its first call until the renderer has finished it (one pixel is \
        read back), five ways, interleaved frame by frame in balanced orders (each way \
        right after every other equally often, so none gains from caches another warmed):
        - app, app + HUD: the window's own frame (FlickApp's AppFrames: an App made from \
        flick's arguments as --headless makes it, --stage window, drawn by the window's draw: \
        surround, stage, cards, shadows, titles, stamps, tool UI), HUD off and on;
        - flick: scene.advance + CardRenderer.draw of the render list with the real card \
        faces, shadows on, after a clear;
        - no shadow: the same with shadows off, so exactly the cards the baseline draws;
        - baseline: the same textured quads straight through SDL, one SDL_RenderGeometry \
        per card, from vertices computed for every frame before timing.
        ratio = median(no shadow) / median(baseline); shadow = median(flick) / \
        median(baseline). The software renderer always runs (SDL's dummy driver without a \
        display), the accelerated one too when a display is present \
        (Xvfb :77 & DISPLAY=:77 flick-bench). A memcpy of each size's frame is the floor.

        Headless: flick --headless --frame-times (the 'flick' beside this binary) and the \
        bench's app frames with the same arguments, in turn, --headless-rounds times: a scene \
        at rest per interaction, and a replay of --headless-replay; the medians must agree.

        First frame: launches the 'flick' built beside this binary, 'flick --count 12' \
        (with --headless when there is no display) and LD_PRELOAD=libFlickPresentProbe.so (built \
        beside this binary), whose SDL_RenderPresent \
        makes the app exit at its first present; times spawn to present on CLOCK_MONOTONIC, \
        median of the launches.

        Memory: writes --memory-cards small PNG files to a folder, then a child process \
        draws them as the app does (scene, card faces, card renderer; dummy driver, software \
        renderer) for --memory-frames frames, scrolling and paging through many cards, and \
        reports its peak resident memory (VmHWM).

        Faces: from a cold start (a fresh face store, nothing decoded), a scene at rest filling \
        each --faces-sizes window, frames back to back with vsync off, with the bundled cards \
        and with 12 generated 1170x2532 screenshots (--screens-dir): the time until no card \
        draws a placeholder.

        Latency (pointer to photon): each interaction's scripted session in real time, inputs \
        arriving at their scripted times, frames paced at each --latency-hz, input latched at \
        the frame's start (as before) and late (FrameLatch, as the window does); an input's \
        latency is its arrival to the refresh that shows the frame that applied it.

        Replay (goal 7, a headless replay without frames): a scripted session of \
        --replay-seconds (each interaction's scripted demo in turn: drags, flings, throws, \
        undos) recorded through the package API as flick --record writes it, then replayed \
        --replay-rounds times without drawing: through the session core alone (reading, \
        replaying to its end line, finishing) and by 'flick study REC --out DIR' as a whole \
        process, in turn; session seconds per wall second at the medians. \
        --replay-recording keeps the recording, for timing flick study by hand.

        Phone (touch to the frame on the phone, over loopback): the phone server in this \
        process on 127.0.0.1 (an ephemeral port) with a 60 Hz host loop doing what the window \
        does with a phone (its touches to the session, the render list out when it changed; no \
        drawing), and a scripted phone in a child process (a WebSocket client speaking the \
        page's protocol: hello, clock exchanges, touches stamped by its own clock at 120 Hz, \
        slow drags and flings, a `drawn` report per frame as it arrives) for --phone-seconds \
        in each interaction: touch to drawn (median, p99, as the HUD computes it), the render \
        list's bytes a frame, and this process's CPU (user + system over wall time) with no \
        phone, the phone idle and the phone dragging.

        Stall: --stall-photos generated 4000x3000 PNGs and one 8000x8000 in --stall-dir, \
        flung through in each --stall-interactions interaction for --stall-seconds at 60 Hz \
        while the decoder works (software renderer, the first --sizes window), --stall-runs \
        rounds. Before each round a control runs in the same window at the same pace with a \
        frame that never changes (clear, stage, present; no cards, no decoder): the machine's \
        floor, held against Flick's runs of the same round. Every frame over 16.7 ms and every \
        run's worst frame is shown with where its time went: Flick's CPU time, waiting for a \
        core, or blocked (in present: the X server's copy, and how long the server itself \
        waited for a core).

        Budgets (--check exits 1 when one is missed): ratio <= 1.10 for every interaction \
        and renderer; app frames p99 <= 8.3 ms up to 1280x800, median <= 8.3 ms up to \
        1920x1080, median <= 16.7 ms at 3840x2160 on the software renderer; flick --headless \
        within 10 % of the bench's app frames; every face shown <= 1 s; latency (late latch) \
        median <= half a frame interval + that frame's render time and p99 <= one interval + \
        it, the render time being the time the late latch allowed the frame (its lead: the \
        recent frames' render time and the margin it learned) and the half interval each \
        input's own wait for the latch; first frame <= 300 ms; peak RSS <= 100 MB; \
        stall: 10 runs of each interaction (fewer is a miss), in each no frame over one 60 Hz \
        interval (16.7 ms, the first frame included) and the worst frame over the median \
        (after the first frame, which is start-up) no worse than the control's in the same \
        round (a round without its control run is a miss); phone: touch to drawn \
        median <= 16.7 ms and p99 <= 33.3 ms (one and two host frames), a frame's render list \
        <= 2048 bytes on average, the phone's CPU (dragging minus no phone) <= 10 % of a core. \
        replay: flick study of the recording (a whole process) >= 500x real time, and it \
        counts the gestures the script wrote. Build with -c release.
        """
    )

    @Option(help: ArgumentHelp("What to measure: a comma list of headless, frames, faces, latency, first-frame, memory, phone, replay, stall (stall is not in the default list: it writes about 1 GB of photos the first time).", valueName: "parts"), transform: CommaList.parse)
    var only: [BenchOptions.Part] = [.headless, .frames, .faces, .latency, .firstFrame, .memory, .phone, .replay]

    @Option(help: ArgumentHelp("Refresh rates the latency part paces its frames to, Hz, comma separated.", valueName: "list"), transform: CommaList.numbers)
    var latencyHz: [Double] = [60, 144]

    @Option(parsing: .unconditional, help: "Rounds of the headless part (the bench's app frames and flick --headless in turn).")
    var headlessRounds: Int = 3

    @Option(help: ArgumentHelp("A recording the headless part also replays both ways (default: docs/study/session.rec of the package; 'none' skips it).", valueName: "file"))
    var headlessReplay: String?

    @Option(help: ArgumentHelp("Stage sizes of the faces part (cold start until every card shows its face), comma separated.", valueName: "WxH,..."), transform: CommaList.sizes)
    var facesSizes: [PointSize] = [PointSize(width: 390, height: 844), PointSize(width: 1280, height: 800),
                                   PointSize(width: 1920, height: 1080)]

    @Option(help: ArgumentHelp("Folder of the faces part's generated 1170x2532 screenshots (made if missing, reused).", valueName: "dir"))
    var screensDir: String = "/tmp/flick-bench-screens"

    @Option(help: ArgumentHelp("Folder of the stall part's generated photos (made if missing, reused).", valueName: "dir"))
    var stallDir: String = "/tmp/flick-bench-stall-photos"

    @Option(parsing: .unconditional, help: "Photos (4000x3000 PNG) in the stall folder, plus one 8000x8000.")
    var stallPhotos: Int = 200

    @Option(parsing: .unconditional, help: "Seconds of flinging per interaction in the stall part.")
    var stallSeconds: Double = 15

    @Option(parsing: .unconditional, help: "Runs of each interaction in the stall part (rounds, a control run first in each; every run is held to the budget).")
    var stallRuns: Int = 10

    @Option(help: ArgumentHelp("Interactions the stall part flings through.", valueName: "list"), transform: CommaList.parse)
    var stallInteractions: [Interaction] = [.now, .switcher, .carousel]

    @Option(help: ArgumentHelp("Interactions to time, comma separated.", valueName: "list"), transform: CommaList.parse)
    var interactions: [Interaction] = Interaction.allCases

    @Option(help: ArgumentHelp("Renderers: auto (software, plus accelerated with a display), software, accelerated.", valueName: "which"))
    var renderers: String = "auto"

    @Option(help: ArgumentHelp("Window sizes for the frame sessions, WIDTHxHEIGHT, comma separated (the scene fills each); the stall part uses the first.", valueName: "WxH,..."), transform: CommaList.sizes)
    var size: [PointSize] = [PointSize(width: 1280, height: 800), PointSize(width: 1920, height: 1080)]

    @Option(parsing: .unconditional, help: "Cards in each frame session (the images repeat).")
    var count: Int = 40

    @Option(help: ArgumentHelp("Folder of card images for the frame sessions (default: the bundled ones).", valueName: "dir"))
    var cards: String?

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Timed passes over each session (after an untimed warm-up).")
    var repeats: Int = 2

    @Option(parsing: .unconditional, help: "Timed launches for the first-frame figure (after one warm-up launch).")
    var firstFrameRuns: Int = 5

    @Option(parsing: .unconditional, help: "Image cards (distinct PNG files) for the memory run.")
    var memoryCards: Int = 10_000

    @Option(parsing: .unconditional, help: "Frames the memory run draws.")
    var memoryFrames: Int = 600

    @Option(help: ArgumentHelp("Keep the memory run's images in this folder (made if missing, reused if complete); default: a temporary folder, removed after.", valueName: "dir"))
    var memoryDir: String?

    @Option(help: ArgumentHelp("Write the figures as JSON to this file.", valueName: "file"))
    var json: String?

    @Flag(help: "Exit with status 1 when a budget is missed.")
    var check = false

    @Option(help: ArgumentHelp("Save a few frames of each session as PNG files in this folder (not timed).", valueName: "dir"))
    var snapshots: String?

    @Option(help: ArgumentHelp("Write each latency run's frames (planned latch, latch, refresh, lead, work, inputs, late or not, shown) as CSV files in this folder.", valueName: "dir"))
    var latencyTrace: String?

    @Option(help: .hidden)
    var memoryChild: String?

    @Option(parsing: .unconditional, help: "Seconds of dragging and flinging per interaction in the phone part.")
    var phoneSeconds: Double = 5

    @Option(parsing: .unconditional, help: "Length of the replay part's scripted session, seconds.")
    var replaySeconds: Double = 180

    @Option(parsing: .unconditional, help: "Rounds of the replay part (a session-core replay and flick study in turn).")
    var replayRounds: Int = 5

    @Option(help: ArgumentHelp("Keep the replay part's recording in this file (replaced); default: a temporary file, removed after.", valueName: "file"))
    var replayRecording: String?

    @Option(help: .hidden)
    var phoneClient: String?

    /// Every usage problem is one line and exit code 2. A signal stops it as it stops flick: every
    /// part polls for it, the figures measured so far are printed, and the exit code is 128 + the
    /// signal's number; `stopWithin` is the backstop for a wait no part polls (inside SDL).
    static func main() {
        Diagnostics.program = "flick-bench"
        Interrupt.stopWithin(0.9)
        runAsFlickCommand()
    }

    mutating func run() throws {
        if let folder = memoryChild {
            let frames = memoryFrames, cards = memoryCards
            try MainActor.assumeIsolated { try MemoryBench.child(folder: folder, frames: frames, cards: cards) }
            return
        }
        if let url = phoneClient {
            try PhoneClient.run(url: url, interaction: interactions.first ?? .now, seconds: phoneSeconds)
            return
        }
        let options = try BenchOptions(self)
        let report = try MainActor.assumeIsolated { try BenchRunner(options).run() }
        print(report.table())
        fflush(nil)   // the partial report is out before the exit a stop ends with
        if let path = json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data: Data
            do { data = try encoder.encode(report) } catch {
                throw UserError("cannot encode the --json report: \(error.localizedDescription)")
            }
            // Whole or not at all; a full disk is exit 3 naming the file.
            try AtomicFile.save(data, to: path, what: "the --json file")
        }
        if check && !report.misses.isEmpty {
            for m in report.misses { note("budget missed: \(m)") }
            throw ExitCode(1)
        }
    }
}

/// The checked options of `flick bench`.
struct BenchOptions {
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case headless, frames, faces, latency, firstFrame = "first-frame", memory, phone, replay, stall
    }
    var latencyHz: [Double]
    var headlessRounds: Int
    var headlessReplay: String?
    var cardsFolder: String

    var parts: Set<Part>
    var interactions: [Interaction]
    var renderers: [FrameBench.Kind]?      // nil: auto
    var sizes: [Size]
    var size: Size { sizes[0] }
    var count: Int
    var images: [CardImage]
    var repeats: Int
    var firstFrameRuns: Int
    var memoryCards: Int
    var memoryFrames: Int
    var memoryDir: String?
    var snapshots: String?
    var latencyTrace: String?
    var stallDir: String
    var facesSizes: [Size]
    var screensDir: String
    var stallPhotos: Int
    var stallSeconds: Double
    var stallRuns: Int
    var stallInteractions: [Interaction]
    var phoneSeconds: Double
    var replaySeconds: Double
    var replayRounds: Int
    var replayRecording: String?

    init(_ b: Bench) throws {
        try OutputPath.check(b.screensDir, option: "--screens-dir", kind: .folder)
        try OutputPath.check(b.stallDir, option: "--stall-dir", kind: .folder)
        if let p = b.memoryDir { try OutputPath.check(p, option: "--memory-dir", kind: .folder) }
        if let p = b.snapshots { try OutputPath.check(p, option: "--snapshots", kind: .folder) }
        if let p = b.latencyTrace { try OutputPath.check(p, option: "--latency-trace", kind: .folder) }
        if let p = b.json { try OutputPath.check(p, option: "--json", kind: .file) }
        if let p = b.replayRecording { try OutputPath.check(p, option: "--replay-recording", kind: .file) }
        parts = Set(b.only)
        interactions = b.interactions
        switch b.renderers.lowercased() {
        case "auto": renderers = nil
        case "software": renderers = [.software]
        case "accelerated", "gl": renderers = [.accelerated]
        case "all", "both": renderers = [.software, .accelerated]
        default: throw UserError("--renderers '\(b.renderers)' (expected auto, software or accelerated)")
        }
        sizes = b.size.map(\.size)
        guard (1...1_000_000).contains(b.count) else { throw UserError("--count \(b.count) is out of range (1 to 1000000)") }
        count = b.count
        cardsFolder = b.cards ?? BenchCards.defaultFolder()
        images = try BenchCards.images(in: cardsFolder)
        guard !b.latencyHz.isEmpty, b.latencyHz.allSatisfy({ $0.isFinite && (24...360).contains($0) }) else {
            throw UserError("--latency-hz \(b.latencyHz.map { "\($0)" }.joined(separator: ",")) is out of range (24 to 360 each)")
        }
        latencyHz = b.latencyHz
        guard (1...20).contains(b.headlessRounds) else { throw UserError("--headless-rounds \(b.headlessRounds) is out of range (1 to 20)") }
        headlessRounds = b.headlessRounds
        if b.headlessReplay == "none" {
            headlessReplay = nil
        } else if let path = b.headlessReplay {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw UserError("--headless-replay '\(path)' cannot be read (expected a recording made with flick --record)")
            }
            headlessReplay = path
        } else {
            let bundled = (PathKind.folder(of: BenchCards.defaultFolder()) as NSString)
                .appendingPathComponent("docs/study/session.rec")
            headlessReplay = FileManager.default.isReadableFile(atPath: bundled) ? bundled : nil
        }
        guard (1...100).contains(b.repeats) else { throw UserError("--repeat \(b.repeats) is out of range (1 to 100)") }
        repeats = b.repeats
        guard (1...100).contains(b.firstFrameRuns) else { throw UserError("--first-frame-runs is out of range (1 to 100)") }
        firstFrameRuns = b.firstFrameRuns
        guard (1...1_000_000).contains(b.memoryCards) else { throw UserError("--memory-cards is out of range (1 to 1000000)") }
        memoryCards = b.memoryCards
        guard (1...100_000).contains(b.memoryFrames) else { throw UserError("--memory-frames is out of range (1 to 100000)") }
        memoryFrames = b.memoryFrames
        memoryDir = b.memoryDir
        stallDir = b.stallDir
        facesSizes = b.facesSizes.map(\.size)
        screensDir = b.screensDir
        guard (1...10_000).contains(b.stallPhotos) else { throw UserError("--stall-photos \(b.stallPhotos) is out of range (1 to 10000)") }
        stallPhotos = b.stallPhotos
        guard b.stallSeconds.isFinite, (3...600).contains(b.stallSeconds) else {
            throw UserError("--stall-seconds \(b.stallSeconds) is out of range (3 to 600)")
        }
        stallSeconds = b.stallSeconds
        guard (1...20).contains(b.stallRuns) else { throw UserError("--stall-runs \(b.stallRuns) is out of range (1 to 20)") }
        stallRuns = b.stallRuns
        stallInteractions = b.stallInteractions
        guard b.phoneSeconds.isFinite, (1...600).contains(b.phoneSeconds) else {
            throw UserError("--phone-seconds \(b.phoneSeconds) is out of range (1 to 600)")
        }
        phoneSeconds = b.phoneSeconds
        guard b.replaySeconds.isFinite, (10...3600).contains(b.replaySeconds) else {
            throw UserError("--replay-seconds \(b.replaySeconds) is out of range (10 to 3600)")
        }
        replaySeconds = b.replaySeconds
        guard (1...50).contains(b.replayRounds) else { throw UserError("--replay-rounds \(b.replayRounds) is out of range (1 to 50)") }
        replayRounds = b.replayRounds
        replayRecording = b.replayRecording
        snapshots = b.snapshots
        latencyTrace = b.latencyTrace
        for (folder, option) in [(snapshots, "--snapshots"), (latencyTrace, "--latency-trace")] {
            guard let folder else { continue }
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw UserError("\(option) folder '\(folder)' cannot be made")
            }
        }
    }
}

/// Everything `flick bench` measured.
struct BenchReport: Codable {
    struct Budgets: Codable {
        /// The frame budgets at a stage of `size` ("WxH") on `renderer` ("software", "accelerated"):
        /// up to 1280x800 pixels every frame within 120 Hz (median and p99), up to 1920x1080 the
        /// median within 120 Hz, above (3840x2160) the median within 60 Hz on the software
        /// renderer; nil where there is none (4K on a GPU renderer).
        func frame(size: String, renderer: String = "software") -> (median: Double, p99: Double?)? {
            let parts = size.split(separator: "x").compactMap { Double($0) }
            let pixels = parts.count == 2 ? parts[0] * parts[1] : 0
            if pixels <= 1280 * 800 { return (frameMedianMs, frameP99Ms) }
            if pixels <= 1920 * 1080 { return (largeFrameMedianMs, nil) }
            return renderer == "software" ? (hugeFrameMedianMs, nil) : nil
        }
        var ratio = 1.10
        /// Frames at up to 1280x800: every frame within a 120 Hz interval.
        var frameMedianMs = 8.3
        var frameP99Ms = 8.3
        /// Up to 1920x1080: the median within 120 Hz.
        var largeFrameMedianMs = 8.3
        /// 3840x2160 on the software renderer: the median within 60 Hz.
        var hugeFrameMedianMs = 16.7
        /// flick --headless's median frame within this share of the bench's app frames.
        var headlessAgreement = 0.10
        var firstFrameMs = 300.0
        var peakRSSMB = 100.0
        /// Every stall frame within one 60 Hz interval, in every run.
        var stallIntervalMs = StallBench.intervalMs
        /// A stall run's worst frame over its median at most this times the control's in the
        /// same round.
        var stallOverControl = 1.0
        /// Runs of each interaction the stall budget is judged over ("in 10 of 10 runs"):
        /// fewer is a miss (optional: reports from before it was a budget).
        var stallRuns: Int? = 10
        /// Every face on the stage within this of a cold start.
        var facesShownMs = 1000.0
        /// Touch to the frame drawn on the phone over loopback: one host frame (60 Hz) median,
        /// two at p99 (optional: reports from before the phone part).
        var phoneMedianMs: Double? = 16.7
        var phoneP99Ms: Double? = 33.3
        /// The render list's JSON, mean bytes a frame (a phone on a weak Wi-Fi at 60 frames a second).
        var phoneFrameBytes: Double? = 2048
        /// The host process's CPU for one phone dragging (dragging minus no phone), % of a core.
        var phoneCPUPercent: Double? = 10
        /// Session seconds per wall second of `flick study` of a recording, a whole process (goal 7).
        var replayTimesRealTime: Double? = 500
    }
    var sdl: String
    var videoDriver: String
    var size: String
    /// The software renderer's frame thread's priority as the app asks for it (`FramePriority`):
    /// "nice -10" or why not (optional: reports from before it was recorded).
    var framePriority: String?
    var frames: [FrameResult] = []
    /// One memcpy of a frame's pixels per size: the floor under a software frame.
    var copyFloors: [CopyFloor]? = nil
    var headless: [HeadlessAgreement]? = nil
    var notes: [String] = []
    var firstFrame: FirstFrameResult?
    /// The same with a folder of `memoryCards` images (the start-up must not grow with the deck).
    var firstFrameManyCards: FirstFrameResult?
    var memory: MemoryResult?
    var stall: StallReport?
    var faces: [FacesResult] = []
    var latency: [LatencyResult] = []
    var phone: [PhoneResult]? = []
    /// Goal 7: a headless replay without frames (optional: reports from before the part).
    var replay: ReplayResult?
    var budgets = Budgets()
    var misses: [String] = []
    /// The signal that stopped the run before every part was measured ("SIGTERM"); nil when
    /// it ran to the end.
    var stoppedBy: String?

    mutating func evaluate() {
        misses = []
        for r in frames where !(r.ratio <= budgets.ratio) {
            misses.append(String(format: "%@ on %@ at %@: flick/baseline %.2f > %.2f", r.interaction, r.rendererKind,
                                 r.size, r.ratio, budgets.ratio))
        }
        for r in frames {
            guard let b = budgets.frame(size: r.size, renderer: r.rendererKind) else { continue }
            // The window's own frame where it was measured; the card renderer's in reports from before.
            let f = r.budgeted
            let what = r.app != nil ? "app frame" : "frame"
            if !(f.medianMs <= b.median) {
                misses.append(String(format: "%@ on %@ at %@: median %@ %.2f ms > %.1f ms", r.interaction, r.rendererKind,
                                     r.size, what, f.medianMs, b.median))
            }
            if let p99 = b.p99, !(f.p99Ms <= p99) {
                misses.append(String(format: "%@ on %@ at %@: p99 %@ %.2f ms > %.1f ms", r.interaction, r.rendererKind,
                                     r.size, what, f.p99Ms, p99))
            }
        }
        for h in headless ?? [] where !(abs(h.ratio - 1) <= budgets.headlessAgreement) {
            misses.append(String(format: "headless %@ at %@: flick --headless median / the bench's app frames %.3f, more than %.0f%% apart",
                                 h.interaction, h.size, h.ratio, budgets.headlessAgreement * 100))
        }
        for f in [firstFrame, firstFrameManyCards].compactMap({ $0 }) where !(f.medianMs <= budgets.firstFrameMs) {
            misses.append(String(format: "first frame (%@) %.0f ms > %.0f ms", f.arguments.joined(separator: " "), f.medianMs, budgets.firstFrameMs))
        }
        if let stall { misses += stallMisses(stall) }
        if let r = replay {
            let budget = budgets.replayTimesRealTime ?? 500
            if !(r.studyTimesRealTime >= budget) {
                misses.append(String(format: "replay: flick study of a %.0f s recording %.0fx real time < %.0fx", r.sessionSeconds,
                                     r.studyTimesRealTime, budget))
            }
            if r.studyGestures != r.gestures {
                misses.append("replay: flick study counted \(r.studyGestures) gestures, the script wrote \(r.gestures)")
            }
        }
        for f in faces where !((f.allShownMs ?? .infinity) <= budgets.facesShownMs) {
            misses.append(String(format: "faces %@ at %@ (%@, %@): every face shown after %@ > %.0f ms", f.interaction, f.size,
                                 f.cards, f.renderer, f.allShownMs.map { String(format: "%.0f ms", $0) } ?? "never", budgets.facesShownMs))
        }
        // The window's latch is budgeted; frames latched at their start are shown for comparison.
        for l in latency where l.latch != "frame start" {
            let hz = String(format: "%.0f Hz", l.hz ?? 60)
            if !(l.p99OverBudgetMs <= 0) {
                misses.append(String(format: "latency %@ on %@ at %@: p99 %.1f ms exceeds one frame interval + its frame's lead by %.2f ms",
                                     l.interaction, l.renderer, hz, l.p99Ms, l.p99OverBudgetMs))
            }
            if let m = l.medianOverBudgetMs, !(m <= 0) {
                misses.append(String(format: "latency %@ on %@ at %@: median %.1f ms exceeds the wait for the latch + its frame's lead by %.2f ms",
                                     l.interaction, l.renderer, hz, l.medianMs, m))
            }
        }
        for p in phone ?? [] {
            for miss in phoneMisses(p) { misses.append("phone \(p.interaction): \(miss)") }
        }
        if let m = memory, !(m.peakRSSMB <= budgets.peakRSSMB) {
            misses.append(String(format: "peak RSS %.1f MB > %.0f MB", m.peakRSSMB, budgets.peakRSSMB))
        }
    }

    /// The phone budgets `p` misses, one phrase each.
    func phoneMisses(_ p: PhoneResult) -> [String] {
        var out: [String] = []
        if let b = budgets.phoneMedianMs, !(p.medianMs <= b) { out.append(String(format: "touch to frame median %.1f ms > %.1f ms", p.medianMs, b)) }
        if let b = budgets.phoneP99Ms, !(p.p99Ms <= b) { out.append(String(format: "touch to frame p99 %.1f ms > %.1f ms", p.p99Ms, b)) }
        if let b = budgets.phoneFrameBytes, !(p.frameBytesMean <= b) { out.append(String(format: "%.0f bytes a frame > %.0f", p.frameBytesMean, b)) }
        if let b = budgets.phoneCPUPercent, !(p.perPhonePercent <= b) { out.append(String(format: "CPU %.1f %% of a core a phone > %.0f %%", p.perPhonePercent, b)) }
        return out
    }

    func table() -> String {
        var out: [String] = []
        func ms(_ v: Double) -> String { String(format: "%7.3f", v) }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        out.append("flick-bench — \(sdl), video driver \(videoDriver), \(size), vsync off, software frame thread \(framePriority ?? "not recorded")")
        if !frames.isEmpty {
            out.append("")
            out.append("Frame times, ms (median / p99); ratio = no-shadow / baseline medians; budgets: ratio <= \(String(format: "%.2f", budgets.ratio)), "
                       + String(format: "flick (shadows) median <= %.1f and p99 <= %.1f up to 1280x800, median <= %.1f above",
                                budgets.frameMedianMs, budgets.frameP99Ms, budgets.largeFrameMedianMs))
            out.append("app = the window's own frame (surround, stage, cards, shadows, titles, stamps, tool UI; HUD off / on); the budgets hold the app frame")
            out.append(pad("interaction", 12) + pad("size", 10) + pad("renderer", 22) + "  app                app + HUD          flick (shadows)    no shadow          baseline           ratio  shadow  p99 ratio  budget")
            for r in frames {
                let name = "\(r.rendererKind) (\(r.renderer))"
                let b = budgets.frame(size: r.size, renderer: r.rendererKind)
                let f = r.budgeted
                let met = r.ratio <= budgets.ratio
                    && (b.map { f.medianMs <= $0.median && ($0.p99.map { f.p99Ms <= $0 } ?? true) } ?? true)
                let app = r.app.map { "\(ms($0.medianMs)) \(ms($0.p99Ms))" } ?? "      -       -"
                let hud = r.appHUD.map { "\(ms($0.medianMs)) \(ms($0.p99Ms))" } ?? "      -       -"
                out.append(pad(r.interaction, 12) + pad(r.size, 10) + pad(name, 22)
                           + "  \(app)    \(hud)    "
                           + "\(ms(r.flick.medianMs)) \(ms(r.flick.p99Ms))    \(ms(r.flickNoShadow.medianMs)) \(ms(r.flickNoShadow.p99Ms))    "
                           + "\(ms(r.baseline.medianMs)) \(ms(r.baseline.p99Ms))    "
                           + String(format: "%5.2f  %5.2f   %5.2f", r.ratio, r.ratioWithShadows, r.p99Ratio)
                           + (b.map { String(format: "      %.1f", $0.median) + ($0.p99.map { String(format: "/%.1f", $0) } ?? "") } ?? "      none")
                           + (met ? "" : "  MISSED"))
            }
        }
        for c in copyFloors ?? [] {
            out.append(String(format: "Floor at %@: one memcpy of the frame's %.1f MB takes %.3f ms median (min %.3f), %.0f MB/s",
                              c.size, c.megabytes, c.medianMs, c.minMs, c.bandwidthMBps))
        }
        if let hs = headless, !hs.isEmpty {
            out.append("")
            out.append(String(format: "flick --headless --frame-times against the bench's app frames (same arguments: a scene at rest, or a replay; HUD off, software), medians per round in turn, ms; budget within %.0f%%", budgets.headlessAgreement * 100))
            for h in hs {
                out.append(pad(h.interaction, 12) + " " + pad(h.size, 10) + "  bench " + h.benchMedianMs.map { String(format: "%.3f", $0) }.joined(separator: " ")
                           + "   headless " + h.headlessMedianMs.map { String(format: "%.3f", $0) }.joined(separator: " ")
                           + String(format: "   ratio %.3f", h.ratio) + (abs(h.ratio - 1) <= budgets.headlessAgreement ? "" : "  MISSED"))
            }
        }
        for n in notes { out.append("note: \(n)") }
        out.append("")
        for f in [firstFrame, firstFrameManyCards].compactMap({ $0 }) {
            out.append(String(format: "First frame: %.1f ms median (min %.1f, max %.1f, %d launches; /proc age %@) — flick %@ on %@; budget <= %.0f ms%@",
                              f.medianMs, f.minMs, f.maxMs, f.runsMs.count,
                              f.medianProcAgeMs.map { String(format: "%.0f ms", $0) } ?? "n/a",
                              f.arguments.joined(separator: " "), f.display, budgets.firstFrameMs,
                              f.medianMs <= budgets.firstFrameMs ? "" : "  MISSED"))
        }
        if let r = replay {
            let budget = budgets.replayTimesRealTime ?? 500
            out.append(String(format: "Replay without frames (%@): a %.0f s session, %d inputs, %d gestures (flick study counted %d); rounds in turn, ms",
                              r.recording, r.sessionSeconds, r.inputs, r.gestures, r.studyGestures))
            out.append("  session core (read, replay, finish) " + r.replayMs.map { String(format: "%.1f", $0) }.joined(separator: " ")
                       + String(format: ": %.0fx real time", r.replayTimesRealTime))
            out.append("  flick study, whole process          " + r.studyMs.map { String(format: "%.1f", $0) }.joined(separator: " ")
                       + String(format: ": %.0fx real time; budget >= %.0fx%@", r.studyTimesRealTime, budget,
                                r.studyTimesRealTime >= budget && r.studyGestures == r.gestures ? "" : "  MISSED"))
        }
        if let m = memory {
            out.append(String(format: "Peak RSS: %.1f MB (VmHWM) with %d image cards, %d frames, %d faces made, furthest card %d; budget <= %.0f MB%@",
                              m.peakRSSMB, m.cards, m.frames, m.facesMade, m.furthestCard, budgets.peakRSSMB,
                              m.peakRSSMB <= budgets.peakRSSMB ? "" : "  MISSED"))
        }
        if !faces.isEmpty {
            out.append("")
            out.append(String(format: "Faces from a cold start (frames back to back, vsync off); budget every face shown <= %.0f ms", budgets.facesShownMs))
            out.append(pad("interaction", 12) + pad("size", 10) + pad("cards", 26) + pad("renderer", 10) + "  shown ms  settled ms  frames  median/worst frame ms  decodes")
            for f in faces {
                let shown = f.allShownMs.map { String(format: "%8.0f", $0) } ?? "   never"
                let settled = f.settledMs.map { String(format: "%10.0f", $0) } ?? "     never"
                out.append(pad(f.interaction, 12) + pad(f.size, 10) + pad(f.cards, 26) + pad(f.renderer, 10) + "  \(shown)  \(settled)  "
                           + String(format: "%6d  %8.2f / %8.2f    %7d", f.frames, f.frameMedianMs, f.frameWorstMs, f.decodes)
                           + ((f.allShownMs ?? .infinity) <= budgets.facesShownMs ? "" : "  MISSED"))
            }
        }
        if !latency.isEmpty {
            out.append("")
            out.append("Pointer to photon (an input's scripted arrival to the display refresh that shows the frame applying it; frames paced to the refresh rate), ms; budget (late latch, the window's): median <= the input's wait for the latch (half an interval for input at any time) + the render time its frame was allowed (the lead), p99 <= one interval + that lead; lead - work: what the lead kept over the frames that applied input; over own work: the same budgets against the frame's own work, no margin")
            out.append(pad("interaction", 12) + pad("renderer", 22) + "    Hz  latch         inputs  median     p90     p99     max  median/p99 over budget   wait  lead - work med/p99  over own work med/p99  frame median/worst  lead  late frames  latched late med/p99  polled  CPU %  scheduling")
            for l in latency {
                let late = l.latch != "frame start"
                let met = !late || (l.p99OverBudgetMs <= 0 && (l.medianOverBudgetMs ?? 0) <= 0)
                out.append(pad(l.interaction, 12) + pad(l.renderer, 22) + String(format: "  %4.0f  ", l.hz ?? 60) + pad(l.latch ?? "frame start", 12)
                           + String(format: "  %6d  %6.2f  %6.2f  %6.2f  %6.2f  %8.2f / %8.2f  %5.2f    %6.2f / %6.2f      %7.2f / %7.2f     %6.2f / %6.2f",
                                    l.inputs, l.medianMs, l.p90Ms, l.p99Ms, l.maxMs, l.medianOverBudgetMs ?? .nan, l.p99OverBudgetMs,
                                    l.waitMedianMs ?? .nan, l.slackMedianMs ?? .nan, l.slackP99Ms ?? .nan,
                                    l.medianOverWorkMs ?? .nan, l.p99OverWorkMs ?? .nan, l.frameMedianMs, l.frameWorstMs)
                           + (l.leadMedianMs.map { String(format: "  %5.2f", $0) } ?? "      -")
                           + (l.missedFrames.map { String(format: "  %5d", $0) } ?? "      -")
                           + (l.latchLateMedianMs.map { String(format: "  %6.2f / %6.2f", $0, l.latchLateP99Ms ?? .nan) } ?? "                 -")
                           + (l.pollMedianMs.map { String(format: "  %6.2f", $0) } ?? "       -")
                           + (l.cpuPercent.map { String(format: "  %5.1f", $0) } ?? "      -")
                           + (l.scheduling.map { "  \($0)" } ?? "")
                           + (met ? "" : "  MISSED"))
            }
        }
        if let phone, !phone.isEmpty {
            out.append("")
            out.append(String(format: "Phone over loopback (touch at 120 Hz on the phone's clock to its report of the frame that applied it; host loop 60 Hz, no drawing), ms; CPU: this process, %% of a core; budgets: median <= %.1f, p99 <= %.1f, <= %.0f bytes a frame, <= %.0f %% CPU a phone",
                              budgets.phoneMedianMs ?? .nan, budgets.phoneP99Ms ?? .nan, budgets.phoneFrameBytes ?? .nan, budgets.phoneCPUPercent ?? .nan))
            out.append(pad("interaction", 12) + "touches  median     p90     p99     max  frames  bytes/frame (max)  CPU no phone / idle / dragging  a phone  clock rtt")
            for p in phone {
                out.append(pad(p.interaction, 12) + String(format: "%7d  %6.2f  %6.2f  %6.2f  %6.2f  %6d  %11.0f (%4d)  %12.1f / %4.1f / %8.1f  %7.1f  %6.2f ms",
                                                           p.samples, p.medianMs, p.p90Ms, p.p99Ms, p.maxMs, p.framesSent, p.frameBytesMean,
                                                           p.frameBytesMax, p.cpuNoPhonePercent, p.cpuIdlePercent, p.cpuDraggingPercent,
                                                           p.perPhonePercent, p.clockRoundTripMs)
                           + (phoneMisses(p).isEmpty ? "" : "  MISSED"))
            }
        }
        if let stall { out += stallTable(stall) }
        out.append(misses.isEmpty ? "All budgets met." : "Budgets missed: \(misses.count)")
        if let stoppedBy {
            out.append("Partial report: stopped by \(stoppedBy); the figures above are those measured before it.")
        }
        return out.joined(separator: "\n")
    }
}

/// Runs the parts of `flick bench` in order.
@MainActor
struct BenchRunner {
    let options: BenchOptions

    init(_ options: BenchOptions) { self.options = options }

    static var hasDisplay: Bool {
        let env = ProcessInfo.processInfo.environment
        return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    func progress(_ line: String) { note("bench: \(line)") }

    func run() throws -> BenchReport {
        let display = Self.hasDisplay
        let sdl = try SDLContext(videoDriver: display ? nil : "dummy")
        if let problem = Renderer.compositorSettingProblem { note(problem) }
        var report = BenchReport(sdl: sdl.versionDescription, videoDriver: sdl.videoDriver,
                                 size: options.sizes.map { "\(Int($0.width))x\(Int($0.height))" }.joined(separator: ","))
        // Each part adds its figures as it measures them; a stop (a signal) ends the run where it
        // is and the report holds what was measured until then.
        do { try measure(&report, sdl: sdl, display: display) } catch is InterruptedError {
            report.stoppedBy = Interrupt.signalName
        }
        if Interrupt.isRequested { report.stoppedBy = Interrupt.signalName }
        report.evaluate()
        report.framePriority = FramePriority.description
        return report
    }

    private func measure(_ report: inout BenchReport, sdl: SDLContext, display: Bool) throws {
        try withExtendedLifetime(sdl) {
            if options.parts.contains(.headless) {
                // First, before any part raises this thread's priority (flick --headless does not).
                var rows: [HeadlessAgreement] = []
                for interaction in options.interactions {
                    let r = try HeadlessBench.run(interaction: interaction, size: options.size, count: options.count,
                                                  cardsFolder: options.cardsFolder, frames: 600, rounds: options.headlessRounds, sdl: sdl)
                    progress(String(format: "headless %@ %@: ratio %.3f", r.interaction, r.size, r.ratio))
                    rows.append(r)
                    report.headless = rows
                }
                if let replay = options.headlessReplay {
                    let r = try HeadlessBench.run(interaction: nil, replay: replay, size: options.size, count: options.count,
                                                  cardsFolder: options.cardsFolder, frames: 0, rounds: options.headlessRounds, sdl: sdl)
                    progress(String(format: "headless %@ %@: ratio %.3f", r.interaction, r.size, r.ratio))
                    rows.append(r)
                    report.headless = rows
                }
            }
            if options.parts.contains(.frames) {
                let kinds = options.renderers ?? (display ? [.software, .accelerated] : [.software])
                report.copyFloors = try options.sizes.map { try CopyFloor.measure(size: $0) }
                for size in options.sizes {
                    let sessions = options.interactions.map {
                        BenchSession.make($0, viewport: size, count: options.count)
                    }
                    for kind in kinds {
                        let measured = try FrameBench.run(kind: kind, sessions: sessions, images: options.images,
                                                          cardsFolder: options.cardsFolder, sdl: sdl,
                                                          size: size, hidden: !display,
                                                          repeats: options.repeats, snapshots: options.snapshots,
                                                          progress: progress) { report.frames.append($0) }
                        if !measured && !report.notes.contains(where: { $0.hasPrefix("no accelerated") }) {
                            report.notes.append("no accelerated renderer on \(sdl.videoDriver): only software measured")
                        }
                    }
                }
            }
            if options.parts.contains(.faces) {
                let kinds = options.renderers ?? (display ? [.software, .accelerated] : [.software])
                try FacesBench.makeScreenshotFolder(options.screensDir, count: 12, from: options.images, progress: progress)
                let sets = [("bundled", options.images),
                            ("12 screens 1170x2532", try BenchCards.images(in: options.screensDir))]
                for kind in kinds {
                    for size in options.facesSizes {
                        for (name, images) in sets {
                            for interaction in options.interactions {
                                if let r = try FacesBench.run(interaction: interaction, size: size, images: images, cardsName: name,
                                                              kind: kind, hidden: !display) {
                                    progress("faces \(interaction.rawValue) \(r.size) \(name) \(r.renderer): "
                                             + (r.allShownMs.map { String(format: "%.0f ms", $0) } ?? "never"))
                                    report.faces.append(r)
                                }
                            }
                        }
                    }
                }
            }
            if options.parts.contains(.latency) {
                let kinds = options.renderers ?? (display ? [.software, .accelerated] : [.software])
                for kind in kinds {
                    for hz in options.latencyHz {
                        for interaction in options.interactions {
                            let session = BenchSession.make(interaction, viewport: options.size, count: options.count)
                            for late in [false, true] {
                                let trace = options.latencyTrace.map {
                                    String(format: "%@/latency-%@-%@-%.0f-%@.csv", $0, interaction.rawValue, kind.rawValue, hz,
                                           late ? "late" : "start")
                                }
                                if let r = try LatencyBench.run(session, kind: kind, images: options.images, hidden: !display,
                                                                hz: hz, late: late, trace: trace) {
                                    progress(String(format: "latency %@ %@ %.0f Hz %@: median %.1f p99 %.1f ms", r.interaction, r.renderer,
                                                    hz, r.latch ?? "", r.medianMs, r.p99Ms))
                                    report.latency.append(r)
                                }
                            }
                        }
                    }
                }
            }
            if options.parts.contains(.phone) {
                for interaction in options.interactions {
                    progress("phone \(interaction.rawValue): \(options.phoneSeconds) s of drags and flings at 120 Hz over loopback")
                    let r = try PhoneBench.run(interaction, count: options.count, images: options.images,
                                               seconds: options.phoneSeconds, progress: progress)
                    report.phone = (report.phone ?? []) + [r]
                }
            }
            if options.parts.contains(.firstFrame) {
                var args = ["--count", "12"]
                if !display { args.append("--headless") }
                let where_ = display ? "\(sdl.videoDriver) DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "")"
                                     : "dummy driver (no display)"
                progress("first frame: \(options.firstFrameRuns + 1) launches of flick \(args.joined(separator: " "))")
                report.firstFrame = try FirstFrameBench.run(arguments: args, runs: options.firstFrameRuns, display: where_)
                // The same with a folder of thousands of images: start-up must not read them all.
                let folder = options.memoryDir
                    ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("flick-bench-cards-\(options.memoryCards)")
                progress("first frame: \(options.memoryCards) PNG cards in \(folder)")
                try MemoryBench.makeCardFolder(folder, count: options.memoryCards, from: options.images)
                var many = ["--cards", folder]
                if !display { many.append("--headless") }
                report.firstFrameManyCards = try FirstFrameBench.run(arguments: many, runs: options.firstFrameRuns, display: where_)
            }
            if options.parts.contains(.memory) {
                let keep = options.memoryDir != nil
                let folder = options.memoryDir
                    ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("flick-bench-cards-\(getpid())")
                defer { if !keep { try? FileManager.default.removeItem(atPath: folder) } }
                progress("memory: writing \(options.memoryCards) PNG cards to \(folder)")
                try MemoryBench.makeCardFolder(folder, count: options.memoryCards, from: options.images)
                progress("memory: \(options.memoryFrames) headless frames on them")
                report.memory = try MemoryBench.run(folder: folder, cards: options.memoryCards,
                                                    frames: options.memoryFrames)
            }
        }
        if options.parts.contains(.replay) {
            report.replay = try ReplayBench.run(seconds: options.replaySeconds, rounds: options.replayRounds,
                                                cardsFolder: options.cardsFolder, keep: options.replayRecording,
                                                progress: progress)
            if let r = report.replay {
                progress(String(format: "replay: session core %.0fx, flick study %.0fx real time", r.replayTimesRealTime,
                                r.studyTimesRealTime))
            }
        }
        if options.parts.contains(.stall) {
            try withExtendedLifetime(sdl) {
                try StallBench.makePhotoFolder(options.stallDir, photos: options.stallPhotos, width: 4000, height: 3000,
                                               progress: progress)
                report.stall = try StallBench.run(folder: options.stallDir, interactions: options.stallInteractions,
                                                  seconds: options.stallSeconds, runs: options.stallRuns,
                                                  size: options.size, progress: progress)
            }
        }
    }
}
