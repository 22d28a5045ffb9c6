import CPixman
import CSDL2

/// The rectangle of the viewport that one frame's cards cover, composited on the CPU. On the
/// software renderer drawing into its window (or surface) with no target texture, the pixels
/// composited into are the output's own: SDL's queued drawing is flushed first, the output's
/// rectangle is wrapped as a pixman image, filled with the background (or left as drawn) and
/// composited into; nothing is copied (at 3840x2160 the copy was a 33 MB read and write a frame).
/// Elsewhere a streaming texture of the renderer's own pixel format is locked, wrapped, filled
/// with the background (or the pixels already drawn there, read back), composited into and
/// handed to SDL as one opaque copy (on GL one upload and one quad).
/// `FLICK_CPU_FRAME=copy` keeps the texture and its copy on the software renderer too.
final class CPUFrame {
    /// The software renderer's output is composited into in place (`FLICK_CPU_FRAME` is not "copy").
    nonisolated(unsafe) static var writesOutputInPlace = getenv("FLICK_CPU_FRAME").map { String(cString: $0) != "copy" } ?? true
    /// The output surface while a frame composited in place is open (locked if it must be).
    private var outputSurface: UnsafeMutablePointer<SDL_Surface>?
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
        holes.reserveCapacity(128)
        edges.reserveCapacity(2 * 128 + 2)
        spans.reserveCapacity(128)
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
    /// `covered`: occluders whose boxes (viewport pixels) opaque pixels will cover before the
    /// frame ends; their whole pixels are left unfilled (at 3840x2160 the fill under the
    /// switcher's cards was 16 MB written for nothing). False when it cannot (the caller draws
    /// through SDL instead).
    func begin(rect r: (x: Int, y: Int, width: Int, height: Int), viewport: (width: Int, height: Int),
               background: RGBA?, covered: [CardRenderer.Occluder] = []) -> Bool {
        guard image == nil, r.width > 0, r.height > 0 else { return false }
        setHoles(covered, in: r)
        if let inPlace = beginInPlace(rect: r, background: background) { return inPlace }
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
            fill(pixels.assumingMemoryBound(to: UInt32.self), stride: Int(pitch / 4), rect: r,
                 word: CPUFrame.word(background, format: pixmanFormat))
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

    /// The frame over the output's own pixels, when the renderer draws on the CPU into a surface
    /// of the frame's format with no target, scale or clip; nil when it cannot (the texture then).
    private func beginInPlace(rect r: (x: Int, y: Int, width: Int, height: Int), background: RGBA?) -> Bool? {
        guard CPUFrame.writesOutputInPlace, renderer.isSoftware, SDL_GetRenderTarget(renderer.pointer) == nil,
              SDL_RenderIsClipEnabled(renderer.pointer) == SDL_FALSE else { return nil }
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer.pointer, &sx, &sy)
        guard sx == 1, sy == 1 else { return nil }
        // Everything SDL was asked to draw so far lands first, and its window surface is current.
        guard SDL_RenderFlush(renderer.pointer) == 0 else { SDL_ClearError(); return nil }
        let target: UnsafeMutablePointer<SDL_Surface>?
        if let surface = renderer.surface {
            target = surface.pointer
        } else if let window = renderer.window {
            target = SDL_GetWindowSurface(window.pointer)
        } else {
            target = nil
        }
        guard let surface = target, let format = surface.pointee.format, format.pointee.format == sdlFormat,
              format.pointee.BytesPerPixel == 4 else { SDL_ClearError(); return nil }
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer.pointer, &viewport)
        let x = Int(viewport.x) + r.x, y = Int(viewport.y) + r.y
        guard x >= 0, y >= 0, x + r.width <= Int(surface.pointee.w), y + r.height <= Int(surface.pointee.h) else { return nil }
        let mustLock = surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
        if mustLock && SDL_LockSurface(surface) != 0 { SDL_ClearError(); return nil }
        guard let base = surface.pointee.pixels else {
            if mustLock { SDL_UnlockSurface(surface) }
            return nil
        }
        let pitch = Int(surface.pointee.pitch)
        let pixels = (base + y * pitch + x * 4).assumingMemoryBound(to: UInt32.self)
        if let background {
            fill(pixels, stride: pitch / 4, rect: r, word: CPUFrame.word(background, format: pixmanFormat))
        }
        image = pixman_image_create_bits_no_clear(pixmanFormat, Int32(r.width), Int32(r.height), pixels, Int32(pitch))
        guard image != nil else {
            if mustLock { SDL_UnlockSurface(surface) }
            return false
        }
        outputSurface = mustLock ? surface : nil
        inPlace = true
        rect = r
        return true
    }

    /// The open frame is the output's own pixels (nothing to copy at its end).
    private var inPlace = false
    /// The whole pixels `begin` leaves unfilled, in frame pixels: the covered boxes rounded
    /// inward and clipped to the frame. Kept with `edges` and `spans` from frame to frame (their
    /// capacity reserved once), so a frame's fill allocates nothing.
    private var holes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
    /// The rows where bands of `fill` start and end, sorted (repeats make empty bands).
    private var edges: [Int] = []
    /// The holes that span one band, as x ranges sorted by their start.
    private var spans: [(x0: Int, x1: Int)] = []
    /// Background pixels the last `begin` filled (tests, statistics).
    private(set) var filledPixels = 0

    /// `covered`'s boxes as `holes` of the frame over `r`.
    private func setHoles(_ covered: [CardRenderer.Occluder], in r: (x: Int, y: Int, width: Int, height: Int)) {
        holes.removeAll(keepingCapacity: true)
        for o in covered {
            let b = o.box
            guard b.x0.isFinite, b.y0.isFinite, b.x1.isFinite, b.y1.isFinite else { continue }
            let x0 = max(0, Int(max(-1e9, (b.x0.rounded(.up)))) - r.x), x1 = min(r.width, Int(min(1e9, b.x1.rounded(.down))) - r.x)
            let y0 = max(0, Int(max(-1e9, (b.y0.rounded(.up)))) - r.y), y1 = min(r.height, Int(min(1e9, b.y1.rounded(.down))) - r.y)
            if x1 > x0 && y1 > y0 { holes.append((x0, y0, x1, y1)) }
        }
    }

    /// Fills the frame's pixels (`pixels` is its first, rows `stride` words apart) with `word`,
    /// but for `holes`: in bands of rows between the holes' edges, the runs between the holes
    /// that span the band.
    private func fill(_ pixels: UnsafeMutablePointer<UInt32>, stride: Int, rect r: (x: Int, y: Int, width: Int, height: Int),
                      word: UInt32) {
        filledPixels = 0
        func run(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            guard w > 0, h > 0 else { return }
            _ = pixman_fill(pixels, Int32(stride), 32, Int32(x), Int32(y), Int32(w), Int32(h), word)
            filledPixels += w * h
        }
        guard !holes.isEmpty else { return run(0, 0, r.width, r.height) }
        edges.removeAll(keepingCapacity: true)
        edges.append(0)
        edges.append(r.height)
        for b in holes { edges.append(b.y0); edges.append(b.y1) }
        edges.sort()
        for k in 0..<(edges.count - 1) {
            let ya = edges[k], yb = edges[k + 1]
            guard yb > ya else { continue }
            spans.removeAll(keepingCapacity: true)
            for b in holes where b.y0 <= ya && b.y1 >= yb { spans.append((b.x0, b.x1)) }
            spans.sort { $0.x0 < $1.x0 }
            var x = 0
            for s in spans {
                if s.x0 > x { run(x, ya, s.x0 - x, yb - ya) }
                x = max(x, s.x1)
            }
            run(x, ya, r.width - x, yb - ya)
        }
    }

    /// Closes the frame: the pixels go to the renderer at `rect`.
    func end() throws {
        if inPlace {
            closeInPlace()
            return
        }
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
        if inPlace {
            closeInPlace()
            return
        }
        guard let image, let texture else { return }
        pixman_image_unref(image)
        self.image = nil
        SDL_UnlockTexture(texture)
    }

    private func closeInPlace() {
        if let image { pixman_image_unref(image) }
        image = nil
        if let outputSurface { SDL_UnlockSurface(outputSurface) }
        outputSurface = nil
        inPlace = false
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
