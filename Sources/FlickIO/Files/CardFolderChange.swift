/// One file of a card folder as a session saw it: its name and size in bytes.
package struct FolderFile: Codable, Equatable, Sendable {
    package var name: String
    /// Bytes; a replay refuses a folder whose files changed.
    package var size: Int
    /// SHA-256 of the bytes when the file was kept in the recording's card store (`CardStore`):
    /// a replay draws that copy, whatever the folder holds since.
    package var hash: String?

    package init(name: String, size: Int, hash: String? = nil) {
        self.name = name
        self.size = size
        self.hash = hash
    }
}

/// What changed in the `--cards` folder while a session ran: files added, removed, or changed
/// (new bytes). A recorded input, so a replay makes the same deck changes at the same time.
package struct CardFolderChange: Codable, Equatable, Sendable {
    package var added: [FolderFile] = []
    package var removed: [String] = []
    package var changed: [FolderFile] = []

    package init(added: [FolderFile] = [], removed: [String] = [], changed: [FolderFile] = []) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    package var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// "+1 −0 ~1: 11-new.png", for a toast.
    package var summary: String {
        let names = (added.map(\.name) + removed + changed.map(\.name)).prefix(3).joined(separator: ", ")
        return "+\(added.count) −\(removed.count) ~\(changed.count): \(names)"
    }
}
