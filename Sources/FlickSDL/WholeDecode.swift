import CImageDecode

/// Decoding a PNG or JPEG whole, to RGBA, with a way out: `keepGoing` runs every few rows (and,
/// for a JPEG, every scan) and false stops the decode, so that quitting never waits for a decode
/// and no file can hold the decoder for long. SDL_image cannot be interrupted, so Flick reads the
/// two formats it accepts (`ImageFile` refuses others by content) with libpng and libjpeg itself.
enum WholeDecode {
    enum Outcome {
        case decoded(Surface)
        /// `keepGoing` said false.
        case stopped
        /// Why the file could not be decoded, in the decoder's words.
        case failed(String)
    }

    /// A progressive JPEG has about ten scans; a crafted one can repeat its last scan thousands
    /// of times, each a full pass over the image (20,000 of them took 11 minutes; 1,000 took 26 s
    /// for a 4000x4000 image). Encoders write 10 or so; 100 leaves room and refuses in 3 s.
    static let maxJPEGScans = 100

    /// Decodes the PNG or JPEG at `path` (told apart by content).
    static func decode(path: String, keepGoing: @escaping () -> Bool) -> Outcome {
        let stop = StopBox(keepGoing)
        defer { withExtendedLifetime(stop) {} }
        if let png = flick_png_open(path) {
            defer { flick_png_close(png) }
            return read(width: flick_png_width(png), height: flick_png_height(png)) { bytes, pitch in
                flick_png_read_whole(png, bytes, pitch, StopBox.callback, stop.pointer)
            } error: { String(cString: flick_png_error(png)) }
        }
        var message = [CChar](repeating: 0, count: 256)
        guard let jpeg = flick_jpeg_open(path, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failed(reason.isEmpty ? "not a readable PNG or JPEG image" : reason)
        }
        defer { flick_jpeg_close(jpeg) }
        return read(width: flick_jpeg_width(jpeg), height: flick_jpeg_height(jpeg)) { bytes, pitch in
            flick_jpeg_read(jpeg, bytes, pitch, Int32(maxJPEGScans), StopBox.callback, stop.pointer)
        } error: { String(cString: flick_jpeg_error(jpeg)) }
    }

    private static func read(width: UInt32, height: UInt32, _ body: (UnsafeMutablePointer<UInt8>, Int) -> Int32,
                             error: () -> String) -> Outcome {
        guard width > 0, height > 0 else { return .failed("image has no pixels (\(width)x\(height))") }
        guard let surface = try? Surface(width: Int(width), height: Int(height)), surface.isRGBA32 else {
            return .failed("cannot hold \(width)x\(height) pixels in memory")
        }
        let status: Int32 = surface.withRGBABytes { bytes, pitch in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            return body(base, pitch)
        }
        switch status {
        case 0: return .decoded(surface)
        case 1: return .stopped
        default:
            let reason = error()
            return .failed(reason.isEmpty ? "not a readable image" : reason)
        }
    }
}

/// Carries a Swift stop test through a C decoder's `void *context`.
final class StopBox {
    let keepGoing: () -> Bool
    init(_ keepGoing: @escaping () -> Bool) { self.keepGoing = keepGoing }
    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    /// The C callback: non-zero stops.
    static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        guard let context else { return 0 }
        return Unmanaged<StopBox>.fromOpaque(context).takeUnretainedValue().keepGoing() ? 0 : 1
    }
}
