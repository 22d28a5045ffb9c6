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

    /// The SDL_Texture*; valid for the life of this object (pixels given to `update(from:)` on a
    /// CPU-compositing renderer reach it here, when SDL is first to draw it).
    public var pointer: OpaquePointer {
        if pendingUpload, let pixels {
            pendingUpload = false
            let bytes = pixels.straightRGBA()
            bytes.withUnsafeBytes { _ = SDL_UpdateTexture(sdlTexture, nil, $0.baseAddress, Int32(width * 4)) }
        }
        return sdlTexture
    }
    private let sdlTexture: OpaquePointer
    /// Pixels not yet uploaded to SDL: the CPU compositor draws from `pixels`, so a refilled
    /// card view costs one copy, not two, until SDL itself draws the texture.
    private var pendingUpload = false
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

    /// Loads an image file (PNG, JPEG, ...), scaled below the renderer's maximum texture size.
    /// Throws `ImageLoadError` naming the file.
    public static func load(path: String, renderer: Renderer) throws -> Texture {
        try ImageLoader.loadTexture(path: path, renderer: renderer)
    }

    deinit { SDL_DestroyTexture(sdlTexture) }

    /// Replaces the pixels with `surface`'s (same size; RGBA32 textures made with
    /// `init(renderer:width:height:access:)`): a reused card view refilled in place.
    public func update(from surface: Surface) throws {
        guard surface.width == width, surface.height == height else {
            throw SDLError(function: "SDL_UpdateTexture", message: "size \(surface.width)x\(surface.height) is not the texture's \(width)x\(height)")
        }
        let source = try surface.rgba32()
        if renderer.compositesOnCPU {
            if pixels == nil {
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
        try source.withRGBABytes { bytes, pitch in
            try check(SDL_UpdateTexture(sdlTexture, nil, bytes.baseAddress, Int32(pitch)), "SDL_UpdateTexture")
        }
    }

    private func configure() {
        SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(pointer, SDL_ScaleModeLinear)
    }

    /// Nearest-neighbour instead of linear sampling (pixel-exact tests, pixel art).
    public func setNearestSampling(_ nearest: Bool) {
        SDL_SetTextureScaleMode(pointer, nearest ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
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
        SDL_SetTextureScaleMode(pointer, want ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        drawnNearest = want
    }

    /// Multiplies colours when drawn with RenderCopy. (RenderGeometry ignores it: use vertex colours.)
    public func setColorMod(_ c: RGBA) {
        SDL_SetTextureColorMod(pointer, c.r, c.g, c.b)
        SDL_SetTextureAlphaMod(pointer, c.a)
    }
}
