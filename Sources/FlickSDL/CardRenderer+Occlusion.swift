import CSDL2
import FlickEngine

/// Occlusion and the cheapest SDL call per piece: an axis-aligned card (or shadow cell) is a
/// rectangle in output pixels; the opaque cards drawn after it cover rectangles of it, and only
/// the rest is drawn, as rectangles with their texture coordinates interpolated (a linear map,
/// so the pieces sample the texture where the whole quad would).
extension CardRenderer {
    /// A rectangle in output pixels (x0 < x1, y0 < y1).
    struct Box {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var area: Double { (x1 - x0) * (y1 - y0) }
        func overlaps(_ o: Box) -> Bool { o.x0 < x1 && x0 < o.x1 && o.y0 < y1 && y0 < o.y1 }
    }

    /// Part of a textured rectangle: where it is and the texture coordinates at its edges, and
    /// the whole quad it was cut from (for the software blitter, which maps whole pixels of the
    /// quad to whole texels as SDL's triangle filler did).
    struct Piece {
        var box: Box
        var u0: Float, v0: Float, u1: Float, v1: Float
        let quad: Box
        let quadUV: (u0: Float, v0: Float, u1: Float, v1: Float)

        init(box: Box, u0: Float, v0: Float, u1: Float, v1: Float) {
            self.box = box
            self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1
            quad = box
            quadUV = (u0, v0, u1, v1)
        }

        /// The part between x0 and x1 (inside this piece's x range), texture coordinates to match.
        func columns(_ x0: Double, _ x1: Double) -> Piece {
            var p = self
            let w = box.x1 - box.x0
            p.u0 = u0 + (u1 - u0) * Float((x0 - box.x0) / w)
            p.u1 = u0 + (u1 - u0) * Float((x1 - box.x0) / w)
            p.box.x0 = x0
            p.box.x1 = x1
            return p
        }

        /// The output pixels SDL's software renderer covers for this piece (as SDL draws an
        /// axis-aligned quad of SDL_RenderGeometry: the quad's corner truncated toward zero, its
        /// width truncated on its own, in single precision as the vertices reach SDL; cut edges,
        /// on whole pixels already, truncated), and the quad's own pixel rectangle; nil when the
        /// quad covers no pixel.
        func coveredPixels() -> (box: Box, quad: Box)? {
            let q = quad
            let fx0 = Float(q.x0), fx1 = Float(q.x1), fy0 = Float(q.y0), fy1 = Float(q.y1)
            let qx0 = Double(fx0.rounded(.towardZero)), qx1 = qx0 + Double((fx1 - fx0).rounded(.towardZero))
            let qy0 = Double(fy0.rounded(.towardZero)), qy1 = qy0 + Double((fy1 - fy0).rounded(.towardZero))
            guard qx1 > qx0, qy1 > qy0 else { return nil }
            return (Box(x0: box.x0 == q.x0 ? qx0 : box.x0.rounded(.towardZero),
                        y0: box.y0 == q.y0 ? qy0 : box.y0.rounded(.towardZero),
                        x1: box.x1 == q.x1 ? qx1 : box.x1.rounded(.towardZero),
                        y1: box.y1 == q.y1 ? qy1 : box.y1.rounded(.towardZero)),
                    Box(x0: qx0, y0: qy0, x1: qx1, y1: qy1))
        }

        func rows(_ y0: Double, _ y1: Double) -> Piece {
            var p = self
            let h = box.y1 - box.y0
            p.v0 = v0 + (v1 - v0) * Float((y0 - box.y0) / h)
            p.v1 = v0 + (v1 - v0) * Float((y1 - box.y0) / h)
            p.box.y0 = y0
            p.box.y1 = y1
            return p
        }
    }

    /// A drawable card of this frame.
    struct Item {
        var card: CardAttributes
        var face: Face?
        /// Its rectangle in output pixels when its edges run along the axes (not turned or mirrored).
        var box: Box?
        /// The middle of its shadow, left for the card's first draw to darken (`FusedShadow`).
        var fusedShadow: FusedShadow? = nil
        /// Its shadow is drawn right before it (per-card ordering, or a folded middle).
        var shadowWithCard = false
    }

    /// The flat middle of a translucent card's shadow, which lies under the card's opaque
    /// interior: instead of a black quad blended first and the card over it (two layers of
    /// fill the size of the card), the card's pieces inside it are drawn once with the shadow
    /// folded in (`fusedBlend`). For the CPU frame, the black is composited right before the
    /// card over the same pieces. Either way the middle darkens what lies under the card, cards
    /// beneath included, as a shadow drawn with its card does (`ShadowStyle.Ordering.perCard`).
    struct FusedShadow {
        /// Output pixels.
        var box: Box
        /// The shadow's alpha there.
        var alpha: UInt8
    }

    /// A rectangle of output pixels item `owner` covers with opaque pixels (whole pixels).
    struct Occluder {
        var owner: Int
        var box: Box
    }

    /// More pieces than this and a card is drawn with what it has (more blending, same pixels).
    static let maxPieces = 24

    static func axisBox(_ card: CardAttributes, scale: Double) -> Box? {
        let t = card.transform
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0 else { return nil }
        let (tl, _, br, _) = card.corners
        let box = Box(x0: tl.x * scale, y0: tl.y * scale, x1: br.x * scale, y1: br.y * scale)
        return box.x1 > box.x0 && box.y1 > box.y0 ? box : nil
    }

    /// Decides how this frame's pieces are drawn.
    func beginFrame() {
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer.pointer, &sx, &sy)
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer.pointer, &viewport)
        viewportSize = (Double(viewport.w), Double(viewport.h))
        let output = renderer.outputSize
        viewportIsOutput = viewport.x == 0 && viewport.y == 0 && sx == 1 && sy == 1
            && Int(viewport.w) == output.width && Int(viewport.h) == output.height
        copiesPieces = usesCopies && renderer.isSoftware && sx == 1 && sy == 1 && viewport.w > 0 && viewport.h > 0
        // SDL's software triangle filler samples thin slivers badly (texels from outside the
        // texture: bright lines, and reads out of bounds): with it, cards are drawn whole.
        cutsPieces = copiesPieces || !renderer.isSoftware
    }

    /// The opaque rectangles of every axis-aligned card drawn at full alpha with an opaque face:
    /// a cross of two bands that keeps clear of the rounded corners, the transparent ring and a
    /// pixel (two texels) of sampling slack, in whole pixels.
    func findOccluders() {
        occluders.removeAll(keepingCapacity: true)
        guard opaqueFaces else { return }
        for (i, item) in items.enumerated() {
            guard let box = item.box, let face = item.face, CardRenderer.alphaByte(item.card.alpha) == 255 else { continue }
            let opacity = face.opacity.isFinite ? face.opacity : 1
            guard opacity >= 1 || (face.under != nil && opacity > 0) else { continue }
            let w = box.x1 - box.x0, h = box.y1 - box.y0
            let texW = Double(max(1, face.texture.width)), texH = Double(max(1, face.texture.height))
            let ringX = 2 * w / texW + 1, ringY = 2 * h / texH + 1
            let rX = cornerRadius * w / item.card.size.width + ringX
            let rY = cornerRadius * h / item.card.size.height + ringY
            let bands = [Box(x0: (box.x0 + ringX).rounded(.up), y0: (box.y0 + rY).rounded(.up),
                             x1: (box.x1 - ringX).rounded(.down), y1: (box.y1 - rY).rounded(.down)),
                         Box(x0: (box.x0 + rX).rounded(.up), y0: (box.y0 + ringY).rounded(.up),
                             x1: (box.x1 - rX).rounded(.down), y1: (box.y1 - ringY).rounded(.down))]
            for band in bands where band.x1 > band.x0 && band.y1 > band.y0 {
                occluders.append(Occluder(owner: i, box: band))
            }
        }
    }

    /// Removes from `pieces` what the occluders of items `first...` cover; true when anything was.
    func cutAway(coveredFrom first: Int) -> Bool {
        guard cutsPieces else { return false }
        var cut = false
        for o in occluders where o.owner >= first {
            guard pieces.count < CardRenderer.maxPieces else { break }
            let c = o.box
            guard pieces.contains(where: { $0.box.overlaps(c) }) else { continue }
            cut = true
            piecesScratch.removeAll(keepingCapacity: true)
            for p in pieces {
                let b = p.box
                guard b.overlaps(c) else { piecesScratch.append(p); continue }
                // A piece never gets thinner than a pixel: it reaches into the occluder instead
                // (which is drawn over it, opaque), as SDL's triangle filler samples slivers badly.
                if b.y0 < c.y0 { piecesScratch.append(p.rows(b.y0, min(b.y1, max(c.y0, b.y0 + 1)))) }
                if c.y1 < b.y1 { piecesScratch.append(p.rows(max(b.y0, min(c.y1, b.y1 - 1)), b.y1)) }
                let y0 = max(b.y0, c.y0), y1 = min(b.y1, c.y1)
                let middle = p.rows(y0, y1)
                if b.x0 < c.x0 { piecesScratch.append(middle.columns(b.x0, min(b.x1, max(c.x0, b.x0 + 1)))) }
                if c.x1 < b.x1 { piecesScratch.append(middle.columns(max(b.x0, min(c.x1, b.x1 - 1)), b.x1)) }
            }
            swap(&pieces, &piecesScratch)
        }
        return cut
    }

    /// The part of `p` inside `box`, texture coordinates to match; nil when they do not overlap.
    static func intersection(_ p: Piece, _ box: Box) -> Piece? {
        let b = p.box
        let x0 = max(b.x0, box.x0), x1 = min(b.x1, box.x1), y0 = max(b.y0, box.y0), y1 = min(b.y1, box.y1)
        guard x1 > x0, y1 > y0 else { return nil }
        return p.rows(y0, y1).columns(x0, x1)
    }

    /// `p` cut by `box`: the part inside it and the rectangles around it (at most five pieces),
    /// each handed to `body` with whether it is the inside (no array: this runs per piece per frame).
    static func split(_ p: Piece, by box: Box, _ body: (_ piece: Piece, _ inside: Bool) -> Void) {
        guard let inside = intersection(p, box) else { return body(p, false) }
        let b = p.box, i = inside.box
        body(inside, true)
        if b.y0 < i.y0 { body(p.rows(b.y0, i.y0), false) }
        if i.y1 < b.y1 { body(p.rows(i.y1, b.y1), false) }
        let band = p.rows(i.y0, i.y1)
        if b.x0 < i.x0 { body(band.columns(b.x0, i.x0), false) }
        if i.x1 < b.x1 { body(band.columns(i.x1, b.x1), false) }
    }

    /// A piece as a quad of a geometry batch.
    static func appendPiece(_ p: Piece, alpha: UInt8, black: Bool, to vertices: inout ContiguousArray<SDL_Vertex>,
                            _ indices: inout ContiguousArray<Int32>) {
        let c: UInt8 = black ? 0 : 255
        appendPiece(p, color: SDL_Color(r: c, g: c, b: c, a: alpha), to: &vertices, &indices)
    }

    /// A piece as a quad of a geometry batch, its vertices in `color`.
    static func appendPiece(_ p: Piece, color: SDL_Color, to vertices: inout ContiguousArray<SDL_Vertex>,
                            _ indices: inout ContiguousArray<Int32>) {
        let base = Int32(vertices.count)
        let b = p.box
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(b.x0), y: Float(b.y0)), color: color,
                                   tex_coord: SDL_FPoint(x: p.u0, y: p.v0)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(b.x1), y: Float(b.y0)), color: color,
                                   tex_coord: SDL_FPoint(x: p.u1, y: p.v0)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(b.x1), y: Float(b.y1)), color: color,
                                   tex_coord: SDL_FPoint(x: p.u1, y: p.v1)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(b.x0), y: Float(b.y1)), color: color,
                                   tex_coord: SDL_FPoint(x: p.u0, y: p.v1)))
        for i in quadIndices { indices.append(base + i) }
    }

    /// A piece through SDL's blitter (software renderer), covering the pixels SDL's triangle
    /// filler covered: it truncates the quad's corners to whole pixels and its texture
    /// coordinates to whole texels and maps one onto the other, so the piece's whole-pixel edges
    /// are mapped to texels on that same map (the blitter then samples each pixel's centre, as
    /// the filler did). Clipped to the viewport (SDL would otherwise scale through a temporary
    /// surface); nearest sampling. nil texture: a black fill (a shadow's middle).
    func copy(_ texture: Texture?, _ p: Piece, alpha: UInt8, _ stats: inout FrameStatistics) throws {
        guard let (covered, quad) = p.coveredPixels() else { return }
        let (qx0, qy0, qx1, qy1) = (quad.x0, quad.y0, quad.x1, quad.y1)
        let (vw, vh) = viewportSize
        let x0 = max(0, covered.x0), x1 = min(vw, covered.x1)
        let y0 = max(0, covered.y0), y1 = min(vh, covered.y1)
        guard x1 > x0, y1 > y0 else { return }
        var dst = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
        stats.copies += 1
        stats.pixels += Double(dst.w) * Double(dst.h)
        guard let texture else {
            SDL_SetRenderDrawColor(renderer.pointer, 0, 0, 0, alpha)
            try check(SDL_RenderFillRect(renderer.pointer, &dst), "SDL_RenderFillRect")
            return
        }
        let tw = Float(texture.width), th = Float(texture.height)
        // (A whole quad: src = the whole cell in texels, truncated, as SDL maps the corners' texture coordinates.)
        let tx0 = Double(Int(p.quadUV.u0 * tw)), tx1 = Double(Int(p.quadUV.u1 * tw))
        let ty0 = Double(Int(p.quadUV.v0 * th)), ty1 = Double(Int(p.quadUV.v1 * th))
        func texel(_ x: Double, _ a: Double, _ b: Double, _ t0: Double, _ t1: Double) -> Int32 {
            Int32((t0 + (x - a) * (t1 - t0) / (b - a)).rounded())
        }
        var sx0 = texel(x0, qx0, qx1, tx0, tx1), sx1 = texel(x1, qx0, qx1, tx0, tx1)
        var sy0 = texel(y0, qy0, qy1, ty0, ty1), sy1 = texel(y1, qy0, qy1, ty0, ty1)
        let w = Int32(texture.width), h = Int32(texture.height)
        sx0 = min(max(0, sx0), w - 1); sx1 = min(max(sx0 + 1, sx1), w)
        sy0 = min(max(0, sy0), h - 1); sy1 = min(max(sy0 + 1, sy1), h)
        var src = SDL_Rect(x: sx0, y: sy0, w: sx1 - sx0, h: sy1 - sy0)
        let sdlTexture = try texture.pointer
        if nearestCopies { SDL_SetTextureScaleMode(sdlTexture, SDL_ScaleModeNearest) }
        SDL_SetTextureAlphaMod(sdlTexture, alpha)
        defer { if alpha != 255 { SDL_SetTextureAlphaMod(sdlTexture, 255) } }
        try check(SDL_RenderCopy(renderer.pointer, sdlTexture, &src, &dst), "SDL_RenderCopy")
    }
}
