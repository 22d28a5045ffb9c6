import FlickSession
import FlickEngine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The preset files of `assets/presets/*.json`: partial configs laid over the defaults.
struct PresetLibrary {
    let folder: String

    static func standard() -> PresetLibrary {
        PresetLibrary(folder: (CardSource.defaultFolder() as NSString).appendingPathComponent("presets"))
    }

    /// Preset names (file names without `.json`), sorted; empty when the folder is missing.
    func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    func path(for name: String) -> String {
        (folder as NSString).appendingPathComponent(name.hasSuffix(".json") ? name : "\(name).json")
    }

    /// Reads a preset through the same checks as `--config` (unknown keys, types, ranges).
    func load(_ name: String) throws -> SceneConfig {
        let config = try AppOptions.loadConfig(path(for: name))
        do { try config.validate() } catch {
            throw UserError("preset '\(path(for: name))': \(error)")
        }
        return config
    }

    /// Writes the keys of `config` that differ from `defaults` as a preset named `name`
    /// (letters, digits, '-', '_', '.'); returns its path.
    func save(changedFrom defaults: SceneConfig, config: SceneConfig, name: String) throws -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("."),
              trimmed.unicodeScalars.allSatisfy({ allowed.contains($0) }) else {
            throw UserError("preset name '\(name)' is not usable (expected letters, digits, '-', '_' or '.')")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = path(for: trimmed)
        try writeJSONAtomically(ConfigJSON.partial(config, relativeTo: defaults), to: target)
        return target
    }
}

/// Configs as nested JSON objects keyed by the dotted key paths of `SceneConfig.keys`.
enum ConfigJSON {
    /// Only the keys whose value differs from `defaults` (a preset).
    static func partial(_ config: SceneConfig, relativeTo defaults: SceneConfig) -> [String: Any] {
        var out: [String: Any] = [:]
        for key in SceneConfig.keys {
            guard let v = config.value(at: key.path), v != defaults.value(at: key.path) else { continue }
            set(&out, key.path, value: key.isInteger ? Int(v.rounded()) : v)
        }
        return out
    }

    /// Sets a dotted path in a nested object, making the intermediate objects.
    static func set(_ object: inout [String: Any], _ path: String, value: Any) {
        let parts = path.split(separator: ".").map(String.init)
        func go(_ o: inout [String: Any], _ i: Int) {
            if i == parts.count - 1 { o[parts[i]] = value; return }
            var child = o[parts[i]] as? [String: Any] ?? [:]
            go(&child, i + 1)
            o[parts[i]] = child
        }
        if !parts.isEmpty { go(&object, 0) }
    }

    static func has(_ object: [String: Any], _ path: String) -> Bool {
        var node: Any = object
        for part in path.split(separator: ".") {
            guard let o = node as? [String: Any], let next = o[String(part)] else { return false }
            node = next
        }
        return true
    }
}

/// Writes JSON (sorted keys, pretty) through a temporary file in the same folder and a rename,
/// so a reader never sees half a file.
func writeJSONAtomically(_ object: [String: Any], to path: String) throws {
    let data: Data
    do {
        data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    } catch {
        throw UserError("cannot encode '\(path)' as JSON: \(error.localizedDescription)")
    }
    try writeAtomically(data + Data("\n".utf8), to: path)
}

/// The one place the tool UI writes whole files (switch over to the shared output-file writer).
func writeAtomically(_ data: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temp = url.deletingLastPathComponent()
        .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
        try data.write(to: temp)
    } catch {
        throw UserError("cannot write '\(path)': \(error.localizedDescription)")
    }
    // rename(2) replaces the old file in one step.
    guard rename(temp.path, path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temp)
        throw UserError("cannot write '\(path)': \(reason)")
    }
}

/// Keeps a watched `--config` file in step with the panel: an edit in the panel rewrites the
/// file (its other keys kept), at most a few times a second while a slider is dragged.
@MainActor
final class ConfigFileSync {
    let path: String
    let watch: ConfigWatch
    private var pending: SceneConfig?
    private var lastWrite = -Double.infinity
    private let defaults = SceneConfig()

    init(path: String, watch: ConfigWatch) {
        self.path = path
        self.watch = watch
    }

    func changed(to config: SceneConfig) { pending = config }

    /// Writes a pending change when `force` (the slider was let go) or 0.25 s after the last write.
    func flush(now: Double, force: Bool) {
        guard let config = pending, force || now - lastWrite >= 0.25 else { return }
        pending = nil
        lastWrite = now
        do {
            try write(config)
        } catch {
            warn("\(error)")
        }
    }

    /// The file's own JSON with every key the panel knows set to the config's value when it
    /// differs from the default or the file already names it.
    func write(_ config: SceneConfig) throws {
        var object: [String: Any] = [:]
        if let data = FileManager.default.contents(atPath: path),
           let existing = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            object = existing
        }
        for key in SceneConfig.keys {
            guard let v = config.value(at: key.path) else { continue }
            if v != defaults.value(at: key.path) || ConfigJSON.has(object, key.path) {
                ConfigJSON.set(&object, key.path, value: key.isInteger ? Int(v.rounded()) : v)
            }
        }
        try writeJSONAtomically(object, to: path)
        watch.acceptOwnWrite()
    }
}
