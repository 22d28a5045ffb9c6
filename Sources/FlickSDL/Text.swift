import CSDL2
import FlickEngine

/// A TrueType font at one size (SDL_ttf), closed on deinit.
public final class Font {
    /// The TTF_Font*; valid for the life of this object.
    public let pointer: OpaquePointer
    /// Size in pixels as opened (pass points × pixel scale for crisp HiDPI text).
    public let pixelSize: Int
    public let path: String

    /// Each font holds a reference on SDL_ttf (TTF_Init and TTF_Quit count), so the library
    /// stays up until the last font is closed, whatever order the owners are released in.
    public init(path: String, pixelSize: Int) throws {
        try check(TTF_Init(), "TTF_Init")
        guard let opened = TTF_OpenFont(path, Int32(pixelSize)) else {
            let error = SDLError.current("TTF_OpenFont(\(path))")
            TTF_Quit()
            throw error
        }
        pointer = opened
        self.pixelSize = pixelSize
        self.path = path
    }

    deinit {
        TTF_CloseFont(pointer)
        TTF_Quit()
    }

    /// Recommended distance between baselines, pixels.
    public var lineSkip: Int { Int(TTF_FontLineSkip(pointer)) }

    /// Width of `text` on one line, pixels.
    public func width(of text: String) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        return TTF_SizeUTF8(pointer, text, &w, &h) == 0 ? Int(w) : 0
    }

    /// `text` on one line within `maxWidth` pixels: whole, or its longest start that fits
    /// followed by "…".
    public func fitting(_ text: String, maxWidth: Int) -> String {
        guard width(of: text) > maxWidth else { return text }
        let characters = Array(text)
        var lo = 0, hi = characters.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if width(of: String(characters[..<mid]) + "…") <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        return String(characters[..<lo]) + "…"
    }

    /// Renders `text` (UTF-8, anti-aliased, transparent background); wraps at `wrapWidth` pixels
    /// when given. An empty string renders as a 1×lineSkip transparent surface.
    public func renderSurface(_ text: String, color: RGBA, wrapWidth: Int? = nil) throws -> Surface {
        if text.isEmpty { return try Surface(width: 1, height: max(1, lineSkip)) }
        let raw: UnsafeMutablePointer<SDL_Surface>
        if let wrapWidth {
            raw = try check(TTF_RenderUTF8_Blended_Wrapped(pointer, text, color.sdl, UInt32(wrapWidth)),
                            "TTF_RenderUTF8_Blended_Wrapped")
        } else {
            raw = try check(TTF_RenderUTF8_Blended(pointer, text, color.sdl), "TTF_RenderUTF8_Blended")
        }
        return Surface(taking: raw)
    }

    /// Renders `text` into a texture.
    public func texture(_ text: String, color: RGBA, renderer: Renderer, wrapWidth: Int? = nil) throws -> Texture {
        try Texture(renderer: renderer, surface: renderSurface(text, color: color, wrapWidth: wrapWidth))
    }

    /// A readable sans-serif font found on common Linux/macOS paths, or nil.
    public static func findSystemFont() -> String? {
        let candidates = [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/TTF/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
            "/usr/share/fonts/noto/NotoSans-Regular.ttf",
            "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
            "/System/Library/Fonts/Supplemental/Arial.ttf",
            "/Library/Fonts/Arial.ttf",
        ]
        for path in candidates {
            if let rw = SDL_RWFromFile(path, "rb") {
                SDL_RWclose(rw)
                return path
            }
        }
        SDL_ClearError()
        return nil
    }
}

/// Text textures keyed by (string, colour), rendered once and reused while they stay in the
/// bounded LRU: titles and HUD lines cost a texture upload only when their text changes.
public final class TextCache {
    struct Key: Hashable {
        var text: String
        var color: RGBA
        var wrapWidth: Int?
    }

    public let font: Font
    public let renderer: Renderer
    private var cache: LRUCache<Key, Texture>

    public init(font: Font, renderer: Renderer, capacity: Int = 128) {
        self.font = font
        self.renderer = renderer
        cache = LRUCache(capacity: capacity)
    }

    /// The texture for `text`, rendered only on a miss.
    public func texture(_ text: String, color: RGBA = .white, wrapWidth: Int? = nil) throws -> Texture {
        try cache.value(for: Key(text: text, color: color, wrapWidth: wrapWidth)) { key in
            try font.texture(key.text, color: key.color, renderer: renderer, wrapWidth: key.wrapWidth)
        }
    }

    /// Hit/miss/eviction counts (misses = renders).
    public var statistics: CacheStatistics { cache.statistics }
}

/// A heads-up display: lines of text on a translucent panel at the top-left, in points.
/// Each line's texture comes from a `TextCache`, so an unchanged line is not re-rendered.
public final class HUD {
    public let text: TextCache
    /// Panel colour (straight alpha).
    public var background = RGBA(0, 0, 0, 150)
    public var textColor = RGBA(235, 235, 235)
    /// Padding around and between lines, points.
    public var padding = 6.0

    private var textures: [Texture] = []

    public init(text: TextCache) { self.text = text }

    /// Draws `lines` with the panel's top-left corner at `origin` (points); `scale` is pixels per
    /// point (the font should have been opened at its point size × scale).
    public func draw(_ lines: [String], at origin: Point = Point(x: 8, y: 8), scale: Double) throws {
        guard !lines.isEmpty else { return }
        textures.removeAll(keepingCapacity: true)
        defer { textures.removeAll(keepingCapacity: true) }
        var width = 0, height = 0
        for line in lines {
            let t = try text.texture(line, color: textColor)
            textures.append(t)
            width = max(width, t.width)
            height += t.height
        }
        let pad = padding * scale
        let x0 = origin.x * scale, y0 = origin.y * scale
        let renderer = text.renderer
        try renderer.fill(x: x0, y: y0, width: Double(width) + 2 * pad, height: Double(height) + 2 * pad,
                          color: background)
        var y = y0 + pad
        for t in textures {
            try renderer.copy(t, x: x0 + pad, y: y)
            y += Double(t.height)
        }
    }
}
