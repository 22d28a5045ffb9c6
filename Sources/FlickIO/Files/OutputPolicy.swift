import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An output of a run, for the start-up check.
package struct OutputFile {
    /// As given on the command line.
    package let path: String
    /// How messages name it: "the log file", "the recording", "the screenshot".
    package let what: String
    /// A stream (log, recording: a participant's session) is never replaced without
    /// `--overwrite`; a one-shot output (screenshot, report) is replaced atomically.
    package let isStream: Bool

    package init(path: String, what: String, isStream: Bool) {
        self.path = path
        self.what = what
        self.isStream = isStream
    }
}

/// An input of a run, for the start-up check: an output must never be one of them.
package struct RunInput {
    package let path: String
    /// "the --replay file", "the --config file", "a card image".
    package let what: String

    package init(path: String, what: String) {
        self.path = path
        self.what = what
    }
}

/// Decides at start, before anything is written, whether each output path may be written:
/// a device, FIFO, socket, directory or symlink is refused, as is a path that is also an input
/// or another output of the same run, a read-only file, or (for streams) any existing file
/// unless `overwrite`. Every refusal is one line naming the path and what it is.
package enum OutputPolicy {
    package static func check(_ outputs: [OutputFile], inputs: [RunInput], overwrite: Bool) throws {
        var seen: [(key: String, what: String)] = []
        for output in outputs {
            try check(output, inputs: inputs, overwrite: overwrite)
            let key = normalized(output.path)
            if let other = seen.first(where: { $0.key == key }) {
                throw UserError("cannot write \(output.what) '\(output.path)': it is also \(other.what) of this run")
            }
            seen.append((key, output.what))
        }
    }

    package static func check(_ output: OutputFile, inputs: [RunInput], overwrite: Bool) throws {
        let path = output.path
        func refuse(_ why: String) -> UserError { UserError("cannot write \(output.what) '\(path)': \(why)") }
        if let why = OutputPath.problem(path, kind: .file) {
            throw UserError("cannot write \(output.what) '\(OutputPath.shown(path))': \(why)")
        }
        if let why = Checkout.problem(path) { throw refuse(why) }
        switch PathKind.of(path) {
        case .missing:
            let parent = parentFolder(of: path)
            let kind = PathKind.target(of: parent)
            guard kind == .directory else {
                throw refuse("its folder '\(parent)' \(kind == .missing ? "does not exist" : kind.phrase)")
            }
            guard access(parent, W_OK) == 0 else {
                throw refuse("its folder '\(parent)' is not writable (\(String(cString: strerror(errno))))")
            }
        case .regular(_, let device, let inode):
            if let input = inputs.first(where: { FileIdentity($0.path) == FileIdentity(device: device, inode: inode) }) {
                throw refuse("it is \(input.what) of this run")
            }
            if isReadOnly(path) { throw refuse("it is read-only") }
            if output.isStream && !overwrite {
                throw refuse("it already exists (give --overwrite to replace it, or choose a new name)")
            }
        case .symlink, .danglingSymlink:
            throw refuse("it is a symlink (name the file itself; a symlink is not written through)")
        case let other:
            throw refuse("it \(other.phrase), not a regular file")
        }
    }

    package static func parentFolder(of path: String) -> String {
        let parent = PathKind.folder(of: path)
        return parent.isEmpty ? "." : parent
    }

    /// The path with its folder resolved (symlinks, "..", "."), so two spellings of one new
    /// file compare equal.
    package static func normalized(_ path: String) -> String {
        let folder = parentFolder(of: path)
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        return (resolved as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }

    /// No write permission bit at all (root would write it anyway; a read-only file is a
    /// statement that it must not change).
    package static func isReadOnly(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return (st.st_mode & 0o222) == 0 || (getuid() != 0 && access(path, W_OK) != 0)
    }
}

extension FileIdentity {
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
