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
    var logPath: String?
    var recordPath: String?
    var replay: Player?
    var headless: Bool
    var frames: Int
    var screenshot: String?
    var software: Bool
    var vsync: Bool
    /// Existing --log / --record files may be replaced.
    var overwrite: Bool
    /// The tuning panel starts open.
    var panel: Bool

    init(_ c: Flick) throws {
        guard let demo = Interaction(rawValue: c.demo.lowercased()) else {
            let valid = Interaction.allCases.map(\.rawValue).joined(separator: ", ")
            throw UserError("unknown demo '\(c.demo)' (expected one of: \(valid))")
        }
        self.demo = demo
        self.size = try Self.parseSize(c.size)
        self.cards = try CardSource(folder: c.cards ?? CardSource.defaultFolder())
        if let n = c.count, n < 0 || n > 10_000_000 {
            throw UserError("--count \(n) is out of range (expected 0 to 10000000)")
        }
        self.count = c.count ?? cards.items.count
        guard c.frames >= 1, c.frames <= 1_000_000 else {
            throw UserError("--frames \(c.frames) is out of range (expected 1 to 1000000)")
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
        if c.screenshot != nil && !c.headless {
            throw UserError("--screenshot needs --headless (press P in the window for a screenshot)")
        }
        self.config = try c.config.map(Self.loadConfig) ?? SceneConfig()
        self.configPath = c.config
        if c.stage.lowercased() == "window" {
            self.stage = nil
        } else {
            do { self.stage = try Self.parseSize(c.stage) } catch {
                throw UserError("--stage '\(c.stage)' is malformed (expected WIDTHxHEIGHT in points, e.g. 390x844, or 'window')")
            }
        }
        self.logPath = c.log
        self.recordPath = c.record
        self.replay = try c.replay.map { try Player(path: $0) }
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
