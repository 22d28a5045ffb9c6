import CSDL2

/// An SDL_Texture, destroyed on deinit. It holds its Renderer, so it can never outlive it.
public final class Texture {
    /// How the texture may be used.
    public enum Access: Sendable {
        /// Uploaded once, drawn many times.
        case `static`
        /// Can be a render target (`Renderer.setTarget`).
        case target
    }

    /// The SDL_Texture*; valid for the life of this object. A texture made from compositor
    /// pixels (`init(renderer:pixels:)`) has none until SDL is first to draw it, and pixels given
    /// to `update(from:)` on a CPU-compositing renderer reach SDL here too.
    public var pointer: OpaquePointer {
        get throws {
            let made = try sdlTexture ?? makeSDLTexture()
            if pendingUpload, let pixels {
                pendingUpload = false
                let bytes = pixels.straightRGBA()
                bytes.withUnsafeBytes { _ = SDL_UpdateTexture(made, nil, $0.baseAddress, Int32(width * 4)) }
            }
            return made
        }
    }
    private var sdlTexture: OpaquePointer?
    /// SDL has a texture for it (one made from compositor pixels has none until SDL draws it).
    var hasSDLTexture: Bool { sdlTexture != nil }
    /// Pixels not yet uploaded to SDL: the CPU compositor draws from `pixels`, so a refilled
    /// card view costs one copy, not two, until SDL itself draws the texture.
    private var pendingUpload = false
    /// `pixels` belongs to somebody else too (a cached face): `update(from:)` makes its own.
    private var sharesPixels = false
    public let renderer: Renderer
    /// Size in pixels.
    public let width: Int, height: Int
    /// The pixels again in CPU memory, premultiplied, where the renderer composites cards on the
    /// CPU (`Renderer.compositesOnCPU`); nil elsewhere and for render targets.
    public private(set) var pixels: PixelImage?

    /// Uploads a surface. Blend mode is SDL_BLENDMODE_BLEND (straight alpha), linear filtering.
    public init(renderer: Renderer, surface: Surface) throws {
        self.renderer = renderer
        sdlTexture = try check(SDL_CreateTextureFromSurface(renderer.pointer, surface.pointer),
                            "SDL_CreateTextureFromSurface(\(surface.width)x\(surface.height))")
        width = surface.width
        height = surface.height
        if renderer.compositesOnCPU { pixels = PixelImage(surface: surface) }
        configure()
    }

    /// An empty RGBA texture, e.g. a render target for composing a card once.
    public init(renderer: Renderer, width: Int, height: Int, access: Access = .target) throws {
        self.renderer = renderer
        let sdlAccess = access == .target ? SDL_TEXTUREACCESS_TARGET : SDL_TEXTUREACCESS_STATIC
        sdlTexture = try check(
            SDL_CreateTexture(renderer.pointer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(sdlAccess.rawValue),
                              Int32(width), Int32(height)),
            "SDL_CreateTexture(\(width)x\(height))")
        self.width = width
        self.height = height
        configure()
    }

    /// A texture of premultiplied pixels made elsewhere (a face composed on the worker thread),
    /// for a renderer that composites on the CPU: nothing is copied, and the SDL texture is only
    /// made (and uploaded) if SDL itself comes to draw it. `pixels` must not change afterwards.
    init(renderer: Renderer, pixels: PixelImage) {
        self.renderer = renderer
        width = pixels.width
        height = pixels.height
        self.pixels = pixels
        sharesPixels = true
        pendingUpload = true
    }

    private func makeSDLTexture() throws -> OpaquePointer {
        let made = try check(
            SDL_CreateTexture(renderer.pointer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                              Int32(width), Int32(height)),
            "SDL_CreateTexture(\(width)x\(height))")
        sdlTexture = made
        configure()
        return made
    }

    /// Loads an image file (PNG, JPEG, ...), scaled below the renderer's maximum texture size.
    /// Throws `ImageLoadError` naming the file.
    public static func load(path: String, renderer: Renderer) throws -> Texture {
        try ImageLoader.loadTexture(path: path, renderer: renderer)
    }

    deinit { if let sdlTexture { SDL_DestroyTexture(sdlTexture) } }

    /// Replaces the pixels with `surface`'s (same size; RGBA32 textures made with
    /// `init(renderer:width:height:access:)`): a reused card view refilled in place.
    public func update(from surface: Surface) throws {
        guard surface.width == width, surface.height == height else {
            throw SDLError(function: "SDL_UpdateTexture", message: "size \(surface.width)x\(surface.height) is not the texture's \(width)x\(height)")
        }
        let source = try surface.rgba32()
        if renderer.compositesOnCPU {
            if pixels == nil || sharesPixels {
                sharesPixels = false
                pixels = PixelImage(width: width, height: height)
                pixels?.nearest = samplesNearest
            }
            if let pixels {
                pixels.replace(with: source)
                pendingUpload = true
                return
            }
        }
        pendingUpload = false
        let made = try sdlTexture ?? makeSDLTexture()
        try source.withRGBABytes { bytes, pitch in
            try check(SDL_UpdateTexture(made, nil, bytes.baseAddress, Int32(pitch)), "SDL_UpdateTexture")
        }
    }

    /// Blend mode SDL_BLENDMODE_BLEND, the sampling and colour mod asked for so far.
    private func configure() {
        guard let sdlTexture else { return }
        SDL_SetTextureBlendMode(sdlTexture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(sdlTexture, (drawnNearest ?? samplesNearest) ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        if colorMod != RGBA(255, 255, 255) {
            SDL_SetTextureColorMod(sdlTexture, colorMod.r, colorMod.g, colorMod.b)
            SDL_SetTextureAlphaMod(sdlTexture, colorMod.a)
        }
    }

    /// Nearest-neighbour instead of linear sampling (pixel-exact tests, pixel art).
    public func setNearestSampling(_ nearest: Bool) {
        if let sdlTexture { SDL_SetTextureScaleMode(sdlTexture, nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear) }
        samplesNearest = nearest
        drawnNearest = nil
        pixels?.nearest = nearest
    }
    private var samplesNearest = false
    /// The sampling SDL has for the texture now (nil: the texture's own, linear unless
    /// `setNearestSampling`).
    private var drawnNearest: Bool?

    /// Samples the nearest texel for the draws that follow when `nearest` (a card drawn at the
    /// size its face was made: same pixels, a fraction of a GPU rasteriser's bilinear cost), else
    /// the texture's own filtering. SDL applies a texture's scale mode when its queued draws
    /// run, so queued draws are flushed first when the mode changes.
    func sample(nearest: Bool) {
        let want = nearest || samplesNearest
        guard drawnNearest != want else { return }
        if drawnNearest != nil { SDL_RenderFlush(renderer.pointer) }
        drawnNearest = want
        guard let sdlTexture else { return }   // applied when SDL's texture is made
        SDL_SetTextureScaleMode(sdlTexture, want ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
    }

    /// Multiplies colours when drawn with RenderCopy. (RenderGeometry ignores it: use vertex colours.)
    public func setColorMod(_ c: RGBA) {
        colorMod = c
        guard let sdlTexture else { return }   // applied when SDL's texture is made
        SDL_SetTextureColorMod(sdlTexture, c.r, c.g, c.b)
        SDL_SetTextureAlphaMod(sdlTexture, c.a)
    }
    private var colorMod = RGBA(255, 255, 255)
}
