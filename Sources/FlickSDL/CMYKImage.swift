#if canImport(Glibc)
import Glibc
#endif

/// JPEGs in CMYK (print workflows, Photoshop exports): SDL_image hands their four channels over
/// as if they were ARGB, so a red screen was drawn blue. Flick reads the JPEG header itself to
/// know when an image is CMYK and whether Adobe's inverted convention applies (an APP14 "Adobe"
/// segment: 0 is full ink), and turns the channels into RGB.
enum CMYKImage {
    /// nil for anything but a 4-component JPEG; else whether its values are Adobe-inverted.
    static func adobeInverted(at path: String) -> Bool? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            var b = [UInt8](repeating: 0, count: count)
            let n = b.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? b : nil
        }
        guard let soi = bytes(0, 2), soi == [0xFF, 0xD8] else { return nil }
        var adobe = false
        var at = 2
        for _ in 0..<10_000 {
            guard let m = bytes(at, 4), m[0] == 0xFF else { return nil }
            let marker = m[1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = Int(m[2]) << 8 | Int(m[3])
            guard length >= 2 else { return nil }
            if marker == 0xEE, let tag = bytes(at + 4, 5), tag == Array("Adobe".utf8) { adobe = true }
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                guard let sof = bytes(at + 4, 6) else { return nil }
                return sof[5] == 4 ? adobe : nil
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            at += 2 + length
        }
        return nil
    }

    /// Converts, in place, an RGBA32 surface that SDL_image filled from a CMYK JPEG (bytes C, M,
    /// Y, K landed as B, G, R, A of ARGB8888, so R, G, B, A of RGBA32 hold Y, M, C, K) into
    /// opaque RGB: each colour is (1 - ink) x (1 - black).
    static func convert(_ surface: Surface, inverted: Bool) {
        surface.withRGBABytes { raw, pitch in
            for y in 0..<surface.height {
                var p = y * pitch
                for _ in 0..<surface.width {
                    var yy = Int(raw[p]), m = Int(raw[p + 1]), c = Int(raw[p + 2]), k = Int(raw[p + 3])
                    if !inverted { yy = 255 - yy; m = 255 - m; c = 255 - c; k = 255 - k }
                    raw[p] = UInt8((c * k + 127) / 255)
                    raw[p + 1] = UInt8((m * k + 127) / 255)
                    raw[p + 2] = UInt8((yy * k + 127) / 255)
                    raw[p + 3] = 255
                    p += 4
                }
            }
        }
    }
}
