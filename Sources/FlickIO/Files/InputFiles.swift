import Foundation

/// The input files of one command, each counted once. Two arguments that name the same file
/// (the same path twice, two spellings, a symlink, a hard link) would make a tool read it twice
/// and count what it holds twice; they are refused, with both as given.
package enum InputFiles {
    /// Throws if two of `paths` lead to the same file. `what` names the role in the message
    /// ("session file", "--config preset"). Paths that do not lead to a regular file are left
    /// to the caller's own check.
    package static func requireDistinct(_ paths: [String], what: String) throws {
        var seen: [FileKey: String] = [:]
        for path in paths {
            guard let key = FileKey(path) else { continue }
            if let first = seen[key] {
                let how = first == path ? "is given twice" : "and '\(path)' are the same file"
                throw UserError("\(what) '\(first)' \(how) (give each once)")
            }
            seen[key] = path
        }
    }

    /// A file's identity: device and inode of what the path leads to.
    private struct FileKey: Hashable {
        let device: UInt64
        let inode: UInt64

        init?(_ path: String) {
            guard case let .regular(_, device, inode) = PathKind.target(of: path) else { return nil }
            self.device = device
            self.inode = inode
        }
    }
}
