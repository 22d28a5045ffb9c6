import CImageDecode
import CPixman
import Glibc

/// A texture's pixels as the CPU compositor reads them: premultiplied ARGB words in memory of
/// its own, wrapped as a pixman image (bilinear filtering, transparent outside its edges).
public final class PixelImage {
    /// The pixman_image_t*; valid for the life of this object.
    let image: OpaquePointer
    let width: Int, height: Int
    /// Nearest-neighbour sampling instead of bilinear (`Texture.setNearestSampling`).
    var nearest = false {
        didSet { pixman_image_set_filter(image, nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0) }
    }
    private let bits: UnsafeMutablePointer<UInt32>

    /// Transparent black pixels.
    init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15,
              let memory = calloc(width * height, 4) else { return nil }
        bits = memory.assumingMemoryBound(to: UInt32.self)
        guard let made = pixman_image_create_bits_no_clear(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                           bits, Int32(width * 4)) else {
            free(memory)
            return nil
        }
        image = made
        self.width = width
        self.height = height
        pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
    }

    /// A copy of `surface`'s pixels (any format), premultiplied.
    convenience init?(surface: Surface) {
        guard let rgba = try? surface.rgba32() else { return nil }
        self.init(width: rgba.width, height: rgba.height)
        replace(with: rgba)
    }

    deinit {
        pixman_image_unref(image)
        free(bits)
    }

    /// Copies `surface` (RGBA32, this image's size) in, premultiplied.
    func replace(with surface: Surface) {
        guard surface.isRGBA32, surface.width == width, surface.height == height else { return }
        surface.withRGBABytes { bytes, pitch in
            guard let base = bytes.baseAddress else { return }
            flick_premultiply_rgba(base.assumingMemoryBound(to: UInt8.self), pitch, bits, width * 4,
                                   Int32(width), Int32(height))
        }
    }

    /// Every pixel as straight-alpha RGBA bytes, rows packed (for SDL, which wants them so).
    func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let c = pixel(x: i % width, y: i / width)
            out[4 * i] = c.r; out[4 * i + 1] = c.g; out[4 * i + 2] = c.b; out[4 * i + 3] = c.a
        }
        return out
    }

    /// The straight-alpha colour at (x, y) (tests).
    public func pixel(x: Int, y: Int) -> RGBA {
        let v = bits[y * width + x]
        let a = UInt8(v >> 24)
        func channel(_ c: UInt32) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (c * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        return RGBA(channel((v >> 16) & 255), channel((v >> 8) & 255), channel(v & 255), a)
    }
}
