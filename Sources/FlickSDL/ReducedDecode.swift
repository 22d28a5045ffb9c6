import CImageDecode

/// Decoding a big PNG straight to a reduced copy, row by row: the full-size image is never in
/// memory (a 4000x3000 photo is 48 MB decoded, an 8000x8000 one 256 MB), and the caller can
/// pause between rows, so a background decode can step aside while a frame is drawn.
enum ReducedDecode {
    enum Outcome {
        /// `image` is the file's `width`x`height` pixels reduced by the factor asked for.
        case decoded(image: Surface, width: Int, height: Int)
        /// `pause` asked to stop.
        case stopped
        /// Not a PNG this path reads (JPEG, interlaced, corrupt, ...): decode it whole (`WholeDecode`).
        case notHandled
    }

    /// Decodes the PNG at `path`, reduced by `factor(width, height)` (1...64; whole blocks of
    /// that many pixels averaged as `Surface.boxReduced` does, edges dropped the same way, so
    /// the result is the same bytes as decoding whole and reducing). `pause` runs every few
    /// rows; false stops.
    static func png(path: String, factor: (Int, Int) -> Int, pause: @escaping () -> Bool) -> Outcome {
        guard let png = flick_png_open(path) else { return .notHandled }
        defer { flick_png_close(png) }
        guard flick_png_interlaced(png) == 0 else { return .notHandled }
        let w = Int(flick_png_width(png)), h = Int(flick_png_height(png))
        let k = max(1, min(64, factor(w, h)))
        guard w / k > 0, h / k > 0, let out = try? Surface(uninitializedWidth: w / k, height: h / k), out.isRGBA32 else {
            return .notHandled
        }
        let box = StopBox(pause)
        let status: Int32 = out.withRGBABytes { bytes, pitch in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            return flick_png_read_reduced(png, Int32(k), base, pitch, StopBox.callback, box.pointer)
        }
        withExtendedLifetime(box) {}
        switch status {
        case 0: return .decoded(image: out, width: w, height: h)
        case 1: return .stopped
        default: return .notHandled   // the whole-image decoder reports the error in its words
        }
    }
}
