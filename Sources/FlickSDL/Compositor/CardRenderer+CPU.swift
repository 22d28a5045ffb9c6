import CPixman
import CImageDecode
import FlickEngine
import Glibc

/// The card renderer's CPU path (`Renderer.compositesOnCPU`): the same pieces the occlusion
/// leaves and the same turned quads, composited with pixman into one `CPUFrame` instead of
/// handed to SDL one by one. pixman's SSE2/SSSE3 paths blend, scale (bilinear) and turn cards
/// several times faster than SDL's software blitter and triangle filler, and a card at the size
/// its face was made is a plain blend of whole pixels.
extension CardRenderer {
    /// The frame's rectangle: everything the items (and their shadows) can touch, in whole
    /// viewport pixels; nil when nothing is visible.
    func compositeRegion(scale: Double) -> (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        let reach = shadow.map { max(1, $0.spread) + max(abs($0.offset.dx), abs($0.offset.dy)) } ?? 0
        for item in items {
            let (a, b, c, d) = item.card.corners
            x0 = min(x0, a.x - reach, b.x - reach, c.x - reach, d.x - reach)
            x1 = max(x1, a.x + reach, b.x + reach, c.x + reach, d.x + reach)
            y0 = min(y0, a.y - reach, b.y - reach, c.y - reach, d.y - reach)
            y1 = max(y1, a.y + reach, b.y + reach, c.y + reach, d.y + reach)
        }
        // In pixels, clamped before any conversion (absurd geometry must not trap).
        func pixel(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v.isNaN ? 0 : v))) }
        let vw = Int(viewportSize.width), vh = Int(viewportSize.height)
        let left = max(0, pixel((x0 * scale).rounded(.down)) - 2), top = max(0, pixel((y0 * scale).rounded(.down)) - 2)
        let right = min(vw, pixel((x1 * scale).rounded(.up)) + 2)
        let bottom = min(vh, pixel((y1 * scale).rounded(.up)) + 2)
        guard right > left, bottom > top else { return nil }
        return (left, top, right - left, bottom - top)
    }

    /// A piece of an axis-aligned card or shadow cell: the texture mapped onto the whole quad the
    /// piece was cut from, composited over the piece's pixels only. nil texture: a black fill.
    func compositePiece(_ texture: Texture?, _ p: Piece, alpha: UInt8, into frame: CPUFrame,
                        _ stats: inout FrameStatistics) {
        guard let dst = frame.image, alpha > 0 else { return }
        let q = p.quad
        // The pixels SDL's software renderer covered (what the app always drew). The texture is
        // clamped at its edges (repeat pad, as GL's clamp to edge), so the card ends where its
        // face does.
        guard let (covered, _) = p.coveredPixels() else { return }
        let r = frame.rect
        let x0 = max(Double(r.x), covered.x0), x1 = min(Double(r.x + r.width), covered.x1)
        let y0 = max(Double(r.y), covered.y0), y1 = min(Double(r.y + r.height), covered.y1)
        guard x1 > x0, y1 > y0, x1 - x0 < 1e6, y1 - y0 < 1e6 else { return }
        let dx = Int32(x0) - Int32(r.x), dy = Int32(y0) - Int32(r.y)
        let w = Int32(x1 - x0), h = Int32(y1 - y0)
        stats.copies += 1
        stats.pixels += Double(w) * Double(h)
        guard let texture else {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
            var box = pixman_box32_t(x1: dx, y1: dy, x2: dx + w, y2: dy + h)
            _ = pixman_image_fill_boxes(PIXMAN_OP_OVER, dst, &color, 1, &box)
            return
        }
        guard let src = texture.pixels else { return }
        let tw = Double(src.width), th = Double(src.height)
        // Texels per pixel and the texel at viewport pixel 0, along each axis.
        let sx = tw * Double(p.quadUV.u1 - p.quadUV.u0) / (q.x1 - q.x0)
        let sy = th * Double(p.quadUV.v1 - p.quadUV.v0) / (q.y1 - q.y0)
        let tx = tw * Double(p.quadUV.u0) - sx * q.x0, ty = th * Double(p.quadUV.v0) - sy * q.y0
        let mask = solidMask(alpha)
        pixman_image_set_repeat(src.image, PIXMAN_REPEAT_PAD)
        defer { pixman_image_set_repeat(src.image, PIXMAN_REPEAT_NONE) }
        // A face drawn at the size it was made (less than half a texel of drift across it) is
        // a blend of whole pixels: no filtering, no blur from a fractional position.
        if abs(sx - 1) * tw < 0.5, abs(sy - 1) * th < 0.5 {
            pixman_image_set_transform(src.image, nil)
            // Whole pixels as SDL places a copy: the quad's corner truncated toward zero.
            let ox = Int32((tx + Double(r.x)).rounded(.towardZero)), oy = Int32((ty + Double(r.y)).rounded(.towardZero))
            CardRenderer.compositeWhole(src, mask, dst, x: dx, y: dy, width: w, height: h, offset: (ox, oy))
            return
        }
        var m = pixman_transform()
        CardRenderer.setFixed(&m, a: sx, b: 0, c: tx + sx * Double(r.x), d: 0, e: sy, f: ty + sy * Double(r.y))
        pixman_image_set_transform(src.image, &m)
        // Nearest or bilinear by the rule GL's draws follow (`samplesNearest`): the quad is where
        // the whole texture of a card goes (a shadow cell's texture is the shadow's, nearest).
        let own = src.nearest, nearest = own || samplesNearest(texture, in: q)
        if nearest != own { src.nearest = nearest }
        pixman_image_composite32(PIXMAN_OP_OVER, src.image, mask, dst, dx, dy, 0, 0, dx, dy, w, h)
        if nearest != own { src.nearest = own }
        pixman_image_set_transform(src.image, nil)
    }

    /// `src` over `dst` pixel for pixel (texel = pixel + offset), the texture clamped at its
    /// edges. Where a piece reaches past the texture (a quad's corner truncated a pixel before
    /// the face's first texel), only the strips outside it take pixman's general path (it fetches
    /// every pixel through the repeat): with the whole piece on it, one 245x515 card took 6.5 ms
    /// instead of 0.1, the worst frames of the stall bench. The rest is the plain blend.
    static func compositeWhole(_ src: PixelImage, _ mask: OpaquePointer?, _ dst: OpaquePointer,
                               x: Int32, y: Int32, width w: Int32, height h: Int32, offset: (x: Int32, y: Int32)) {
        func draw(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
            guard x1 > x0, y1 > y0 else { return }
            pixman_image_composite32(PIXMAN_OP_OVER, src.image, mask, dst, x0 + offset.x, y0 + offset.y, 0, 0,
                                     x0, y0, x1 - x0, y1 - y0)
        }
        // The destination pixels whose texel lies inside the texture.
        let ix0 = min(max(x, -offset.x), x + w), ix1 = max(min(x + w, Int32(src.width) - offset.x), ix0)
        let iy0 = min(max(y, -offset.y), y + h), iy1 = max(min(y + h, Int32(src.height) - offset.y), iy0)
        draw(x, y, x + w, iy0)            // rows above the texture
        draw(x, iy1, x + w, y + h)        // rows below it
        draw(x, iy0, ix0, iy1)            // columns left of it
        draw(ix1, iy0, x + w, iy1)        // columns right of it
        draw(ix0, iy0, ix1, iy1)          // inside: the fast path
    }

    /// `image` drawn as the parallelogram `corners` (top left, top right, bottom left, viewport
    /// pixels) at `alpha`: a turned card, its title or its shadow. `hole`: a parallelogram inside
    /// it (the same corners) whose pixels sample only transparent texels, left out (a hollow
    /// shadow's middle, under its opaque card).
    func compositeQuad(_ image: PixelImage, tl: Point, tr: Point, bl: Point, alpha: UInt8, nearest: Bool = false,
                       hole: (tl: Point, tr: Point, bl: Point)? = nil, into frame: CPUFrame, _ stats: inout FrameStatistics) {
        guard let dst = frame.image, alpha > 0 else { return }
        let tw = Double(image.width), th = Double(image.height)
        // Forward: texel (u, v) -> pixel tl + u·ax + v·bx. pixman wants the inverse.
        let ax = (tr.x - tl.x) / tw, ay = (tr.y - tl.y) / tw
        let bx = (bl.x - tl.x) / th, by = (bl.y - tl.y) / th
        let det = ax * by - bx * ay
        guard det.isFinite, abs(det) > 1e-12 else { return }
        let br = Point(x: tr.x + bl.x - tl.x, y: tr.y + bl.y - tl.y)
        let r = frame.rect
        let x0 = max(Double(r.x), min(tl.x, tr.x, bl.x, br.x).rounded(.down))
        let x1 = min(Double(r.x + r.width), max(tl.x, tr.x, bl.x, br.x).rounded(.up))
        let y0 = max(Double(r.y), min(tl.y, tr.y, bl.y, br.y).rounded(.down))
        let y1 = min(Double(r.y + r.height), max(tl.y, tr.y, bl.y, br.y).rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        // Inverse, in the frame image's coordinates (pixel = frame pixel + r.origin).
        let ia = by / det, ib = -bx / det, ic = -ay / det, id = ax / det
        let ox = Double(r.x) - tl.x, oy = Double(r.y) - tl.y
        var m = pixman_transform()
        CardRenderer.setFixed(&m, a: ia, b: ib, c: ia * ox + ib * oy, d: ic, e: id, f: ic * ox + id * oy)
        pixman_image_set_transform(image.image, &m)
        let own = image.nearest
        if nearest { image.nearest = true }
        // Transparent outside its edges: bilinear sampling antialiases the turned edges. In bands
        // of rows, each only as wide as the quad there (pixman's turned bilinear path fetches
        // every pixel of what it is given, inside the quad or not: a card turned by 9 degrees
        // has a bounding box a third larger than itself).
        let corners = (tl, tr, br, bl)
        let holeCorners = hole.map { h in (h.tl, h.tr, Point(x: h.tr.x + h.bl.x - h.tl.x, y: h.tr.y + h.bl.y - h.tl.y), h.bl) }
        // Bilinear onto the frame's own word layout: one pass a pixel (`flick_turned_over`, the
        // same pixels pixman writes, where pixman's general path fetches, masks, combines and
        // stores in turn). Nearest sampling and other layouts go through pixman.
        let direct = !image.nearest ? CardRenderer.directTarget(dst) : nil
        let mask = direct == nil ? solidMask(alpha) : nil
        let source = pixman_image_get_data(image.image)
        let matrix: [Int32] = [m.matrix.0.0, m.matrix.0.1, m.matrix.0.2, m.matrix.1.0, m.matrix.1.1, m.matrix.1.2]
        var y = Int32(y0)
        while y < Int32(y1) {
            let yEnd = min(y + CardRenderer.turnedBand, Int32(y1))
            if let (left, right) = CardRenderer.span(of: corners, rows: Double(y), Double(yEnd)) {
                let bx0 = max(Int32(x0), Int32(left.rounded(.down)) - 1)
                let bx1 = min(Int32(x1), Int32(right.rounded(.up)) + 1)
                // The hole's pixels in every row of the band: the centres inside it on the
                // band's first and last rows (a convex quad's rows between lie wider).
                var skip = (bx1, bx1)
                if let holeCorners,
                   let top = CardRenderer.span(of: holeCorners, rows: Double(y) + 0.5, Double(y) + 0.5),
                   let bottom = CardRenderer.span(of: holeCorners, rows: Double(yEnd) - 0.5, Double(yEnd) - 0.5) {
                    let first = (max(top.0, bottom.0) - 0.5).rounded(.up), last = (min(top.1, bottom.1) - 0.5).rounded(.down)
                    if last >= first, first > Double(bx0), last < Double(bx1) - 1 { skip = (Int32(first), Int32(last) + 1) }
                }
                // The band's span left and right of the hole (one of them all of it without one).
                func composite(_ a: Int32, _ b: Int32) {
                    guard b > a else { return }
                    let fx = a - Int32(r.x), fy = y - Int32(r.y)
                    if let direct, let source {
                        flick_turned_over(source, Int32(image.width), Int32(image.height), image.width, direct.words,
                                          direct.pitch, fx, fy, b - a, yEnd - y, matrix, Int32(alpha),
                                          direct.opaque ? 1 : 0)
                    } else {
                        pixman_image_composite32(PIXMAN_OP_OVER, image.image, mask, dst, fx, fy, 0, 0, fx, fy,
                                                 b - a, yEnd - y)
                    }
                    stats.pixels += Double(b - a) * Double(yEnd - y)
                }
                composite(bx0, skip.0)
                composite(skip.1, bx1)
            }
            y = yEnd
        }
        if nearest { image.nearest = own }
        pixman_image_set_transform(image.image, nil)
        stats.copies += 1
    }

    /// Rows a turned quad is composited in at a time.
    static let turnedBand: Int32 = 16

    /// `image`'s words when `flick_turned_over` can write them (a8r8g8b8, or x8r8g8b8: opaque).
    static func directTarget(_ image: OpaquePointer) -> (words: UnsafeMutablePointer<UInt32>, pitch: Int, opaque: Bool)? {
        let format = pixman_image_get_format(image)
        guard format == PIXMAN_a8r8g8b8 || format == PIXMAN_x8r8g8b8, let words = pixman_image_get_data(image) else {
            return nil
        }
        return (words, Int(pixman_image_get_stride(image)) / 4, format == PIXMAN_x8r8g8b8)
    }

    /// The x range the convex polygon `corners` covers between rows y0 and y1; nil when it
    /// does not reach them.
    static func span(of corners: (Point, Point, Point, Point), rows y0: Double, _ y1: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for k in 0..<4 {
            let p = element(corners, k), q = element(corners, (k + 1) % 4)
            let top = min(p.y, q.y), bottom = max(p.y, q.y)
            guard bottom >= y0, top <= y1 else { continue }
            if bottom - top < 1e-9 {
                lo = min(lo, p.x, q.x); hi = max(hi, p.x, q.x)
                continue
            }
            let ya = max(y0, top), yb = min(y1, bottom)
            let xa = p.x + (q.x - p.x) * (ya - p.y) / (q.y - p.y)
            let xb = p.x + (q.x - p.x) * (yb - p.y) / (q.y - p.y)
            lo = min(lo, xa, xb); hi = max(hi, xa, xb)
        }
        return lo <= hi && lo.isFinite && hi.isFinite ? (lo, hi) : nil
    }

    /// A card's (or title's) whole texture as its transformed quad.
    func compositeCard(_ card: CardAttributes, texture: Texture, alpha: UInt8, scale: Double, into frame: CPUFrame,
                       _ stats: inout FrameStatistics) {
        guard let image = texture.pixels else { return }
        let (tl, tr, _, bl) = card.corners
        func px(_ p: Point) -> Point { Point(x: p.x * scale, y: p.y * scale) }
        compositeQuad(image, tl: px(tl), tr: px(tr), bl: px(bl), alpha: alpha, into: frame, &stats)
    }

    /// The shadow of a turned card: the nine cells laid out once for its size into an image of
    /// their own (cached), drawn as one turned quad with nearest sampling (it is a blur).
    func compositeTurnedShadow(of card: CardAttributes, style: ShadowStyle, scale: Double, into frame: CPUFrame,
                               _ stats: inout FrameStatistics) {
        let alpha = CardRenderer.alphaByte(style.opacity * card.alpha)
        guard alpha > 0, let cells = shadowTexture.pixels else { return }
        let hw = card.size.width / 2, hh = card.size.height / 2
        let e = min(style.spread, hw, hh)
        let t = card.transform
        let stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        // Half the pixels of the drawn size are plenty for a blur.
        let k = min(4, max(0.05, stretch * scale / 2))
        let hollow = style.opaqueCards && isShadowCentreHidden(card, style: style, edge: e)
        let key = ShadowKey(width: Int(((2 * hw + 2 * e) * k).rounded(.up)), height: Int(((2 * hh + 2 * e) * k).rounded(.up)),
                            edge: Int((2 * e * k).rounded()), hollow: hollow)
        guard let image = shadowImage(key, cells: cells) else { return }
        func px(_ x: Double, _ y: Double) -> Point {
            let p = t.apply(to: Point(x: x, y: y)) + style.offset
            return Point(x: p.x * scale, y: p.y * scale)
        }
        let tl = px(-hw - e, -hh - e), tr = px(hw + e, -hh - e), bl = px(-hw - e, hh + e)
        // A hollow shadow's middle texels are clear: its pixels are left out, a texel in from
        // the middle's edge so neither sampling reads past it.
        var hole: (tl: Point, tr: Point, bl: Point)?
        let w = Double(image.width), h = Double(image.height)
        let edge = CardRenderer.shadowImageEdge(key)
        if key.hollow, w - edge - 1 > edge + 1, h - edge - 1 > edge + 1 {
            func at(_ u: Double, _ v: Double) -> Point {
                Point(x: tl.x + (tr.x - tl.x) * u / w + (bl.x - tl.x) * v / h, y: tl.y + (tr.y - tl.y) * u / w + (bl.y - tl.y) * v / h)
            }
            hole = (at(edge + 1, edge + 1), at(w - edge - 1, edge + 1), at(edge + 1, h - edge - 1))
        }
        compositeQuad(image, tl: tl, tr: tr, bl: bl, alpha: alpha, nearest: samplesNearest(shadowTexture, in: nil),
                      hole: hole, into: frame, &stats)
    }

    struct ShadowKey: Hashable {
        var width: Int, height: Int, edge: Int, hollow: Bool
    }

    /// The width of the border cells of a turned shadow's image: its middle starts this many
    /// texels in from each side.
    static func shadowImageEdge(_ key: ShadowKey) -> Double { Double(max(1, min(key.edge, key.width / 2, key.height / 2))) }

    /// The shadow's nine cells stretched to `key`'s size (the middle left clear when hollow).
    private func shadowImage(_ key: ShadowKey, cells: PixelImage) -> PixelImage? {
        if let hit = turnedShadows.first(where: { $0.key == key }) { return hit.image }
        guard key.width > 0, key.height > 0, key.width <= 8192, key.height <= 8192,
              let image = PixelImage(width: key.width, height: key.height) else { return nil }
        let e = CardRenderer.shadowImageEdge(key)
        let W = Double(key.width), H = Double(key.height)
        let b = Double(shadowBorderUV)
        let cw = Double(cells.width), ch = Double(cells.height)
        let xs = [0, e, W - e, W], ys = [0, e, H - e, H]
        let us = [0, b * cw, (1 - b) * cw, cw], vs = [0, b * ch, (1 - b) * ch, ch]
        for row in 0..<3 {
            for col in 0..<3 where !(key.hollow && row == 1 && col == 1) {
                let x0 = xs[col].rounded(), x1 = xs[col + 1].rounded(), y0 = ys[row].rounded(), y1 = ys[row + 1].rounded()
                guard x1 > x0, y1 > y0 else { continue }
                let sx = (us[col + 1] - us[col]) / (x1 - x0), sy = (vs[row + 1] - vs[row]) / (y1 - y0)
                var m = pixman_transform()
                CardRenderer.setFixed(&m, a: sx, b: 0, c: us[col] - sx * x0, d: 0, e: sy, f: vs[row] - sy * y0)
                pixman_image_set_transform(cells.image, &m)
                pixman_image_set_repeat(cells.image, PIXMAN_REPEAT_PAD)
                pixman_image_composite32(PIXMAN_OP_SRC, cells.image, nil, image.image, Int32(x0), Int32(y0), 0, 0,
                                         Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
                pixman_image_set_repeat(cells.image, PIXMAN_REPEAT_NONE)
            }
        }
        pixman_image_set_transform(cells.image, nil)
        turnedShadows.insert((key, image), at: 0)
        if turnedShadows.count > 4 { turnedShadows.removeLast() }
        return image
    }

    /// A solid mask of `alpha` (nil at 255: no mask, pixman's fastest paths).
    private func solidMask(_ alpha: UInt8) -> OpaquePointer? {
        guard alpha < 255 else { return nil }
        if let mask = solidMasks[Int(alpha)] { return mask }
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
        let mask = pixman_image_create_solid_fill(&color)
        solidMasks[Int(alpha)] = mask
        return mask
    }

    /// A pixman matrix [a b c; d e f; 0 0 1] (16.16 fixed point).
    static func setFixed(_ m: inout pixman_transform, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        func fixed(_ v: Double) -> pixman_fixed_t {
            pixman_fixed_t(clamping: Int64((max(-32767, min(32767, v)) * 65536).rounded()))
        }
        m.matrix.0 = (fixed(a), fixed(b), fixed(c))
        m.matrix.1 = (fixed(d), fixed(e), fixed(f))
        m.matrix.2 = (0, 0, 1 << 16)
    }
}
