import FlickEngine
import FlickSDL
import Foundation

/// The checked command line: every value parsed and validated before a window opens.
struct AppOptions {
    var demo: Interaction
    var cards: CardSource
    var count: Int
    var size: Size
    var fullscreen: Bool
    var config: SceneConfig
    var configPath: String?
    /// The phone screen the scene lives on, points; nil fills the window.
    var stage: Size?
    /// The stage's screen corner radius, points.
    var stageCornerRadius = StageDevice.defaultCornerRadius
    /// Fit, background, titles, presentation, touches, screenshots folder.
    var look: Look
    var logPath: String?
    var recordPath: String?
    var replay: Player?
    var headless: Bool
    /// Frames to draw headless; nil: one, or a replay's whole length plus its settling.
    var frames: Int?
    var screenshot: String?
    /// Headless: the session time of the screenshot (default: the last frame).
    var screenshotAt: Double?
    var software: Bool
    var vsync: Bool
    /// Replay pace: 1 is as recorded.
    var speed: Double
    /// Replay again from the top when it has ended (in a window).
    var loop: Bool
    /// Recorded config reloads are skipped: a `--config` replaced the recording's config.
    var configOverridden = false
    var participant: String?
    var task: String?
    /// Existing --log / --record files may be replaced.
    var overwrite: Bool
    /// The tuning panel starts open.
    var panel: Bool
    /// The debug overlay starts on.
    var debugOverlay: Bool

    init(_ c: Flick) throws {
        // A recording's header restores demo, cards, count, window, stage and config; a named
        // option replaces what it says, and the person is told.
        let recording = try c.replay.map { try Recording(path: $0) }
        let header = recording?.header
        func overrides(_ option: String, _ given: String?, _ recorded: String?) {
            if let given, let recorded, given != recorded {
                note("\(option) \(given) overrides the recording's \(recorded)")
            }
        }
        let demoName = c.demo ?? header?.demo.rawValue ?? "switcher"
        overrides("--demo", c.demo, header?.demo.rawValue)
        guard let demo = Interaction(rawValue: demoName.lowercased()) else {
            let valid = Interaction.allCases.map(\.rawValue).joined(separator: ", ")
            throw UserError("unknown demo '\(demoName)' (expected one of: \(valid))")
        }
        self.demo = demo
        let sizeText = { (s: Size) in "\(Int(s.width))x\(Int(s.height))" }
        overrides("--size", c.size, header.map { sizeText($0.window) })
        self.size = try c.size.map(Self.parseSize) ?? header?.window ?? Size(width: 1280, height: 800)
        if let folder = c.cards {
            overrides("--cards", folder, header?.cardFolder)
            self.cards = try CardSource(folder: folder)
        } else if let recorded = try recording?.cardSource(allowMissing: c.allowMissingCards) {
            self.cards = recorded
        } else {
            self.cards = try CardSource(folder: CardSource.defaultFolder())
        }
        if let n = c.count, n < 0 || n > 10_000_000 {
            throw UserError("--count \(n) is out of range (expected 0 to 10000000)")
        }
        overrides("--count", c.count.map(String.init), header.map { String($0.count) })
        self.count = c.count ?? header?.count ?? cards.items.count
        if let frames = c.frames, frames < 1 || frames > 1_000_000 {
            throw UserError("--frames \(frames) is out of range (expected 1 to 1000000)")
        }
        self.frames = c.frames
        self.fullscreen = c.fullscreen
        self.headless = c.headless
        self.screenshot = c.screenshot
        self.software = c.software || c.headless
        self.vsync = !c.noVsync
        self.overwrite = c.overwrite
        guard (1...1_000_000_000).contains(c.maxImagePixels) else {
            throw UserError("--max-image-pixels \(c.maxImagePixels) is out of range (expected 1 to 1000000000)")
        }
        ImageFile.maxPixels.store(c.maxImagePixels, ordering: .relaxed)
        self.panel = c.panel
        self.debugOverlay = c.debugOverlay
        if c.screenshot != nil && !c.headless {
            throw UserError("--screenshot needs --headless (press P in the window for a screenshot)")
        }
        if let at = c.at {
            guard at.isFinite, at >= 0, at <= 86_400 else {
                throw UserError("--at \(at) is out of range (expected 0 to 86400 seconds of the session)")
            }
            guard c.headless, c.screenshot != nil else {
                throw UserError("--at needs --headless and --screenshot (it picks the moment of the screenshot)")
            }
        }
        self.screenshotAt = c.at
        guard c.speed.isFinite, (0.1...8).contains(c.speed) else {
            throw UserError("--speed \(c.speed) is out of range (expected 0.1 to 8)")
        }
        if (c.speed != 1 || c.loop) && c.replay == nil {
            throw UserError("--speed and --loop need --replay FILE")
        }
        self.speed = c.speed
        self.loop = c.loop
        if let path = c.config {
            self.config = try Self.loadConfig(path)
            if header != nil {
                note("--config \(path) overrides the recording's config (its config reloads are skipped)")
                configOverridden = true
            }
        } else {
            self.config = header?.config ?? SceneConfig()
        }
        self.configPath = c.config
        self.look = try Look(c)
        self.cards = CardSource(folder: cards.folder, items: self.look.titled(cards.items))
        let stageText = c.stage ?? header.map { $0.stage.map(sizeText) ?? "window" } ?? "390x844"
        overrides("--stage", c.stage, header.map { $0.stage.map(sizeText) ?? "window" })
        if stageText.lowercased() == "window" {
            self.stage = nil
        } else if let device = StageDevice.named(stageText) {
            self.stage = device.size
            self.stageCornerRadius = device.cornerRadius
        } else {
            do { self.stage = try Self.parseSize(stageText) } catch {
                throw UserError("--stage '\(stageText)' is malformed (expected WIDTHxHEIGHT in points, e.g. 390x844, a device: \(StageDevice.all.map(\.name).joined(separator: ", ")), or 'window')")
            }
        }
        if c.stage == nil, let radius = header?.stageCornerRadius { self.stageCornerRadius = radius }
        self.logPath = c.log
        self.recordPath = c.record
        self.replay = recording.map(Player.init)
        self.participant = c.participant ?? header?.participant
        self.task = c.task ?? header?.task
    }

    /// "1280x800" -> Size; both sides 64...16384 points.
    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (64...16384).contains(w), (64...16384).contains(h) else {
            throw UserError("--size '\(text)' is malformed (expected WIDTHxHEIGHT in points, each 64 to 16384, e.g. 1280x800)")
        }
        return Size(width: Double(w), height: Double(h))
    }

    /// Reads a preset (see `ConfigFile`): a typo'd key, a wrong type or a value out of range is a
    /// one-line error naming the key.
    static func loadConfig(_ path: String) throws -> SceneConfig {
        try ConfigFile.load(path)
    }
}
