import CSDL2
import CSafeGeometry
import FlickEngine
import Foundation
@testable import FlickSDL
import Testing

/// SDL 2.26's software triangle filler multiplies the third corner's texel by the triangle's
/// doubled area in half pixels in a 32-bit int (CSafeGeometry.h): past INT_MAX the product wraps
/// and the filler reads far outside the texture (wrong pixels, or SIGSEGV). Every geometry call
/// goes through `flick_render_geometry_raw`, which turns or splits such triangles.
@MainActor
@Suite(.serialized)
struct SafeGeometryTests {
    init() { _ = SDLTestEnvironment.context }

    func overflows(_ corners: [(Float, Float)], _ uvs: [(Float, Float)], texture: Int) -> Bool {
        let xy = corners.flatMap { [$0.0, $0.1] }, uv = uvs.flatMap { [$0.0, $0.1] }
        return flick_sw_triangle_overflows(xy, uv, Int32(texture), Int32(texture), 1, 1) != 0
    }

    /// A right triangle with legs of L px on a 1024-texel texture, the (1, 1) corner last: SDL
    /// takes texel 1023 (1024 pulled in by one) times the area 4 L² half pixels squared; that
    /// passes INT_MAX between L = 724 (2,145,548,288) and L = 725 (2,151,480,000).
    @Test func thePreconditionIsExact() {
        let uv: [(Float, Float)] = [(0, 0), (1, 0), (1, 1)]
        #expect(!overflows([(0, 0), (724, 0), (724, 724)], uv, texture: 1024))
        #expect(overflows([(0, 0), (725, 0), (725, 725)], uv, texture: 1024))
        // The same triangle with the (0, 0) texel last never overflows, whatever its size.
        #expect(!overflows([(725, 0), (725, 725), (0, 0)], [(1, 0), (1, 1), (0, 0)], texture: 1024))
        #expect(!overflows([(1900, 0), (1900, 1070), (0, 0)], [(1, 0), (1, 1), (0, 0)], texture: 4096))
        // Where every corner has a large texel (a card cut at the output's edge), only a split helps.
        #expect(overflows([(0, 0), (1200, 0), (1200, 1000)], [(0.5, 0.5), (1, 0.5), (1, 1)], texture: 4096))
        // Corners past 8192 px (2^14 half pixels) are refused: the filler's edge sums overflow.
        #expect(overflows([(0, 0), (9000, 0), (0, 10)], [(0, 0), (0, 0), (0, 0)], texture: 16))
        #expect(overflows([(0, 0), (.nan, 0), (0, 10)], [(0, 0), (0, 0), (0, 0)], texture: 16))
    }

    /// Draws `quad` (corners clockwise from the top left, texture corners in the same order) and
    /// returns how many triangles the guard fixed.
    func draw(_ renderer: Renderer, _ texture: Texture, _ quad: [(Double, Double)], uv: [(Float, Float)]) throws -> Int {
        var vertices = zip(quad, uv).map { p, t in
            SDL_Vertex(position: SDL_FPoint(x: Float(p.0), y: Float(p.1)), color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                       tex_coord: SDL_FPoint(x: t.0, y: t.1))
        }
        // The vertex order of a card quad: the third corner of each triangle is the far one.
        var indices: [Int32] = [0, 1, 2, 0, 2, 3]
        let count = vertices.count
        try vertices.withUnsafeMutableBufferPointer { v in
            try indices.withUnsafeMutableBufferPointer { i in
                try renderer.drawGeometry(texture: texture, vertices: UnsafeBufferPointer(v), indices: UnsafeBufferPointer(i))
            }
        }
        #expect(count == 4)
        return Int(flick_safe_geometry_last_fixed())
    }

    /// A turned card of 1400 x 800 px from a 2048-texel face on a 1920x1080 software output:
    /// both triangles overflow as given (one in 2^32 / area rows off the texture); drawn through
    /// the guard, every pixel inside is the face's colour.
    @Test func aLargeTurnedCardDrawsItsOwnPixels() throws {
        let renderer = try Renderer(offscreenWidth: 1920, height: 1080)
        let red = try solidTexture(RGBA(255, 0, 0), width: 2048, height: 2048, renderer: renderer)
        try renderer.clear(RGBA(0, 0, 255))
        let quad = [(260.0, 120.0), (1660.0, 160.0), (1620.0, 960.0), (220.0, 920.0)]
        let uv: [(Float, Float)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
        let xy = quad.flatMap { [Float($0.0), Float($0.1)] }, uvs = uv.flatMap { [$0.0, $0.1] }
        let first = [xy[0], xy[1], xy[2], xy[3], xy[4], xy[5]], firstUV = [uvs[0], uvs[1], uvs[2], uvs[3], uvs[4], uvs[5]]
        #expect(flick_sw_triangle_overflows(first, firstUV, 2048, 2048, 1, 1) != 0, "the input is past the precondition")
        let fixed = try draw(renderer, red, quad, uv: uv)
        #expect(fixed == 2)
        let pixels = try renderer.readPixels()
        var wrong = 0
        for y in stride(from: 200, through: 880, by: 5) {
            for x in stride(from: 300, through: 1580, by: 5) where pixels[x, y] != RGBA(255, 0, 0) { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) pixels inside the card are not the face's colour")
        #expect(pixels[100, 50] == RGBA(0, 0, 255) && pixels[1800, 1040] == RGBA(0, 0, 255))
    }

    /// Quads around the precondition: sizes on both sides of it, turned by small angles, on
    /// faces of 256 to 4096 texels, some cut so no corner has texel 0. Each draws its face's
    /// colour inside and nothing outside its bounding box.
    @Test func quadsAroundThePreconditionDrawTheirFaces() throws {
        let renderer = try Renderer(offscreenWidth: 1280, height: 800)
        var rng = SplitMix(seed: 7)
        var fixedTotal = 0
        for size in [256, 1024, 4096] {
            let green = try solidTexture(RGBA(0, 200, 0), width: size, height: size, renderer: renderer)
            for _ in 0..<12 {
                try renderer.clear(RGBA(0, 0, 0))
                let w = 500 + rng.next(700), h = 400 + rng.next(380)
                let angle = Double(rng.next(200) - 100) / 1000   // -0.1 ... 0.1 rad
                let (cx, cy) = (640.0, 400.0)
                func corner(_ dx: Double, _ dy: Double) -> (Double, Double) {
                    (cx + dx * cos(angle) - dy * sin(angle), cy + dx * sin(angle) + dy * cos(angle))
                }
                let hw = Double(w) / 2, hh = Double(h) / 2
                let quad = [corner(-hw, -hh), corner(hw, -hh), corner(hw, hh), corner(-hw, hh)]
                let u0 = rng.next(2) == 0 ? Float(0) : Float(0.5)
                let uv: [(Float, Float)] = [(u0, u0), (1, u0), (1, 1), (u0, 1)]
                fixedTotal += try draw(renderer, green, quad, uv: uv)
                let pixels = try renderer.readPixels()
                let inset = 0.8
                var wrong = 0
                for y in stride(from: Int(cy - hh * inset), through: Int(cy + hh * inset), by: 9) {
                    for x in stride(from: Int(cx - hw * inset), through: Int(cx + hw * inset), by: 9) where pixels[x, y] != RGBA(0, 200, 0) {
                        wrong += 1
                    }
                }
                #expect(wrong == 0, "\(size)-texel face, \(w)x\(h) at \(angle) rad: \(wrong) wrong pixels")
            }
        }
        #expect(fixedTotal > 0, "some quads were past the precondition")
    }
}

/// A small deterministic generator for the fuzz.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
