import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a video file `flick export` made is whole, judged by Flick itself from the
/// container (no ffprobe needed): a full disk or a killed encoder leaves a file that starts
/// well but lacks its index or its end, and such a file must never be kept as made.
///
/// - MP4: the top-level boxes are walked, each must fit in the file; it needs `ftyp` first, a
///   whole `moov` holding `mvhd` (with a duration) and a `trak` whose `stbl` has `stsz` (or
///   `stz2`) with at least one sample and `stco` (or `co64`) whose every chunk offset lies inside
///   the file, and an `mdat`.
/// - GIF: the header, the screen descriptor and every block are walked to the trailer (0x3B),
///   with at least one image; the duration is the sum of the frames' delays.
///
/// The problem is one phrase (`the video came out without its index (no 'moov' box; disk
/// full?)`), or nil when the file is whole and lasts at least half of `seconds`.
package enum VideoCheck {
    package static func problem(_ path: String, format: String, seconds: Double) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return "the video came out unplayable (no file was made)" }
        guard st.st_size > 0 else { return "the video came out unplayable (an empty file)" }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return "the video came out unreadable (\(String(cString: strerror(errno))))"
        }
        let duration: Double?
        do {
            switch format {
            case "mp4", "mov": duration = try mp4Duration(data)
            case "gif": duration = try gifDuration(data)
            default: return nil
            }
        } catch {
            return "the video came out \(error.why)"
        }
        if let duration, duration < seconds * 0.5 {
            return String(format: "the video came out truncated (%.2f s of %.2f s; disk full?)", duration, seconds)
        }
        return nil
    }

    package struct Failure: Error, Equatable {
        package let why: String
        init(_ why: String) { self.why = why }
    }

    // MARK: MP4

    private struct Box {
        let type: String
        /// The content, after the header.
        let body: Range<Int>
    }

    /// The boxes in `range` of `data`, in order; a box that does not fit is a failure.
    private static func boxes(_ data: Data, _ range: Range<Int>, top: Bool) throws(Failure) -> [Box] {
        var out: [Box] = []
        var at = range.lowerBound
        while at < range.upperBound {
            guard range.upperBound - at >= 8 else { throw Failure("truncated (\(range.upperBound - at) stray bytes after the last box; disk full?)") }
            var size = Int(be32(data, at))
            let type = String(decoding: data[data.startIndex + at + 4 ..< data.startIndex + at + 8], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard range.upperBound - at >= 16 else { throw Failure("truncated (in the '\(type)' box's header; disk full?)") }
                let large = be64(data, at + 8)
                guard large <= UInt64(Int.max) else { throw Failure("unplayable (a broken '\(type)' box of \(large) bytes)") }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - at   // to the end of the file (or of its parent)
            }
            guard size >= header else { throw Failure("unplayable (a broken '\(type)' box of \(size) bytes)") }
            guard size <= range.upperBound - at else {
                throw Failure(top ? "truncated (its '\(type)' box declares \(size) bytes, \(range.upperBound - at) are there; disk full?)"
                                  : "unplayable (a '\(type)' box larger than the box holding it)")
            }
            out.append(Box(type: type, body: at + header ..< at + size))
            at += size
        }
        return out
    }

    private static func be32(_ data: Data, _ at: Int) -> UInt32 {
        let i = data.startIndex + at
        return UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
    }

    private static func be64(_ data: Data, _ at: Int) -> UInt64 {
        UInt64(be32(data, at)) << 32 | UInt64(be32(data, at + 4))
    }

    /// The MP4's duration in seconds from `mvhd`; throws what is missing or broken.
    package static func mp4Duration(_ data: Data) throws(Failure) -> Double? {
        guard data.count >= 8, String(decoding: data[data.startIndex + 4 ..< data.startIndex + 8], as: UTF8.self) == "ftyp" else {
            throw Failure("unplayable (not an MP4: no 'ftyp' box at its start)")
        }
        let top = try boxes(data, 0 ..< data.count, top: true)
        guard let moov = top.first(where: { $0.type == "moov" }) else { throw Failure("without its index (no 'moov' box; disk full?)") }
        guard top.contains(where: { $0.type == "mdat" }) else { throw Failure("without its frames (no 'mdat' box; disk full?)") }
        let inMoov = try boxes(data, moov.body, top: false)
        guard let mvhd = inMoov.first(where: { $0.type == "mvhd" }), mvhd.body.count >= 20 else {
            throw Failure("without its index (no 'mvhd' in 'moov'; disk full?)")
        }
        let version = data[data.startIndex + mvhd.body.lowerBound]
        let duration: Double?
        if version == 1, mvhd.body.count >= 32 {
            let scale = be32(data, mvhd.body.lowerBound + 20)
            duration = scale > 0 ? Double(be64(data, mvhd.body.lowerBound + 24)) / Double(scale) : nil
        } else {
            let scale = be32(data, mvhd.body.lowerBound + 12)
            duration = scale > 0 ? Double(be32(data, mvhd.body.lowerBound + 16)) / Double(scale) : nil
        }
        var samples = 0
        for trak in inMoov where trak.type == "trak" {
            guard let stbl = try path(data, trak, ["mdia", "minf", "stbl"]) else { continue }
            let tables = try boxes(data, stbl.body, top: false)
            var count = 0
            if let stsz = tables.first(where: { $0.type == "stsz" || $0.type == "stz2" }), stsz.body.count >= 12 {
                count = Int(be32(data, stsz.body.lowerBound + 8))
            }
            guard count > 0 else { continue }
            guard let chunks = tables.first(where: { $0.type == "stco" || $0.type == "co64" }), chunks.body.count >= 8 else {
                throw Failure("without its index (a track without 'stco' or 'co64'; disk full?)")
            }
            let wide = chunks.type == "co64"
            let entries = Int(be32(data, chunks.body.lowerBound + 4))
            let width = wide ? 8 : 4
            guard entries > 0, entries <= (chunks.body.count - 8) / width else {
                throw Failure("unplayable (a broken chunk table: '\(chunks.type)' of \(entries) entries)")
            }
            for k in 0 ..< entries {
                let at = chunks.body.lowerBound + 8 + k * width
                let offset = wide ? be64(data, at) : UInt64(be32(data, at))
                guard offset < UInt64(data.count) else {
                    throw Failure("truncated (a chunk at byte \(offset) of a \(data.count)-byte file; disk full?)")
                }
            }
            samples += count
        }
        guard samples > 0 else { throw Failure("without its index (no track with samples; disk full?)") }
        return duration
    }

    /// The box at the end of `names` inside `box`, or nil when one is missing.
    private static func path(_ data: Data, _ box: Box, _ names: [String]) throws(Failure) -> Box? {
        var node = box
        for name in names {
            guard let next = try boxes(data, node.body, top: false).first(where: { $0.type == name }) else { return nil }
            node = next
        }
        return node
    }

    // MARK: GIF

    /// The GIF's duration in seconds (its delays; nil when none is set); throws what is broken.
    package static func gifDuration(_ data: Data) throws(Failure) -> Double? {
        let bytes = [UInt8](data)   // sequential walk; a GIF export is bounded by its frames
        func byte(_ i: Int) throws(Failure) -> Int {
            guard i < bytes.count else { throw Failure("truncated (no GIF trailer; disk full?)") }
            return Int(bytes[i])
        }
        guard bytes.count >= 13, bytes[0 ..< 6].elementsEqual(Array("GIF87a".utf8)) || bytes[0 ..< 6].elementsEqual(Array("GIF89a".utf8)) else {
            throw Failure("unplayable (not a GIF: no GIF header)")
        }
        var at = 13
        let flags = bytes[10]
        if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
        var images = 0
        var delay = 0
        func skipSubBlocks() throws(Failure) {
            while true {
                let n = try byte(at)
                at += 1
                if n == 0 { return }
                at += n
            }
        }
        while true {
            switch try byte(at) {
            case 0x3B:
                guard images > 0 else { throw Failure("unplayable (a GIF without an image)") }
                return delay > 0 ? Double(delay) / 100 : nil
            case 0x21:
                let label = try byte(at + 1)
                if label == 0xF9, try byte(at + 2) == 4 { delay += try byte(at + 4) | byte(at + 5) << 8 }
                at += 2
                try skipSubBlocks()
            case 0x2C:
                let local = try byte(at + 9)
                at += 10
                if local & 0x80 != 0 { at += 3 << ((local & 7) + 1) }
                at += 1   // LZW minimum code size
                try skipSubBlocks()
                images += 1
            default:
                throw Failure(at >= bytes.count ? "truncated (no GIF trailer; disk full?)" : "unplayable (a broken GIF block at byte \(at))")
            }
        }
    }
}
