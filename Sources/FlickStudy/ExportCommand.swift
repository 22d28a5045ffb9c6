import FlickCLI
import FlickStage
import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick export REC --out clip.mp4|clip.gif`: a recording rendered headless into a video
/// through ffmpeg (raw RGBA frames piped to its standard input), the touch point drawn as a
/// soft dot.
package struct Export: ParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Render a recording headless into an MP4 or GIF through ffmpeg, the touch point drawn as a soft dot.")

    @Argument(help: ArgumentHelp("A recording made with --record.", valueName: "recording"))
    var recording: String

    @Option(help: ArgumentHelp("The video: .mp4 (H.264) or .gif.", valueName: "file"))
    var out: String

    @Option(help: ArgumentHelp("Frame size in pixels, WIDTHxHEIGHT, each side 64 to 16384 (even numbers for MP4); default: the recorded stage's aspect, its longer side 1280 (a portrait phone gets a portrait video).", valueName: "WxH"),
            transform: PointSize.parse)
    var size: PointSize?

    /// The default frame: the stage's aspect with its longer side `longer` pixels, each side
    /// even (H.264 in yuv420p) and at least 64, so the phone fills the video but for the stage's
    /// margin (a 390x844 phone: 592x1280, where 1280x720 held it 300 px wide).
    static func defaultSize(viewport: Size, longer: Int = 1280) -> (width: Int, height: Int) {
        guard viewport.width > 0, viewport.height > 0, viewport.width.isFinite, viewport.height.isFinite else {
            return (longer, longer * 9 / 16 / 2 * 2)
        }
        func even(_ v: Double) -> Int { max(64, Int((v / 2).rounded()) * 2) }
        let ratio = min(8, max(1.0 / 8, viewport.width / viewport.height))
        return ratio >= 1 ? (longer, even(Double(longer) / ratio)) : (even(Double(longer) * ratio), longer)
    }

    @Option(parsing: .unconditional, help: "Frames per second: 30 or 60.")
    var fps: Int = 30

    @OptionGroup var playback: PlaybackSpeed

    @OptionGroup var missing: MissingCards

    package func validate() throws {
        try checkOutputPath(out, option: "--out", kind: .file)
        let ext = (out as NSString).pathExtension.lowercased()
        guard ext == "mp4" || ext == "gif" else {
            throw ValidationError("--out '\(out)' must end in .mp4 or .gif")
        }
        guard fps == 30 || fps == 60 else { throw ValidationError("--fps \(fps) is not supported (expected 30 or 60)") }
        if let size, ext == "mp4" && (size.width % 2 != 0 || size.height % 2 != 0) {
            throw ValidationError("--size '\(size)' must have even sides for an MP4 (H.264 in yuv420p)")
        }
    }

    package func run() throws {
        let ext = (out as NSString).pathExtension.lowercased()
        let speed = playback.speed
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
        let frame = size.map { (width: $0.width, height: $0.height) } ?? Self.defaultSize(viewport: probe.scene.viewport)
        let (w, h) = (frame.width, frame.height)
        let end = probe.runToEnd()
        if Interrupt.isRequested { throw InterruptedError() }
        let frames = Int((end / speed * Double(fps)).rounded(.up)) + 1
        let started = Date()
        try MainActor.assumeIsolated {
            let sdl = try SDLContext.open(headless: true)
            Interrupt.install()
            try withExtendedLifetime(sdl) {
                let renderer = try Renderer(offscreenWidth: w, height: h)
                let view = try StageView(renderer: renderer, cards: cards, header: header, recording: rec.path)
                let dot = TouchDot()
                let passes = ext == "gif" ? 2 : 1
                // Every frame, from a fresh replay, into `encoder`; then the file is finished.
                @MainActor func render(into encoder: VideoEncoder, pass: Int) throws {
                    guard let replay = HeadlessReplay(rec) else { return }
                    var lastReport = Date()
                    // The live window's touch dot: its size on the stage, its opacity, its fade.
                    var touch = TouchIndicator()
                    var noted: PointerEvent?
                    for j in 0..<frames {
                        if Interrupt.isRequested { encoder.stop(); throw InterruptedError() }
                        let t = min(Double(j) / Double(fps) * speed, end)
                        replay.advance(to: t)
                        // The stage view fills the whole frame first: no clear of its own.
                        view.follow(replay.deckImages)
                        if let p = replay.pointer, p != noted {
                            touch.note(p, now: p.time)
                            noted = p
                        }
                        try view.draw(replay.scene, in: (0, 0, w, h), outside: Theme.of(replay.scene.interaction).window,
                                      settle: true) { scale in
                            try dot.draw(touch, now: t, scale: scale, on: renderer)
                        }
                        try encoder.send(renderer.readPixels().bytes)
                        // Progress redrawn in place on a terminal only: captured stderr keeps one line
                        // per message.
                        if isatty(2) == 1, Date().timeIntervalSince(started) > 1,
                           Date().timeIntervalSince(lastReport) >= 0.5 || j == frames - 1 {
                            lastReport = Date()
                            let done = Double((pass - 1) * frames + j + 1) / Double(passes * frames)
                            let label = passes > 1 ? " pass \(pass)/\(passes)" : ""
                            try? FileHandle.standardError.write(contentsOf: Data(String(format: "\rflick export%@: frame %d/%d (%.0f%%)", label, j + 1, frames, done * 100).utf8))
                        }
                    }
                    try encoder.finish()
                }
                let seconds = Double(frames) / Double(fps)
                try AtomicFile.save(to: out, what: "the video", verify: {
                    // Flick reads the container itself (index, sizes, trailer, duration); ffprobe,
                    // when installed, then decodes the stream's headers as a second opinion.
                    VideoCheck.problem($0, format: ext, seconds: seconds) ?? VideoEncoder.probe($0, seconds: seconds)
                }) { temp in
                    if ext == "gif" {
                        // Two passes in bounded memory: the palette from statistics, then the
                        // frames mapped to it as they come (one pass held every frame).
                        // The palette is a file of our own, made exclusively beside the output
                        // and removed on every way out.
                        let palette = temp + ".palette.png"
                        let fd = open(palette, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                        guard fd >= 0 else { throw AtomicFile.WriteFailure(errno) }
                        close(fd)
                        defer { unlink(palette) }
                        try render(into: VideoEncoder(ffmpeg: ffmpeg, output: palette, format: "palette", width: w, height: h, fps: fps), pass: 1)
                        try render(into: VideoEncoder(ffmpeg: ffmpeg, output: temp, format: "gif", width: w, height: h, fps: fps, palette: palette), pass: 2)
                    } else {
                        try render(into: VideoEncoder(ffmpeg: ffmpeg, output: temp, format: ext, width: w, height: h, fps: fps), pass: 1)
                    }
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        // The progress line ends on a terminal only: captured stderr never held it.
        if seconds > 1, isatty(2) == 1 { try? FileHandle.standardError.write(contentsOf: Data("\n".utf8)) }
        print(String(format: "%@: %d frames at %d fps (%.2f s of video) in %.1f s, %.0f frames/s", out, frames, fps,
                     Double(frames) / Double(fps), seconds, Double(frames) / max(seconds, 1e-6)))
    }
}

/// ffmpeg reading raw RGBA frames on its standard input and writing an MP4 (H.264) or a GIF: a
/// child supervised from start to end. It is a `TiedChild`, so the kernel kills it when Flick
/// ends in any way, SIGKILL included. Its standard error is read as it comes (a flood never
/// blocks it), frames are written without blocking (a stop request or a stalled ffmpeg ends the
/// wait), and every way out that is not `finish()` ends it (SIGTERM, then SIGKILL) and waits
/// for it, so no ffmpeg outlives an export or writes after its file was removed.
final class VideoEncoder {
    private let child: TiedChild
    /// The write end of ffmpeg's standard input (-1 once closed).
    private var inputFD: Int32
    private let frameBytes: Int
    private let tail = ErrorTail()
    /// Seconds without a frame taken before ffmpeg counts as stalled.
    static let stallLimit = 30.0

    static func findFFmpeg() -> String? { findTool("ffmpeg") }

    static func findTool(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return (paths + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(ffmpeg: String, output: String, format: String, width: Int, height: Int, fps: Int, palette: String? = nil) throws {
        frameBytes = width * height * 4
        var args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                    "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0"]
        if format == "palette" {
            // GIF pass 1: only the palette, from statistics (bounded memory, no frame kept).
            args += ["-vf", "palettegen=stats_mode=diff", "-f", "image2", "-c:v", "png", "-update", "1", output]
        } else if format == "gif", let palette {
            // GIF pass 2: frames mapped to the palette as they come.
            args = Array(args.dropLast(2)) + ["-i", "pipe:0", "-i", palette, "-lavfi", "[0:v][1:v]paletteuse=dither=bayer", "-f", "gif", output]
        } else {
            args += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                     "-movflags", "+faststart", "-f", "mp4", output]
        }
        // Pipes whose ends are close-on-exec: ffmpeg holds only its own ends, so closing ours is
        // the end of its input.
        let input = try TiedChild.pipe()
        let errors: (read: Int32, write: Int32)
        do { errors = try TiedChild.pipe() } catch { close(input.read); close(input.write); throw error }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(input.read)
            close(errors.write)
            if null >= 0 { close(null) }
        }
        do {
            child = try TiedChild(path: ffmpeg, arguments: args, stdin: input.read, stdout: null, stderr: errors.write)
        } catch {
            close(input.write)
            close(errors.read)
            throw UserError("cannot start ffmpeg '\(ffmpeg)': \(error)")
        }
        inputFD = input.write
        let readFD = errors.read
        let tail = self.tail
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(readFD, &buffer, buffer.count)
                if n > 0 { tail.append(Data(buffer[0..<n])); continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            close(readFD)
            tail.close()
        }
        reader.name = "flick-ffmpeg-stderr"
        reader.start()
        _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
    }

    deinit { stop() }

    func send(_ rgba: [UInt8]) throws {
        precondition(rgba.count == frameBytes)
        var lastProgress = Date()
        try rgba.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                if Interrupt.isRequested { stop(); throw InterruptedError() }
                let fd = inputFD
                guard fd >= 0 else { throw UserError("ffmpeg stopped taking frames: \(message())") }
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n > 0 { done += n; lastProgress = Date(); continue }
                if n < 0 && (errno == EAGAIN || errno == EINTR) {
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&p, 1, 100)
                    if Date().timeIntervalSince(lastProgress) > Self.stallLimit {
                        stop()
                        throw UserError("ffmpeg took no frame for \(Int(Self.stallLimit)) s; stopped it")
                    }
                    continue
                }
                stop()
                throw UserError("ffmpeg stopped taking frames: \(message())")
            }
        }
    }

    /// Ends the input and waits for ffmpeg to finish the file (a stop request ends it instead).
    func finish() throws {
        closeInput()
        while child.isRunning {
            if Interrupt.isRequested { stop(); throw InterruptedError() }
            usleep(10_000)
        }
        tail.wait(seconds: 2)
        guard child.exitCode == 0 else {
            let how = child.exitCode.map { "exit \($0)" } ?? "signal \(child.terminatingSignal ?? 0)"
            throw UserError("ffmpeg failed (\(how)): \(message())")
        }
    }

    /// Ends ffmpeg if it still runs: its input closed, SIGTERM, SIGKILL after 2 s; then waits.
    func stop() {
        closeInput()
        guard child.isRunning else { return }
        child.signal(SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while child.isRunning && Date() < deadline { usleep(10_000) }
        child.signal(SIGKILL)
        child.wait()
    }

    private func closeInput() {
        if inputFD >= 0 {
            close(inputFD)
            inputFD = -1
        }
    }

    private func message() -> String {
        tail.wait(seconds: 1)
        return tail.lastLine() ?? "no message"
    }

    /// Whether `path` is a whole, playable video of about `seconds`: ffprobe reads its duration.
    /// A problem, or nil when it is fine (or when ffprobe is not installed: `VideoCheck` has
    /// already judged the container). ffprobe is a `TiedChild` too.
    static func probe(_ path: String, seconds: Double) -> String? {
        guard let ffprobe = findTool("ffprobe"), let out = try? TiedChild.pipe() else { return nil }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let child: TiedChild
        do {
            child = try TiedChild(path: ffprobe, arguments: ["-v", "error", "-show_entries", "format=duration",
                                                             "-of", "default=nw=1:nk=1", path],
                                  stdin: null, stdout: out.write, stderr: out.write)
        } catch {
            close(out.read)
            close(out.write)
            if null >= 0 { close(null) }
            return nil
        }
        close(out.write)
        if null >= 0 { close(null) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(out.read, &buffer, buffer.count)
            if n > 0 { data.append(contentsOf: buffer[0..<n]); if data.count > 1 << 20 { break }; continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        close(out.read)
        child.wait()
        let text = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: path + ": ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.exitCode == 0, let duration = Double(text.split(separator: "\n").last ?? ""), duration > 0 else {
            return "the video came out unplayable (ffprobe: \(text.split(separator: "\n").last.map(String.init) ?? "no duration"))"
        }
        if duration < seconds * 0.5 {
            return String(format: "the video came out truncated (%.2f s of %.2f s; disk full?)", duration, seconds)
        }
        return nil
    }
}

/// The last few KB of ffmpeg's standard error, read by a thread as it comes.
final class ErrorTail: @unchecked Sendable {
    private let lock = NSCondition()
    private var bytes = Data()
    private var closed = false

    func append(_ data: Data) {
        lock.lock()
        bytes += data
        if bytes.count > 8192 { bytes = bytes.suffix(4096) }
        lock.unlock()
    }

    func close() {
        lock.lock(); closed = true; lock.broadcast(); lock.unlock()
    }

    func wait(seconds: Double) {
        lock.lock()
        let until = Date().addingTimeInterval(seconds)
        while !closed && lock.wait(until: until) {}
        lock.unlock()
    }

    func lastLine() -> String? {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").last.map(String.init)
    }
}
