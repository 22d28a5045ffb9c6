import FlickIO
import Foundation

/// The images a demo shows, in file-name order (titles come from `--titles`, see `Look`).
package struct CardSource {
    package let folder: String
    package let items: [CardImage]

    package init(folder: String, items: [CardImage]) {
        self.folder = folder
        self.items = items
    }

    /// Lists the PNG and JPEG files of `folder`; throws a one-line error naming the folder when
    /// it is missing, not a folder, unreadable or holds no such image. `option` is where the
    /// folder came from, for the message (`--cards`, `$FLICK_ASSETS`).
    package init(folder: String, option: String = "--cards") throws {
        switch PathKind.target(of: folder) {
        case .directory: break
        case .missing:
            throw UserError("\(option) folder '\(folder)' does not exist (expected a folder of PNG or JPEG images)")
        case let kind:
            throw UserError("\(option) '\(folder)' is not a folder: it \(kind.phrase) (expected a folder of PNG or JPEG images)")
        }
        guard let listing = DirectoryListing(folder: folder) else {
            throw UserError("\(option) folder '\(folder)' cannot be read (permission denied?)")
        }
        // A name that is not UTF-8 cannot be opened through a String: said, not shown as missing.
        for name in listing.undecodable where CardFolder.isImageName(name) {
            warn("'\(folder)': the file name '\(name)' is not UTF-8 text, so it cannot be shown; skipped (rename it, e.g. with convmv)")
        }
        let images = CardFolder.imageNames(listing.names)
        guard !images.isEmpty else {
            throw UserError("\(option) folder '\(folder)' holds no PNG or JPEG images")
        }
        self.folder = folder
        // Joined by hand: NSString's appendingPathComponent tidies every path again (10,000 cards).
        let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        self.items = images.map { CardImage(path: prefix + $0, title: $0) }
    }

    /// The bundled card images, from `defaultFolder()`; a `$FLICK_ASSETS` that is no such
    /// folder is named as the variable, not as `--cards` (which was not given).
    package static func bundled() throws -> CardSource {
        let env = ProcessInfo.processInfo.environment["FLICK_ASSETS"] ?? ""
        return try CardSource(folder: defaultFolder(), option: env.isEmpty ? "--cards" : "$FLICK_ASSETS")
    }

    /// The folder of bundled card images: `$FLICK_ASSETS`; an installed flick's `share/flick`
    /// (`/usr/share/flick` for the Debian package's `/usr/lib/flick/flick`); `./assets`; or the
    /// one beside the package the binary was built in.
    package static func defaultFolder() -> String {
        if let env = ProcessInfo.processInfo.environment["FLICK_ASSETS"], !env.isEmpty { return env }
        let fm = FileManager.default
        // The binary itself, also when started through a symlink or by name from PATH (where
        // arguments[0] is only "flick"); /proc/self/exe is Linux's, arguments[0] the fallback.
        let path = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let exe = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let ancestors = (1...4).map { n in (0..<n).reduce(exe) { dir, _ in dir.deletingLastPathComponent() } }
        // Installed: before the working directory, so a folder of the user's own named `assets`
        // is never taken for Flick's.
        for dir in ancestors.prefix(3) {
            let installed = dir.appendingPathComponent("share/flick").path
            if fm.fileExists(atPath: installed + "/presets") { return installed }
        }
        if fm.fileExists(atPath: "assets/01-weather.png") || fm.fileExists(atPath: "assets") { return "assets" }
        // .build/<config>/flick -> package root
        for dir in ancestors {
            let candidate = dir.appendingPathComponent("assets").path
            if fm.fileExists(atPath: candidate) { return candidate }
        }
        return "assets"
    }
}
