import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Checks an image file before anything decodes it: only a regular file is opened (a FIFO
/// named x.png must not block), its content must be a PNG or a JPEG whatever its name says
/// (a BMP named x.png was decoded whole past the pixel limit: the limit holds only for headers
/// read here), and its pixel count, read from the PNG IHDR or the JPEG SOF header, must stay
/// under a limit, so a small file that would decode past gigabytes is refused.
public enum ImageFile {
    /// Most pixels an image may have (width × height); 50 megapixels unless the app says otherwise.
    public static let maxPixels = Atomic<Int>(50_000_000)

    /// nil when `path` may be decoded; otherwise what is wrong with it ("is a directory",
    /// "is 23180x23180 pixels (537.3 megapixels, over the limit of 50)").
    public static func problem(at path: String, maxPixels: Int = ImageFile.maxPixels.load(ordering: .relaxed)) -> String? {
        var st = stat()
        if stat(path, &st) != 0 {
            switch errno {
            case ELOOP: return "is a symlink loop"
            case ENOENT:
                var l = stat()
                return lstat(path, &l) == 0 ? "is a symlink to nothing" : "does not exist"
            default: return "cannot be examined (\(String(cString: strerror(errno))))"
            }
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "is a directory, not an image file"
        case S_IFIFO: return "is a FIFO (named pipe), not an image file"
        case S_IFSOCK: return "is a socket, not an image file"
        default: return "is a device, not an image file"
        }
        if st.st_size == 0 { return "is empty (0 bytes)" }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "cannot be opened (\(String(cString: strerror(errno))))" }
        defer { close(fd) }
        if let other = otherFormat(fd: fd) {
            return "is \(other), not a PNG or JPEG image (whatever its name says; convert it to PNG)"
        }
        if let cut = truncatedPNG(fd: fd, size: Int(st.st_size)) { return cut }
        guard let (w, h) = dimensions(fd: fd) else { return nil }   // the decoder judges the rest
        let pixels = w.multipliedReportingOverflow(by: h)
        let mp = Double(w) * Double(h) / 1e6
        if pixels.overflow || pixels.partialValue > maxPixels {
            let amount = mp >= 0.1 ? "\(tenths(mp)) megapixels" : "\(pixels.partialValue) pixels"
            return "is \(w)x\(h) pixels (\(amount), over the limit of \(limitText(maxPixels)); see --max-image-pixels)"
        }
        // Decoded whole by SDL_image (a JPEG, an interlaced PNG): its row offsets are 32-bit, so
        // an image of 2 GB or more (at 4 bytes a pixel) crashed libpng whatever the limit said.
        if decodedWhole(fd: fd), pixels.partialValue >= wholeDecodePixels {
            return "is \(w)x\(h) pixels (\(tenths(mp)) megapixels): a JPEG or interlaced PNG is decoded whole, at most \(tenths(Double(wholeDecodePixels) / 1e6)) megapixels (save it as a non-interlaced PNG)"
        }
        return nil
    }

    /// A limit as it was given: in megapixels from a tenth of one ("50"), else in pixels
    /// ("1 pixel", "40000 pixels"), never rounded to a limit of 0.
    static func limitText(_ pixels: Int) -> String {
        pixels % 100_000 == 0 ? tenths(Double(pixels) / 1e6) : "\(pixels) pixel\(pixels == 1 ? "" : "s")"
    }

    /// A file with the PNG signature cut short before its header (IHDR) is complete: said as
    /// that, not left to a decoder that would call it "Not a JPEG file".
    static func truncatedPNG(fd: Int32, size: Int) -> String? {
        var head = [UInt8](repeating: 0, count: 16)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        guard n >= 8, head.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        // Signature 8, then IHDR: length 4, type 4, 13 bytes of data, CRC 4.
        if size < 33 {
            return "is a truncated PNG (\(size) bytes: the PNG signature\(size > 8 ? " and part of its header" : " alone"), no image header)"
        }
        if n < 16 || head[12..<16] != [0x49, 0x48, 0x44, 0x52] {
            return "is a damaged PNG (no image header, IHDR, after the signature)"
        }
        return nil
    }

    /// Most pixels of an image SDL_image decodes whole: under 2 GB at 4 bytes a pixel.
    public static let wholeDecodePixels = (1 << 31) / 4 - 1

    /// A JPEG, or a PNG whose IHDR says interlaced (Adam7): these are not decoded row by row.
    static func decodedWhole(fd: Int32) -> Bool {
        var head = [UInt8](repeating: 0, count: 29)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 29, 0) }
        guard n >= 2 else { return false }
        if head[0] == 0xFF && head[1] == 0xD8 { return true }
        return n == 29 && head.starts(with: [0x89, 0x50, 0x4E, 0x47]) && head[28] != 0
    }

    /// What a file that is neither PNG nor JPEG is, by its first bytes ("a BMP image", "data of an
    /// unknown kind"); nil for a PNG or a JPEG signature (and for a file too short to tell,
    /// which the decoder refuses).
    static func otherFormat(fd: Int32) -> String? {
        var head = [UInt8](repeating: 0, count: 16)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        guard n >= 4 else { return nil }
        let b = head.prefix(n)
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) || b.starts(with: [0xFF, 0xD8]) { return nil }
        if b.starts(with: Array("BM".utf8)) { return "a BMP image" }
        if b.starts(with: Array("GIF8".utf8)) { return "a GIF image" }
        if b.starts(with: Array("RIFF".utf8)) && n >= 12 && Array(head[8..<12]) == Array("WEBP".utf8) { return "a WebP image" }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF image" }
        if b.starts(with: Array("qoif".utf8)) { return "a QOI image" }
        if b.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "an ICO icon" }
        if b[b.startIndex] == 0x50, (0x31...0x37).contains(b[b.startIndex + 1]) { return "a PNM image" }
        return "data of an unknown kind"
    }

    /// Width and height from the header of a PNG or a JPEG, or nil for anything else.
    static func dimensions(fd: Int32) -> (Int, Int)? {
        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            var b = [UInt8](repeating: 0, count: count)
            let n = b.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? b : nil
        }
        func be(_ b: ArraySlice<UInt8>) -> Int { b.reduce(0) { $0 << 8 | Int($1) } }
        guard let head = bytes(0, 24) else { return nil }
        if head.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], head[12..<16] == [0x49, 0x48, 0x44, 0x52] {
            return (be(head[16..<20]), be(head[20..<24]))
        }
        guard head[0] == 0xFF, head[1] == 0xD8 else { return nil }
        // JPEG: walk the segments (marker, 2-byte length) to the first start-of-frame.
        var at = 2
        for _ in 0..<10_000 {
            guard let m = bytes(at, 4), m[0] == 0xFF else { return nil }
            let marker = m[1]
            if marker == 0xFF { at += 1; continue }          // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = be(m[2..<4])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                guard let sof = bytes(at + 4, 5) else { return nil }
                return (be(sof[3..<5]), be(sof[1..<3]))
            }
            if marker == 0xD9 || marker == 0xDA { return nil }   // end, or scan data before a frame
            at += 2 + length
        }
        return nil
    }

    private static func tenths(_ x: Double) -> String {
        let r = (x * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
