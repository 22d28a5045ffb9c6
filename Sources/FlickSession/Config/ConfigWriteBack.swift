import FlickIO
import FlickEngine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing a config back into the user's JSON file (the tuning panel's write-back to
/// `--config`, and "Save preset…") without losing anything of theirs:
/// - a file that does not parse as a JSON object right now (mid-edit in an editor) is not
///   written: its keys would be lost; the panel says so and the next edit tries again;
/// - every key of the file the panel does not set stays as it was;
/// - a symlink is written through: the file it names is replaced (atomically, in its own
///   folder), the link stays a link;
/// - the new file keeps the old one's owner, group and permission bits (set on the temporary
///   before the rename; root's rename would otherwise hand another user's file to root);
/// - a file without its owner's write bit (0444) is refused by its mode, even for root, whom
///   access(2) lets write anything; so is another user's file when Flick cannot give the new one
///   back to that user (not root);
/// - a folder, a device or a dangling link is refused by name.
package enum ConfigWriteBack {
    /// The file's own object with every key of `config` that differs from `defaults`, or that
    /// the file already names, set to its value (a count as a whole number).
    package static func merged(_ existing: Data?, path: String, config: SceneConfig,
                               defaults: SceneConfig = SceneConfig()) throws -> [String: Any] {
        var object: [String: Any] = [:]
        if let existing, !existing.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard let parsed = try? JSONSerialization.jsonObject(with: existing) as? [String: Any] else {
                throw UserError("'\(path)' is not a JSON object right now (being edited?): not written back, so none of its keys is lost; the panel's change is in force until the file changes")
            }
            object = parsed
        }
        for key in SceneConfig.keys {
            guard let v = config.value(at: key.path) else { continue }
            if v != defaults.value(at: key.path) || ConfigJSON.has(object, key.path) {
                ConfigJSON.set(&object, key.path, value: ConfigJSON.json(v, key))
            }
        }
        return object
    }

    /// The regular file to replace for `path`: the path itself, or the file its symlink names.
    /// nil when there is none yet (a new file is made at `path`).
    package static func target(of path: String) throws -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            if errno == ENOENT { return nil }
            throw UserError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        var resolved = path
        if link.st_mode & S_IFMT == S_IFLNK {
            guard let real = realpath(path, nil) else {
                throw UserError("'\(path)' is a symlink to nothing (a dangling link): not written")
            }
            resolved = String(cString: real)
            free(real)
        }
        switch PathKind.target(of: resolved) {
        case .regular:
            var st = stat()
            guard stat(resolved, &st) == 0 else {
                throw UserError("cannot write '\(resolved)': \(String(cString: strerror(errno)))")
            }
            guard st.st_mode & S_IWUSR != 0, access(resolved, W_OK) == 0 else {
                throw UserError("'\(resolved)' is read-only (mode \(String(st.st_mode & 0o7777, radix: 8))): not written (make it writable to keep the panel's changes in it)")
            }
            guard st.st_uid == geteuid() || geteuid() == 0 else {
                throw UserError("'\(resolved)' belongs to another user (uid \(st.st_uid)): not written (a new file would be yours, not theirs)")
            }
            return resolved
        case .missing:
            return nil
        case let kind:
            throw UserError("'\(path)' \(kind.phrase): not written (expected a JSON file)")
        }
    }

    /// Writes `object` as sorted, indented JSON over `path` (through a symlink to its file),
    /// keeping the file's owner, group and permission bits.
    package static func save(_ object: [String: Any], to path: String, what: String) throws {
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) + Data("\n".utf8)
        } catch {
            throw UserError("cannot encode '\(path)' as JSON: \(error.localizedDescription)")
        }
        let file = try target(of: path) ?? path
        var st = stat()
        let old = stat(file, &st) == 0 ? st : nil
        try AtomicFile.save(to: file, what: what) { temp in
            try write(data, toNew: temp, keeping: old)
        }
    }

    /// `data` into the new file `temp` (POSIX calls: a failure is its errno's words, never
    /// Foundation's sentence naming the temporary), given `old`'s owner, group and mode before
    /// it is renamed over it. Owner first: chown clears the set-id bits the mode then restores.
    private static func write(_ data: Data, toNew temp: String, keeping old: stat?) throws {
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw AtomicFile.WriteFailure(errno) }
        defer { close(fd) }
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, base + done, raw.count - done)
                if n < 0 { if errno == EINTR { continue }; throw AtomicFile.WriteFailure(errno) }
                if n == 0 { throw AtomicFile.WriteFailure(EIO) }
                done += n
            }
        }
        guard let old else { return }
        var now = stat()
        guard fstat(fd, &now) == 0 else { throw AtomicFile.WriteFailure(errno) }
        if now.st_uid != old.st_uid || now.st_gid != old.st_gid {
            guard fchown(fd, old.st_uid, old.st_gid) == 0 else {
                throw UserError("cannot keep the file's owner \(old.st_uid):\(old.st_gid) (\(String(cString: strerror(errno)))): not written")
            }
        }
        guard fchmod(fd, old.st_mode & 0o7777) == 0 else {
            throw UserError("cannot keep the file's mode \(String(old.st_mode & 0o7777, radix: 8)) (\(String(cString: strerror(errno)))): not written")
        }
    }
}

/// Configs as nested JSON objects keyed by the dotted key paths of `SceneConfig.keys`.
package enum ConfigJSON {
    /// Only the keys whose value differs from `defaults` (a preset).
    package static func partial(_ config: SceneConfig, relativeTo defaults: SceneConfig) -> [String: Any] {
        var out: [String: Any] = [:]
        for key in SceneConfig.keys {
            guard let v = config.value(at: key.path), v != defaults.value(at: key.path) else { continue }
            set(&out, key.path, value: json(v, key))
        }
        return out
    }

    /// A key's value as JSON writes it: a Boolean for a switch, whole for a count.
    package static func json(_ v: Double, _ key: ConfigKey) -> Any {
        if key.isFlag { return v != 0 }
        if key.isInteger { return Int(v.rounded()) }
        return v
    }

    /// Sets a dotted path in a nested object, making the intermediate objects.
    package static func set(_ object: inout [String: Any], _ path: String, value: Any) {
        let parts = path.split(separator: ".").map(String.init)
        func go(_ o: inout [String: Any], _ i: Int) {
            if i == parts.count - 1 { o[parts[i]] = value; return }
            var child = o[parts[i]] as? [String: Any] ?? [:]
            go(&child, i + 1)
            o[parts[i]] = child
        }
        if !parts.isEmpty { go(&object, 0) }
    }

    package static func has(_ object: [String: Any], _ path: String) -> Bool {
        var node: Any = object
        for part in path.split(separator: ".") {
            guard let o = node as? [String: Any], let next = o[String(part)] else { return false }
            node = next
        }
        return true
    }
}
