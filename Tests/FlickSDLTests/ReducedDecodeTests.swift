import CSDL2
import Foundation
import Testing
@testable import FlickSDL

/// The background decoder reads PNGs row by row and reduces them as it goes (`ReducedDecode`):
/// the result must be the very bytes of decoding whole with SDL_image and box-reducing after,
/// so faces look the same whichever way an image was decoded.
@MainActor
@Suite(.serialized)
struct ReducedDecodeTests {
    init() { _ = SDLTestEnvironment.context }

    /// Fills an RGBA32 surface with a pattern that changes every pixel, alpha too (some 0).
    func paint(_ s: Surface) {
        let w = s.width, h = s.height
        s.withRGBABytes { bytes, pitch in
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * pitch + x * 4
                    bytes[i] = UInt8((x * 7 + y * 3) & 255)
                    bytes[i + 1] = UInt8((x * y) & 255)
                    bytes[i + 2] = UInt8((255 - x * 2 + y) & 255)
                    bytes[i + 3] = (x + y) % 11 == 0 ? 0 : UInt8((x * 5 + y * 9) & 255)
                }
            }
        }
    }

    /// The same image saved as RGBA, as RGB (no alpha) and palettised (INDEX8) PNGs.
    func pngs(width: Int, height: Int) throws -> [String] {
        let rgba = try Surface(width: width, height: height)
        paint(rgba)
        let folder = PixelArtifacts.folder
        var paths = ["\(folder)/reduced-rgba.png", "\(folder)/reduced-rgb.png", "\(folder)/reduced-index8.png"]
        try rgba.savePNG(to: paths[0])
        for (format, path) in [(SDL_PIXELFORMAT_RGB24, paths[1]), (SDL_PIXELFORMAT_INDEX8, paths[2])] {
            guard let converted = SDL_ConvertSurfaceFormat(rgba.pointer, format.rawValue, 0) else {
                Issue.record("SDL_ConvertSurfaceFormat: \(String(cString: SDL_GetError()))")
                paths.removeAll { $0 == path }
                continue
            }
            try Surface(taking: converted).savePNG(to: path)
        }
        return paths
    }

    func bytes(_ s: Surface) -> [UInt8] {
        s.withRGBABytes { raw, pitch in
            var out: [UInt8] = []
            for y in 0..<s.height { out += raw[(y * pitch)..<(y * pitch + s.width * 4)] }
            return out
        }
    }

    @Test func reducedWhileDecodingEqualsDecodedWholeThenReduced() throws {
        for path in try pngs(width: 203, height: 157) {
            let whole = try ImageLoader.loadSurface(path: path)
            for k in [1, 2, 3, 7, 64] where 203 / k > 0 && 157 / k > 0 {
                var pauses = 0
                guard case .decoded(let image, let w, let h) = ReducedDecode.png(path: path, factor: { _, _ in k },
                                                                                pause: { pauses += 1; return true }) else {
                    Issue.record("\(path): not decoded row by row")
                    continue
                }
                #expect(w == 203 && h == 157)
                let expected = k == 1 ? whole : try whole.boxReduced(factor: k, source: (0, 0, 203, 157))
                #expect(image.width == expected.width && image.height == expected.height, "\(path) k \(k)")
                #expect(bytes(image) == bytes(expected), "\(path) reduced by \(k) differs from whole-then-reduced")
                if k < 64 { #expect(pauses > 0, "never paused") }
            }
        }
    }

    @Test func pauseAnsweringFalseStopsTheDecode() throws {
        let path = try pngs(width: 300, height: 300)[0]
        var pauses = 0
        let outcome = ReducedDecode.png(path: path, factor: { _, _ in 1 }, pause: { pauses += 1; return false })
        guard case .stopped = outcome else { Issue.record("not stopped: \(outcome)"); return }
        #expect(pauses == 1)
    }

    @Test func otherFilesAreLeftToTheWholeImageDecoder() throws {
        let s = try Surface(width: 40, height: 30)
        paint(s)
        let jpeg = "\(PixelArtifacts.folder)/reduced.jpg"
        #expect(IMG_SaveJPG(s.pointer, jpeg, 90) == 0)
        let text = "\(PixelArtifacts.folder)/reduced-not-an-image.png"
        try Data("not a PNG at all".utf8).write(to: URL(fileURLWithPath: text))
        let truncated = "\(PixelArtifacts.folder)/reduced-truncated.png"
        try s.savePNG(to: truncated)
        let data = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: truncated))
        for path in [jpeg, text, truncated] {
            guard case .notHandled = ReducedDecode.png(path: path, factor: { _, _ in 2 }, pause: { true }) else {
                Issue.record("\(path) was not left to SDL_image")
                continue
            }
        }
    }
}
