import Foundation

/// Watches a file and hands back its new contents when it changes (live tuning of a `--config`
/// file: edit the JSON, save, and the scene picks the new constants up within a second). What
/// the contents are is the caller's: `load` reads and checks them.
package final class FileWatch<Value> {
    package let path: String
    /// How the toasts name the file ("Config").
    private let what: String
    private let load: (String) throws -> Value
    private var stamp: Date?
    private var lastCheck = Date.distantPast

    package init(path: String, what: String, load: @escaping (String) throws -> Value) {
        self.path = path
        self.what = what
        self.load = load
        stamp = Self.modified(path)
    }

    package static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// What happened at the last reloads, for the window's toasts: (text, is a problem).
    private var messages: [(text: String, problem: Bool)] = []
    package func takeMessages() -> [(text: String, problem: Bool)] {
        defer { messages.removeAll() }
        return messages
    }

    /// The app itself just wrote the file (the tuning panel): not a change to reload.
    package func acceptOwnWrite() { stamp = Self.modified(path) }

    /// The new contents when the file changed since the last look; nil when it did not, or when
    /// the new contents are refused (told through `takeMessages`, the old ones kept). Looks at
    /// most once a second of `now` (the window asks every frame); tests pass their own times.
    package func changedValue(now: Date = Date()) -> Value? {
        guard now.timeIntervalSince(lastCheck) >= 1 else { return nil }
        lastCheck = now
        let m = Self.modified(path)
        guard m != stamp else { return nil }
        stamp = m
        do {
            let value = try load(path)
            note("reloaded \(path)")
            messages.append(("\(what) reloaded: \((path as NSString).lastPathComponent)", false))
            return value
        } catch {
            warn("\(error); keeping the previous settings")
            messages.append(("\(what) refused: \((error as? UserError)?.message ?? "\(error)")", true))
            return nil
        }
    }
}
