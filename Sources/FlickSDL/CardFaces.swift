import CSDL2
import FlickEngine

/// The textures of the cards: each image decoded, cropped to the card's shape with rounded
/// corners and its title, at the size it is drawn in pixels, and kept in a bounded cache (least
/// recently used out), so thousands of image cards never hold thousands of textures.
/// One image a card can show: its file and the title drawn on it.
public struct CardImage: Hashable, Sendable {
    /// Full path of the image file.
    public var path: String
    /// The title drawn on the card (the file name by default).
    public var title: String
    public init(path: String, title: String) {
        self.path = path
        self.title = title
    }
}

/// A problem with one image, for the front end to report (FlickSDL never prints).
public struct CardImageProblem: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// What is wrong, e.g. "is empty (0 bytes)".
    public var problem: String
    public var description: String { "'\(path)' \(problem); shown as a placeholder card" }
}

public final class CardFaces {
    struct Key: Hashable {
        var image: Int
        var width: Int
        var height: Int
    }

    public let images: [CardImage]
    public let renderer: Renderer
    public let fontPath: String?
    /// Title fonts by pixel size: faces are made at the size they are drawn.
    private var titleFonts: [Int: Font] = [:]
    private var cache: TextureCache<Key>!
    /// Images already reported as unreadable: warn once each, draw a placeholder.
    private var broken: [Int: String] = [:]
    /// Corner radius of a card, points (the card renderer's shadows use the same).
    public static let cornerRadiusPoints = 12.0
    /// The face size in pixels for the current interaction and scale (see `fit`).
    public private(set) var faceSize: (width: Int, height: Int) = (1, 1)
    public private(set) var cornerRadius = CardFaces.cornerRadiusPoints

    /// Faces from now on are made for cards of `cardSize` points drawn at `scale` pixels per
    /// point: the size they are shown at, so nothing is scaled twice. Cheap; call every frame.
    public func fit(cardSize: Size, scale: Double) {
        faceSize = (max(1, Int((cardSize.width * scale).rounded())), max(1, Int((cardSize.height * scale).rounded())))
        cornerRadius = Self.cornerRadiusPoints * scale
    }

    /// Sniffs every image's first bytes now (cheap), so an empty or non-image file is reported
    /// at start; a file that only fails while decoding is reported when it is first drawn.
    public init(images: [CardImage], renderer: Renderer, fontPath: String?, capacity: Int) {
        self.images = images
        self.renderer = renderer
        self.fontPath = fontPath
        cache = TextureCache(capacity: capacity) { [unowned self] key in try self.makeFace(key) }
        for (i, item) in images.enumerated() {
            if let problem = Self.sniff(item.path) { markBroken(i, problem) }
        }
    }

    public var statistics: CacheStatistics { cache.statistics }
    public var count: Int { cache.count }

    private var problems: [CardImageProblem] = []
    /// Problems found since the last call (each image is reported once), for the app to print.
    public func takeProblems() -> [CardImageProblem] {
        defer { problems.removeAll() }
        return problems
    }

    /// The texture of `card`; nil only if even a placeholder cannot be made.
    public func texture(for card: CardID) -> Texture? {
        let n = images.count
        guard n > 0 else { return nil }
        let image = ((card.value % n) + n) % n
        return try? cache.texture(for: Key(image: image, width: faceSize.width, height: faceSize.height))
    }

    /// Drops every face (a new size or a lost render target).
    public func removeAll() { cache.removeAll() }

    private func markBroken(_ i: Int, _ problem: String) {
        guard broken[i] == nil else { return }
        broken[i] = problem
        problems.append(CardImageProblem(path: images[i].path, problem: problem))
    }

    private func makeFace(_ key: Key) throws -> Texture {
        let item = images[key.image]
        let (face, error) = try ImageLoader.cardFace(
            path: item.path, width: key.width, height: key.height, maxSide: ImageLoader.maxSide(for: renderer),
            cornerRadius: cornerRadius, captionFont: titleFont(forFaceHeight: key.height),
            placeholderBackground: RGBA(72, 78, 96))
        if let error {
            markBroken(key.image, "cannot be decoded (\(error.reason))")
        } else {
            try drawTitle(item.title, on: face)
        }
        face.clearBorder()
        return try Texture(renderer: renderer, surface: face)
    }

    /// The file name on a soft dark band along the card's bottom edge.
    private func drawTitle(_ title: String, on face: Surface) throws {
        guard let font = titleFont(forFaceHeight: face.height) else { return }
        let text = try font.renderSurface(title, color: RGBA(255, 255, 255), wrapWidth: nil)
        let band = min(face.height / 6, text.height + text.height / 2)
        try face.blendBand(y: face.height - band, height: band, color: RGBA(12, 14, 20, 150))
        let x = max(8, (face.width - text.width) / 2)
        try face.draw(text, x: x, y: face.height - band + (band - text.height) / 2)
    }

    /// The title font for a face `height` pixels tall (about a 32nd of it, at least 10 px).
    private func titleFont(forFaceHeight height: Int) -> Font? {
        guard let path = fontPath else { return nil }
        let size = max(10, height / 32)
        if let f = titleFonts[size] { return f }
        let f = try? Font(path: path, pixelSize: size)
        titleFonts[size] = f
        return f
    }

    /// nil when `path` starts like a PNG or JPEG; otherwise what is wrong with it.
    public static func sniff(_ path: String) -> String? {
        if let problem = ImageFile.problem(at: path) { return problem }
        guard let rw = SDL_RWFromFile(path, "rb") else {
            SDL_ClearError()
            return "cannot be opened"
        }
        defer { SDL_RWclose(rw) }
        var bytes = [UInt8](repeating: 0, count: 8)
        let got = bytes.withUnsafeMutableBytes { SDL_RWread(rw, $0.baseAddress, 1, 8) }
        let head = Array(bytes.prefix(got))
        if head.isEmpty { return "is empty (0 bytes)" }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if head.count >= 8 && Array(head.prefix(8)) == png { return nil }
        if head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF { return nil }
        return "is not a PNG or JPEG image"
    }
}

extension Surface {
    /// Makes the outermost ring of pixels transparent, so a tilted card's edge is smoothed by
    /// the texture filter instead of showing stairs (the quad itself is not anti-aliased).
    func clearBorder() {
        guard isRGBA32, width > 2, height > 2 else { return }
        let w = width, h = height
        withRGBABytes { bytes, pitch in
            for x in 0..<w {
                bytes[x * 4 + 3] = 0
                bytes[(h - 1) * pitch + x * 4 + 3] = 0
            }
            for y in 0..<h {
                bytes[y * pitch + 3] = 0
                bytes[y * pitch + (w - 1) * 4 + 3] = 0
            }
        }
    }

    /// Darkens a full-width band by blending `color` over it (alpha kept), rows y ..< y + height.
    func blendBand(y: Int, height: Int, color: RGBA) throws {
        guard isRGBA32 else { return }   // faces are made RGBA32; anything else keeps no band
        let surface = self
        let a = Double(color.a) / 255
        let top = max(0, y), bottom = min(surface.height, y + height)
        let w = surface.width
        surface.withRGBABytes { bytes, pitch in
            for row in top..<bottom {
                var i = row * pitch
                for _ in 0..<w {
                    bytes[i] = UInt8(Double(bytes[i]) * (1 - a) + Double(color.r) * a)
                    bytes[i + 1] = UInt8(Double(bytes[i + 1]) * (1 - a) + Double(color.g) * a)
                    bytes[i + 2] = UInt8(Double(bytes[i + 2]) * (1 - a) + Double(color.b) * a)
                    i += 4
                }
            }
        }
    }
}
