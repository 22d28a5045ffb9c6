import FlickSDL
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches the `--cards` folder so cards follow the designer's files: an image saved, added or
/// deleted shows within a second. The folder is listed four times a second (a stat a file), or
/// less often when a listing takes long (a huge folder: at most 5 % of the main thread's time);
/// a file counts as changed once its size and modification time have held still for one
/// listing, so a half-written PNG is not shown.
package final class CardFolderWatch {
    package let folder: String
    package static let interval = 0.25
    /// Seconds between listings: `interval`, or 20 times the last listing's duration.
    package private(set) var pace = CardFolderWatch.interval

    private struct Stamp: Equatable {
        var size: Int64
        var modified: Int64   // nanoseconds
    }

    /// What the deck shows now, by file name.
    private var shown: [String: Stamp] = [:]
    /// The files the session opened with, until their stamps are taken (`shown`).
    private var openedWith: [String]?
    /// Seen differing from `shown` at the last listing, with the stamp then.
    private var pending: [String: Stamp?] = [:]
    private var lastCheck = -Double.infinity

    /// Starts from `names`, the files the session opened with. Nothing is read here: the first
    /// `poll` only notes the time, and the stamps of `names` are taken at the first listing, a
    /// quarter of a second later, so a large folder (a stat a file: 10,000 of them) is not in
    /// the way of the first frame.
    package init(folder: String, names: [String]) {
        self.folder = folder
        openedWith = names
    }

    private func path(_ name: String) -> String {
        folder.isEmpty || folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func stamp(_ path: String) -> Stamp? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return Stamp(size: Int64(st.st_size), modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }

    /// The change since the last call, once per `interval` of `now` (seconds, any clock); nil
    /// when nothing changed or it is not time to look.
    package func poll(now: Double) -> CardFolderChange? {
        if lastCheck == -Double.infinity {
            lastCheck = now
            return nil
        }
        guard now - lastCheck >= pace else { return nil }
        lastCheck = now
        let began = ContinuousClock.now
        defer {
            let took = ContinuousClock.now - began
            pace = max(Self.interval, 20 * (Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18))
        }
        if let names = openedWith {
            for name in names { if let s = Self.stamp(path(name)) { shown[name] = s } }
            openedWith = nil
        }
        guard let listing = DirectoryListing(folder: folder) else { return nil }
        var seen: [String: Stamp] = [:]
        for name in CardFolder.imageNames(listing.names) {
            if let s = Self.stamp(path(name)) { seen[name] = s }
        }
        var differing: [String: Stamp?] = [:]
        for (name, s) in seen where shown[name] != s { differing[name] = s }
        for name in shown.keys where seen[name] == nil { differing[name] = .some(nil) }
        // Reported only when the file is as it was at the last listing (it held still).
        var change = CardFolderChange()
        for (name, s) in differing where pending[name] == s {
            let file = s.map { RecordingHeader.CardFile(name: name, size: Int($0.size)) }
            switch (shown[name], file) {
            case (nil, let f?): change.added.append(f)
            case (_?, nil): change.removed.append(name)
            case (_?, let f?): change.changed.append(f)
            default: break
            }
            shown[name] = s
        }
        pending = differing.filter { shown[$0.key] != $0.value }
        change.added.sort { CardFolder.naturallyPrecedes($0.name, $1.name) }
        change.removed.sort { CardFolder.naturallyPrecedes($0, $1) }
        change.changed.sort { CardFolder.naturallyPrecedes($0.name, $1.name) }
        return change.isEmpty ? nil : change
    }
}
