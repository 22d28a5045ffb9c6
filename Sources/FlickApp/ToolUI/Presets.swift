import FlickIO
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
    /// (letters, digits, '-', '_', '.'); returns its path. An existing preset is replaced only
    /// when `replace` says so (the panel asks first): `PresetExists` otherwise.
    func save(changedFrom defaults: SceneConfig, config: SceneConfig, name: String, replace: Bool = false) throws -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("."),
              trimmed.unicodeScalars.allSatisfy({ allowed.contains($0) }) else {
            throw UserError("preset name '\(name)' is not usable (expected letters, digits, '-', '_' or '.')")
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw OutputError("cannot make the preset folder '\(folder)': \((error as NSError).localizedDescription)")
        }
        let target = path(for: trimmed)
        if !replace, PathKind.target(of: target) != .missing || (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) != nil {
            throw PresetExists(name: String(trimmed.hasSuffix(".json") ? trimmed.dropLast(5) : Substring(trimmed)), path: target)
        }
        try ConfigWriteBack.save(ConfigJSON.partial(config, relativeTo: defaults), to: target, what: "the preset")
        return target
    }
}

/// "Save preset…" named a preset that exists: the panel asks before replacing it.
struct PresetExists: Error, CustomStringConvertible {
    var name: String
    var path: String
    var description: String { "preset '\(name)' exists (\(path))" }
}

/// Keeps a watched `--config` file in step with the panel: a panel change the session has
/// applied and logged rewrites the file (its other keys kept, see `ConfigWriteBack`), at most a
/// few times a second; a value still held or being typed is not written. A write refused (the
/// file mid-edit, read-only, another user's, a dangling link) is said once per cause, and the
/// next edit tries again.
@MainActor
final class ConfigFileSync {
    let path: String
    let watch: ConfigWatch
    private var pending: SceneConfig?
    private var lastWrite = -Double.infinity
    private var lastProblem: String?

    init(path: String, watch: ConfigWatch) {
        self.path = path
        self.watch = watch
    }

    func changed(to config: SceneConfig) { pending = config }

    /// Writes a pending change when `force` (the value was let go) or 0.25 s after the last
    /// write; returns the reason when the file was not written (new reasons only).
    @discardableResult
    func flush(now: Double, force: Bool) -> String? {
        guard let config = pending, force || now - lastWrite >= 0.25 else { return nil }
        pending = nil
        lastWrite = now
        do {
            try write(config)
            lastProblem = nil
            return nil
        } catch {
            let text = "\(error)"
            // A failed write (a full disk), not a refusal: the run ends with exit code 3.
            if let failure = error as? OutputError, text != lastProblem { OutputFailures.record(failure) }
            defer { lastProblem = text }
            guard text != lastProblem else { return nil }
            warn(text)
            return text
        }
    }

    func write(_ config: SceneConfig) throws {
        let file = try ConfigWriteBack.target(of: path) ?? path
        let object = try ConfigWriteBack.merged(FileManager.default.contents(atPath: file), path: path, config: config)
        try ConfigWriteBack.save(object, to: path, what: "the --config file")
        watch.acceptOwnWrite()
    }
}
