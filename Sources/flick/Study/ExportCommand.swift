import FlickSession
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick export REC --out clip.mp4|clip.gif`: a recording rendered headless into a video
/// through ffmpeg (raw RGBA frames piped to its standard input), the touch point drawn as a
/// soft dot.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Render a recording headless into an MP4 or GIF through ffmpeg, the touch point drawn as a soft dot.")

    @Argument(help: ArgumentHelp("A recording made with --record.", valueName: "recording"))
    var recording: String

    @Option(help: ArgumentHelp("The video: .mp4 (H.264) or .gif.", valueName: "file"))
    var out: String

    @Option(help: ArgumentHelp("Frame size in pixels, WIDTHxHEIGHT, each side 64 to 16384 (even numbers for MP4).", valueName: "WxH"),
            transform: PointSize.parse)
    var size = PointSize(width: 1280, height: 720)

    @Option(help: "Frames per second: 30 or 60.")
    var fps: Int = 30

    @OptionGroup var playback: PlaybackSpeed

    @OptionGroup var missing: MissingCards

    func validate() throws {
        let ext = (out as NSString).pathExtension.lowercased()
        guard ext == "mp4" || ext == "gif" else {
            throw ValidationError("--out '\(out)' must end in .mp4 or .gif")
        }
        guard fps == 30 || fps == 60 else { throw ValidationError("--fps \(fps) is not supported (expected 30 or 60)") }
        if ext == "mp4" && (size.width % 2 != 0 || size.height % 2 != 0) {
            throw ValidationError("--size '\(size)' must have even sides for an MP4 (H.264 in yuv420p)")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)   // a dying ffmpeg is an error message, not a silent exit
        let ext = (out as NSString).pathExtension.lowercased()
        let speed = playback.speed
        let (w, h) = (size.width, size.height)
        let rec = try Recording(path: recording, option: "flick export")
        guard let header = rec.header, let cards = try rec.cardSource(allowMissing: missing.allowMissingCards) else {
            throw UserError("'\(recording)' is a recording without a header (made before Flick 0.4); replay it with --record to give it one")
        }
        try StudyOutput.check([(out, "the video")], inputs: [RunInput(path: recording, what: "the recording")], cards: cards)
        guard let ffmpeg = VideoEncoder.findFFmpeg() else {
            throw UserError("ffmpeg is not installed (make deps installs it; Debian package 'ffmpeg')")
        }
        // How long: the recording plus the time everything takes to settle (engine only, fast).
        guard let probe = HeadlessReplay(rec) else { return }
        let end = probe.runToEnd()
        if Interrupt.isRequested { throw InterruptedError() }
        let frames = Int((end / speed * Double(fps)).rounded(.up)) + 1
        let started = Date()
        try MainActor.assumeIsolated {
            let sdl = try App.openSDL(headless: true)
            Interrupt.install()
            try withExtendedLifetime(sdl) {
                guard let replay = HeadlessReplay(rec) else { return }
                let renderer = try Renderer(offscreenWidth: w, height: h)
                let view = try StageView(renderer: renderer, cards: cards, header: header)
                let dot = try VideoTouchDot(renderer: renderer, radius: max(8, Double(min(w, h)) / 40))
                let background = Theme.of(header.demo).window
                try AtomicFile.save(to: out, what: "the video") { temp in
                    let encoder = try VideoEncoder(ffmpeg: ffmpeg, output: temp, format: ext, width: w, height: h, fps: fps)
                    var lastReport = Date()
                    for j in 0..<frames {
                        if Interrupt.isRequested { throw InterruptedError() }
                        let t = Double(j) / Double(fps) * speed
                        replay.advance(to: t)
                        try renderer.clear(background)
                        try view.draw(replay.scene, in: (0, 0, w, h), outside: Theme.of(replay.scene.interaction).window, settle: true)
                        if let p = replay.pointer, p.phase == .down || p.phase == .move {
                            let at = StageView.pixel(of: p.position, viewport: replay.scene.viewport, in: (0, 0, w, h))
                            try dot.draw(at: at)
                        }
                        try encoder.send(renderer.readPixels().bytes)
                        if Date().timeIntervalSince(started) > 1, Date().timeIntervalSince(lastReport) >= 0.5 || j == frames - 1 {
                            lastReport = Date()
                            try? FileHandle.standardError.write(contentsOf: Data(String(format: "\rflick export: frame %d/%d (%.0f%%)", j + 1, frames, Double(j + 1) / Double(frames) * 100).utf8))
                        }
                    }
                    try encoder.finish()
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        if seconds > 1 { try? FileHandle.standardError.write(contentsOf: Data("\n".utf8)) }
        print(String(format: "%@: %d frames at %d fps (%.2f s of video) in %.1f s, %.0f frames/s", out, frames, fps,
                     Double(frames) / Double(fps), seconds, Double(frames) / max(seconds, 1e-6)))
    }
}

/// The touch dot of the live window (`TouchDot.makeDisc`) where the finger (the pointer) is.
@MainActor
final class VideoTouchDot {
    let texture: Texture
    let radius: Double

    init(renderer: Renderer, radius: Double) throws {
        self.radius = radius
        texture = try TouchDot.makeDisc(side: Int((radius * 2).rounded(.up)) + 2, renderer: renderer)
    }

    func draw(at p: Point) throws {
        let s = Double(texture.width)
        try texture.renderer.copy(texture, x: p.x - s / 2, y: p.y - s / 2, width: s, height: s)
    }
}

/// ffmpeg reading raw RGBA frames on its standard input and writing an MP4 (H.264) or a GIF.
final class VideoEncoder {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let frameBytes: Int

    static func findFFmpeg() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return (paths + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/ffmpeg" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(ffmpeg: String, output: String, format: String, width: Int, height: Int, fps: Int) throws {
        frameBytes = width * height * 4
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        var args = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                    "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-"]
        if format == "gif" {
            args += ["-vf", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer", "-f", "gif", output]
        } else {
            args += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                     "-movflags", "+faststart", "-f", "mp4", output]
        }
        process.arguments = args
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            throw UserError("cannot start ffmpeg '\(ffmpeg)': \(error.localizedDescription)")
        }
    }

    func send(_ rgba: [UInt8]) throws {
        precondition(rgba.count == frameBytes)
        do { try input.fileHandleForWriting.write(contentsOf: Data(rgba)) } catch {
            throw UserError("ffmpeg stopped taking frames: \(message())")
        }
    }

    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UserError("ffmpeg failed (exit \(process.terminationStatus)): \(message())")
        }
    }

    private func message() -> String {
        let data = (try? errors.fileHandleForReading.readToEnd()) ?? nil
        let text = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "no message"
    }
}
