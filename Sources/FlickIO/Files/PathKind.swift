import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a path names, in words a message can use ("is a directory", "is a symlink loop").
package enum PathKind: Equatable {
    case missing
    case regular(size: Int64, device: UInt64, inode: UInt64)
    case directory
    case fifo
    case device
    case socket
    case symlink
    case symlinkLoop
    case danglingSymlink
    case unreadable(String)

    /// The folder part of `path`, as NSString's `deletingLastPathComponent` gives it ("a/b" → "a",
    /// "b" → "", "/b" → "/"), which Foundation on Linux traps on for a one-character name
    /// ("a", "a/"): every path a user types goes through this instead.
    package static func folder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        var folder = p[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The kind of `path` itself (a symlink is reported as one, not followed).
    package static func of(_ path: String) -> PathKind {
        var st = stat()
        if lstat(path, &st) != 0 {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        if (st.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            if stat(path, &target) != 0 {
                return errno == ELOOP ? .symlinkLoop : .danglingSymlink
            }
            return .symlink
        }
        return kind(of: st)
    }

    /// The kind of what `path` leads to (symlinks followed).
    package static func target(of path: String) -> PathKind {
        var st = stat()
        if stat(path, &st) != 0 {
            switch errno {
            case ELOOP: return .symlinkLoop
            case ENOENT, ENOTDIR:
                var l = stat()
                return lstat(path, &l) == 0 ? .danglingSymlink : .missing
            default: return .unreadable(String(cString: strerror(errno)))
            }
        }
        return kind(of: st)
    }

    package static func kind(of st: stat) -> PathKind {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int64(st.st_size), device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        case S_IFLNK: return .symlink
        default: return .device
        }
    }

    package var isRegular: Bool { if case .regular = self { return true } else { return false } }

    /// "is a directory", "does not exist", ...: the predicate of a message about the path.
    package var phrase: String {
        switch self {
        case .missing: return "does not exist"
        case .regular(let size, _, _): return size == 0 ? "is empty (0 bytes)" : "is a file of \(size) bytes"
        case .directory: return "is a directory"
        case .fifo: return "is a FIFO (named pipe)"
        case .device: return "is a device"
        case .socket: return "is a socket"
        case .symlink: return "is a symlink"
        case .symlinkLoop: return "is a symlink loop"
        case .danglingSymlink: return "is a symlink to nothing"
        case .unreadable(let why): return "cannot be examined (\(why))"
        }
    }
}

/// The identity of a file (device and inode), to tell when two paths are the same file.
package struct FileIdentity: Hashable {
    package let device: UInt64
    package let inode: UInt64

    /// The file `path` leads to, or nil when there is none.
    package init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

/// Reading an input file: only a regular file is opened (a FIFO must not block start-up), and
/// every failure is one line saying what the path is.
package enum InputFile {
    /// The whole file. `what` names it in messages ("--config file", "--replay file").
    package static func read(_ path: String, what: String, maxBytes: Int64 = 256 << 20) throws -> Data {
        let kind = PathKind.target(of: path)
        guard case .regular(let size, _, _) = kind else {
            throw UserError("\(what) '\(path)' \(kind.phrase) (expected a regular file)")
        }
        guard size <= maxBytes else {
            throw UserError("\(what) '\(path)' is too large (\(size) bytes; at most \(maxBytes))")
        }
        // O_NONBLOCK: if the path was swapped for a FIFO since the check, open does not wait.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw UserError("\(what) '\(path)' cannot be read (\(String(cString: strerror(errno))))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw UserError("\(what) '\(path)' \(PathKind.kind(of: st).phrase) (expected a regular file)")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw UserError("\(what) '\(path)' cannot be read (\(error.localizedDescription))")
        }
    }
}
