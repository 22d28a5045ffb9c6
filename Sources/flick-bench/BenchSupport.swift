import FlickIO
import FlickEngine
import FlickSDL
import Foundation

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
        return (PathKind.folder(of: exe) as NSString).appendingPathComponent(name)
    }
}

/// Throws `InterruptedError` once a stop was asked for (SIGINT, SIGTERM, SIGHUP, SIGQUIT): every
/// loop of the bench calls it once per frame, image, row or launch, so a stop is noticed within
/// one of them and the figures measured so far are still printed (`BenchRunner.run`).
func stopPoint() throws {
    if Interrupt.isRequested { throw InterruptedError() }
}
