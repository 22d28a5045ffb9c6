import FlickIO
import Foundation
import Testing

/// `VideoCheck` judges an exported video from its container, without ffprobe: a whole MP4 or GIF
/// passes with its duration, and the files a full disk or a killed encoder leaves (no index, a
/// frame box cut short, a chunk past the end, no GIF trailer) are refused with what is missing.
struct VideoCheckTests {
    /// A box: its 32-bit size, its type, its content.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + body.count)) + Array(type.utf8) + body
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A minimal MP4 of `samples` samples lasting `seconds`, its chunk at `chunkOffset` (nil: in
    /// the mdat), `withMoov` false to leave the index out.
    static func mp4(seconds: UInt32 = 4, samples: UInt32 = 120, withMoov: Bool = true, chunkOffset: UInt32? = nil,
                    mdatBytes: Int = 4000) -> [UInt8] {
        let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isomiso2avc1mp41".utf8))
        // mvhd version 0: flags, created, modified, timescale, duration, then the rest (zeros).
        let mvhd = box("mvhd", be32(0) + be32(0) + be32(0) + be32(1000) + be32(seconds * 1000) + [UInt8](repeating: 0, count: 80))
        func moov(offset: UInt32) -> [UInt8] {
            let stsz = box("stsz", be32(0) + be32(0) + be32(samples))
            let stco = box("stco", be32(0) + be32(1) + be32(offset))
            let stbl = box("stbl", stsz + stco)
            return box("moov", mvhd + box("trak", box("mdia", box("minf", stbl))))
        }
        let headLength = ftyp.count + (withMoov ? moov(offset: 0).count : 0)
        let mdat = box("mdat", [UInt8](repeating: 7, count: mdatBytes))
        return ftyp + (withMoov ? moov(offset: chunkOffset ?? UInt32(headLength + 8)) : []) + mdat
    }

    static func check(_ bytes: [UInt8], _ format: String, seconds: Double = 4) throws -> String? {
        let path = NSTemporaryDirectory() + "videocheck-\(getpid())-\(UUID().uuidString).\(format)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        return VideoCheck.problem(path, format: format, seconds: seconds)
    }

    @Test func aWholeMP4Passes() throws {
        #expect(try Self.check(Self.mp4(), "mp4") == nil)
        #expect(try VideoCheck.mp4Duration(Data(Self.mp4(seconds: 9))) == 9)
    }

    @Test func anMP4WithoutItsIndexIsRefused() throws {
        let problem = try Self.check(Self.mp4(withMoov: false), "mp4")
        #expect(problem == "the video came out without its index (no 'moov' box; disk full?)")
    }

    @Test func anMP4CutShortIsRefused() throws {
        let whole = Self.mp4()
        let problem = try Self.check(Array(whole.prefix(whole.count - 1000)), "mp4")
        #expect(problem?.hasPrefix("the video came out truncated (its 'mdat' box declares 4008 bytes, 3008 are there") == true, "\(problem ?? "nil")")
        // Cut inside the index: the 'moov' box does not fit.
        #expect(try Self.check(Array(whole.prefix(60)), "mp4")?.contains("'moov' box declares") == true)
    }

    @Test func aChunkPastTheEndIsRefused() throws {
        let problem = try Self.check(Self.mp4(chunkOffset: 1_000_000), "mp4")
        #expect(problem?.hasPrefix("the video came out truncated (a chunk at byte 1000000") == true, "\(problem ?? "nil")")
    }

    @Test func noSamplesAndTooShortAreRefused() throws {
        #expect(try Self.check(Self.mp4(samples: 0), "mp4") == "the video came out without its index (no track with samples; disk full?)")
        #expect(try Self.check(Self.mp4(seconds: 1), "mp4", seconds: 10)?.hasPrefix("the video came out truncated (1.00 s of 10.00 s") == true)
        #expect(try Self.check(Array("garbage".utf8), "mp4") == "the video came out unplayable (not an MP4: no 'ftyp' box at its start)")
    }

    /// A GIF of `frames` 1x1 images, each shown for `delay` hundredths of a second.
    static func gif(frames: Int, delay: UInt8 = 10) -> [UInt8] {
        var out = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0 ..< frames {
            out += [0x21, 0xF9, 4, 0, delay, 0, 0, 0]
            out += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0]
        }
        return out + [0x3B]
    }

    @Test func gifsAreWalkedToTheirTrailer() throws {
        #expect(try Self.check(Self.gif(frames: 40), "gif") == nil)
        #expect(try VideoCheck.gifDuration(Data(Self.gif(frames: 40))) == 4)
        let whole = Self.gif(frames: 40)
        #expect(try Self.check(Array(whole.dropLast()), "gif") == "the video came out truncated (no GIF trailer; disk full?)")
        #expect(try Self.check(Array(whole.prefix(200)), "gif") == "the video came out truncated (no GIF trailer; disk full?)")
        #expect(try Self.check(Self.gif(frames: 0), "gif") == "the video came out unplayable (a GIF without an image)")
        #expect(try Self.check(Array("garbage".utf8), "gif") == "the video came out unplayable (not a GIF: no GIF header)")
    }

    /// A real MP4 and GIF from ffmpeg (when installed): whole, they pass; an MP4 cut at 32 KB or
    /// without its 'moov', and a GIF without its last bytes, are refused.
    @Test func realFilesFromFFmpeg() throws {
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let folder = NSTemporaryDirectory() + "videocheck-ffmpeg-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func make(_ name: String, _ args: [String]) throws -> [UInt8] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: ffmpeg)
            p.arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "4"] + args + [folder + "/" + name]
            try p.run()
            p.waitUntilExit()
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        let fast = try make("fast.mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"])
        let late = try make("late.mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        let gif = try make("clip.gif", [])
        #expect(try Self.check(fast, "mp4") == nil)
        #expect(try Self.check(late, "mp4") == nil)
        #expect(try Self.check(gif, "gif") == nil)
        #expect(try Self.check(Array(fast.prefix(fast.count / 2)), "mp4")?.hasPrefix("the video came out truncated") == true)
        // The index written last (no faststart) and lost: the file ends with the frames.
        #expect(try Self.check(Array(late.prefix(late.count / 2)), "mp4")?.hasPrefix("the video came out truncated") == true)
        let moovAt = try #require(Self.topBox("moov", in: late))
        #expect(try Self.check(Array(late[..<moovAt]), "mp4") == "the video came out without its index (no 'moov' box; disk full?)")
        #expect(try Self.check(Array(gif.dropLast(100)), "gif") == "the video came out truncated (no GIF trailer; disk full?)")
    }

    static func topBox(_ type: String, in bytes: [UInt8]) -> Int? {
        var at = 0
        while at + 8 <= bytes.count {
            let size = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if String(decoding: bytes[at + 4 ..< at + 8], as: UTF8.self) == type { return at }
            guard size >= 8 else { return nil }
            at += size
        }
        return nil
    }
}
