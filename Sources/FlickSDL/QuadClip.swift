import CSDL2

/// Geometry cut to what the output shows before SDL sees it. SDL 2.26's software triangle
/// filler works in 32-bit fixed point from a triangle's corners: a turned card much larger than
/// the output (a zoom, a card seven times the output's width, a flight far off) crashed it with
/// an out-of-bounds texture read. Cut to the output plus a pixel
/// (Sutherland-Hodgman, one edge at a time), every corner SDL gets is near the output, and the
/// texture coordinates and colours are interpolated along the cut edges, which is exact for the
/// affine maps cards and shadows use.
public enum QuadClip {
    public struct Vertex: Equatable {
        public var x: Double, y: Double, u: Double, v: Double
        public var r: Double = 255, g: Double = 255, b: Double = 255, a: Double = 255

        public init(x: Double, y: Double, u: Double, v: Double) {
            (self.x, self.y, self.u, self.v) = (x, y, u, v)
        }

        init(_ s: SDL_Vertex) {
            self.init(x: Double(s.position.x), y: Double(s.position.y), u: Double(s.tex_coord.x), v: Double(s.tex_coord.y))
            (r, g, b, a) = (Double(s.color.r), Double(s.color.g), Double(s.color.b), Double(s.color.a))
        }

        var sdl: SDL_Vertex {
            func byte(_ x: Double) -> UInt8 { UInt8(min(255, max(0, x.rounded()))) }
            return SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)),
                              color: SDL_Color(r: byte(r), g: byte(g), b: byte(b), a: byte(a)),
                              tex_coord: SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1))))
        }

        func lerp(_ o: Vertex, _ t: Double) -> Vertex {
            var m = Vertex(x: x + (o.x - x) * t, y: y + (o.y - y) * t, u: u + (o.u - u) * t, v: v + (o.v - v) * t)
            (m.r, m.g, m.b, m.a) = (r + (o.r - r) * t, g + (o.g - g) * t, b + (o.b - b) * t, a + (o.a - a) * t)
            return m
        }
    }

    /// `polygon` (convex, in order) cut to the rectangle `x0...x1` x `y0...y1`; fewer than three
    /// vertices when nothing of it is inside.
    public static func clip(_ polygon: [Vertex], x0: Double, y0: Double, x1: Double, y1: Double) -> [Vertex] {
        var out = polygon
        out = cut(out) { $0.x - x0 }   // keep x >= x0
        out = cut(out) { x1 - $0.x }   // keep x <= x1
        out = cut(out) { $0.y - y0 }
        out = cut(out) { y1 - $0.y }
        return out
    }

    /// Triangles (`indices` into `vertices`) with every one that reaches more than a pixel past a
    /// `width` x `height` output cut to it (as a fan); nil when none does (draw them as they are).
    /// A non-finite corner drops its triangle.
    public static func cutTriangles(_ vertices: UnsafeBufferPointer<SDL_Vertex>, _ indices: UnsafeBufferPointer<Int32>,
                                    width: Double, height: Double) -> (vertices: [SDL_Vertex], indices: [Int32])? {
        guard width > 0, height > 0 else { return nil }
        let (x0, y0, x1, y1) = (-1.0, -1.0, width + 1, height + 1)
        func inside(_ v: SDL_Vertex) -> Bool {
            let x = Double(v.position.x), y = Double(v.position.y)
            return x >= x0 && x <= x1 && y >= y0 && y <= y1
        }
        guard !vertices.allSatisfy(inside) else { return nil }
        var outV: [SDL_Vertex] = []
        var outI: [Int32] = []
        var t = 0
        while t + 2 < indices.count {
            // A quad as two triangles (a, b, c) and (a, c, d) is cut as one polygon: a cut
            // rectangle stays one rectangle (which SDL draws as a copy, see `startingNear`)
            // instead of two cut triangles with slivers along the diagonal.
            let shape: [SDL_Vertex]
            if t + 5 < indices.count, indices[t + 3] == indices[t], indices[t + 4] == indices[t + 2] {
                shape = [vertices[Int(indices[t])], vertices[Int(indices[t + 1])], vertices[Int(indices[t + 2])],
                         vertices[Int(indices[t + 5])]]
                t += 6
            } else {
                shape = [vertices[Int(indices[t])], vertices[Int(indices[t + 1])], vertices[Int(indices[t + 2])]]
                t += 3
            }
            if shape.allSatisfy(inside) {
                let base = Int32(outV.count)
                outV += shape
                for k in 1..<(shape.count - 1) { outI += [base, base + Int32(k), base + Int32(k + 1)] }
                continue
            }
            guard shape.allSatisfy({ $0.position.x.isFinite && $0.position.y.isFinite }) else { continue }
            var polygon = clip(shape.map(Vertex.init), x0: x0, y0: y0, x1: x1, y1: y1)
            guard polygon.count >= 3 else { continue }
            if polygon.count == 4 { polygon = startingNear(Vertex(shape[0]), polygon) }
            let base = Int32(outV.count)
            outV += polygon.map(\.sdl)
            for k in 1..<(polygon.count - 1) { outI += [base, base + Int32(k), base + Int32(k + 1)] }
        }
        return (outV, outI)
    }

    /// `polygon` turned to start at the vertex whose texture coordinates are nearest `first`'s.
    /// A cut quad comes out of `clip` starting wherever the cut left it; SDL 2.26 draws a
    /// rectangle of two triangles as a copy, taking the source rectangle from the texture
    /// coordinates of its vertices 0 and 2 as if vertex 0 were the top left: a cut card starting
    /// at its top right gave a source of negative width, read far outside the texture and
    /// crashed (the flick-bench baseline at 1920x1080, every run of the carousel there).
    static func startingNear(_ first: Vertex, _ polygon: [Vertex]) -> [Vertex] {
        func d(_ v: Vertex) -> Double { (v.u - first.u) * (v.u - first.u) + (v.v - first.v) * (v.v - first.v) }
        guard let k = polygon.indices.min(by: { d(polygon[$0]) < d(polygon[$1]) }), k > 0 else { return polygon }
        return Array(polygon[k...] + polygon[..<k])
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
            if (sa >= 0) != (sb >= 0) { out.append(a.lerp(b, sa / (sa - sb))) }
        }
        return out
    }
}
