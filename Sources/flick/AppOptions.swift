import FlickEngine
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

    /// Reads a preset: any subset of the keys `flick --print-config` shows, at any depth, laid
    /// over the defaults. A typo'd key or a wrong type is a one-line error naming it.
    static func loadConfig(_ path: String) throws -> SceneConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UserError("--config file '\(path)' cannot be read (expected a JSON SceneConfig)")
        }
        guard var user = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw UserError("--config file '\(path)' is not valid JSON for a SceneConfig (expected an object; see flick --print-config)")
        }
        // Presets (assets/presets/) say in one line what they are for.
        if let d = user["description"] {
            guard d is String else { throw UserError("--config file '\(path)': wrong type at 'description' (expected a string)") }
            user["description"] = nil
        }
        let defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SceneConfig())) as! [String: Any]
        let merged = try merge(user, over: defaults, path: path, at: "")
        do {
            return try JSONDecoder().decode(SceneConfig.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx),
                let DecodingError.dataCorrupted(ctx) {
            let where_ = ctx.codingPath.map(\.stringValue).joined(separator: ".")
            throw UserError("--config file '\(path)': wrong type at '\(where_)'")
        } catch {
            throw UserError("--config file '\(path)' is not valid JSON for a SceneConfig")
        }
    }

    /// `user` laid over `base`, recursively; keys the base does not have are refused.
    private static func merge(_ user: [String: Any], over base: [String: Any], path: String,
                              at prefix: String) throws -> [String: Any] {
        var out = base
        for (key, value) in user {
            let name = prefix.isEmpty ? key : "\(prefix).\(key)"
            guard let old = base[key] else {
                // Optional values (e.g. pan.slopOverride) are absent from the defaults.
                if prefix == "pan" && key == "slopOverride" { out[key] = value; continue }
                throw UserError("--config file '\(path)' has an unknown key '\(name)' (see flick --print-config)")
            }
            if let o = old as? [String: Any] {
                guard let u = value as? [String: Any] else {
                    throw UserError("--config file '\(path)': wrong type at '\(name)' (expected an object)")
                }
                out[key] = try merge(u, over: o, path: path, at: name)
            } else {
                out[key] = value
            }
        }
        return out
    }
}
