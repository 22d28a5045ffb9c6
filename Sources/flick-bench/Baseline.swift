import CSDL2
import FlickEngine
import FlickSDL

/// The plain-SDL baseline the card renderer is measured against: each card's quad computed ahead
/// of time, then one `SDL_RenderGeometry` call per card: no batching, no shadows, no transforms
/// at draw time. It lives here, not in FlickSDL: it exists only to be compared with.
struct BaselineQuad {
    var texture: Texture
    /// Top-left, top-right, bottom-right, bottom-left; positions in pixels.
    var vertices: [SDL_Vertex]

    static let indices: [Int32] = [0, 1, 2, 0, 2, 3]

    /// The quads `CardRenderer.draw` would make for `cards` without shadows.
    static func make(_ cards: [CardAttributes], scale: Double, texture: (CardAttributes) -> Texture?) -> [BaselineQuad] {
        cards.compactMap { card in
            guard card.isFinite, card.alpha > 0, !card.size.isEmpty, let t = texture(card) else { return nil }
            let a = UInt8((min(1, max(0, card.alpha)) * 255).rounded())
            let (tl, tr, br, bl) = card.corners
            func v(_ p: Point, _ u: Float, _ w: Float) -> SDL_Vertex {
                SDL_Vertex(position: SDL_FPoint(x: Float(p.x * scale), y: Float(p.y * scale)),
                           color: SDL_Color(r: 255, g: 255, b: 255, a: a), tex_coord: SDL_FPoint(x: u, y: w))
            }
            return BaselineQuad(texture: t, vertices: [v(tl, 0, 0), v(tr, 1, 0), v(br, 1, 1), v(bl, 0, 1)])
        }
    }

    /// Draws `quads` one SDL call each; a quad reaching past the output is cut to it first, as the
    /// card renderer does (QuadClip: SDL 2.26's software triangle filler crashes on turned quads
    /// much larger than the output, and its copy of a rectangle on one that
    /// does not start at its top left; the bench is no exception).
    static func draw(_ quads: [BaselineQuad], on renderer: Renderer) throws {
        let (w, h) = renderer.outputSize
        try indices.withUnsafeBufferPointer { idx in
            for quad in quads {
                try quad.vertices.withUnsafeBufferPointer { v in
                    if let cut = QuadClip.cutTriangles(v, idx, width: Double(w), height: Double(h)) {
                        try cut.vertices.withUnsafeBufferPointer { cv in
                            try cut.indices.withUnsafeBufferPointer { ci in
                                try renderer.drawGeometry(texture: quad.texture, vertices: cv, indices: ci)
                            }
                        }
                    } else {
                        try renderer.drawGeometry(texture: quad.texture, vertices: v, indices: idx)
                    }
                }
            }
        }
    }
}
