import CSDL2
import FlickEngine
@testable import FlickSDL
import Foundation
import Testing

/// SDL is per process: one context for every test, created on first use, on the main actor.
@MainActor
enum SDLTestEnvironment {
    static let context: SDLContext = {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        do { return try SDLContext(videoDriver: "dummy") } catch { fatalError("SDL init failed: \(error)") }
    }()
}

/// A texture of one colour.
@MainActor
func solidTexture(_ color: RGBA, width: Int = 16, height: Int = 16, renderer: Renderer) throws -> Texture {
    let surface = try Surface(width: width, height: height)
    try surface.fill(color)
    return try Texture(renderer: renderer, surface: surface)
}

/// Counts its live instances, to see values released by the cache.
final class Tracked {
    nonisolated(unsafe) static var live = 0
    let id: Int
    init(_ id: Int) { self.id = id; Tracked.live += 1 }
    deinit { Tracked.live -= 1 }
}

@MainActor
@Suite(.serialized)
struct FlickSDLTests {
    init() { _ = SDLTestEnvironment.context }

    // MARK: - (a) alpha in the vertex colours

    @Test func halfTransparentCardBlendsOverBackground() throws {
        let renderer = try Renderer(offscreenWidth: 200, height: 200)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        let red = try solidTexture(RGBA(255, 0, 0), renderer: renderer)
        let background = RGBA(0, 0, 255)
        try renderer.clear(background)
        // 50×50 points at (50, 50) with 2 pixels per point: pixels 50..<150 on both axes.
        let card = CardAttributes(card: CardID(1), index: 0, size: Size(width: 50, height: 50),
                                  transform: AffineTransform(translationX: 50, y: 50), alpha: 0.5, zIndex: 0)
        try cards.draw([card], scale: 2) { _ in red }
        let pixels = try renderer.readPixels()
        #expect(cards.lastFrame.calls == 1, "one SDL call (a copy on the software renderer)")
        #expect(cards.lastFrame.drawnCards == 1)
        // 0.5 alpha: 255 × 128/255 ≈ 128 red over 255 × 127/255 ≈ 127 blue.
        let blended = RGBA(128, 0, 127)
        expectPixels(pixels, name: "alpha-blend", tolerance: 2) { x, y in
            let inside = (51..<149).contains(x) && (51..<149).contains(y)
            let outside = !(49..<151).contains(x) || !(49..<151).contains(y)
            return inside ? blended : outside ? background : nil   // the edge row: don't care
        }
    }

    /// SDL 2.26's software triangle filler read outside textures (a segfault
    /// about 1 run in 8 of the software switcher bench). Every kind of geometry Flick can hand it,
    /// and absurd ones: turned at any angle, sub-pixel, a thousandfold, far away, non-finite,
    /// on textures from 1x1 to odd sizes; thousands of them, drawn without a crash. (A card
    /// seven times wider than the viewport, turned, crashed it within a few frames.)
    /// An opaque fill is written without blending (SDL's software renderer blends every pixel
    /// of a fill at alpha 255 too, at 16 times the cost): the same pixels a blend gives, and a
    /// translucent fill after it still blends.
    @Test func opaqueFillsReplaceAndTranslucentFillsStillBlend() throws {
        let renderer = try Renderer(offscreenWidth: 40, height: 10)
        try renderer.clear(RGBA(0, 0, 255))
        try renderer.fill(x: 0, y: 0, width: 20, height: 10, color: RGBA(255, 0, 0, 128))
        try renderer.fill(x: 10, y: 0, width: 20, height: 10, color: RGBA(0, 255, 0))
        try renderer.fill(x: 25, y: 0, width: 15, height: 10, color: RGBA(255, 255, 255, 128))
        let pixels = try renderer.readPixels()
        expectPixels(pixels, name: "opaque-fill", tolerance: 2) { x, _ in
            switch x {
            case ..<10: RGBA(128, 0, 127)      // half red over blue
            case ..<25: RGBA(0, 255, 0)        // the opaque green, whatever was under it
            case ..<30: RGBA(128, 255, 128)    // half white over the green: blended again
            default: RGBA(128, 128, 255)       // half white over blue
            }
        }
    }

    @Test func absurdGeometryIsDrawnWithoutACrash() throws {
        let renderer = try Renderer(offscreenWidth: 320, height: 240)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        var textures: [Texture] = []
        for (w, h) in [(1, 1), (2, 3), (7, 5), (33, 17), (390, 844)] {
            let surface = try Surface(width: w, height: h)
            try surface.fill(RGBA(200, 40, 40))
            textures.append(try Texture(renderer: renderer, surface: surface))
        }
        var random = SystemRandomNumberGenerator()
        var drawn = 0
        for frame in 0..<300 {
            var list: [CardAttributes] = []
            for i in 0..<12 {
                let size: Double = [0.01, 0.4, 3, 40, 390, 5000, 1e6].randomElement(using: &random)!
                let angle = Double.random(in: -10...10, using: &random)
                let far: Double = [0, 10, 300, 1e4, 1e7, -1e9].randomElement(using: &random)!
                let transform = AffineTransform(rotation: angle)
                    .concatenating(AffineTransform(scaleX: [0.001, 1, 7, 1000].randomElement(using: &random)! as Double, y: 1))
                    .concatenating(AffineTransform(translationX: Double.random(in: -50...370, using: &random) + far, y: Double.random(in: -50...290, using: &random)))
                list.append(CardAttributes(card: CardID(frame * 12 + i), index: i, size: Size(width: size, height: size * 1.7),
                                           transform: transform, alpha: Double.random(in: 0...1, using: &random), zIndex: Double(i)))
            }
            list.append(CardAttributes(card: CardID(-1), index: 99, size: Size(width: .nan, height: 10),
                                       transform: AffineTransform(translationX: .infinity, y: 0), alpha: 1, zIndex: 0))
            // Every other frame through SDL's own path, the rest composited on the CPU (pixman).
            cards.usesCPUCompositing = frame.isMultiple(of: 2)
            try renderer.clear(RGBA(0, 0, 0))
            try cards.draw(list, scale: 1) { textures[Int($0.card.value.magnitude) % textures.count] }
            drawn += cards.lastFrame.drawnCards
        }
        #expect(drawn > 300, "only \(drawn) cards drawn")

    }

    /// The cut QuadClip makes: a card from x -100 to 300 over an output 0...200 wide keeps the
    /// part inside, its texture coordinates a quarter and three quarters of the way across.
    @Test func quadClipKeepsTheInsideWithItsTextureCoordinates() {
        let square = [QuadClip.Vertex(x: -100, y: 0, u: 0, v: 0), QuadClip.Vertex(x: 300, y: 0, u: 1, v: 0),
                      QuadClip.Vertex(x: 300, y: 100, u: 1, v: 1), QuadClip.Vertex(x: -100, y: 100, u: 0, v: 1)]
        let cut = QuadClip.clip(square, x0: 0, y0: 0, x1: 200, y1: 100)
        #expect(cut.count == 4)
        #expect(Set(cut.map { "\($0.x),\($0.y),\($0.u),\($0.v)" })
                == ["0.0,0.0,0.25,0.0", "200.0,0.0,0.75,0.0", "200.0,100.0,0.75,1.0", "0.0,100.0,0.25,1.0"])
        #expect(QuadClip.clip(square, x0: 400, y0: 0, x1: 500, y1: 100).count < 3, "a card wholly outside keeps nothing")
    }

    /// A card cut at the top of the output comes out of QuadClip starting at its top left, as
    /// SDL 2.26 needs for a rectangle it draws as a copy: starting at the top right (where the
    /// cut left it) gave SDL a source of negative width, and drawing it crashed in SDL (the
    /// flick-bench baseline at 1920x1080, every carousel run). Drawn here on the software
    /// renderer's own geometry path with a texture that large: it must not crash, and shows the
    /// texture's colour.
    @Test func aQuadCutAtTheTopStartsAtItsTopLeftAndSDLDrawsItAsACopy() throws {
        let w: Float = 1382, h: Float = 756
        func vertex(_ x: Float, _ y: Float, _ u: Float, _ v: Float) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: x, y: y), color: SDL_Color(r: 255, g: 255, b: 255, a: 232),
                       tex_coord: SDL_FPoint(x: u, y: v))
        }
        // A card above the top of a 1920x1080 output, a quad of two triangles.
        let quad = [vertex(268.8, -81, 0, 0), vertex(268.8 + w, -81, 1, 0), vertex(268.8 + w, -81 + h, 1, 1),
                    vertex(268.8, -81 + h, 0, 1)]
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        let cut = try #require(quad.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { QuadClip.cutTriangles(v, $0, width: 1920, height: 1080) }
        })
        #expect(cut.indices == [0, 1, 2, 0, 2, 3], "one quad, not two cut triangles")
        #expect(cut.vertices.count == 4)
        let first = cut.vertices[0]
        #expect(first.tex_coord.x == 0 && abs(first.position.x - 268.8) < 0.01 && abs(first.position.y + 1) < 0.01,
                "starts at \(first.position) uv \(first.tex_coord), not the top left")
        let renderer = try Renderer(offscreenWidth: 1920, height: 1080)
        let surface = try Surface(width: Int(w), height: Int(h))
        try surface.fill(RGBA(40, 160, 220))
        let texture = try Texture(renderer: renderer, surface: surface)
        try renderer.clear(.black)
        try cut.vertices.withUnsafeBufferPointer { v in
            try cut.indices.withUnsafeBufferPointer { try renderer.drawGeometry(texture: texture, vertices: v, indices: $0) }
        }
        let pixels = try renderer.readPixels()
        #expect(pixels[900, 300].maxChannelDifference(to: RGBA(36, 145, 200)) <= 3, "\(pixels[900, 300])")
    }

    // MARK: - (b) corners land where the transform says

    @Test func rotatedScaledCardPutsEachCornerWhereTheTransformSays() throws {
        let renderer = try Renderer(offscreenWidth: 200, height: 200)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        // 40×20 texture, one colour per quadrant: TL red, TR green, BR blue, BL yellow.
        let colors = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 0)]
        let surface = try Surface(width: 40, height: 20)
        try surface.fill(colors[0], rect: (0, 0, 20, 10))
        try surface.fill(colors[1], rect: (20, 0, 20, 10))
        try surface.fill(colors[2], rect: (20, 10, 20, 10))
        try surface.fill(colors[3], rect: (0, 10, 20, 10))
        let texture = try Texture(renderer: renderer, surface: surface)
        texture.setNearestSampling(true)

        let transform = AffineTransform(rotation: .pi / 2).scaledBy(x: 2, y: 1.5).translatedBy(x: 100, y: 100)
        let card = CardAttributes(card: CardID(7), index: 0, size: Size(width: 40, height: 20),
                                  transform: transform, alpha: 1, zIndex: 0)
        let background = RGBA(20, 20, 20)
        try renderer.clear(background)
        try cards.draw([card], scale: 1) { _ in texture }
        let pixels = try renderer.readPixels()

        // Whole-image check against the transform's inverse, ignoring pixels within one local
        // unit (1.5 px or more on screen) of an edge or a quadrant boundary.
        let inverse = try #require(transform.inverted())
        expectPixels(pixels, name: "corners-full", tolerance: 2) { x, y in
            let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            let edge = min(abs(abs(p.x) - 20), abs(abs(p.y) - 10), abs(p.x), abs(p.y))
            if edge < 1 { return nil }
            if abs(p.x) > 20 || abs(p.y) > 10 { return background }
            switch (p.x < 0, p.y < 0) {
            case (true, true): return colors[0]
            case (false, true): return colors[1]
            case (false, false): return colors[2]
            case (true, false): return colors[3]
            }
        }

        // Each marked corner: the pixel of that colour farthest from the centre sits at the
        // transformed corner, within 1 px.
        let (tl, tr, br, bl) = card.corners
        let expectedCorners = [tl, tr, br, bl]
        for (i, color) in colors.enumerated() {
            var farthest: (x: Double, y: Double, d: Double)?
            var count = 0
            for y in 0..<pixels.height {
                for x in 0..<pixels.width where pixels[x, y].maxChannelDifference(to: color) <= 40 {
                    count += 1
                    let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                    let d = (cx - 100) * (cx - 100) + (cy - 100) * (cy - 100)
                    if d > farthest?.d ?? -1 { farthest = (cx, cy, d) }
                }
            }
            let found = try #require(farthest, "no pixel of \(color); image: \(saveArtifact(pixels, name: "corners"))")
            let want = expectedCorners[i]
            #expect(abs(found.x - want.x) <= 1 && abs(found.y - want.y) <= 1,
                    "corner \(i) of \(color) at (\(found.x), \(found.y)), transform says (\(want.x), \(want.y)); image: \(saveArtifact(pixels, name: "corners"))")
            // A quadrant covers 20×10 units × 2 × 1.5 = 600 px.
            #expect(abs(count - 600) <= 60, "\(color) covers \(count) px, expected about 600")
        }
    }

    // MARK: - Shadows, batching, baseline

    @Test func shadowsBatchIntoOneCallAndCardsSharingATextureIntoAnother() throws {
        let renderer = try Renderer(offscreenWidth: 200, height: 200)
        let cards = try CardRenderer(renderer: renderer, shadow: .init(ordering: .batchedBelowAll))
        cards.usesCopies = false   // batching is about geometry calls
        cards.usesCPUCompositing = false   // SDL's own path
        let white = try solidTexture(.white, renderer: renderer)
        let list = (0..<3).map { i in
            CardAttributes(card: CardID(i), index: i, size: Size(width: 40, height: 40),
                           transform: AffineTransform(translationX: 40 + 50 * Double(i), y: 100), alpha: 1,
                           zIndex: Double(i))
        }
        try renderer.clear(RGBA(200, 200, 200))
        try cards.draw(list, scale: 1) { _ in white }
        #expect(cards.lastFrame.geometryCalls == 2, "shadow rims in one call (their middles are under the cards), cards in one")
        let pixels = try renderer.readPixels()
        // Below a card (inside the shadow's reach) it is darker than the background.
        let under = pixels[40, 100 + 20 + 6]
        #expect(under.r < 200, "no shadow below the card: \(under); image: \(saveArtifact(pixels, name: "shadow"))")
        #expect(pixels[40, 100] == .white)

        let exact = try CardRenderer(renderer: renderer, shadow: .init(ordering: .perCard))
        exact.usesCopies = false
        exact.usesCPUCompositing = false   // SDL's own path
        try exact.draw(list, scale: 1) { _ in white }
        #expect(exact.lastFrame.geometryCalls == 6)
    }

    @Test func cardFaceHasTransparentRoundedCorners() throws {
        let image = try Surface(width: 300, height: 100)
        try image.fill(RGBA(10, 200, 30))
        let face = try CardFace.compose(image, width: 80, height: 120, cornerRadius: 12)
        #expect(face.width == 80 && face.height == 120)
        face.withRGBABytes { bytes, pitch in
            func alpha(_ x: Int, _ y: Int) -> UInt8 { bytes[y * pitch + x * 4 + 3] }
            #expect(alpha(0, 0) == 0)
            #expect(alpha(79, 119) == 0)
            #expect(alpha(40, 0) == 255)
            #expect(alpha(12, 12) == 255)
            #expect(alpha(2, 2) < 255)
            #expect(bytes[60 * pitch + 40 * 4 + 1] == 200)
        }
    }

    @Test func composedFrameShowsRoundedCornersOverShadows() throws {
        let renderer = try Renderer(offscreenWidth: 240, height: 160)
        let cards = try CardRenderer(renderer: renderer, shadow: .init(spread: 10, offset: Vector(dx: 0, dy: 5)),
                                     cornerRadius: 10)
        let image = try Surface(width: 64, height: 64)
        try image.fill(RGBA(240, 240, 240))
        try image.fill(RGBA(30, 120, 220), rect: (0, 0, 64, 20))
        // 2 pixels per point: a 60×80 pt card is a 120×160 px face with a 20 px (10 pt) radius.
        let face = try Texture(renderer: renderer, surface: CardFace.compose(image, width: 120, height: 160, cornerRadius: 20))
        let list = [
            CardAttributes(card: CardID(0), index: 0, size: Size(width: 60, height: 80),
                           transform: AffineTransform(rotation: -0.15).translatedBy(x: 70, y: 80), alpha: 1, zIndex: 0),
            CardAttributes(card: CardID(1), index: 1, size: Size(width: 60, height: 80),
                           transform: AffineTransform(translationX: 160, y: 80), alpha: 1, zIndex: 1),
        ]
        let background = RGBA(200, 200, 200)
        try renderer.clear(background)
        try cards.draw(list, scale: 1) { _ in face }
        let pixels = try renderer.readPixels()
        let path = saveArtifact(pixels, name: "composed-frame")
        // Card 1 spans x 130..<190, y 40..<120. Its top-left corner pixel is cut away (background,
        // slightly shadowed), the pixel 10 pt in is the card's blue header.
        let corner = pixels[130, 40]
        #expect(corner.b < 230 && corner.maxChannelDifference(to: background) < 60, "corner \(corner); \(path)")
        #expect(pixels[140, 50].maxChannelDifference(to: RGBA(30, 120, 220)) <= 3, "\(pixels[140, 50]); \(path)")
        #expect(pixels[160, 118].maxChannelDifference(to: RGBA(240, 240, 240)) <= 3, "\(path)")
        // Shadow below the card's bottom edge, darker than the background.
        #expect(pixels[160, 122].r < background.r - 10, "\(pixels[160, 122]); \(path)")
    }

    // MARK: - (c) TextureCache

    @Test func lruEvictsLeastRecentlyUsedAndStaysBounded() {
        Tracked.live = 0
        var cache = LRUCache<Int, Tracked>(capacity: 3)
        for k in [1, 2, 3] { _ = cache.value(for: k) { Tracked($0) } }
        #expect(cache.keysByRecency == [3, 2, 1])
        _ = cache.value(for: 1) { Tracked($0) }        // hit: 1 is now most recent
        _ = cache.value(for: 4) { Tracked($0) }        // evicts 2
        #expect(cache.keysByRecency == [4, 1, 3])
        #expect(!cache.contains(2))
        #expect(Tracked.live == 3, "the evicted value was released")
        #expect(cache.statistics == { var s = CacheStatistics(); s.hits = 1; s.misses = 4; s.evictions = 1; return s }())
        #expect(cache.peek(3)?.id == 3)
        #expect(cache.keysByRecency == [4, 1, 3], "peek does not touch recency")

        // Against a reference model over a pseudo-random access sequence.
        var model: [Int] = []   // most recent first
        var evictions = cache.statistics.evictions
        model = cache.keysByRecency
        var seed: UInt64 = 42
        for _ in 0..<2000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let key = Int(seed >> 33) % 7
            _ = cache.value(for: key) { Tracked($0) }
            if let i = model.firstIndex(of: key) { model.remove(at: i) } else if model.count == 3 {
                model.removeLast(); evictions += 1
            }
            model.insert(key, at: 0)
            #expect(cache.count <= 3)
        }
        #expect(cache.keysByRecency == model)
        #expect(cache.statistics.evictions == evictions)
        #expect(Tracked.live == 3)

        cache.setCapacity(1)
        #expect(cache.keysByRecency == [model[0]])
        cache.removeAll()
        #expect(Tracked.live == 0)
    }

    @Test func textureCacheLoadsThroughLoaderAndDestroysEvictedTextures() throws {
        let renderer = try Renderer(offscreenWidth: 32, height: 32)
        var loads: [CardID] = []
        let cache = TextureCache<CardID>(capacity: 2) { id in
            loads.append(id)
            return try solidTexture(RGBA(UInt8(id.value), 0, 0), renderer: renderer)
        }
        weak var first: Texture?
        first = try cache.texture(for: CardID(1))
        #expect(first != nil)
        _ = try cache.texture(for: CardID(2))
        _ = try cache.texture(for: CardID(1))           // hit
        _ = try cache.texture(for: CardID(3))           // evicts 2
        #expect(loads == [CardID(1), CardID(2), CardID(3)])
        #expect(cache.keysByRecency == [CardID(3), CardID(1)])
        _ = try cache.texture(for: CardID(2))           // miss again, evicts 1
        #expect(first == nil, "the evicted texture was released (SDL_DestroyTexture in deinit)")
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 4 && cache.statistics.evictions == 2)

        struct Broken: Error {}
        let failing = TextureCache<String>(capacity: 2) { _ in throw Broken() }
        #expect(throws: Broken.self) { try failing.texture(for: "x") }
        #expect(failing.count == 0)
    }

    // MARK: - (d) EventSource

    @Test func eventSourceMapsPushedEvents() throws {
        let source = EventSource(viewportSize: { Size(width: 200, height: 100) })
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        _ = source.poll()

        func push(_ event: SDL_Event) throws {
            var e = event
            #expect(SDL_PushEvent(&e) == 1, "SDL_PushEvent: \(String(cString: SDL_GetError()))")
        }
        func button(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.button.type = type.rawValue
            e.button.which = which
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
            e.button.x = x
            e.button.y = y
            return e
        }
        func motion(x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.motion.type = SDL_MOUSEMOTION.rawValue
            e.motion.which = which
            e.motion.state = flick_button_lmask()
            e.motion.x = x
            e.motion.y = y
            return e
        }
        func finger(_ type: SDL_EventType, x: Float, y: Float, id: Int64 = 77) -> SDL_Event {
            var e = SDL_Event()
            e.tfinger.type = type.rawValue
            e.tfinger.touchId = 5
            e.tfinger.fingerId = id
            e.tfinger.x = x
            e.tfinger.y = y
            return e
        }
        func wheel(x: Float, y: Float, which: UInt32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.wheel.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.which = which
            e.wheel.x = Int32(x)
            e.wheel.y = Int32(y)
            e.wheel.preciseX = x
            e.wheel.preciseY = y
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            return e
        }

        try push(motion(x: 1, y: 1))                                         // no button down: ignored
        try push(button(SDL_MOUSEBUTTONDOWN, x: 10, y: 20))
        try push(motion(x: 15, y: 22))
        try push(button(SDL_MOUSEBUTTONDOWN, x: 99, y: 99, which: flick_touch_mouseid()))  // synthetic: ignored
        try push(motion(x: 98, y: 98, which: flick_touch_mouseid()))         // synthetic: ignored
        try push(button(SDL_MOUSEBUTTONUP, x: 16, y: 23))
        try push(motion(x: 30, y: 30))                                       // button up again: ignored
        try push(finger(SDL_FINGERDOWN, x: 0.5, y: 0.25))
        try push(finger(SDL_FINGERMOTION, x: 0.75, y: 0.5))
        try push(finger(SDL_FINGERUP, x: 0.75, y: 0.5))
        try push(wheel(x: 0, y: 1))
        try push(wheel(x: 0.5, y: -0.25))
        try push(wheel(x: 0, y: 3, which: flick_touch_mouseid()))            // synthetic: ignored
        var key = SDL_Event()
        key.key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = Int32(bitPattern: SDLK_ESCAPE.rawValue)
        key.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue)
        try push(key)
        var resize = SDL_Event()
        resize.window.type = SDL_WINDOWEVENT.rawValue
        resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        resize.window.data1 = 640
        resize.window.data2 = 480
        try push(resize)
        var minimised = resize
        minimised.window.event = UInt8(SDL_WINDOWEVENT_MINIMIZED.rawValue)
        try push(minimised)
        var quit = SDL_Event()
        quit.quit.type = SDL_QUIT.rawValue
        try push(quit)

        let events = source.poll()
        // PushEvent stamps its own times: check the mapping, and that times are seconds >= 0.
        func stripped(_ e: InputEvent) -> InputEvent {
            switch e {
            case .pointer(var p): p.time = 0; return .pointer(p)
            case .wheel(let d, _, let precise): return .wheel(delta: d, time: 0, precise: precise)
            case .key(var k): k.time = 0; return .key(k)
            default: return e
            }
        }
        let expected: [InputEvent] = [
            .pointer(PointerEvent(pointerID: 0, phase: .down, position: Point(x: 10, y: 20), time: 0, device: .mouse)),
            .pointer(PointerEvent(pointerID: 0, phase: .move, position: Point(x: 15, y: 22), time: 0, device: .mouse)),
            .pointer(PointerEvent(pointerID: 0, phase: .up, position: Point(x: 16, y: 23), time: 0, device: .mouse)),
            .pointer(PointerEvent(pointerID: 1, phase: .down, position: Point(x: 100, y: 25), time: 0, device: .touch)),
            .pointer(PointerEvent(pointerID: 1, phase: .move, position: Point(x: 150, y: 50), time: 0, device: .touch)),
            .pointer(PointerEvent(pointerID: 1, phase: .up, position: Point(x: 150, y: 50), time: 0, device: .touch)),
            .wheel(delta: Vector(dx: 0, dy: -40), time: 0, precise: false),
            .wheel(delta: Vector(dx: 20, dy: 10), time: 0, precise: true),
            .key(KeyPress(key: .escape, keycode: Int32(bitPattern: SDLK_ESCAPE.rawValue), modifiers: .shift)),
            .resized(Size(width: 640, height: 480)),
            .windowMinimized,
            .quit,
        ]
        #expect(events.map(stripped) == expected)
        for case .pointer(let p) in events { #expect(p.time >= 0 && p.time < 3600) }
    }

    // MARK: - (e) image files

    @Test func badImageFilesThrowAnErrorNamingTheFile() throws {
        let dir = PixelArtifacts.folder
        let empty = "\(dir)/empty-card.png"
        let corrupt = "\(dir)/corrupt-card.png"
        let text = "\(dir)/notes-card.jpg"
        let missing = "\(dir)/missing-card.png"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        // A PNG signature and then garbage.
        _ = FileManager.default.createFile(atPath: corrupt, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                                                                          + (0..<200).map { UInt8($0 % 251) }))
        _ = FileManager.default.createFile(atPath: text, contents: Data("just some text, not a picture\n".utf8))
        for path in [empty, corrupt, text, missing] {
            do {
                _ = try ImageLoader.loadSurface(path: path)
                Issue.record("\(path) loaded")
            } catch {
                #expect(error.path == path)
                #expect(error.description.contains((path as NSString).lastPathComponent), "\(error)")
                #expect(!error.reason.isEmpty)
            }
        }
        let emptyError = #expect(throws: ImageLoadError.self) { try ImageLoader.loadSurface(path: empty) }
        #expect(emptyError?.reason.contains("empty") == true)
        SDL_ClearError()
    }

    /// A CMYK JPEG (here Pillow's, Adobe-inverted, 16x16 of pure red ink:
    /// C 0, M 255, Y 255, K 0) was drawn blue: SDL_image passes the four channels as ARGB.
    @Test func cmykJPEGsAreDrawnInTheirColours() throws {
        let path = "\(PixelArtifacts.folder)/cmyk-red.jpg"
        let jpeg = try #require(Data(base64Encoded: "/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoKCgYICwwLCgwJCgoK/8AAFAgAEAAQBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD9/K/n/r+f+v38oooooooooooor//Z"))
        _ = FileManager.default.createFile(atPath: path, contents: jpeg)
        let surface = try ImageLoader.loadSurface(path: path)
        let pixel = surface.withRGBABytes { raw, pitch in (raw[8 * pitch + 32], raw[8 * pitch + 33], raw[8 * pitch + 34], raw[8 * pitch + 35]) }
        #expect(pixel.0 >= 250 && pixel.1 <= 5 && pixel.2 <= 5 && pixel.3 == 255, "drawn as \(pixel)")
    }

    /// The pixel limit holds only for headers Flick reads (PNG, JPEG), so a
    /// file of another format is refused by its content whatever its name (a BMP named .png was
    /// decoded whole past the limit, 4.4 GB); a real PNG under that name still loads.
    @Test func otherFormatsAreRefusedByContentNotName() throws {
        let dir = PixelArtifacts.folder
        var bmp = Data("BM".utf8) + Data(count: 52)
        bmp[18] = 0xE8; bmp[19] = 0x80   // width and height 33000: 4.4 GB at 32 bits
        bmp[22] = 0xE8; bmp[23] = 0x80
        let cases: [(String, Data, String)] = [
            ("bmp-as.png", bmp, "is a BMP image, not a PNG or JPEG image"),
            ("gif-as.png", Data("GIF89a".utf8) + Data(count: 20), "is a GIF image"),
            ("webp-as.jpg", Data("RIFF".utf8) + Data(count: 4) + Data("WEBPVP8 ".utf8) + Data(count: 20), "is a WebP image"),
            ("tiff-as.png", Data([0x49, 0x49, 0x2A, 0x00]) + Data(count: 20), "is a TIFF image"),
        ]
        for (name, bytes, reason) in cases {
            let path = "\(dir)/\(name)"
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
            #expect(ImageFile.problem(at: path)?.contains(reason) == true, "\(name): \(ImageFile.problem(at: path) ?? "accepted")")
        }
        let png = "\(dir)/real-card.png"
        let surface = try Surface(width: 8, height: 8)
        try surface.savePNG(to: png)
        #expect(ImageFile.problem(at: png) == nil)
    }

    @Test func unreadableCardImageBecomesAPlaceholderNamingTheFile() throws {
        let renderer = try Renderer(offscreenWidth: 32, height: 32)
        let path = "\(PixelArtifacts.folder)/zero-bytes.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let font = try Font.findSystemFont().map { try Font(path: $0, pixelSize: 12) }
        let (texture, error) = try ImageLoader.cardTexture(path: path, renderer: renderer, width: 90, height: 120,
                                                           cornerRadius: 8, captionFont: font)
        #expect(texture.width == 90 && texture.height == 120)
        #expect(error?.fileName == "zero-bytes.png")
    }

    @Test func oversizedImageIsScaledBelowTheMaximumTextureSize() throws {
        let renderer = try Renderer(offscreenWidth: 32, height: 32)
        let big = try Surface(width: 600, height: 300)
        try big.fill(RGBA(0, 90, 200))
        let path = "\(PixelArtifacts.folder)/big-card.png"
        try big.savePNG(to: path)
        let jpeg = "\(PixelArtifacts.folder)/big-card.jpg"
        #expect(IMG_SaveJPG(big.pointer, jpeg, 90) == 0)

        for file in [path, jpeg] {
            let texture = try ImageLoader.loadTexture(path: file, renderer: renderer, maxSide: 256)
            #expect(texture.width == 256 && texture.height == 128, "\(file): \(texture.width)x\(texture.height)")
        }
        let limit = renderer.maxTextureSize ?? ImageLoader.defaultMaxTextureSize
        #expect(ImageLoader.maxSide(for: renderer) == limit)
        let fitted = try ImageLoader.fitting(big, maxSide: 100)
        #expect(fitted.width == 100 && fitted.height == 50)
        #expect(try ImageLoader.fitting(big, maxSide: 600) === big)
    }

    // MARK: - Text

    /// The facilitator window's lines: cut to fit with "…", never wider than asked.
    @Test func textIsCutToFitOneLine() throws {
        guard let path = Font.findSystemFont() else { return }   // no font installed: nothing to test
        let font = try Font(path: path, pixelSize: 14)
        #expect(font.fitting("short", maxWidth: 1000) == "short")
        let long = String(repeating: "task name é✓ ", count: 40)
        let cut = font.fitting(long, maxWidth: 200)
        #expect(cut.hasSuffix("…") && long.hasPrefix(String(cut.dropLast())))
        #expect(font.width(of: cut) <= 200 && font.width(of: cut) > 150, "\(font.width(of: cut)) px")
        #expect(font.fitting(long, maxWidth: 1) == "…")
    }

    @Test func textTexturesAreRenderedOnceWhileUnchanged() throws {
        guard let path = Font.findSystemFont() else { return }   // no font installed: nothing to test
        let renderer = try Renderer(offscreenWidth: 200, height: 100)
        let font = try Font(path: path, pixelSize: 14)
        let text = TextCache(font: font, renderer: renderer, capacity: 8)
        let hud = HUD(text: text)
        try renderer.clear(RGBA(40, 40, 40))
        for _ in 0..<3 { try hud.draw(["fps 60", "cards 12"], scale: 1) }
        #expect(text.statistics.misses == 2)
        #expect(text.statistics.hits == 4)
        let pixels = try renderer.readPixels()
        var lit = 0
        for y in 0..<pixels.height { for x in 0..<pixels.width where pixels[x, y].r > 150 { lit += 1 } }
        #expect(lit > 20, "no text drawn; image: \(saveArtifact(pixels, name: "hud"))")
    }

    @Test func offscreenRendererDescribesItself() throws {
        let renderer = try Renderer(offscreenWidth: 64, height: 48)
        #expect(renderer.isSoftware)
        #expect(renderer.outputSize.width == 64 && renderer.outputSize.height == 48)
        #expect(renderer.pixelScale == 1)
        let window = try Window(title: "flick test", size: Size(width: 120, height: 80), options: .init(hidden: true))
        #expect(window.size == Size(width: 120, height: 80))
        let onWindow = try Renderer(window: window, options: .init(forceSoftware: true, vsync: false))
        #expect(onWindow.isSoftware)
        #expect(onWindow.pixelScale == 1)
    }
}
