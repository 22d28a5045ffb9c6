import FlickSessionTesting
import FlickSession
import FlickIO
import FlickEngine
import FlickSDL
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on CLOCK_MONOTONIC: one clock for every process on the machine, so a parent
/// and its child can subtract each other's readings.
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Peak resident set size (VmHWM of /proc/self/status), kilobytes; nil when unreadable.
func peakResidentKilobytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
}

/// A child process whose standard output and error are drained while it runs, so a chatty child
/// never blocks on a full pipe; `collect()` waits for it and returns both.
final class DrainedChild {
    let process = Process()
    private final class Sink: @unchecked Sendable { var data = Data() }
    private let out = Sink(), err = Sink()
    private let group = DispatchGroup()

    init(executable: String, arguments: [String], environment extra: [String: String] = [:]) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !extra.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in extra { env[k] = v }
            process.environment = env
        }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        for (pipe, sink) in [(outPipe, out), (errPipe, err)] {
            group.enter()
            DispatchQueue.global().async { [group] in
                sink.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
    }

    func run() throws { try process.run() }

    /// Waits for the child's end and for both pipes to close.
    func collect() -> (stdout: String, stderr: String) {
        process.waitUntilExit()
        group.wait()
        return (String(decoding: out.data, as: UTF8.self), String(decoding: err.data, as: UTF8.self))
    }
}

/// Runs `executable` to completion (killed after `timeout` seconds); returns its exit code,
/// standard output and standard error, and the CLOCK_MONOTONIC reading taken just before launch.
func runChild(executable: String, arguments: [String], environment extra: [String: String], timeout: Double) throws
    -> (status: Int32, stdout: String, stderr: String, launchedNs: UInt64) {
    let child = DrainedChild(executable: executable, arguments: arguments, environment: extra)
    let process = child.process
    let launched = monotonicNanoseconds()
    try child.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
        if Date() > deadline || Interrupt.isRequested {
            process.terminate()
            break
        }
        usleep(2000)
    }
    let (stdout, stderr) = child.collect()
    try stopPoint()   // the child was ended for a stop: nothing to read from it
    return (process.terminationStatus, stdout, stderr, launched)
}

// MARK: - First frame

struct FirstFrameResult: Codable {
    /// Median over the runs of launch (parent, just before spawning) to first present (child).
    var medianMs: Double
    var minMs: Double
    var maxMs: Double
    var runsMs: [Double]
    /// The child's own view: first present minus its start time in /proc (10 ms resolution).
    var medianProcAgeMs: Double?
    var arguments: [String]
    var display: String
}

enum FirstFrameBench {
    /// Launches `flick <arguments>` `runs` times (after one untimed warm-up launch that fills the
    /// file cache) and times each from just before the spawn to the child's first present.
    static func run(arguments: [String], runs: Int, display: String) throws -> FirstFrameResult {
        var times: [Double] = []
        var ages: [Double] = []
        let probe = BenchCards.presentProbePath()
        guard FileManager.default.isReadableFile(atPath: probe) else {
            throw UserError("the first-present probe '\(probe)' is missing (swift build -c release builds it beside flick-bench)")
        }
        for i in 0...runs {
            try stopPoint()
            let child = try runChild(executable: BenchCards.appPath(), arguments: arguments,
                                     environment: ["LD_PRELOAD": probe], timeout: 60)
            guard let line = child.stderr.split(separator: "\n").first(where: { $0.hasPrefix("flick-first-present") }),
                  let ns = field("monotonic_ns", in: line).flatMap(UInt64.init) else {
                let why = child.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(child.status)"
                throw UserError("first-frame run of 'flick \(arguments.joined(separator: " "))' reported no present (\(why))")
            }
            if i == 0 { continue }
            times.append(Double(ns - child.launchedNs) / 1e6)
            if let age = field("age_ms", in: line).flatMap(Double.init) { ages.append(age) }
        }
        return FirstFrameResult(medianMs: Percentiles(times).median, minMs: times.min() ?? .nan,
                                maxMs: times.max() ?? .nan, runsMs: times,
                                medianProcAgeMs: ages.isEmpty ? nil : Percentiles(ages).median,
                                arguments: arguments, display: display)
    }

    static func field(_ name: String, in line: Substring) -> String? {
        for part in line.split(separator: " ") where part.hasPrefix(name + "=") {
            return String(part.dropFirst(name.count + 1))
        }
        return nil
    }
}

// MARK: - Peak memory with many image cards

struct MemoryResult: Codable {
    var cards: Int
    var frames: Int
    var peakRSSMB: Double
    /// Card faces made (decoded, composed, uploaded) during the run: how many cards went by.
    var facesMade: Int
    var texturesLive: Int
    /// Deck index on show at the end of the `now` phase.
    var furthestCard: Int
    var folder: String
}

enum MemoryBench {
    static let imageWidth = 144, imageHeight = 256

    /// `count` distinct small PNGs (the bundled images shrunk, each with its own coloured band
    /// and position) in `folder`; an existing complete set is reused.
    static func makeCardFolder(_ folder: String, count: Int, from images: [CardImage]) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let existing = (try? fm.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.count) ?? 0
        if existing == count { return }
        let bases = try images.map {
            try ImageLoader.loadSurface(path: $0.path).scaled(width: imageWidth, height: imageHeight)
        }
        guard !bases.isEmpty else { throw UserError("no card images to make the memory test's cards from") }
        for i in 0..<count {
            try stopPoint()
            let image = try bases[i % bases.count].scaled(width: imageWidth, height: imageHeight)
            let k = i / bases.count
            let color = RGBA(UInt8((k * 37) % 256), UInt8((k * 91 + 64) % 256), UInt8((k * 53 + 128) % 256))
            try image.fill(color, rect: (x: 0, y: (k * 7) % (imageHeight - 24), width: imageWidth, height: 24))
            try image.savePNG(to: (folder as NSString).appendingPathComponent(String(format: "card-%05d.png", i)))
        }
    }

    /// Launches `flick-bench --memory-child` on `folder` and reads back its peak RSS.
    static func run(folder: String, cards: Int, frames: Int) throws -> MemoryResult {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let child = try runChild(executable: me, arguments: ["--memory-child", folder, "--memory-frames", "\(frames)",
                                             "--memory-cards", "\(cards)"],
                                 environment: [:], timeout: 600)
        guard child.status == 0,
              let line = child.stdout.split(separator: "\n").first(where: { $0.hasPrefix("flick-memory") }),
              let kb = FirstFrameBench.field("vmhwm_kb", in: line).flatMap(Int.init) else {
            let why = child.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(child.status)"
            throw UserError("the memory run failed (\(why))")
        }
        let int = { (name: String) in FirstFrameBench.field(name, in: line).flatMap(Int.init) ?? -1 }
        return MemoryResult(cards: cards, frames: frames, peakRSSMB: Double(kb) / 1024,
                            facesMade: int("faces_made"), texturesLive: int("textures"),
                            furthestCard: int("furthest"), folder: folder)
    }

    /// In the child: what the app draws (scene on a 390x844 stage scaled into a 1280x800
    /// window, card faces from `folder`, the card renderer with shadows; dummy driver, software
    /// renderer) for `frames` frames at 60 Hz, scrolling through many cards: half the run in the
    /// `now` list with jumps of 5 to 120 cards, a quarter paging the switcher, a quarter paging
    /// the carousel. Prints `flick-memory vmhwm_kb=… faces_made=…` on stdout.
    @MainActor
    static func child(folder: String, frames: Int, cards: Int) throws {
        let sdl = try SDLContext(videoDriver: "dummy")
        var furthest = 0
        var line = ""
        try withExtendedLifetime(sdl) {
            let window = try Window(title: "flick-bench memory", size: Size(width: 1280, height: 800),
                                    options: Window.Options(resizable: false, hidden: true))
            let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: true, vsync: false,
                                                                                  raisesFrameThread: true))
            let images = try BenchCards.images(in: folder)
            let faces = CardFaces(images: images, renderer: renderer, fontPath: BenchCards.fontPath())
            let cardRenderer = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
            let stage = Size(width: 390, height: 844)
            let scale = min(1280 * 0.92 / stage.width, 800 * 0.92 / stage.height)
            let run = SessionRunner(interaction: .now, count: cards, viewport: stage)
            let scene = run.scene
            let jumps = [5, 30, 120, 11, 60]
            var jump = 0
            for frame in 0..<frames {
                try stopPoint()
                let t = Double(frame) / 60
                if frame == frames / 2 { run.submit(RecordedInput(t: t, .interaction(.switcher)), now: t) }
                if frame == frames * 3 / 4 { run.submit(RecordedInput(t: t, .interaction(.carousel)), now: t) }
                if frame < frames / 2 {
                    if frame % 12 == 0 {
                        let pitch = scene.cardSize.height + 16
                        run.submit(RecordedInput(t: t, .wheel(Double(jumps[jump % jumps.count]) * pitch)), now: t)
                        jump += 1
                    }
                } else if frame % 3 == 0 {
                    run.submit(RecordedInput(t: t, .command(.nextPage)), now: t)
                }
                run.advance(to: t)
                _ = run.takeOutputs()
                if frame < frames / 2 { furthest = max(furthest, scene.currentIndex ?? 0) }
                try renderer.clear(RGBA(28, 31, 38))
                try renderer.setViewport(x: 0, y: 0, width: Int(stage.width * scale), height: Int(stage.height * scale))
                faces.prepare(scene.renderList, time: t, cardSize: scene.cardSize, scale: scale, stage: stage,
                              viewBound: scene.viewBound)
                try cardRenderer.draw(scene.renderList, scale: scale, background: RGBA(28, 31, 38)) { faces.face(for: $0) }
                try renderer.resetViewport()
                renderer.present()
                faces.presented()
            }
            let stats = faces.statistics
            let kb = peakResidentKilobytes() ?? -1
            line = "flick-memory vmhwm_kb=\(kb) faces_made=\(stats.composes) textures=\(stats.maxTextures) furthest=\(furthest)"
        }
        print(line, "(\(sdl.videoDriver))")
    }
}
