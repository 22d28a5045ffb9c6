import CPixman
import CSDL2

/// The rectangle of the viewport that one frame's cards cover, composited on the CPU: a
/// streaming texture of the renderer's own pixel format is locked, wrapped as a pixman image,
/// filled with the background (or the pixels already drawn there, read back), composited into
/// and handed to SDL as one opaque copy. On the software renderer the copy is a row-by-row
/// memcpy; on GL it is one upload and one quad.
final class CPUFrame {
    let renderer: Renderer
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    private let sdlFormat: UInt32
    private let pixmanFormat: pixman_format_code_t
    /// The pixman image over the locked pixels, while a frame is open.
    private(set) var image: OpaquePointer?
    /// The frame's rectangle in viewport pixels.
    private(set) var rect = (x: 0, y: 0, width: 0, height: 0)

    init(renderer: Renderer) {
        self.renderer = renderer
        (sdlFormat, pixmanFormat) = CPUFrame.format(for: renderer)
    }

    deinit { if let texture { SDL_DestroyTexture(texture) } }

    /// The texture format the renderer's output has (so the final copy converts nothing) and
    /// pixman's name for it.
    private static func format(for renderer: Renderer) -> (UInt32, pixman_format_code_t) {
        var output = SDL_PIXELFORMAT_ARGB8888.rawValue
        if let surface = renderer.surface {
            output = surface.pointer.pointee.format.pointee.format
        } else if renderer.isSoftware, let window = renderer.window {
            output = SDL_GetWindowPixelFormat(window.pointer)
        }
        switch output {
        case SDL_PIXELFORMAT_RGB888.rawValue: return (output, PIXMAN_x8r8g8b8)
        case SDL_PIXELFORMAT_ABGR8888.rawValue: return (output, PIXMAN_a8b8g8r8)
        case SDL_PIXELFORMAT_BGR888.rawValue: return (output, PIXMAN_x8b8g8r8)
        default: return (SDL_PIXELFORMAT_ARGB8888.rawValue, PIXMAN_a8r8g8b8)
        }
    }

    /// Opens a frame over `rect` (viewport pixels, inside a viewport of `viewport` pixels),
    /// filled with `background`, or with what the renderer has drawn there so far when nil.
    /// False when it cannot (the caller draws through SDL instead).
    func begin(rect r: (x: Int, y: Int, width: Int, height: Int), viewport: (width: Int, height: Int),
               background: RGBA?) -> Bool {
        guard image == nil, r.width > 0, r.height > 0 else { return false }
        if texture == nil || textureSize.width < viewport.width || textureSize.height < viewport.height {
            if let texture { SDL_DestroyTexture(texture) }
            let w = max(viewport.width, textureSize.width), h = max(viewport.height, textureSize.height)
            texture = SDL_CreateTexture(renderer.pointer, sdlFormat, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(w), Int32(h))
            guard let texture else { SDL_ClearError(); textureSize = (0, 0); return false }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
            textureSize = (w, h)
        }
        var lockRect = SDL_Rect(x: 0, y: 0, w: Int32(r.width), h: Int32(r.height))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, &lockRect, &pixels, &pitch) == 0, let pixels else {
            SDL_ClearError()
            return false
        }
        if let background {
            let bytes = pixels.assumingMemoryBound(to: UInt32.self)
            let word = CPUFrame.word(background, format: pixmanFormat)
            _ = pixman_fill(bytes, pitch / 4, 32, 0, 0, Int32(r.width), Int32(r.height), word)
        } else {
            // SDL_RenderReadPixels takes output coordinates (clipped to the viewport), not the
            // viewport's own: the frame's rectangle is moved by the viewport's origin.
            var viewportRect = SDL_Rect()
            SDL_RenderGetViewport(renderer.pointer, &viewportRect)
            var source = SDL_Rect(x: Int32(r.x) + viewportRect.x, y: Int32(r.y) + viewportRect.y,
                                  w: Int32(r.width), h: Int32(r.height))
            if SDL_RenderReadPixels(renderer.pointer, &source, sdlFormat, pixels, pitch) != 0 {
                SDL_ClearError()
                SDL_UnlockTexture(texture)
                return false
            }
        }
        image = pixman_image_create_bits_no_clear(pixmanFormat, Int32(r.width), Int32(r.height),
                                                  pixels.assumingMemoryBound(to: UInt32.self), pitch)
        guard image != nil else { SDL_UnlockTexture(texture); return false }
        rect = r
        return true
    }

    /// Closes the frame: the pixels go to the renderer at `rect`.
    func end() throws {
        guard let image, let texture else { return }
        pixman_image_unref(image)
        self.image = nil
        SDL_UnlockTexture(texture)
        var source = SDL_Rect(x: 0, y: 0, w: Int32(rect.width), h: Int32(rect.height))
        var target = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        try check(SDL_RenderCopy(renderer.pointer, texture, &source, &target), "SDL_RenderCopy(frame)")
    }

    /// Closes a frame that was not ended (a draw that threw half-way): the texture is unlocked
    /// and nothing is copied, so the next frame can open. Does nothing after `end`.
    func cancel() {
        guard let image, let texture else { return }
        pixman_image_unref(image)
        self.image = nil
        SDL_UnlockTexture(texture)
    }

    /// `c` as one pixel word of `format` (opaque).
    static func word(_ c: RGBA, format: pixman_format_code_t) -> UInt32 {
        let r = UInt32(c.r), g = UInt32(c.g), b = UInt32(c.b)
        switch format {
        case PIXMAN_a8b8g8r8, PIXMAN_x8b8g8r8: return 0xff00_0000 | b << 16 | g << 8 | r
        default: return 0xff00_0000 | r << 16 | g << 8 | b
        }
    }
}
