import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Flick's own source tree, where no session output belongs: a recording, log, page or table
/// written there (and the recording's `flick-cards/` beside it) would be swept into a commit or
/// lost with the next clean clone. Outputs go to a sessions folder of their own; the scripts
/// that make the checkout's own pictures and sample sessions say so with `FLICK_WRITE_CHECKOUT=1`.
package enum Checkout {
    /// The environment variable that lets an output land in the checkout (docs/ scripts only).
    package static let allowVariable = "FLICK_WRITE_CHECKOUT"

    /// The sessions folder the refusal suggests: `$FLICK_SESSIONS`, else `~/flick-sessions`.
    package static var suggestedSessionsFolder: String {
        if let own = ProcessInfo.processInfo.environment["FLICK_SESSIONS"], !own.isEmpty { return own }
        return "~/flick-sessions"
    }

    /// The root of the Flick checkout that `path` (a file or folder, existing or not) lies in,
    /// or nil. The nearest existing folder is resolved (symlinks, `..`), then each folder up
    /// from it is asked whether it holds both `Package.swift` and `Sources/FlickEngine`.
    package static func root(containing path: String) -> String? {
        var folder = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        while !folder.isEmpty, folder != "/", case .missing = PathKind.target(of: folder) {
            folder = PathKind.folder(of: folder)
        }
        guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { return nil }
        defer { free(resolved) }
        var candidate = String(cString: resolved)
        while true {
            if case .regular = PathKind.target(of: candidate + "/Package.swift"),
               PathKind.target(of: candidate + "/Sources/FlickEngine") == .directory {
                return candidate
            }
            if candidate == "/" || candidate.isEmpty { return nil }
            candidate = PathKind.folder(of: candidate)
        }
    }

    /// Why `path` may not be written, or nil: it lies inside Flick's checkout and the run was not
    /// told to write there. The reason names the checkout and a place that would do.
    package static func problem(_ path: String) -> String? {
        if ProcessInfo.processInfo.environment[allowVariable] == "1" { return nil }
        guard let root = root(containing: path) else { return nil }
        let name = (path as NSString).lastPathComponent
        return "it would land in Flick's checkout '\(root)' (sessions go in a folder of their own, e.g. \(OutputPath.shown(suggestedSessionsFolder + "/" + name)))"
    }
}
