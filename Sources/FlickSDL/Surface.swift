import CSDL2

/// An 8-bit RGBA colour (straight, not premultiplied alpha).
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }
    public static let black = RGBA(0, 0, 0), white = RGBA(255, 255, 255), clear = RGBA(0, 0, 0, 0)

    /// Largest per-channel difference to `other` (0...255).
    public func maxChannelDifference(to other: RGBA) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)),
            abs(Int(b) - Int(other.b)), abs(Int(a) - Int(other.a)))
    }

    var sdl: SDL_Color { SDL_Color(r: r, g: g, b: b, a: a) }
    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }
}

/// An SDL_Surface in CPU memory, freed on deinit. Card images are composed here once
/// (scaling, rounded-corner alpha) before they are uploaded as a `Texture`.
public final class Surface {
    /// The SDL_Surface*; valid for the life of this object.
    public let pointer: UnsafeMutablePointer<SDL_Surface>

    /// Takes ownership of a surface SDL returned.
    public init(taking pointer: UnsafeMutablePointer<SDL_Surface>) { self.pointer = pointer }

    /// A new RGBA32 surface (bytes R, G, B, A in memory), transparent black.
    public init(width: Int, height: Int) throws {
        pointer = try check(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                           SDL_PIXELFORMAT_RGBA32.rawValue),
            "SDL_CreateRGBSurfaceWithFormat(\(width)x\(height))")
    }

    /// A new RGBA32 surface whose pixels are left as the allocator hands them out, not cleared:
    /// for a writer that sets every pixel (a decoder, a reduction). SDL clears a new surface
    /// at once (1.5 to 2 ms for 1000x750 here, first touching every page); these pages are
    /// first touched as the rows are written, a few at a time, between a decoder's pauses.
    public init(uninitializedWidth width: Int, height: Int) throws {
        let w = max(1, width), h = max(1, height)
        let (pitch, o1) = w.multipliedReportingOverflow(by: 4)
        let (bytes, o2) = pitch.multipliedReportingOverflow(by: h)
        guard !o1, !o2, bytes <= Int(Int32.max), let pixels = SDL_malloc(bytes) else {
            throw SDLError(function: "Surface(uninitializedWidth: \(w), height: \(h))",
                           message: "cannot allocate \(w)x\(h) RGBA pixels")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(w), Int32(h), 32, Int32(pitch),
                                                               SDL_PIXELFORMAT_RGBA32.rawValue) else {
            SDL_free(pixels)
            throw SDLError(function: "SDL_CreateRGBSurfaceWithFormatFrom(\(w)x\(h))", message: String(cString: SDL_GetError()))
        }
        pointer = surface
        ownedPixels = pixels
    }

    /// Pixels this object allocated itself (`init(uninitializedWidth:height:)`); SDL does not
    /// free a surface's pixels it was handed.
    private var ownedPixels: UnsafeMutableRawPointer?

    deinit {
        SDL_FreeSurface(pointer)
        SDL_free(ownedPixels)
    }

    public var width: Int { Int(pointer.pointee.w) }
    public var height: Int { Int(pointer.pointee.h) }
    var format: UInt32 { pointer.pointee.format.pointee.format }
    public var isRGBA32: Bool { format == SDL_PIXELFORMAT_RGBA32.rawValue }

    /// This image converted to RGBA32 (or `self` when it already is).
    public func rgba32() throws -> Surface {
        if isRGBA32 { return self }
        let converted = try check(SDL_ConvertSurfaceFormat(pointer, SDL_PIXELFORMAT_RGBA32.rawValue, 0),
                                  "SDL_ConvertSurfaceFormat(RGBA32)")
        return Surface(taking: converted)
    }

    /// A `width`×`height` copy scaled with SDL_BlitScaled; `source` picks a sub-rectangle (pixels).
    public func scaled(width: Int, height: Int, source: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> Surface {
        let src = try rgba32()
        let out = try Surface(width: max(1, width), height: max(1, height))
        // Copy the pixels as they are, alpha included (no blending onto the transparent target).
        SDL_SetSurfaceBlendMode(src.pointer, SDL_BLENDMODE_NONE)
        var dst = SDL_Rect(x: 0, y: 0, w: Int32(out.width), h: Int32(out.height))
        if let source {
            var srcRect = SDL_Rect(x: Int32(source.x), y: Int32(source.y),
                                   w: Int32(source.width), h: Int32(source.height))
            try check(flick_blit_scaled(src.pointer, &srcRect, out.pointer, &dst), "SDL_BlitScaled")
        } else {
            try check(flick_blit_scaled(src.pointer, nil, out.pointer, &dst), "SDL_BlitScaled")
        }
        return out
    }

    /// Fills a rectangle (whole surface when nil) with `color`, replacing what is there.
    public func fill(_ color: RGBA, rect: (x: Int, y: Int, width: Int, height: Int)? = nil) throws {
        let value = SDL_MapRGBA(pointer.pointee.format, color.r, color.g, color.b, color.a)
        if let rect {
            var r = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
            try check(SDL_FillRect(pointer, &r, value), "SDL_FillRect")
        } else {
            try check(SDL_FillRect(pointer, nil, value), "SDL_FillRect")
        }
    }

    /// Copies `other` onto this surface at (`x`, `y`), alpha-blended.
    public func draw(_ other: Surface, x: Int, y: Int) throws {
        SDL_SetSurfaceBlendMode(other.pointer, SDL_BLENDMODE_BLEND)
        var dst = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(other.width), h: Int32(other.height))
        try check(flick_blit_surface(other.pointer, nil, pointer, &dst), "SDL_BlitSurface")
    }

    /// Direct access to RGBA32 bytes (row `y` starts at `y * pitch`). Only for RGBA32 surfaces.
    public func withRGBABytes<R>(_ body: (UnsafeMutableRawBufferPointer, _ pitch: Int) throws -> R) rethrows -> R {
        precondition(isRGBA32, "withRGBABytes needs an RGBA32 surface; call rgba32() first")
        let mustLock = flick_mustlock(pointer) != 0
        if mustLock { SDL_LockSurface(pointer) }
        defer { if mustLock { SDL_UnlockSurface(pointer) } }
        let pitch = Int(pointer.pointee.pitch)
        let bytes = UnsafeMutableRawBufferPointer(start: pointer.pointee.pixels, count: pitch * height)
        return try body(bytes, pitch)
    }

    /// Writes a PNG with SDL_image.
    public func savePNG(to path: String) throws {
        try check(IMG_SavePNG(pointer, path), "IMG_SavePNG(\(path))")
    }

    /// The PNG encoding of this surface, made in memory (no temporary file): a buffer as big as
    /// the worst case (stored, uncompressed rows) is written through an SDL_RWops.
    public func pngData() throws -> [UInt8] {
        let capacity = width * height * 4 + height * 8 + 1 << 20
        var buffer = [UInt8](repeating: 0, count: capacity)
        let written: Int = try buffer.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(clamping: raw.count)) else {
                throw SDLError.current("SDL_RWFromMem")
            }
            let result = IMG_SavePNG_RW(pointer, rw, 0)
            let end = SDL_RWtell(rw)
            SDL_RWclose(rw)
            try check(result, "IMG_SavePNG_RW")
            guard end > 0 else { throw SDLError(function: "IMG_SavePNG_RW", message: "nothing written") }
            return Int(end)
        }
        return Array(buffer.prefix(written))
    }
}

/// Pixels read back from a renderer: RGBA bytes, row-major, tightly packed, top row first.
public struct PixelBuffer: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel.
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4)
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    public init(width: Int, height: Int, fill: RGBA = .clear) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) { self[i % width, i / width] = fill }
    }

    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = (y * width + x) * 4
            return RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }

    /// A surface copy of these pixels (for PNG output or uploading as a texture).
    public func makeSurface() throws -> Surface {
        let surface = try Surface(width: width, height: height)
        surface.withRGBABytes { dst, pitch in
            bytes.withUnsafeBytes { src in
                for y in 0..<height {
                    let row = UnsafeRawBufferPointer(rebasing: src[(y * width * 4)..<((y + 1) * width * 4)])
                    UnsafeMutableRawBufferPointer(rebasing: dst[(y * pitch)..<(y * pitch + width * 4)])
                        .copyMemory(from: row)
                }
            }
        }
        return surface
    }

    /// Writes a PNG with SDL_image (IMG_SavePNG).
    public func savePNG(to path: String) throws {
        try makeSurface().savePNG(to: path)
    }

    /// The PNG encoding of these pixels, in memory.
    public func pngData() throws -> [UInt8] {
        try makeSurface().pngData()
    }
}
