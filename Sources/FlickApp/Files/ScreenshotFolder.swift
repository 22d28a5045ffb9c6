import FlickIO
import FlickSession
import Foundation

/// Where P saves screenshots: the `--shots` folder when given; otherwise the session's own output
/// folder (the folder of `--record`, else of `--log`); otherwise `Flick` in the user's pictures
/// folder (`$XDG_PICTURES_DIR`, the `XDG_PICTURES_DIR` line of `~/.config/user-dirs.dirs`, else
/// `~/Pictures`). Never the working directory unless asked for: a session started in a checkout
/// would otherwise leave screenshots among its sources.
struct ScreenshotFolder: Equatable {
    var path: String
    /// Made at the first P when missing (a default folder is not created for a session that
    /// takes no screenshot); a `--shots` folder must exist.
    var createsOnDemand: Bool

    /// The folder for these options, given the environment and the home folder (parameters, so
    /// the choice is tested without touching the real ones).
    static func resolve(given: String?, recordPath: String?, logPath: String?,
                        environment: [String: String] = ProcessInfo.processInfo.environment,
                        home: String = ScreenshotFolder.home) -> ScreenshotFolder {
        if let given { return ScreenshotFolder(path: given, createsOnDemand: false) }
        if let session = recordPath ?? logPath {
            let folder = PathKind.folder(of: session)
            return ScreenshotFolder(path: folder.isEmpty ? "." : folder, createsOnDemand: false)
        }
        return ScreenshotFolder(path: (picturesFolder(environment: environment, home: home) as NSString)
            .appendingPathComponent("Flick"), createsOnDemand: true)
    }

    /// $HOME as the user set it (Foundation's home folder comes from the password file).
    static var home: String {
        let env = ProcessInfo.processInfo.environment["HOME"] ?? ""
        return env.hasPrefix("/") ? env : NSHomeDirectory()
    }

    /// The user's pictures folder as the XDG user-dirs convention names it.
    static func picturesFolder(environment: [String: String], home: String) -> String {
        if let dir = environment["XDG_PICTURES_DIR"], dir.hasPrefix("/") { return dir }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (home as NSString).appendingPathComponent(".config")
        let dirsFile = (configHome as NSString).appendingPathComponent("user-dirs.dirs")
        if let text = try? String(contentsOfFile: dirsFile, encoding: .utf8),
           let dir = userDirsEntry("XDG_PICTURES_DIR", in: text, home: home) {
            return dir
        }
        return (home as NSString).appendingPathComponent("Pictures")
    }

    /// `KEY="$HOME/Some Folder"` or `KEY="/abs"` in a user-dirs.dirs file; nil when absent or of
    /// another form (the file's own rules: only those two forms are valid).
    static func userDirsEntry(_ key: String, in text: String, home: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(key + "=\""), trimmed.hasSuffix("\""), trimmed.count > key.count + 3 else { continue }
            let value = String(trimmed.dropFirst(key.count + 2).dropLast())
            if value.hasPrefix("$HOME/") { return (home as NSString).appendingPathComponent(String(value.dropFirst(6))) }
            if value.hasPrefix("/") { return value }
        }
        return nil
    }

    /// Makes a default folder (and its parents) if missing; a `--shots` folder was checked at start.
    func prepare() throws {
        guard createsOnDemand, !FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UserError("cannot make the screenshot folder '\(path)': \((error as NSError).localizedDescription)")
        }
    }
}
