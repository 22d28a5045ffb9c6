/// A card's quad cut to what the output shows before SDL sees it. SDL 2.26's software triangle
/// filler works in 32-bit fixed point from the triangle's corners: a turned card much larger
/// than the output (a zoom, a seven-times-wide test card, a flight far off) crashed it with an
/// out-of-bounds texture read (issue 18, family 7). Cut to the output (Sutherland-Hodgman, one
/// edge at a time), every corner SDL gets is within a pixel of it, and the texture coordinates
/// are interpolated along the cut edges, which is exact for a card (an affine map).
enum QuadClip {
    struct Vertex: Equatable {
        var x: Double, y: Double, u: Double, v: Double
    }

    /// `polygon` (convex, in order) cut to the rectangle `x0...x1` x `y0...y1`; fewer than three
    /// vertices when nothing of it is inside.
    static func clip(_ polygon: [Vertex], x0: Double, y0: Double, x1: Double, y1: Double) -> [Vertex] {
        var out = polygon
        out = cut(out) { $0.x - x0 }   // keep x >= x0
        out = cut(out) { x1 - $0.x }   // keep x <= x1
        out = cut(out) { $0.y - y0 }
        out = cut(out) { y1 - $0.y }
        return out
    }

    /// Keeps the part where `side` >= 0, adding the crossing points of the edges that cross.
    private static func cut(_ polygon: [Vertex], side: (Vertex) -> Double) -> [Vertex] {
        guard polygon.count >= 3 else { return [] }
        var out: [Vertex] = []
        out.reserveCapacity(polygon.count + 2)
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let sa = side(a), sb = side(b)
            if sa >= 0 { out.append(a) }
            if (sa >= 0) != (sb >= 0) {
                let t = sa / (sa - sb)
                out.append(Vertex(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
                                  u: a.u + (b.u - a.u) * t, v: a.v + (b.v - a.v) * t))
            }
        }
        return out
    }
}
