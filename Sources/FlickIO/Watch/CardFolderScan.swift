
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One look at the `--cards` folder: list it, stat each image (size and modification time) and
/// tell what changed since the last look. A file counts as changed once its stamp held still
/// from one look to the next, so a half-written PNG is not shown. It reads the disk: 10,000
/// files took 29-49 ms, which is why `CardFolderWatch` runs it beside the frames, never in one.
/// One look at a time (the watch starts a look only when the last one is in).
package final class CardFolderScan: @unchecked Sendable {
    package let folder: String

    private struct Stamp: Equatable {
        var size: Int64
        var modified: Int64   // nanoseconds
    }

    /// What the deck shows now, by file name.
    private var shown: [String: Stamp] = [:]
    /// The files the session opened with, until their stamps are taken at the first look.
    private var openedWith: [String]?
    /// Seen differing from `shown` at the last look, with the stamp then.
    private var pending: [String: Stamp?] = [:]

    /// Starts from `names`, the files the session opened with; nothing is read until `look`.
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

    /// The change since the last look; nil when nothing settled (or the folder cannot be listed).
    package func look() -> CardFolderChange? {
        if let names = openedWith {
            // A file of the opening set gone before this first look is a card without its
            // file: stamped as unreadable, so it is reported removed once it stays away.
            for name in names { shown[name] = Self.stamp(path(name)) ?? Stamp(size: -1, modified: -1) }
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
        // Reported only when the file is as it was at the last look (it held still).
        var change = CardFolderChange()
        for (name, s) in differing where pending[name] == s {
            let file = s.map { FolderFile(name: name, size: Int($0.size)) }
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
