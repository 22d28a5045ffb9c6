import FlickIO
import FlickEngine
import Foundation

/// Watches a `--config` file and hands back its new contents when it changes (live tuning):
/// edit the JSON, save, and the scene picks the new constants up within a second.
package final class ConfigWatch {
    package let path: String
    private var stamp: Date?
    private var lastCheck = Date.distantPast

    package init(path: String) {
        self.path = path
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

    package func changedConfig() -> SceneConfig? {
        let now = Date()
        guard now.timeIntervalSince(lastCheck) >= 1 else { return nil }
        lastCheck = now
        let m = Self.modified(path)
        guard m != stamp else { return nil }
        stamp = m
        do {
            let config = try ConfigFile.load(path)
            note("reloaded \(path)")
            messages.append(("Config reloaded: \((path as NSString).lastPathComponent)", false))
            return config
        } catch {
            warn("\(error); keeping the previous settings")
            messages.append(("Config refused: \((error as? UserError)?.message ?? "\(error)")", true))
            return nil
        }
    }
}
