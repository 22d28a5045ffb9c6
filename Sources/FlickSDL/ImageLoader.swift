import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// Loads card images (PNG and JPEG, through `WholeDecode`) into surfaces and textures.
/// Failures throw `ImageLoadError` naming the file; oversized images are scaled down first.
public enum ImageLoader {
    /// Side used when the renderer reports no maximum texture size (the software renderer).
    public static let defaultMaxTextureSize = 8192

    /// Longest a decode may take before it is given up (a 500-megapixel JPEG decodes in about
    /// 6 s here): a file that holds the decoder longer is reported, not waited for.
    public static let decodeTimeLimit = 30.0

    /// Decodes `path` into an RGBA32 surface.
    public static func loadSurface(path: String) throws(ImageLoadError) -> Surface {
        guard let surface = try loadSurface(path: path, keepGoing: { true }) else {
            throw ImageLoadError(path: path, reason: "decoding was stopped")
        }
        return surface
    }

    /// Decodes `path` into an RGBA32 surface; nil when `keepGoing` (asked every few rows) says
    /// false. A decode past `decodeTimeLimit` is given up with an error.
    public static func loadSurface(path: String, keepGoing: @escaping () -> Bool) throws(ImageLoadError) -> Surface? {
        // Only regular files, PNG or JPEG by content, and none that would decode past the pixel
        // limit (ImageFile).
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 {
            throw ImageLoadError(path: path, reason: "file is empty (0 bytes)")
        }
        if let problem = ImageFile.problem(at: path) { throw ImageLoadError(path: path, reason: problem) }
        let deadline = PerformanceClock.now + decodeTimeLimit
        var late = false
        switch WholeDecode.decode(path: path, keepGoing: {
            if PerformanceClock.now > deadline { late = true; return false }
            return keepGoing()
        }) {
        case .decoded(let surface):
            return surface
        case .stopped:
            if late { throw ImageLoadError(path: path, reason: "took more than \(Int(decodeTimeLimit)) s to decode (given up)") }
            return nil
        case .failed(let reason):
            throw ImageLoadError(path: path, reason: reason)
        }
    }

    /// `surface` unchanged when both sides are at most `maxSide`, else a copy scaled down (aspect
    /// kept) with SDL_BlitScaled so that the longer side is `maxSide`.
    public static func fitting(_ surface: Surface, maxSide: Int) throws -> Surface {
        let longer = max(surface.width, surface.height)
        guard longer > maxSide else { return surface }
        let factor = Double(maxSide) / Double(longer)
        let w = min(maxSide, max(1, Int((Double(surface.width) * factor).rounded(.down))))
        let h = min(maxSide, max(1, Int((Double(surface.height) * factor).rounded(.down))))
        return try surface.scaled(width: w, height: h)
    }

    /// The largest side a texture may have on `renderer`, optionally capped lower by `limit`.
    public static func maxSide(for renderer: Renderer, limit: Int? = nil) -> Int {
        min(renderer.maxTextureSize ?? defaultMaxTextureSize, limit ?? Int.max)
    }

    /// Loads `path`, scales it below the renderer's maximum texture size (or `maxSide` if smaller),
    /// and uploads it.
    public static func loadTexture(path: String, renderer: Renderer, maxSide limit: Int? = nil) throws -> Texture {
        let surface = try loadSurface(path: path)
        let fitted = try fitting(surface, maxSide: maxSide(for: renderer, limit: limit))
        return try Texture(renderer: renderer, surface: fitted)
    }
}

extension ImageLoader {
    /// A card face of `width`×`height` pixels (clamped to `maxSide`) from the image at `path`:
    /// cropped to the card's shape with rounded corners; when the file cannot be loaded, a
    /// placeholder showing its name, with the error. Front ends that draw more on the face (a
    /// title) use this; `cardTexture` uploads it as it is.
    public static func cardFace(path: String, width: Int, height: Int, maxSide side: Int, cornerRadius: Double,
                                captionFont: Font?, placeholderBackground: RGBA = RGBA(90, 90, 100))
        throws -> (face: Surface, error: ImageLoadError?) {
        let (w, h) = (min(width, side), min(height, side))
        do {
            let image = try loadSurface(path: path)
            return (try CardFace.compose(image, width: w, height: h, cornerRadius: cornerRadius), nil)
        } catch let error as ImageLoadError {
            let face = try CardFace.placeholder(caption: error.fileName, font: captionFont, width: w, height: h,
                                                cornerRadius: cornerRadius, background: placeholderBackground)
            return (face, error)
        }
    }

    /// A card face for the image at `path`: `CardFace.compose`d to `width`×`height` pixels with
    /// rounded corners, or, when the file cannot be loaded, a placeholder card showing the file
    /// name; the error, if any, comes back too (for the caller to report: FlickSDL never prints).
    public static func cardTexture(path: String, renderer: Renderer, width: Int, height: Int,
                                   cornerRadius: Double, captionFont: Font?) throws -> (texture: Texture, error: ImageLoadError?) {
        let (face, error) = try cardFace(path: path, width: width, height: height, maxSide: maxSide(for: renderer),
                                         cornerRadius: cornerRadius, captionFont: captionFont)
        return (try Texture(renderer: renderer, surface: face), error)
    }
}

/// Builds card faces once, at load time, so that drawing a card per frame is one textured quad:
/// the image cropped to the card's aspect and its corners made transparent (anti-aliased).
public enum CardFace {
    /// `image` scaled to fill `width`×`height` pixels (centre-cropped to that aspect), with rounded
    /// corners of `cornerRadius` pixels baked into its alpha.
    public static func compose(_ image: Surface, width: Int, height: Int, cornerRadius: Double) throws -> Surface {
        let iw = Double(image.width), ih = Double(image.height)
        let aspect = Double(width) / Double(height)
        var crop = (x: 0, y: 0, width: image.width, height: image.height)
        if iw / ih > aspect {
            crop.width = max(1, Int((ih * aspect).rounded()))
            crop.x = (image.width - crop.width) / 2
        } else {
            crop.height = max(1, Int((iw / aspect).rounded()))
            crop.y = (image.height - crop.height) / 2
        }
        let face = try image.scaled(width: width, height: height, source: crop)
        roundCorners(of: face, radius: cornerRadius)
        return face
    }

    /// A plain card of `background` colour with `caption` centred (e.g. the name of a file that
    /// failed to load and why), each of its lines (`\n`) centred on its own and wrapped to the
    /// card; the caption is skipped when `font` is nil.
    public static func placeholder(caption: String, font: Font?, width: Int, height: Int,
                                   cornerRadius: Double, background: RGBA = RGBA(90, 90, 100),
                                   textColor: RGBA = .white) throws -> Surface {
        let face = try Surface(width: width, height: height)
        try face.fill(background)
        if let font, !caption.isEmpty {
            let lines = try caption.split(separator: "\n").map {
                try font.renderSurface(String($0), color: textColor, wrapWidth: max(16, width - 16))
            }
            var y = (height - lines.reduce(0) { $0 + $1.height }) / 2
            for text in lines {
                try face.draw(text, x: (width - text.width) / 2, y: y)
                y += text.height
            }
        }
        roundCorners(of: face, radius: cornerRadius)
        return face
    }

    /// Multiplies the alpha of the four corner regions by the coverage of a rounded rectangle of
    /// `radius` pixels (one pixel of anti-aliasing). Touches only `4 radius²` pixels.
    public static func roundCorners(of surface: Surface, radius: Double) {
        let w = surface.width, h = surface.height
        let r = min(radius, Double(min(w, h)) / 2)
        guard r > 0 else { return }
        let n = Int(r.rounded(.up))
        surface.withRGBABytes { bytes, pitch in
            for j in 0..<n {
                for i in 0..<n {
                    // Distance from the pixel centre to the corner circle's centre (r, r).
                    let dx = r - (Double(i) + 0.5), dy = r - (Double(j) + 0.5)
                    guard dx > 0, dy > 0 else { continue }
                    let coverage = min(1, max(0, r - (dx * dx + dy * dy).squareRoot() + 0.5))
                    if coverage >= 1 { continue }
                    for (x, y) in [(i, j), (w - 1 - i, j), (i, h - 1 - j), (w - 1 - i, h - 1 - j)] {
                        let k = y * pitch + x * 4 + 3
                        bytes[k] = UInt8((Double(bytes[k]) * coverage).rounded())
                    }
                }
            }
        }
    }

    /// A small square RGBA image of a blurred rounded rectangle in black, for 9-slice shadows:
    /// `blur` pixels of falloff on each side of the shape's edge, so the image is `4 blur + 2`
    /// pixels wide and the slice border is `2 blur` pixels (see `CardRenderer.ShadowStyle`).
    public static func shadowSurface(blur: Int, cornerRadius: Double) throws -> Surface {
        let b = max(1, blur)
        let side = 4 * b + 2
        let surface = try Surface(width: side, height: side)
        let inner = Double(b)              // the shape spans inner ... side - inner
        let r = min(cornerRadius, Double(side) / 2 - inner)
        surface.withRGBABytes { bytes, pitch in
            for y in 0..<side {
                for x in 0..<side {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    // Signed distance to a rounded rectangle [inner, side - inner]².
                    let hx = Double(side) / 2 - inner - r, hy = hx
                    let qx = abs(px - Double(side) / 2) - hx, qy = abs(py - Double(side) / 2) - hy
                    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                    let d = outside + min(max(qx, qy), 0) - r
                    // Smoothstep from fully dark `blur` inside the edge to clear `blur` outside.
                    let t = min(1, max(0, (d + Double(b)) / (2 * Double(b))))
                    let a = 1 - t * t * (3 - 2 * t)
                    let k = y * pitch + x * 4
                    bytes[k] = 0; bytes[k + 1] = 0; bytes[k + 2] = 0
                    bytes[k + 3] = UInt8((a * 255).rounded())
                }
            }
        }
        return surface
    }
}
