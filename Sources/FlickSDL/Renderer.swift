import CSDL2
import CSafeGeometry
import FlickEngine

/// An SDL_Renderer, destroyed on deinit; it keeps its window (or offscreen surface) alive.
public final class Renderer {
    /// How to create the renderer for a window.
    public struct Options: Sendable {
        /// Skip the GPU and use SDL's software renderer.
        public var forceSoftware = false
        /// Wait for the display's vertical blank in `present()`.
        public var vsync = true
        /// The calling thread is the one that draws and presents this window's frames: raised
        /// (`FramePriority`) when the renderer is the software one, which draws on it, and kept
        /// at its level from before for GL, whose own threads start at the level they inherit.
        public var raisesFrameThread = false
        /// Keep an accelerated renderer whose GL is a software rasterizer (llvmpipe, softpipe,
        /// swrast) rather than switching to SDL's software renderer (benchmarks of GL itself).
        public var keepsSoftwareGL = false
        public init(forceSoftware: Bool = false, vsync: Bool = true, raisesFrameThread: Bool = false,
                    keepsSoftwareGL: Bool = false) {
            self.forceSoftware = forceSoftware
            self.vsync = vsync
            self.raisesFrameThread = raisesFrameThread
            self.keepsSoftwareGL = keepsSoftwareGL
        }
    }

    /// The SDL_Renderer*; valid for the life of this object.
    public let pointer: OpaquePointer
    /// The window drawn into, nil for an offscreen renderer.
    public let window: Window?
    /// The surface drawn into by an offscreen (software) renderer.
    public let surface: Surface?
    /// SDL's name of the backend ("opengl", "opengles2", "software", ...).
    public let name: String
    public let isSoftware: Bool
    /// `present()` waits for the display's vertical blank. Never on SDL's software renderer:
    /// SDL 2.26 reports `SDL_RENDERER_PRESENTVSYNC` for it whether asked or not, and its present
    /// returns at once (60 presents of a 1280x800 window in 3 ms on Xvfb, either way); a front
    /// end that wants paced frames there paces them itself.
    public let hasVsync: Bool
    /// Largest texture side SDL accepts, pixels; nil when the backend reports no limit (software).
    public let maxTextureSize: Int?
    /// Why no accelerated renderer was made when one was asked for (SDL's message); nil when
    /// none was asked for or it worked. The front end decides whether to tell anyone.
    public let fallbackReason: String?
    /// The GL implementation under an OpenGL backend (`GL_RENDERER`, "llvmpipe (LLVM 15.0.7,
    /// 256 bits)"), also when it was set aside for being a software rasterizer; nil otherwise.
    public let glRenderer: String?
    /// The renderer in one phrase for the HUD and the log: "software", "software (GL was
    /// llvmpipe ...)", "opengl (Mesa Intel ...)".
    public var summary: String {
        if isSoftware { return glRenderer.map { "software (GL is \($0))" } ?? "software" }
        return glRenderer.map { "\(name) (\($0))" } ?? name
    }
    /// Cards are composited on the CPU (pixman) and handed to SDL as one frame texture
    /// (`CPUFrame`): on SDL's software renderer, where that is several times faster than SDL's
    /// blitter and triangle filler. FLICK_COMPOSITOR=cpu|gpu overrides the choice.
    public let compositesOnCPU: Bool

    /// A renderer for `window`: accelerated (+ vsync unless disabled) when possible, otherwise
    /// software, with the reason in `fallbackReason`.
    public init(window: Window, options: Options = Options()) throws {
        var created: OpaquePointer?
        var fallback: String?
        if options.raisesFrameThread { FramePriority.restore() }
        if !options.forceSoftware {
            var flags = SDL_RENDERER_ACCELERATED.rawValue
            if options.vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            created = SDL_CreateRenderer(window.pointer, -1, flags)
            if created == nil {
                fallback = SDLError.current("SDL_CreateRenderer(accelerated)").message
            }
        }
        // A GL that rasterizes on the CPU is slower than SDL's software renderer with Flick's
        // compositor (`compositesOnCPU`), so the software path is taken there.
        var gl: String?
        if let made = created {
            gl = Renderer.glRendererString(made)
            if let gl, Renderer.isSoftwareRasterizer(gl), !options.keepsSoftwareGL {
                SDL_DestroyRenderer(made)
                created = nil
                fallback = "GL is a software rasterizer (\(gl))"
            }
        }
        if created == nil {
            // The software renderer's frames reach X11 straight (XShm), not through a GL texture
            // SDL would otherwise make to present the window surface (on llvmpipe that upload
            // and quad took 8-10 ms of a 12-15 ms frame at 1280x800). An environment variable
            // still wins (normal priority).
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            var flags = SDL_RENDERER_SOFTWARE.rawValue
            if options.vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
            created = SDL_CreateRenderer(window.pointer, -1, flags)
        }
        pointer = try check(created, "SDL_CreateRenderer(software)")
        self.window = window
        window.renamed()
        surface = nil
        fallbackReason = fallback
        glRenderer = gl
        (name, isSoftware, hasVsync, maxTextureSize) = Renderer.describe(pointer)
        compositesOnCPU = Renderer.choosesCPUCompositing(isSoftware: isSoftware)
        try check(SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        if options.raisesFrameThread && isSoftware { FramePriority.raise() }
    }

    /// An offscreen software renderer drawing into a `width`×`height` RGBA surface (tests, snapshots).
    public init(offscreenWidth width: Int, height: Int) throws {
        let surface = try Surface(width: width, height: height)
        pointer = try check(SDL_CreateSoftwareRenderer(surface.pointer), "SDL_CreateSoftwareRenderer")
        self.surface = surface
        window = nil
        fallbackReason = nil
        glRenderer = nil
        (name, isSoftware, hasVsync, maxTextureSize) = Renderer.describe(pointer)
        compositesOnCPU = Renderer.choosesCPUCompositing(isSoftware: isSoftware)
        try check(SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
    }

    deinit { SDL_DestroyRenderer(pointer) }

    /// Mesa's CPU rasterizers, by the words their `GL_RENDERER` strings carry.
    public static func isSoftwareRasterizer(_ glRenderer: String) -> Bool {
        let s = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"].contains { s.contains($0) }
    }

    /// `glGetString(GL_RENDERER)` of an OpenGL (ES) backend's context, current once SDL made
    /// the renderer; nil for other backends.
    private static func glRendererString(_ renderer: OpaquePointer) -> String? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let n = info.name, String(cString: n).hasPrefix("opengl"),
              SDL_GL_GetCurrentContext() != nil, let proc = SDL_GL_GetProcAddress("glGetString") else {
            SDL_ClearError()
            return nil
        }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let getString = unsafeBitCast(proc, to: GetString.self)
        let glRendererName: UInt32 = 0x1F01
        return getString(glRendererName).map { String(cString: $0) }
    }

    private static func describe(_ renderer: OpaquePointer) -> (String, Bool, Bool, Int?) {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0 else {
            SDL_ClearError()
            return ("unknown", false, false, nil)
        }
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        let side = Int(min(info.max_texture_width, info.max_texture_height))
        let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        return (name,
                software,
                !software && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0,
                side > 0 ? side : nil)
    }

    // MARK: - Sizes

    /// Size of the current output (window back buffer, offscreen surface or target), pixels.
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(pointer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Pixels per point: output pixels over window points (2 on a Retina display, 1 on X11
    /// without desktop scaling and for offscreen renderers).
    public var pixelScale: Double {
        guard let window else { return 1 }
        let points = window.size
        guard points.width > 0 else { return 1 }
        return Double(outputSize.width) / points.width
    }

    // MARK: - Drawing

    public func setDrawColor(_ c: RGBA) {
        SDL_SetRenderDrawColor(pointer, c.r, c.g, c.b, c.a)
    }

    /// Fills the whole output with `color` (ignores blending).
    public func clear(_ color: RGBA) throws {
        setDrawColor(color)
        try check(SDL_RenderClear(pointer), "SDL_RenderClear")
    }

    /// Fills a rectangle given in pixels, blended. An opaque colour is written as it is (the
    /// same pixels a blend gives): SDL's software renderer blends every pixel of a fill in
    /// blend mode even at alpha 255, which made the app's two opaque fills under the stage
    /// (the window's surround and the stage's background) 0.4 ms of a 1.2 ms stall-bench frame
    /// at 1280x800, about 1.6 ns a pixel against a plain fill's 0.1.
    public func fill(x: Double, y: Double, width: Double, height: Double, color: RGBA) throws {
        setDrawColor(color)
        let opaque = color.a == 255
        if opaque { SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_NONE) }
        defer { if opaque { SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND) } }
        var r = SDL_FRect(x: Float(x), y: Float(y), w: Float(width), h: Float(height))
        try check(SDL_RenderFillRectF(pointer, &r), "SDL_RenderFillRectF")
    }

    /// Copies the whole texture to a rectangle in pixels.
    public func copy(_ texture: Texture, x: Double, y: Double, width: Double? = nil, height: Double? = nil) throws {
        var r = SDL_FRect(x: Float(x), y: Float(y),
                          w: Float(width ?? Double(texture.width)), h: Float(height ?? Double(texture.height)))
        try check(SDL_RenderCopyF(pointer, try texture.pointer, nil, &r), "SDL_RenderCopyF")
    }

    /// Draws triangles (`indices` into `vertices`, three per triangle) with one geometry call.
    /// Vertex positions are pixels; alpha comes from the vertex colours. On the software
    /// renderer, triangles that would overflow SDL's triangle filler are turned or split first
    /// (`flick_render_geometry_raw`).
    public func drawGeometry(texture: Texture?, vertices: UnsafeBufferPointer<SDL_Vertex>,
                             indices: UnsafeBufferPointer<Int32>?) throws {
        guard let base = vertices.baseAddress, vertices.count > 0 else { return }
        let sdlTexture = try texture?.pointer
        let stride = Int32(MemoryLayout<SDL_Vertex>.stride)
        let raw = UnsafeRawPointer(base)
        let result = flick_render_geometry_raw(
            pointer, sdlTexture,
            raw.advanced(by: MemoryLayout<SDL_Vertex>.offset(of: \.position)!).assumingMemoryBound(to: Float.self), stride,
            raw.advanced(by: MemoryLayout<SDL_Vertex>.offset(of: \.color)!).assumingMemoryBound(to: SDL_Color.self), stride,
            raw.advanced(by: MemoryLayout<SDL_Vertex>.offset(of: \.tex_coord)!).assumingMemoryBound(to: Float.self), stride,
            Int32(vertices.count), indices?.baseAddress, Int32(indices?.count ?? 0), indices == nil ? 0 : 4)
        try check(result, "SDL_RenderGeometryRaw")
    }

    /// Shows the frame (waits for vblank when vsync is on).
    public func present() { SDL_RenderPresent(pointer) }

    /// Draws into `texture` (created with `.target` access) until set back to nil (the window).
    public func setTarget(_ texture: Texture?) throws {
        let sdlTexture = try texture?.pointer
        try check(SDL_SetRenderTarget(pointer, sdlTexture), "SDL_SetRenderTarget")
    }

    // MARK: - Reading back

    /// The current output's pixels as RGBA; call before `present()` (the back buffer is undefined after).
    public func readPixels() throws -> PixelBuffer {
        let (w, h) = outputSize
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        try bytes.withUnsafeMutableBytes { buffer in
            try check(SDL_RenderReadPixels(pointer, nil, SDL_PIXELFORMAT_RGBA32.rawValue,
                                           buffer.baseAddress, Int32(w * 4)),
                      "SDL_RenderReadPixels")
        }
        return PixelBuffer(width: w, height: h, bytes: bytes)
    }

    /// Reads the current output and writes it as a PNG (IMG_SavePNG).
    public func savePNG(to path: String) throws {
        try readPixels().savePNG(to: path)
    }
}
