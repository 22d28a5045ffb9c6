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

    /// A frame waits for the decoder only as long as one step: the pauses come every 16 KB or so
    /// of decoded source rows, inside a block of rows reduced into one too (they once came once
    /// per output row: for an 8000-pixel-wide photo reduced 10x, 320 KB and 5 ms apart).
    @Test func pausesComeEverySixteenKilobytesInsideABlockOfRows() throws {
        let s = try Surface(width: 1000, height: 128)
        paint(s)
        let path = "\(PixelArtifacts.folder)/reduced-wide.png"
        try s.savePNG(to: path)
        var pauses = 0
        guard case .decoded(let image, _, _) = ReducedDecode.png(path: path, factor: { _, _ in 64 },
                                                                 pause: { pauses += 1; return true }) else {
            Issue.record("not decoded row by row")
            return
        }
        #expect(image.width == 15 && image.height == 2)
        // 4,000 bytes a row: a pause every 5 rows, 25 in 128 rows (2 when once per output row).
        #expect(pauses >= 25, "\(pauses) pauses in 128 rows of 4,000 bytes")
        // The same pauses in a whole decode (reduced by 1).
        pauses = 0
        guard case .decoded = ReducedDecode.png(path: path, factor: { _, _ in 1 }, pause: { pauses += 1; return true }) else {
            Issue.record("not decoded whole")
            return
        }
        #expect(pauses >= 25)
    }

    /// A face composed with pause points is the same face; a pause that throws ends the compose.
    @Test func composePausesBetweenStepsAndStopsWhenAPauseThrows() throws {
        let s = try Surface(width: 900, height: 700)
        paint(s)
        let plain = try CardFace.compose(s, width: 120, height: 200, style: FaceStyle(fit: .fill), cornerRadius: 10)
        var pauses = 0
        let paused = try CardFace.compose(s, width: 120, height: 200, style: FaceStyle(fit: .fill), cornerRadius: 10,
                                          pause: { pauses += 1 })
        #expect(bytes(paused) == bytes(plain))
        // Steps, and inside the 900x700 -> 240x400 box reduction (3x3 blocks, 2.5 MB read).
        #expect(pauses >= 10, "\(pauses) pauses")
        struct Enough: Error {}
        var calls = 0
        #expect(throws: Enough.self) {
            _ = try CardFace.compose(s, width: 120, height: 200, style: FaceStyle(fit: .fit), cornerRadius: 10,
                                     pause: { calls += 1; if calls == 3 { throw Enough() } })
        }
        #expect(calls == 3)
    }

    /// A surface left uncleared for a writer that sets every pixel: usable like any other, and
    /// an absurd size is a named error, not a crash.
    @Test func anUninitializedSurfaceIsWrittenReadAndFreedAndAbsurdSizesAreRefused() throws {
        let s = try Surface(uninitializedWidth: 33, height: 17)
        #expect(s.width == 33 && s.height == 17 && s.isRGBA32)
        try s.fill(RGBA(10, 20, 30, 40))
        #expect(bytes(s).count == 33 * 17 * 4)
        #expect(Set(bytes(s)) == [10, 20, 30, 40])
        let copy = try s.resampled(width: 11, height: 5)
        #expect(Set(bytes(copy)) == [10, 20, 30, 40])
        do {
            _ = try Surface(uninitializedWidth: 1 << 20, height: 1 << 20)
            Issue.record("a 1048576x1048576 surface was made")
        } catch let error as SDLError {
            #expect(error.description.contains("1048576x1048576"), "\(error)")
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
