import FlickIO
import FlickEngine
import FlickSDL
import FlickSession
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

    /// The bundled cards as flick finds them (`CardSource.defaultFolder`: `$FLICK_ASSETS`, an
    /// installed share folder, `./assets`, or the package's).
    static func defaultFolder() -> String { CardSource.defaultFolder() }

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
