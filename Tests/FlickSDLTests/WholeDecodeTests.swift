@testable import FlickSDL
import Foundation
import Testing

/// Every decode can be stopped, is bounded, and reads what SDL_image read.
@Suite struct WholeDecodeTests {
    /// ImageMagick's Adam7-interlaced 16x16 PNG of pixel (x, y) = (16x, 16y, 128).
    static let interlacedPNG = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAAHnlligAAAABGdBTUEAALGPC/xhBQAAACBjSFJNAAB6JgAAgIQAAPoAAACA6AAAdTAAAOpgAAA6mAAAF3CculE8AAAABmJLR0QA/wD/AP+gvaeTAAAAB3RJTUUH6gsYAhwMdTMZPQAAAFJJREFUKM/tjcEJwDAMA0/QATyCR/FoGr2PFJpQDOmvjwp95LNlgQ0HBlAtiXLB8DUbUjKTukkfRDrh6WVr1nugoPuRXdUXgQgH7Ltt6vQf7OgEdrIOtPLy4QgAAAAldEVYdGRhdGU6Y3JlYXRlADIwMjYtMTEtMjRUMDI6Mjg6MTIrMDA6MDC8NwblAAAAJXRFWHRkYXRlOm1vZGlmeQAyMDI2LTExLTI0VDAyOjI4OjEyKzAwOjAwzWq+WQAAAABJRU5ErkJggg=="
    /// Pillow's progressive 16x16 JPEG of (200, 40, 60).
    static let progressiveJPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAVAQEBAAAAAAAAAAAAAAAAAAAFB//aAAwDAQACEAMQAAABjARaP//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAQUCH//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQMBAT8Bf//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQIBAT8Bf//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEABj8CH//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAT8hH//aAAwDAQACAAMAAAAQ+//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQMBAT8Qf//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQIBAT8Qf//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAT8QH//Z"

    static func write(_ name: String, _ data: Data) -> String {
        let path = "\(PixelArtifacts.folder)/\(name)"
        _ = FileManager.default.createFile(atPath: path, contents: data)
        return path
    }

    static func pixel(_ s: Surface, _ x: Int, _ y: Int) -> [UInt8] {
        s.withRGBABytes { raw, pitch in (0..<4).map { raw[y * pitch + x * 4 + $0] } }
    }

    /// SDL_image handed interlaced PNGs to libpng whole (and crashed past 2 GB); Flick's own
    /// reader now decodes every Adam7 pass into place.
    @Test func interlacedPNGDecodesEveryPixel() throws {
        let path = Self.write("adam7.png", Data(base64Encoded: Self.interlacedPNG)!)
        let surface = try ImageLoader.loadSurface(path: path)
        #expect(surface.width == 16 && surface.height == 16)
        for (x, y) in [(0, 0), (1, 0), (0, 1), (5, 3), (7, 7), (15, 15), (9, 14)] {
            #expect(Self.pixel(surface, x, y) == [UInt8(x * 16), UInt8(y * 16), 128, 255], "pixel \(x),\(y)")
        }
    }

    @Test func progressiveJPEGDecodesToItsColour() throws {
        let path = Self.write("progressive.jpg", Data(base64Encoded: Self.progressiveJPEG)!)
        let p = Self.pixel(try ImageLoader.loadSurface(path: path), 8, 8)
        #expect(abs(Int(p[0]) - 200) <= 3 && abs(Int(p[1]) - 40) <= 3 && abs(Int(p[2]) - 60) <= 3 && p[3] == 255, "\(p)")
    }

    /// The file: a progressive JPEG whose last scan repeats 20,000 times kept a quitting
    /// process alive for 11 minutes. Past `maxJPEGScans` it is refused, naming why.
    @Test func jpegOfEndlessScansIsRefused() throws {
        let data = Data(base64Encoded: Self.progressiveJPEG)!
        let bytes = [UInt8](data)
        let end = bytes.count - 2   // FF D9
        let last = try #require((0..<end - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        var crafted = Array(bytes[..<end])
        for _ in 0..<(WholeDecode.maxJPEGScans + 500) { crafted += bytes[last..<end] }
        crafted += [0xFF, 0xD9]
        let path = Self.write("endless-scans.jpg", Data(crafted))
        let error = #expect(throws: ImageLoadError.self) { try ImageLoader.loadSurface(path: path) }
        #expect(error?.reason.contains("more than \(WholeDecode.maxJPEGScans) scans") == true, "\(String(describing: error))")
    }

    /// A stop asked for mid-decode ends the decode at once, for both readers, with no error.
    @Test func aDecodeStopsWhenAsked() throws {
        let png = Self.write("stop.png", Data(base64Encoded: Self.interlacedPNG)!)
        let jpeg = Self.write("stop.jpg", Data(base64Encoded: Self.progressiveJPEG)!)
        for path in [png, jpeg] {
            var asked = 0
            let result = try ImageLoader.loadSurface(path: path, keepGoing: { asked += 1; return false })
            #expect(result == nil, "\(path) decoded anyway")
            #expect(asked == 1, "\(path): asked \(asked) times after the first no")
        }
    }

    /// A JPEG or PNG whose file ends inside its pixels (a copy cut short) is an error that says
    /// so: libjpeg would fill the rest with grey and call it a warning, a half card with no word.
    @Test func filesCutShortInTheirPixelsSayTruncated() throws {
        let bytes = [UInt8](Data(base64Encoded: Self.progressiveJPEG)!)
        // A few bytes into the first scan's data (past its header: marker, length, 12 bytes).
        let scan = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let jpeg = Self.write("cut-scan.jpg", Data(bytes[..<(scan + 2 + 12 + 3)]))
        let noise = try Surface(width: 64, height: 64)
        var seed: UInt32 = 7
        noise.withRGBABytes { bytes, _ in
            for i in 0..<bytes.count {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                bytes[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 24)
            }
        }
        let whole = "\(PixelArtifacts.folder)/cut-whole.png"
        try noise.savePNG(to: whole)
        let pngData = try Data(contentsOf: URL(fileURLWithPath: whole))
        let png = Self.write("cut-rows.png", pngData.prefix(pngData.count / 2))
        for path in [jpeg, png] {
            let error = #expect(throws: ImageLoadError.self) { try ImageLoader.loadSurface(path: path) }
            #expect(error?.reason == "truncated: the file ends before the image does", "\(path): \(String(describing: error))")
        }
    }

    /// A truncated JPEG is an error in libjpeg's words, naming the file, never a crash.
    @Test func truncatedFilesAreErrors() throws {
        let path = Self.write("cut.jpg", Data(base64Encoded: Self.progressiveJPEG)!.prefix(40))
        let error = #expect(throws: ImageLoadError.self) { try ImageLoader.loadSurface(path: path) }
        #expect(error?.path == path)
        #expect(error?.reason.isEmpty == false)
    }
}
