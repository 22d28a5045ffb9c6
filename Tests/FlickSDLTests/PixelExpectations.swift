import Foundation
import FlickSDL
import Testing

/// Where failing pixel tests leave their images: actual, expected and diff PNGs.
enum PixelArtifacts {
    static let folder: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-sdl-tests-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}

/// Compares `actual` with `expected` pixel by pixel (nil = don't care) within `tolerance` per
/// channel. On a mismatch it writes `<name>-actual.png`, `<name>-expected.png` and
/// `<name>-diff.png` (red = over tolerance, grey = within, blue = don't care) and records an issue
/// naming the folder. Returns the number of mismatching pixels.
@discardableResult
func expectPixels(_ actual: PixelBuffer, name: String, tolerance: Int,
                  sourceLocation: SourceLocation = #_sourceLocation,
                  expected: (Int, Int) -> RGBA?) -> Int {
    var expectedImage = PixelBuffer(width: actual.width, height: actual.height, fill: RGBA(0, 0, 0, 0))
    var diff = PixelBuffer(width: actual.width, height: actual.height, fill: .black)
    var mismatches = 0
    var first: String?
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            guard let want = expected(x, y) else {
                diff[x, y] = RGBA(0, 0, 90)
                continue
            }
            expectedImage[x, y] = want
            let got = actual[x, y]
            let d = got.maxChannelDifference(to: want)
            if d > tolerance {
                mismatches += 1
                if first == nil { first = "(\(x), \(y)): got \(got), expected \(want)" }
                diff[x, y] = RGBA(255, 0, 0)
            } else {
                let g = UInt8(min(255, d * 40))
                diff[x, y] = RGBA(g, g, g)
            }
        }
    }
    if mismatches > 0 {
        let base = "\(PixelArtifacts.folder)/\(name)"
        try? actual.savePNG(to: "\(base)-actual.png")
        try? expectedImage.savePNG(to: "\(base)-expected.png")
        try? diff.savePNG(to: "\(base)-diff.png")
        let message = "\(mismatches) pixel(s) differ by more than \(tolerance); first at \(first ?? "?"). "
            + "Images: \(base)-actual.png, -expected.png, -diff.png"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return mismatches
}

/// Saves `actual` next to the other artifacts and returns the path (for messages of non-diff checks).
func saveArtifact(_ actual: PixelBuffer, name: String) -> String {
    let path = "\(PixelArtifacts.folder)/\(name)-actual.png"
    try? actual.savePNG(to: path)
    return path
}
