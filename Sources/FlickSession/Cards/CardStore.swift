import FlickIO
import Foundation

/// The card images a recording's participant saw, kept by content beside the recording:
/// `flick-cards/<sha256>.<ext>` in the recording's folder, shared by every session recorded
/// there (the same picture is kept once). The header names each card file's hash, so replays,
/// exports, compare and reports draw the picture as shown after any later edit of the folder.
///
/// The store proves its pictures rather than trusting names and sizes: a hash is 64 lowercase
/// hex digits (checked by the recording's reader, so a header's hash never leads out of the
/// store); keeping a picture compares the bytes already there and replaces anything else (a
/// file planted under the hash) with the real picture; opening a recording hashes every copy it
/// names again (`verifiedCopies`) and refuses one that is not its picture, or is a symlink.
/// The store itself must be a real folder: a symlinked `flick-cards` is refused, not written
/// through.
package struct CardStore {
    package static let folderName = "flick-cards"
    /// The largest picture kept, bytes (256 MB, the largest card file Flick reads): a larger
    /// one is said and left to the folder.
    package static let maxBytes: Int64 = 256 << 20
    /// The store's folder.
    package let folder: String

    /// The store beside the recording at `recording`.
    package init(besideRecording recording: String) {
        let dir = PathKind.folder(of: recording)
        folder = ((dir.isEmpty ? "." : dir) as NSString).appendingPathComponent(Self.folderName)
    }

    /// Whether `text` is a hash the store names a picture by: SHA-256, 64 lowercase hex digits.
    package static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Where the picture of hash `hash` (a file named like `name`) is kept.
    package func path(hash: String, name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        return (folder as NSString).appendingPathComponent(ext.isEmpty ? hash : "\(hash).\(ext)")
    }

    /// Keeps the file at `path` (named `name`): its hash, the bytes copied into the store unless
    /// the store holds exactly these bytes already (a different file under the hash, planted or
    /// damaged, is replaced atomically by the picture). A file that cannot be read or is over
    /// `maxBytes` is said (standard error) and not kept (nil): the session still runs, and its
    /// replay reads the folder as before. A store that is a symlink is refused.
    package func keep(_ path: String, name: String) throws -> (hash: String, size: Int)? {
        if case .regular(let size, _, _) = PathKind.target(of: path), size > Self.maxBytes {
            warn("card '\(name)' is \(size) bytes, over the card store's limit of \(Self.maxBytes >> 20) MB: not kept beside the recording (a replay reads it from the card folder)")
            return nil
        }
        let data: Data
        do {
            data = try InputFile.read(path, what: "card file", maxBytes: Self.maxBytes)
        } catch {
            warn("card '\(name)' is not kept beside the recording (\((error as? UserError)?.message ?? "\(error)")); a replay reads it from the card folder")
            return nil
        }
        let hash = SHA256.hex(data)
        let dest = self.path(hash: hash, name: name)
        try requireRealFolder()
        if !holds(data, at: dest) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw UserError("cannot make the card store '\(folder)' (\(error.localizedDescription))")
            }
            try requireRealFolder()
            // The store's stale temporaries are swept once per session (`sweepStaleTemporaries`):
            // a sweep at every copy lists the whole store each time.
            try AtomicFile.save(data, to: dest, what: "the card store's copy of \(name)", sweeping: false)
        }
        return (hash, data.count)
    }

    /// Removes the temporaries a killed session left in the store (`AtomicFile`).
    package func sweepStaleTemporaries() {
        if case .directory = PathKind.of(folder) { AtomicFile.removeStaleTemporaries(in: folder) }
    }

    /// Keeps every file of `files` (in `cardFolder`) and names its hash, here and now: the
    /// keeper's loop (`CardKeeper.run`) on the calling thread, so there is one way of keeping.
    /// The first copy that cannot be written is thrown.
    package func keep(_ files: inout [FolderFile], in cardFolder: String) throws {
        let keeper = CardKeeper(store: self, folder: cardFolder, files: files)
        keeper.run()
        if let failure = keeper.failure { throw failure }
        files = keeper.keptFiles
    }

    /// Refuses a store that is a symlink (or names something other than a folder): pictures are
    /// kept only in a real folder beside the recording, never written through a link.
    package func requireRealFolder() throws {
        switch PathKind.of(folder) {
        case .missing, .directory: return
        case .symlink, .symlinkLoop, .danglingSymlink:
            throw UserError("the card store '\(folder)' is a symlink (expected a real folder beside the recording; remove the link or record elsewhere)")
        case let kind:
            throw UserError("the card store '\(folder)' \(kind.phrase) (expected a folder beside the recording)")
        }
    }

    /// Whether the regular file (not a symlink) at `path` holds exactly `data`.
    private func holds(_ data: Data, at path: String) -> Bool {
        guard case .regular(let size, _, _) = PathKind.of(path), size == data.count else { return false }
        return FileManager.default.contents(atPath: path) == data
    }

    /// The kept copy of `file`, if the header names its hash and the store holds a regular file
    /// of its size there (no content check: `verifiedCopies` made that when the recording was
    /// opened).
    package func copy(of file: FolderFile) -> String? {
        guard let hash = file.hash, Self.isHash(hash) else { return nil }
        let path = self.path(hash: hash, name: file.name)
        if case .regular(let size, _, _) = PathKind.of(path), size == file.size { return path }
        return nil
    }

    /// The copies `files` name, each hashed again: path by store path for every copy that is
    /// its picture. A file that names no hash, or whose copy is not in the store, is left out
    /// (its replay reads the card folder, as for a picture never kept). A copy that is not its
    /// picture (changed, swapped for another of the same size) or is not a regular file (a
    /// symlink) is refused with the card's name. Copies are hashed on every core.
    package func verifiedCopies(of files: [FolderFile], what: String) throws -> Set<String> {
        var seen = Set<String>()
        var work: [(file: FolderFile, path: String)] = []
        for file in files {
            guard let hash = file.hash, Self.isHash(hash) else { continue }
            let path = self.path(hash: hash, name: file.name)
            if seen.insert(path).inserted { work.append((file, path)) }
        }
        guard !work.isEmpty else { return [] }
        let jobs = work.map { (path: $0.path, hash: $0.file.hash!) }
        let lanes = min(work.count, ProcessInfo.processInfo.activeProcessorCount)
        let checks = Checks(count: work.count)
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for i in stride(from: lane, to: jobs.count, by: lanes) {
                checks.set(i, Self.check(copy: jobs[i].path, hash: jobs[i].hash))
            }
        }
        var verified = Set<String>()
        for (i, item) in work.enumerated() {
            switch checks.get(i) {
            case .picture: verified.insert(item.path)
            case .absent: continue
            case .wrong(let why):
                throw UserError("\(what): the card store's copy of '\(item.file.name)' (\(Self.folderName)/\((item.path as NSString).lastPathComponent)) \(why); remove it to replay from the card folder")
            }
        }
        return verified
    }

    /// What the store holds at a copy's path.
    private enum Check: Sendable {
        case picture, absent
        case wrong(String)
    }

    /// Whether the copy at `path` is the picture hashed `hash`.
    private static func check(copy path: String, hash: String) -> Check {
        switch PathKind.of(path) {
        case .missing: return .absent
        case .regular: break
        case .symlink, .symlinkLoop, .danglingSymlink: return .wrong("is a symlink, not a kept picture")
        case let kind: return .wrong("\(kind.phrase), not a kept picture")
        }
        guard let data = try? InputFile.read(path, what: "card copy", maxBytes: maxBytes) else {
            return .wrong("cannot be read")
        }
        return SHA256.hex(data) == hash ? .picture
            : .wrong("is not that picture (its content does not match its hash: changed or replaced since it was kept)")
    }

    /// One answer per copy, written from several threads.
    private final class Checks: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Check]

        init(count: Int) { values = Array(repeating: .absent, count: count) }
        func set(_ i: Int, _ value: Check) { lock.withLock { values[i] = value } }
        func get(_ i: Int) -> Check { lock.withLock { values[i] } }
    }
}
