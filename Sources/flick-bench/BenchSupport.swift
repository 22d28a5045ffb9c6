import FlickEngine
import FlickSDL
import Foundation

/// A problem with what the person asked for: printed as one line `flick-bench: <message>`, exit code 2.
struct UserError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// One line on standard error.
func note(_ message: String) {
    try? FileHandle.standardError.write(contentsOf: Data("flick-bench: \(message)\n".utf8))
}

/// The images the bench draws: the PNG/JPEG files of a folder in file-name order (the bundled
/// `assets/` by default), and the font beside them.
enum BenchCards {
    static func images(in folder: String) throws -> [CardImage] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw UserError("--cards folder '\(folder)' cannot be read (expected a folder of PNG or JPEG images)")
        }
        let images = CardFolder.imageNames(names)
            .map { CardImage(path: (folder as NSString).appendingPathComponent($0), title: $0) }
        guard !images.isEmpty else { throw UserError("--cards folder '\(folder)' holds no PNG or JPEG images") }
        return images
    }

    /// `./assets`, or the `assets` folder of the package the binary was built in.
    static func defaultFolder() -> String {
        let fm = FileManager.default
        if fm.fileExists(atPath: "assets/01-weather.png") { return "assets" }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("assets").path
            if fm.fileExists(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return "assets"
    }

    static func fontPath() -> String? {
        let bundled = (defaultFolder() as NSString).appendingPathComponent("DejaVuSans.ttf")
        return FileManager.default.fileExists(atPath: bundled) ? bundled : Font.findSystemFont()
    }

    /// The `flick` app built beside this binary.
    static func appPath() -> String { besideBench("flick") }

    /// The first-present probe library, built beside flick-bench (`swift build -c release`).
    static func presentProbePath() -> String { besideBench("libFlickPresentProbe.so") }

    private static func besideBench(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((exe as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }
}

/// "1280x800" -> Size; both sides 64...16384 points.
func parseSize(_ text: String, option: String = "--size") throws -> FlickEngine.Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
          (64...16384).contains(w), (64...16384).contains(h) else {
        throw UserError("\(option) '\(text)' is malformed (expected WIDTHxHEIGHT, each 64 to 16384, e.g. 1280x800)")
    }
    return FlickEngine.Size(width: Double(w), height: Double(h))
}
