import FlickIO
import Foundation

/// The card images a recording's participant saw, kept by content beside the recording:
/// `flick-cards/<sha256>.<ext>` in the recording's folder, shared by every session recorded
/// there (the same picture is kept once). The header names each card file's hash, so replays,
/// exports, compare and reports draw the picture as shown after any later edit of the folder.
package struct CardStore {
    package static let folderName = "flick-cards"
    /// The store's folder.
    package let folder: String

    /// The store beside the recording at `recording`.
    package init(besideRecording recording: String) {
        let dir = (recording as NSString).deletingLastPathComponent
        folder = ((dir.isEmpty ? "." : dir) as NSString).appendingPathComponent(Self.folderName)
    }

    /// Where the picture of hash `hash` (a file named like `name`) is kept.
    package func path(hash: String, name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        return (folder as NSString).appendingPathComponent(ext.isEmpty ? hash : "\(hash).\(ext)")
    }

    /// Keeps the file at `path` (named `name`): its hash, the bytes copied into the store unless
    /// a copy is there already. A file that cannot be read is not kept (nil): the session still
    /// runs, and its replay reads the folder as before.
    package func keep(_ path: String, name: String) throws -> (hash: String, size: Int)? {
        guard let data = try? InputFile.read(path, what: "card file") else { return nil }
        let hash = SHA256.hex(data)
        let dest = self.path(hash: hash, name: name)
        if RecordingHeader.fileSize(dest) != data.count {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw UserError("cannot make the card store '\(folder)' (\(error.localizedDescription))")
            }
            try AtomicFile.save(data, to: dest, what: "the card store's copy of \(name)")
        }
        return (hash, data.count)
    }

    /// Keeps every file of `files` (in `cardFolder`) and names its hash.
    /// A store this call made and could not fill (a full disk) is taken away whole, so a refused
    /// session leaves nothing behind.
    package func keep(_ files: inout [FolderFile], in cardFolder: String) throws {
        let existed = FileManager.default.fileExists(atPath: folder)
        do {
            for i in files.indices {
                files[i].hash = try keep((cardFolder as NSString).appendingPathComponent(files[i].name), name: files[i].name)?.hash
            }
        } catch {
            if !existed { try? FileManager.default.removeItem(atPath: folder) }
            throw error
        }
    }

    /// The kept copy of `file`, if the header names its hash and the store holds it whole.
    package func copy(of file: FolderFile) -> String? {
        guard let hash = file.hash else { return nil }
        let path = self.path(hash: hash, name: file.name)
        return RecordingHeader.fileSize(path) == file.size ? path : nil
    }
}
