import CPixman
import CSDL2
import Glibc
import FlickEngine

/// Draws a render list: each card is one textured quad (`SDL_RenderGeometry`, 4 vertices and
/// 6 indices) whose corners are the card's transformed corners in points × the pixel scale, with
/// the card's alpha in the vertex colours. Rounded corners live in the card textures
/// (`CardFace.compose`); soft shadows are 9-slices of one shared pre-blurred texture.
/// Consecutive quads that share a texture go to SDL in one call; the buffers are reused.
public final class CardRenderer {
    /// The soft shadow under every card.
    public struct ShadowStyle: Sendable {
        /// How shadows interleave with the cards.
        public enum Ordering: Sendable {
            /// All shadows first, in one SDL call, then the cards: fastest, but a card's shadow
            /// never darkens a card below it.
            case batchedBelowAll
            /// Each card's shadow right before the card: exact, two calls per card.
            case perCard
        }
        /// How far the blur reaches on each side of the card edge, points.
        public var spread: Double
        /// Screen-space offset of the shadow, points (down is positive y).
        public var offset: Vector
        /// Shadow opacity for a card at alpha 1 (0...1); scales with the card's alpha.
        public var opacity: Double
        public var ordering: Ordering
        /// The card textures are opaque inside their rounded corners (photos, screenshots): the
        /// middle of a fully opaque card's shadow is then hidden under the card and not drawn,
        /// which saves most of the shadow's fill (the same pixels either way). Set it to false
        /// for faces with see-through areas, to see their shadow through them.
        public var opaqueCards: Bool

        public init(spread: Double = 14, offset: Vector = Vector(dx: 0, dy: 6), opacity: Double = 0.4,
                    ordering: Ordering = .batchedBelowAll, opaqueCards: Bool = true) {
            self.spread = spread
            self.offset = offset
            self.opacity = opacity
            self.ordering = ordering
            self.opaqueCards = opaqueCards
        }
    }

    /// What the last `draw` did, for the HUD and performance comparisons.
    public struct FrameStatistics: Hashable, Sendable {
        /// Cards in the render list.
        public var cards = 0
        /// Cards actually drawn (visible, finite, with a texture).
        public var drawnCards = 0
        /// SDL_RenderGeometry calls made.
        public var geometryCalls = 0
        /// Vertices sent to SDL.
        public var vertices = 0
        /// SDL_RenderCopy / SDL_RenderFillRect calls (axis-aligned pieces on the software renderer).
        public var copies = 0
        /// Cards (or shadows) of which covered parts were left out.
        public var occludedCards = 0
        /// Output pixels of card and shadow quads drawn (after occlusion), a measure of fill.
        public var pixels = 0.0
        /// Background pixels the CPU frame filled (not those the opaque cards cover).
        public var backgroundPixels = 0.0
        /// SDL calls of every kind.
        public var calls: Int { geometryCalls + copies }
        public init() {}
    }

    /// What one card shows: its texture, faded in over an optional texture beneath it (a
    /// placeholder the face replaces).
    public struct Face {
        public var texture: Texture
        /// The face's share of the card's alpha (0...1): 1 once it has faded in.
        public var opacity: Double
        /// Drawn at the card's alpha under a face that is still fading in.
        public var under: Texture?
        /// Drawn on the card right after it (so cards in front cover it), e.g. a title.
        public var label: Label?
        public init(texture: Texture, opacity: Double = 1, under: Texture? = nil, label: Label? = nil) {
            self.texture = texture
            self.opacity = opacity
            self.under = under
            self.label = label
        }
    }

    /// A texture drawn on a card, moving, turning and fading with it.
    public struct Label {
        public var texture: Texture
        /// Where on the card, in the card's own points (origin at its centre, y down).
        public var rect: Rect
        public init(texture: Texture, rect: Rect) {
            self.texture = texture
            self.rect = rect
        }
    }

    public let renderer: Renderer
    /// nil draws no shadows.
    public var shadow: ShadowStyle?
    public private(set) var lastFrame = FrameStatistics()
    /// SDL's software triangle filler can leave a one-pixel gap where two of the shadow's nine
    /// cells meet at a fractional x; on whole pixels it cannot. Shadows are blurred, so the
    /// half-pixel snap does not show. GL rasterises shared edges exactly and keeps sub-pixels.
    private let snapsShadowToPixels: Bool

    let shadowTexture: Texture
    let shadowBorderUV: Float
    /// The cards' corner radius, points: how far in from a corner the face is opaque.
    let cornerRadius: Double
    private var vertices = ContiguousArray<SDL_Vertex>()
    private var indices = ContiguousArray<Int32>()
    private var shadowVertices = ContiguousArray<SDL_Vertex>()
    private var shadowIndices = ContiguousArray<Int32>()
    /// Middles of shadows that show (under translucent cards): plain black quads, no texture.
    private var centreVertices = ContiguousArray<SDL_Vertex>()
    private var centreIndices = ContiguousArray<Int32>()
    static let quadIndices: [Int32] = [0, 1, 2, 0, 2, 3]

    /// The card faces are opaque inside their rounded corners and one-texel transparent ring
    /// (`CardFace.compose`: photos, screenshots, placeholders on an opaque background), so an
    /// axis-aligned card at full alpha hides what is under it and that is not drawn (no pixel
    /// changes). Set it to false for faces with see-through areas. Shadows follow their own
    /// `ShadowStyle.opaqueCards` too.
    public var opaqueFaces = true
    /// On the software renderer, draws axis-aligned pieces with SDL_RenderCopy (SDL's scaled
    /// blitter) instead of SDL_RenderGeometry (its triangle filler, several times slower per
    /// pixel). Nearest sampling either way; the blitter's whole-pixel rectangles can pick a
    /// neighbouring texel where the filler would not (a phase shift under a texel, not a visible
    /// change). False keeps every piece in the batched geometry calls (tests of batching).
    public var usesCopies = true
    /// Draws axis-aligned pieces with SDL_RenderCopy (software renderer at render scale 1).
    var copiesPieces = false
    /// Copies sample the nearest texel (FLICK_NEAREST=1, for comparisons); else the texture's own
    /// filtering, as SDL did for axis-aligned quads.
    let nearestCopies = getenv("FLICK_NEAREST").map { String(cString: $0) == "1" } ?? false
    /// Cuts covered parts away (not with SDL's software triangle filler).
    var cutsPieces = false
    /// The output (viewport) size in pixels, for clipping copies.
    var viewportSize = (width: 0.0, height: 0.0)
    /// The viewport is the whole output at render scale 1 (a stage that fills the window).
    var viewportIsOutput = false
    var items: [Item] = []
    /// Opaque rectangles of the items, in item order (`owner` ascending).
    var occluders: [Occluder] = []
    var pieces: [Piece] = []
    var piecesScratch: [Piece] = []
    /// Composites on the CPU (`Renderer.compositesOnCPU`) when the renderer does; false keeps
    /// SDL's own drawing (comparisons, tests of the SDL path).
    public var usesCPUCompositing = true
    /// This frame's CPU compositing, while `draw` runs with it.
    var frame: CPUFrame?
    private var cpuFrame: CPUFrame?
    var solidMasks = [OpaquePointer?](repeating: nil, count: 256)
    /// Premultiplied "over" (source × 1 + destination × (1 − source alpha)), for a card's pieces
    /// with its shadow's middle folded in; nil where the renderer has no custom blend modes
    /// (SDL's software renderer).
    private let fusedBlend: SDL_BlendMode?
    private var fusedVertices = ContiguousArray<SDL_Vertex>()
    private var fusedIndices = ContiguousArray<Int32>()
    /// Folds translucent cards' shadow middles into the cards where it can (GL, the CPU frame).
    public var fusesShadowMiddles = true
    var turnedShadows: [(key: ShadowKey, image: PixelImage)] = []

    /// - Parameter cornerRadius: the cards' corner radius in points, so the shadow's corners match.
    public init(renderer: Renderer, shadow: ShadowStyle? = ShadowStyle(), cornerRadius: Double = 12) throws {
        self.renderer = renderer
        self.shadow = shadow
        snapsShadowToPixels = renderer.isSoftware
        self.cornerRadius = max(0, cornerRadius)
        let blur = 16
        let spread = max(1, shadow?.spread ?? 14)
        let surface = try CardFace.shadowSurface(blur: blur, cornerRadius: cornerRadius * Double(blur) / spread)
        shadowTexture = try Texture(renderer: renderer, surface: surface)
        shadowBorderUV = Float(2 * blur) / Float(surface.width)
        let over = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                              SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        let shadowSDL = try shadowTexture.pointer
        if SDL_SetTextureBlendMode(shadowSDL, over) == 0 {
            fusedBlend = over
        } else {
            SDL_ClearError()
            fusedBlend = nil
        }
        SDL_SetTextureBlendMode(shadowSDL, SDL_BLENDMODE_BLEND)
        vertices.reserveCapacity(64 * 4)
        indices.reserveCapacity(64 * 6)
        shadowVertices.reserveCapacity(64 * 16)
        shadowIndices.reserveCapacity(64 * 54)
        centreVertices.reserveCapacity(64 * 4)
        centreIndices.reserveCapacity(64 * 6)
        items.reserveCapacity(64)
        occluders.reserveCapacity(128)
        pieces.reserveCapacity(32)
        piecesScratch.reserveCapacity(32)
    }

    deinit { for mask in solidMasks { if let mask { pixman_image_unref(mask) } } }

    // MARK: - Drawing a render list

    /// Draws `cards` (already back to front). `scale` is pixels per point
    /// (`renderer.pixelScale`); `texture` gives each card's texture, nil to skip the card.
    public func draw(_ cards: [CardAttributes], scale: Double, background: RGBA? = nil,
                     texture: (CardAttributes) -> Texture?) throws {
        try draw(cards, scale: scale, background: background, face: { card in texture(card).map { Face(texture: $0) } })
    }

    /// Draws `cards` (already back to front) with a `Face` each: a face still fading in is drawn
    /// at `opacity` times the card's alpha over its `under` texture (at the card's alpha). The
    /// shadow follows the card's alpha. nil skips the card.
    ///
    /// Cards whose edges run along the pixel axes (no rotation: the switcher, the stack at rest,
    /// the carousel, the now list at rest) are cut into the rectangles that opaque axis-aligned
    /// cards drawn after them leave visible (`opaqueFaces`), and so are their shadows: what an
    /// opaque card covers is never blended. On the software renderer those rectangles are
    /// `SDL_RenderCopy` calls (SDL's scaled blitter: a fraction of the cost of its triangle
    /// filler); elsewhere they are quads of the same batched `SDL_RenderGeometry` calls.
    ///
    /// Where the renderer composites on the CPU (`Renderer.compositesOnCPU`), the pieces and
    /// turned cards are composited with pixman into one frame (`CPUFrame`) that goes to SDL as a
    /// single copy. `background` is what lies under the cards when it is one colour (the stage
    /// fill): the frame starts from it; nil reads back what the renderer has drawn there.
    /// `fillsBackground`: the viewport is not filled yet, and is filled with `background` here,
    /// as the CPU frame's first pixels where the cards are composited on the CPU (the whole
    /// viewport then, written once instead of filled and then filled again under the cards).
    public func draw(_ cards: [CardAttributes], scale: Double, background: RGBA? = nil, fillsBackground: Bool = false,
                     face: (CardAttributes) -> Face?) throws {
        var stats = FrameStatistics()
        stats.cards = cards.count
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        shadowVertices.removeAll(keepingCapacity: true)
        shadowIndices.removeAll(keepingCapacity: true)
        centreVertices.removeAll(keepingCapacity: true)
        centreIndices.removeAll(keepingCapacity: true)
        defer { lastFrame = stats }
        beginFrame()

        items.removeAll(keepingCapacity: true)
        for card in cards where CardRenderer.isDrawable(card) {
            items.append(Item(card: card, face: face(card), box: CardRenderer.axisBox(card, scale: scale)))
        }
        findOccluders()
        let fills = fillsBackground ? background : nil
        try openFrame(scale: scale, background: background, wholeViewport: fills != nil)
        if let frame, background != nil { stats.backgroundPixels = Double(frame.filledPixels) }
        defer { frame?.cancel(); frame = nil }
        if let fills, frame == nil {
            // Over the whole output an opaque background is a clear: GL (llvmpipe) writes its
            // tiles straight instead of shading a quad over every pixel; the same pixels.
            if viewportIsOutput && fills.a == 255 {
                try renderer.clear(fills)
            } else {
                try renderer.fill(x: 0, y: 0, width: viewportSize.width, height: viewportSize.height, color: fills)
            }
        }

        // A translucent card whose shadow's middle folds into it (`FusedShadow`) has its whole
        // shadow drawn with it, so the middle and the rim fall alike on the cards beneath.
        if let shadow {
            for i in items.indices { items[i].shadowWithCard = shadow.ordering == .perCard || foldsShadowMiddle(i, style: shadow) }
        }
        if let shadow, shadow.ordering == .batchedBelowAll {
            for i in items.indices where !items[i].shadowWithCard {
                try appendShadow(of: i, style: shadow, scale: scale, coveredFrom: 0, &stats)
            }
            try flushShadows(&stats)
        }
        var current: Texture?
        for i in items.indices {
            guard let f = items[i].face else { continue }
            let card = items[i].card
            if let shadow, items[i].shadowWithCard {
                try flushCards(current, &stats)
                current = nil
                try appendShadow(of: i, style: shadow, scale: scale, coveredFrom: i, &stats)
                try flushShadows(&stats)
            }
            let opacity = min(1, max(0, f.opacity.isFinite ? f.opacity : 1))
            if let under = f.under, opacity < 1 {
                try drawCard(i, texture: under, alpha: card.alpha, scale: scale, current: &current, &stats)
            }
            if opacity > 0 {
                try drawCard(i, texture: f.texture, alpha: card.alpha * opacity, scale: scale, current: &current, &stats)
                if let label = f.label {
                    var placed = card
                    placed.size = label.rect.size
                    placed.transform = AffineTransform(translationX: label.rect.center.x, y: label.rect.center.y)
                        .concatenating(card.transform)
                    if let frame {
                        compositeCard(placed, texture: label.texture, alpha: CardRenderer.alphaByte(card.alpha * opacity),
                                      scale: scale, into: frame, &stats)
                    } else {
                        if current !== label.texture { try flushCards(current, &stats) }
                        current = label.texture
                        if samplesUnscaledNearest {
                            let box = CardRenderer.axisBox(placed, scale: scale)
                            label.texture.sample(nearest: samplesNearest(label.texture, in: box))
                        }
                        appendQuad(of: placed, alpha: card.alpha * opacity, scale: scale)
                    }
                }
            }
            stats.drawnCards += 1
        }
        try flushCards(current, &stats)
        try frame?.end()
    }

    /// Starts this frame's CPU compositing when the renderer composites on the CPU and every
    /// texture to draw has its pixels in memory (else SDL draws, as elsewhere).
    private func openFrame(scale: Double, background: RGBA?, wholeViewport: Bool) throws {
        frame = nil
        guard usesCPUCompositing, renderer.compositesOnCPU, !items.isEmpty,
              items.allSatisfy({ item in
                  guard let f = item.face else { return true }
                  return f.texture.pixels != nil && (f.under?.pixels != nil || f.under == nil)
                      && (f.label?.texture.pixels != nil || f.label == nil)
              }),
              shadow == nil || shadowTexture.pixels != nil,
              let region = wholeViewport ? (0, 0, Int(viewportSize.width), Int(viewportSize.height)) : compositeRegion(scale: scale),
              region.2 > 0, region.3 > 0 else { return }
        let cpu = cpuFrame ?? CPUFrame(renderer: renderer)
        cpuFrame = cpu
        // What the opaque cards' occluders cover is written by a card before the frame ends:
        // the background is not filled there.
        guard cpu.begin(rect: region, viewport: (Int(viewportSize.width), Int(viewportSize.height)),
                        background: background, covered: occluders) else { return }
        frame = cpu
        copiesPieces = false
        cutsPieces = true
    }

    /// One card's texture: whole as one quad when it is turned, else the rectangles of it that
    /// no later opaque card covers.
    private func drawCard(_ i: Int, texture: Texture, alpha: Double, scale: Double, current: inout Texture?,
                          _ stats: inout FrameStatistics) throws {
        let item = items[i]
        guard let box = item.box else {
            if let frame {
                compositeCard(item.card, texture: texture, alpha: CardRenderer.alphaByte(alpha), scale: scale,
                              into: frame, &stats)
                return
            }
            if current !== texture { try flushCards(current, &stats) }
            current = texture
            // A turned card keeps the texture's own filtering (bilinear: `samplesNearest`).
            if samplesUnscaledNearest { texture.sample(nearest: false) }
            appendQuad(of: item.card, alpha: alpha, scale: scale)
            return
        }
        pieces.removeAll(keepingCapacity: true)
        pieces.append(Piece(box: box, u0: 0, v0: 0, u1: 1, v1: 1))
        if cutAway(coveredFrom: i + 1) { stats.occludedCards += 1 }
        let a = CardRenderer.alphaByte(alpha)
        // The shadow's middle goes with the card's first draw (the one under a fading face).
        let fused = items[i].fusedShadow
        items[i].fusedShadow = nil
        if let frame {
            if let fused {
                for p in pieces {
                    if let inside = CardRenderer.intersection(p, fused.box) {
                        compositePiece(nil, inside, alpha: fused.alpha, into: frame, &stats)
                    }
                }
            }
            for p in pieces { compositePiece(texture, p, alpha: a, into: frame, &stats) }
        } else if let fused, let blend = fusedBlend {
            if current !== texture { try flushCards(current, &stats) }
            current = texture
            if samplesUnscaledNearest { texture.sample(nearest: samplesNearest(texture, in: box)) }
            // Inside the middle: the card at `a` over the destination darkened by the shadow,
            // in one blend: colour a·C + (1 − a)(1 − s)·destination.
            let ca = Double(a) / 255, s = Double(fused.alpha) / 255
            let c = UInt8((ca * 255).rounded()), k = UInt8(((1 - (1 - ca) * (1 - s)) * 255).rounded())
            let color = SDL_Color(r: c, g: c, b: c, a: k)
            for p in pieces {
                CardRenderer.split(p, by: fused.box) { piece, inside in
                    if inside {
                        CardRenderer.appendPiece(piece, color: color, to: &fusedVertices, &fusedIndices)
                    } else {
                        CardRenderer.appendPiece(piece, alpha: a, black: false, to: &vertices, &indices)
                    }
                    stats.pixels += piece.box.area
                }
            }
            guard !fusedVertices.isEmpty else { return }
            try flushCards(current, &stats)
            let sdlTexture = try texture.pointer
            SDL_SetTextureBlendMode(sdlTexture, blend)
            defer { SDL_SetTextureBlendMode(sdlTexture, SDL_BLENDMODE_BLEND) }
            try submit(texture, fusedVertices, fusedIndices, &stats)
            fusedVertices.removeAll(keepingCapacity: true)
            fusedIndices.removeAll(keepingCapacity: true)
        } else if copiesPieces {
            try flushCards(current, &stats)
            for p in pieces { try copy(texture, p, alpha: a, &stats) }
        } else {
            if current !== texture { try flushCards(current, &stats) }
            current = texture
            if samplesUnscaledNearest { texture.sample(nearest: samplesNearest(texture, in: box)) }
            for p in pieces {
                CardRenderer.appendPiece(p, alpha: a, black: false, to: &vertices, &indices)
                stats.pixels += p.box.area
            }
        }
    }

    /// GL (llvmpipe) picks its sampling per draw (`Texture.sample(nearest:)`, by
    /// `samplesNearest(_:in:)`); SDL's software renderer drawing without the CPU frame keeps
    /// its own.
    var samplesUnscaledNearest: Bool { !renderer.isSoftware && frame == nil }

    /// The sampling rule of both paths, GL's draws and the CPU frame's pieces: the blurred
    /// shadow, and a card drawn within 10 % of its face's size (`isUnscaled`; `box` is where the
    /// whole texture is drawn, nil for a turned card), sample the nearest texel; cards scaled
    /// further and turned cards are bilinear. Bilinear filtering of nearly unscaled cards (the
    /// switcher's) was most of the cost of their pixels on both paths, for a texel column in 10
    /// or more doubled or dropped (docs/performance.md).
    func samplesNearest(_ texture: Texture, in box: Box?) -> Bool {
        texture === shadowTexture || box.map { CardRenderer.isUnscaled($0, texture) } ?? false
    }

    /// True when `box` shows `texture` within 10 % of its own size: the faces are made at the
    /// size a card has at rest, and the switcher scales its cards by 3 % a pitch (three pitches
    /// either side of the middle stay nearest: a texel column in 10 or more doubled or dropped,
    /// not seen on moving cards; the card at rest in the middle is exact). At 7 % the switcher's
    /// median was 10.3 ms, at 10 % 8.6 (GL, 1280x800).
    static func isUnscaled(_ box: Box, _ texture: Texture) -> Bool {
        abs((box.x1 - box.x0) / Double(max(1, texture.width)) - 1) <= 0.1
            && abs((box.y1 - box.y0) / Double(max(1, texture.height)) - 1) <= 0.1
    }

    // MARK: - Geometry

    static func isDrawable(_ card: CardAttributes) -> Bool {
        card.isFinite && card.alpha > 0 && !card.size.isEmpty
    }

    private static func vertex(_ p: Point, scale: Double, u: Float, v: Float, alpha: UInt8) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x * scale), y: Float(p.y * scale)),
                   color: SDL_Color(r: 255, g: 255, b: 255, a: alpha),
                   tex_coord: SDL_FPoint(x: u, y: v))
    }

    static func alphaByte(_ alpha: Double) -> UInt8 {
        UInt8((min(1, max(0, alpha)) * 255).rounded())
    }

    private func appendQuad(of card: CardAttributes, alpha: Double, scale: Double) {
        let base = Int32(vertices.count)
        let a = CardRenderer.alphaByte(alpha)
        let (tl, tr, br, bl) = card.corners
        vertices.append(CardRenderer.vertex(tl, scale: scale, u: 0, v: 0, alpha: a))
        vertices.append(CardRenderer.vertex(tr, scale: scale, u: 1, v: 0, alpha: a))
        vertices.append(CardRenderer.vertex(br, scale: scale, u: 1, v: 1, alpha: a))
        vertices.append(CardRenderer.vertex(bl, scale: scale, u: 0, v: 1, alpha: a))
        for i in CardRenderer.quadIndices { indices.append(base + i) }
    }

    /// The shadow of `items[i]`: for an axis-aligned card, the nine cells of the blurred frame
    /// less what opaque cards from `coveredFrom` on cover (the card's own middle included);
    /// else the whole grid as before.
    private func appendShadow(of i: Int, style: ShadowStyle, scale: Double, coveredFrom: Int,
                              _ stats: inout FrameStatistics) throws {
        let card = items[i].card
        guard items[i].box != nil else {
            if let frame {
                compositeTurnedShadow(of: card, style: style, scale: scale, into: frame, &stats)
            } else {
                appendShadowGrid(of: card, style: style, scale: scale)
            }
            return
        }
        let alpha = CardRenderer.alphaByte(style.opacity * card.alpha)
        guard alpha > 0 else { return }
        let hw = card.size.width / 2, hh = card.size.height / 2
        let e = min(style.spread, hw, hh)
        let xs = (-hw - e, -hw + e, hw - e, hw + e)
        let ys = (-hh - e, -hh + e, hh - e, hh + e)
        let b = shadowBorderUV
        let us: (Float, Float, Float, Float) = (0, b, 1 - b, 1)
        let t = card.transform
        let snaps = snapsShadowToPixels || frame != nil   // the CPU frame covers whole pixels too
        func pixel(_ x: Double, _ y: Double) -> Point {
            let p = t.apply(to: Point(x: x, y: y)) + style.offset
            // As the grid's vertices were on the software renderer (see snapsShadowToPixels).
            return snaps ? Point(x: Double(Float(p.x * scale).rounded()), y: Double(Float(p.y * scale).rounded()))
                         : Point(x: p.x * scale, y: p.y * scale)
        }
        var cut = false
        // The middle cell, when the card hides all of it (the old exact test), is not drawn at
        // all; under a translucent card it may go with the card (`FusedShadow`).
        let middleHidden = style.opaqueCards && isShadowCentreHidden(card, style: style, edge: e)
        let fuses = foldsShadowMiddle(i, style: style)
        for row in 0..<3 {
            for col in 0..<3 {
                if row == 1 && col == 1 && middleHidden { continue }
                let p0 = pixel(CardRenderer.element(xs, col), CardRenderer.element(ys, row))
                let p1 = pixel(CardRenderer.element(xs, col + 1), CardRenderer.element(ys, row + 1))
                guard p1.x > p0.x, p1.y > p0.y else { continue }
                if row == 1 && col == 1 && fuses {
                    items[i].fusedShadow = FusedShadow(box: Box(x0: p0.x, y0: p0.y, x1: p1.x, y1: p1.y), alpha: alpha)
                    continue
                }
                pieces.removeAll(keepingCapacity: true)
                pieces.append(Piece(box: Box(x0: p0.x, y0: p0.y, x1: p1.x, y1: p1.y),
                                    u0: CardRenderer.element(us, col), v0: CardRenderer.element(us, row),
                                    u1: CardRenderer.element(us, col + 1), v1: CardRenderer.element(us, row + 1)))
                if style.opaqueCards && cutAway(coveredFrom: coveredFrom) { cut = true }
                let middle = row == 1 && col == 1
                for p in pieces {
                    if let frame {
                        compositePiece(middle ? nil : shadowTexture, p, alpha: alpha, into: frame, &stats)
                    } else if copiesPieces {
                        try copy(middle ? nil : shadowTexture, p, alpha: alpha, &stats)
                    } else if middle {
                        CardRenderer.appendPiece(p, alpha: alpha, black: true, to: &centreVertices, &centreIndices)
                        stats.pixels += p.box.area
                    } else {
                        CardRenderer.appendPiece(p, alpha: alpha, black: false, to: &shadowVertices, &shadowIndices)
                        stats.pixels += p.box.area
                    }
                }
            }
        }
        if cut { stats.occludedCards += 1 }
    }

    /// A 4×4 grid of vertices (9 quads) around the card, `spread` points either side of its edge.
    private func appendShadowGrid(of card: CardAttributes, style: ShadowStyle, scale: Double) {
        let alpha = CardRenderer.alphaByte(style.opacity * card.alpha)
        guard alpha > 0 else { return }
        let hw = card.size.width / 2, hh = card.size.height / 2
        let e = min(style.spread, hw, hh)
        let xs = (-hw - e, -hw + e, hw - e, hw + e)
        let ys = (-hh - e, -hh + e, hh - e, hh + e)
        let b = shadowBorderUV
        let us: (Float, Float, Float, Float) = (0, b, 1 - b, 1)
        let base = Int32(shadowVertices.count)
        let t = card.transform
        for row in 0..<4 {
            let y = CardRenderer.element(ys, row), v = CardRenderer.element(us, row)
            for col in 0..<4 {
                let x = CardRenderer.element(xs, col), u = CardRenderer.element(us, col)
                let p = t.apply(to: Point(x: x, y: y)) + style.offset
                var vertex = CardRenderer.vertex(p, scale: scale, u: u, v: v, alpha: alpha)
                if snapsShadowToPixels {
                    vertex.position.x = vertex.position.x.rounded()
                    vertex.position.y = vertex.position.y.rounded()
                }
                shadowVertices.append(vertex)
            }
        }
        // The middle cell is the blurred image's flat black middle: hidden under an opaque card,
        // else a plain quad (a blended fill in software, not a stretched texture).
        if !(style.opaqueCards && isShadowCentreHidden(card, style: style, edge: e)) {
            let c = Int32(centreVertices.count)
            let black = SDL_Color(r: 0, g: 0, b: 0, a: alpha)
            for k in 0..<4 {   // inner corners of the grid: (1,1) (1,2) (2,2) (2,1)
                var v = shadowVertices[Int(base) + CardRenderer.element((5, 6, 10, 9), k)]
                v.color = black
                centreVertices.append(v)
            }
            for i in CardRenderer.quadIndices { centreIndices.append(c + i) }
        }
        for row in Int32(0)..<3 {
            for col in Int32(0)..<3 {
                if row == 1 && col == 1 { continue }
                let v00 = base + row * 4 + col, v01 = v00 + 1, v10 = v00 + 4, v11 = v00 + 5
                shadowIndices.append(v00); shadowIndices.append(v01); shadowIndices.append(v11)
                shadowIndices.append(v00); shadowIndices.append(v11); shadowIndices.append(v10)
            }
        }
    }

    /// True when item `i`'s shadow middle folds into its first draw (`FusedShadow`): an
    /// axis-aligned translucent card with a face, the middle inside its opaque part, on GL with
    /// custom blend modes or in the CPU frame.
    func foldsShadowMiddle(_ i: Int, style: ShadowStyle) -> Bool {
        let item = items[i], card = item.card
        guard fusesShadowMiddles, style.opaqueCards, item.box != nil,
              frame != nil || (fusedBlend != nil && !copiesPieces && !renderer.isSoftware),
              CardRenderer.alphaByte(card.alpha) < 255,
              item.face.map({ $0.opacity > 0 || $0.under != nil }) == true else { return false }
        let e = min(style.spread, card.size.width / 2, card.size.height / 2)
        return isShadowCentreInside(card, style: style, edge: e)
    }

    /// True when the middle cell of `card`'s shadow (its rectangle inset by `edge` points, then
    /// moved by the screen-space offset) lies inside the opaque part of the card, which is drawn
    /// over it: the card is fully opaque and the offset, in the card's own units, keeps the cell
    /// one pixel clear of the card's edge and outside its rounded corners.
    func isShadowCentreHidden(_ card: CardAttributes, style: ShadowStyle, edge e: Double) -> Bool {
        CardRenderer.alphaByte(card.alpha) == 255 && isShadowCentreInside(card, style: style, edge: e)
    }

    /// True when the middle cell of `card`'s shadow lies inside the opaque part of its face
    /// (whatever the card's alpha): see `isShadowCentreHidden`.
    func isShadowCentreInside(_ card: CardAttributes, style: ShadowStyle, edge e: Double) -> Bool {
        guard let inverse = card.transform.inverted() else { return false }
        // The offset in the card's local units (the inverse's linear part only).
        let origin = inverse.apply(to: Point(x: 0, y: 0))
        let moved = inverse.apply(to: Point(x: style.offset.dx, y: style.offset.dy))
        let ox = abs(moved.x - origin.x), oy = abs(moved.y - origin.y)
        // Room left between the moved cell and the card's edge, local units, on the worst side.
        let a = e - ox, b = e - oy
        // One local unit is at most this many points on screen: keep a pixel's margin or more.
        let t = card.transform
        let stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        let margin = max(1, 2 / max(stretch, 1e-9))
        guard a >= margin, b >= margin else { return false }
        // The cell's corner must be inside the rounded corner's arc.
        let r = cornerRadius
        if a >= r || b >= r { return true }
        let dx = r - a, dy = r - b
        return (dx * dx + dy * dy).squareRoot() <= r - margin
    }

    @inline(__always)
    static func element<T>(_ t: (T, T, T, T), _ i: Int) -> T {
        switch i { case 0: t.0; case 1: t.1; case 2: t.2; default: t.3 }
    }

    // MARK: - Flushing batches

    func flushCards(_ texture: Texture?, _ stats: inout FrameStatistics) throws {
        guard let texture, !vertices.isEmpty else { return }
        try submit(texture, vertices, indices, &stats)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    private func flushShadows(_ stats: inout FrameStatistics) throws {
        if samplesUnscaledNearest { shadowTexture.sample(nearest: samplesNearest(shadowTexture, in: nil)) }
        if !centreVertices.isEmpty {
            try submit(nil, centreVertices, centreIndices, &stats)
            centreVertices.removeAll(keepingCapacity: true)
            centreIndices.removeAll(keepingCapacity: true)
        }
        guard !shadowVertices.isEmpty else { return }
        try submit(shadowTexture, shadowVertices, shadowIndices, &stats)
        shadowVertices.removeAll(keepingCapacity: true)
        shadowIndices.removeAll(keepingCapacity: true)
    }

    /// Hands triangles to SDL, those reaching more than a pixel past the output cut to it first
    /// (QuadClip: SDL's software triangle filler crashed on turned cards much larger than the
    /// output): cards, shadows and titles alike.
    func submit(_ texture: Texture?, _ v: ContiguousArray<SDL_Vertex>, _ i: ContiguousArray<Int32>,
                        _ stats: inout FrameStatistics) throws {
        try v.withUnsafeBufferPointer { vb in
            try i.withUnsafeBufferPointer { ib in
                if let cut = QuadClip.cutTriangles(vb, ib, width: viewportSize.width, height: viewportSize.height) {
                    try cut.vertices.withUnsafeBufferPointer { cv in
                        try cut.indices.withUnsafeBufferPointer { ci in
                            try renderer.drawGeometry(texture: texture, vertices: cv, indices: ci)
                        }
                    }
                } else {
                    try renderer.drawGeometry(texture: texture, vertices: vb, indices: ib)
                }
            }
        }
        stats.geometryCalls += 1
        stats.vertices += v.count
    }
}
