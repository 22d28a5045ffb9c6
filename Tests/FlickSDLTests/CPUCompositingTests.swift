import CImageDecode
import CPixman
import CSDL2
import FlickEngine
@testable import FlickSDL
import Foundation
import Testing

/// The CPU compositor (pixman, `CPUFrame`) draws what SDL's own path draws: the same cards in the
/// same places with the same alpha, turned cards, shadows and titles included.
@MainActor
@Suite(.serialized)
struct CPUCompositingTests {
    init() { _ = SDLTestEnvironment.context }

    /// A face like the app's: a picture with a one-texel transparent ring.
    func face(_ color: RGBA, _ stripe: RGBA, width: Int, height: Int, renderer: Renderer) throws -> Texture {
        let surface = try Surface(width: width, height: height)
        try surface.fill(.clear)
        try surface.fill(color, rect: (1, 1, width - 2, height - 2))
        try surface.fill(stripe, rect: (1, height / 3, width - 2, height / 6))
        return try Texture(renderer: renderer, surface: surface)
    }

    /// The colours of the faces of `faces(_:)`, a card each by index modulo 4.
    static let colours = [RGBA(220, 60, 60), RGBA(60, 200, 90), RGBA(70, 90, 230), RGBA(240, 200, 40)]

    /// Four 90x130 faces of `colours`, striped white.
    func faces(_ renderer: Renderer) throws -> [Texture] {
        try Self.colours.map { try face($0, .white, width: 90, height: 130, renderer: renderer) }
    }

    /// A switcher-like row (scaled, one translucent) at `rowY` and a fifth card turned mid-throw
    /// (0.3 rad, alpha 0.9) centred at `turned`.
    func rowAndTurnedCard(rowY: Double, turned: (x: Double, y: Double)) -> [CardAttributes] {
        switcherLikeRow(y: rowY) + [CardAttributes(card: CardID(4), index: 4, size: Size(width: 90, height: 130),
                                                   transform: AffineTransform(rotation: 0.3).translatedBy(x: turned.x, y: turned.y),
                                                   alpha: 0.9, zIndex: 4)]
    }

    /// A FLICK_COMPOSITOR that is neither cpu nor gpu is ignored and said by the front end (FlickSDL
    /// does not print): the problem names the value; cpu and gpu choose; unset, no problem. The
    /// values are handed in, not set in the environment, which every test running beside this one
    /// reads when it makes a renderer.
    @Test func aWrongCompositorSettingIsIgnoredAndNamed() throws {
        #expect(Renderer.compositorSettingProblem("pixmann")?.contains("'pixmann' is not cpu or gpu") == true)
        #expect(Renderer.choosesCPUCompositing(isSoftware: true, setting: "pixmann")
                && !Renderer.choosesCPUCompositing(isSoftware: false, setting: "pixmann"))
        #expect(Renderer.compositorSettingProblem("gpu") == nil && !Renderer.choosesCPUCompositing(isSoftware: true, setting: "gpu"))
        #expect(Renderer.compositorSettingProblem("cpu") == nil && Renderer.choosesCPUCompositing(isSoftware: false, setting: "cpu"))
        #expect(Renderer.compositorSettingProblem(nil) == nil && Renderer.choosesCPUCompositing(isSoftware: true, setting: nil))
        #expect(Renderer.compositorSettingProblem("") == nil && !Renderer.choosesCPUCompositing(isSoftware: false, setting: nil))
    }

    /// The software renderer's CPU frame written into its output in place (no texture, no copy)
    /// gives the pixels of the frame copied from a texture, inside a viewport that does not
    /// start at the output's corner, with the background filled by the card renderer and SDL's
    /// drawing before it (a fill) and after it (a fill over the cards) kept in order.
    @Test func inPlaceFrameEqualsTheCopiedFrame() throws {
        let saved = CPUFrame.writesOutputInPlace
        defer { CPUFrame.writesOutputInPlace = saved }
        let list = rowAndTurnedCard(rowY: 80.4, turned: (300, 110))
        func frame(inPlace: Bool) throws -> (PixelBuffer, CardRenderer.FrameStatistics) {
            CPUFrame.writesOutputInPlace = inPlace
            let renderer = try Renderer(offscreenWidth: 420, height: 260)
            let textures = try faces(renderer)
            let cards = try CardRenderer(renderer: renderer)
            try renderer.clear(RGBA(10, 10, 10))
            try renderer.fill(x: 0, y: 0, width: 420, height: 30, color: RGBA(200, 0, 200))
            try renderer.setViewport(x: 7, y: 20, width: 400, height: 230)
            try cards.draw(list, scale: 1, background: RGBA(44, 50, 66), fillsBackground: true) {
                CardRenderer.Face(texture: textures[$0.index % 4])
            }
            try renderer.fill(x: 10, y: 10, width: 50, height: 300, color: RGBA(0, 120, 250, 128))
            try renderer.resetViewport()
            return (try renderer.readPixels(), cards.lastFrame)
        }
        let (inPlace, stats) = try frame(inPlace: true)
        let (copied, _) = try frame(inPlace: false)
        #expect(stats.drawnCards == 5)
        var differing = 0
        for y in 0..<copied.height {
            for x in 0..<copied.width where inPlace[x, y] != copied[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ; \(saveArtifact(inPlace, name: "in-place-frame"))")
        #expect(inPlace[3, 100] == RGBA(10, 10, 10), "left of the viewport: the clear")
        #expect(inPlace[200, 25] == RGBA(44, 50, 66), "the viewport's top: the stage background over the earlier fill")
        #expect(inPlace[200, 5] == RGBA(200, 0, 200), "above the viewport: the earlier fill")
    }

    /// SDL's own drawing (GL's path) with the background filled by the card renderer: over the
    /// whole output it is a clear, the pixels of a fill and then the cards; in a smaller
    /// viewport it is a fill of the viewport only, what lies outside kept.
    @Test func backgroundOverTheWholeOutputIsAClearWithAFillsPixels() throws {
        let renderer = try Renderer(offscreenWidth: 420, height: 260)
        let textures = try faces(renderer)
        let list = switcherLikeRow(y: 110.4)
        let background = RGBA(44, 50, 66)
        func draw(fills: Bool, viewport: (x: Int, y: Int, w: Int, h: Int)?) throws -> PixelBuffer {
            let cards = try CardRenderer(renderer: renderer)
            cards.usesCPUCompositing = false
            try renderer.clear(RGBA(200, 0, 200))
            if let v = viewport { try renderer.setViewport(x: v.x, y: v.y, width: v.w, height: v.h) }
            if !fills { try renderer.fill(x: 0, y: 0, width: 420, height: 260, color: background) }
            try cards.draw(list, scale: 1, background: background, fillsBackground: fills) {
                CardRenderer.Face(texture: textures[$0.index % 4])
            }
            try renderer.resetViewport()
            return try renderer.readPixels()
        }
        for viewport in [nil, (x: 0, y: 0, w: 420, h: 260), (x: 7, y: 20, w: 400, h: 230)] {
            let filled = try draw(fills: true, viewport: viewport), reference = try draw(fills: false, viewport: viewport)
            var differing = 0
            for y in 0..<reference.height {
                for x in 0..<reference.width where filled[x, y] != reference[x, y] { differing += 1 }
            }
            #expect(differing == 0, "\(String(describing: viewport)): \(differing) pixels differ")
            #expect(filled[2, 2] == (viewport?.y == 20 ? RGBA(200, 0, 200) : background))
        }
    }

    /// A switcher-like row (scaled, one translucent), a card turned mid-throw, shadows on: the
    /// CPU frame against SDL's geometry, pixel by pixel.
    @Test func cpuFrameMatchesSDLsGeometry() throws {
        let renderer = try Renderer(offscreenWidth: 420, height: 260)
        #expect(renderer.compositesOnCPU, "the software renderer composites on the CPU")
        let textures = try faces(renderer)
        let list = rowAndTurnedCard(rowY: 110.4, turned: (330, 140))
        let background = RGBA(44, 50, 66)

        let cpu = try CardRenderer(renderer: renderer)
        try renderer.clear(background)
        try cpu.draw(list, scale: 1, background: background) { textures[$0.index % 4] }
        let composited = try renderer.readPixels()
        #expect(cpu.lastFrame.geometryCalls == 0, "nothing through SDL's triangles")
        #expect(cpu.lastFrame.drawnCards == 5)

        let sdl = try CardRenderer(renderer: renderer)
        sdl.usesCPUCompositing = false
        sdl.usesCopies = false
        try renderer.clear(background)
        try sdl.draw(list, scale: 1) { textures[$0.index % 4] }
        let reference = try renderer.readPixels()
        // Edges differ by sampling (bilinear and antialiased here, nearest in SDL's filler):
        // at most 3 % of pixels by more than 40 levels, and a small mean difference.
        var far = 0, total = 0
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let d = composited[x, y].maxChannelDifference(to: reference[x, y])
                total += d
                if d > 40 { far += 1 }
            }
        }
        let n = reference.width * reference.height
        let artifact = saveArtifact(composited, name: "cpu-frame")
        #expect(Double(far) < 0.03 * Double(n), "\(far) of \(n) pixels differ by more than 40; \(artifact)")
        #expect(Double(total) / Double(n) < 2.5, "mean difference \(Double(total) / Double(n)); \(artifact)")
        // Inside the front card (opaque, scaled by 1.01) its colour, exactly.
        #expect(composited[251, 70] == Self.colours[3], "\(composited[251, 70]); \(artifact)")
        // The translucent card at 0.6 over its own shadow and the background, as SDL blends it.
        #expect(composited[40, 75].maxChannelDifference(to: reference[40, 75]) <= 2, "\(composited[40, 75]) vs \(reference[40, 75])")
        #expect(composited[40, 75].r > 120 && composited[40, 75].r < 160, "0.6 of red over the dark background: \(composited[40, 75])")
    }

    /// The CPU frame leaves the background unfilled under opaque cards' occluders, which a card
    /// writes before the frame ends: over an output cleared to magenta first, the frame equals
    /// one drawn over the background (in place and copied, in a viewport off the output's corner,
    /// a face fading in over its placeholder), and it filled fewer pixels than its rectangle.
    @Test func theBackgroundIsNotFilledUnderOpaqueCards() throws {
        let saved = CPUFrame.writesOutputInPlace
        defer { CPUFrame.writesOutputInPlace = saved }
        let list = rowAndTurnedCard(rowY: 110.4, turned: (330, 140))
        let background = RGBA(44, 50, 66), magenta = RGBA(255, 0, 255)
        for inPlace in [true, false] {
            for viewport in [nil, (x: 7, y: 20, w: 400, h: 230)] {
                CPUFrame.writesOutputInPlace = inPlace
                let renderer = try Renderer(offscreenWidth: 420, height: 260)
                let textures = try faces(renderer)
                let placeholder = try face(RGBA(128, 128, 128), .black, width: 90, height: 130, renderer: renderer)
                let cards = try CardRenderer(renderer: renderer)
                func frame(under: RGBA) throws -> PixelBuffer {
                    try renderer.clear(under)
                    if let v = viewport { try renderer.setViewport(x: v.x, y: v.y, width: v.w, height: v.h) }
                    try cards.draw(list, scale: 1, background: background, fillsBackground: true) { card in
                        CardRenderer.Face(texture: textures[card.index % 4], opacity: card.index == 2 ? 0.5 : 1,
                                          under: card.index == 2 ? placeholder : nil)
                    }
                    try renderer.resetViewport()
                    return try renderer.readPixels()
                }
                let reference = try frame(under: background), over = try frame(under: magenta)
                let stats = cards.lastFrame
                var differing = 0
                let v = viewport ?? (x: 0, y: 0, w: 420, h: 260)
                for y in v.y..<(v.y + v.h) {
                    for x in v.x..<(v.x + v.w) where over[x, y] != reference[x, y] { differing += 1 }
                }
                let label = "in place \(inPlace), viewport \(String(describing: viewport))"
                #expect(differing == 0, "\(label): \(differing) pixels differ; \(saveArtifact(over, name: "holes"))")
                let area = Double((viewport?.w ?? 420) * (viewport?.h ?? 260))
                #expect(stats.backgroundPixels > 0 && stats.backgroundPixels < 0.9 * area,
                        "\(label): \(stats.backgroundPixels) of \(area) background pixels filled")
            }
        }
    }

    /// A translucent stamp drawn over what is already there (`background: nil`: the frame reads
    /// the pixels back) inside a viewport that does not start at the output's corner, as the
    /// stage draws the swipe deck's LIKE label: the CPU frame blends it over the pixels under it,
    /// as SDL's own drawing does, not over pixels read from elsewhere in the output.
    @Test func aStampOverReadBackPixelsInAnOffsetViewportMatchesSDL() throws {
        let renderer = try Renderer(offscreenWidth: 400, height: 300)
        let stamp = try face(RGBA(46, 184, 110), .white, width: 80, height: 36, renderer: renderer)
        let card = CardAttributes(card: CardID(0), index: 0, size: Size(width: 80, height: 36),
                                  transform: AffineTransform(rotation: 0.12).translatedBy(x: 70, y: 50),
                                  alpha: 0.3, zIndex: 0)
        func frame(cpu: Bool) throws -> PixelBuffer {
            try renderer.resetViewport()
            try renderer.clear(RGBA(250, 250, 250))   // outside the stage: white
            try renderer.setViewport(x: 150, y: 100, width: 200, height: 150)
            try renderer.fill(x: 0, y: 0, width: 200, height: 150, color: RGBA(30, 40, 120))   // the stage: dark blue
            let quads = try CardRenderer(renderer: renderer, shadow: nil, cornerRadius: 0)
            quads.usesCPUCompositing = cpu
            try quads.draw([card], scale: 1) { _ in stamp }
            try renderer.resetViewport()
            return try renderer.readPixels()
        }
        let composited = try frame(cpu: true)
        let reference = try frame(cpu: false)
        var far = 0, worstInside = 0
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let d = composited[x, y].maxChannelDifference(to: reference[x, y])
                if d > 40 { far += 1 }
            }
        }
        // The stamp's middle: 0.3 of its green over the dark blue stage, in both.
        for (x, y) in [(220, 140), (205, 141), (235, 142)] {
            worstInside = max(worstInside, composited[x, y].maxChannelDifference(to: reference[x, y]))
        }
        let artifact = saveArtifact(composited, name: "stamp-offset-viewport")
        // Only the turned edges differ (antialiased here, nearest in SDL's filler).
        #expect(far < 60, "\(far) pixels differ by more than 40 levels; \(artifact)")
        #expect(worstInside <= 3, "inside the stamp: \(worstInside) levels apart; \(artifact)")
        let mid = composited[220, 140]
        #expect(mid.b > 80 && mid.g < 110, "0.3 of green over the dark blue stage, not over white: \(mid); \(artifact)")
    }

    /// A translucent card's shadow middle folded into the card (`FusedShadow`) gives the pixels
    /// of the exact order, each card's shadow drawn right before it: translucent cards over
    /// each other and over an opaque one, the shadows falling on the cards beneath.
    @Test func foldedShadowMiddlesMatchShadowsDrawnWithTheirCards() throws {
        let renderer = try Renderer(offscreenWidth: 420, height: 260)
        let textures = try faces(renderer)
        var list: [CardAttributes] = []
        for i in 0..<4 {
            let d = Double(i)
            let alpha: Double = i == 0 ? 1 : 0.75 - 0.15 * d
            let place = AffineTransform(translationX: 90 + 60 * d, y: 120 + 4 * d)
            list.append(CardAttributes(card: CardID(i), index: i, size: Size(width: 90, height: 130),
                                       transform: place, alpha: alpha, zIndex: d))
        }
        let background = RGBA(44, 50, 66)
        func frame(fold: Bool, ordering: CardRenderer.ShadowStyle.Ordering) throws -> PixelBuffer {
            let cards = try CardRenderer(renderer: renderer, shadow: CardRenderer.ShadowStyle(ordering: ordering))
            cards.fusesShadowMiddles = fold
            try renderer.clear(background)
            try cards.draw(list, scale: 1, background: background) { textures[$0.index % 4] }
            return try renderer.readPixels()
        }
        let folded = try frame(fold: true, ordering: .batchedBelowAll)
        let exact = try frame(fold: false, ordering: .perCard)
        let batched = try frame(fold: false, ordering: .batchedBelowAll)
        var worst = 0, changed = 0
        for y in 0..<exact.height {
            for x in 0..<exact.width {
                worst = max(worst, folded[x, y].maxChannelDifference(to: exact[x, y]))
                if batched[x, y].maxChannelDifference(to: exact[x, y]) > 8 { changed += 1 }
            }
        }
        let artifact = saveArtifact(folded, name: "folded-shadows")
        #expect(worst <= 2, "folded against shadows drawn with their cards: \(worst) levels; \(artifact)")
        // Where a translucent card lies over the opaque one, its shadow now darkens that card.
        #expect(changed > 2000, "only \(changed) pixels show the shadows on the cards beneath")
        #expect(folded[125, 120].maxChannelDifference(to: batched[125, 120]) > 8, "\(folded[125, 120]) vs \(batched[125, 120])")
    }

    /// The turned card's shadow is drawn (darker than the background just outside its edge,
    /// on the side the offset pushes it) and the card's corners land where its transform says.
    @Test func turnedCardAndItsShadowLandWhereTheTransformSays() throws {
        let renderer = try Renderer(offscreenWidth: 240, height: 240)
        let white = try face(.white, .white, width: 80, height: 120, renderer: renderer)
        let transform = AffineTransform(rotation: .pi / 6).translatedBy(x: 120, y: 110)
        let card = CardAttributes(card: CardID(0), index: 0, size: Size(width: 80, height: 120),
                                  transform: transform, alpha: 1, zIndex: 0)
        let background = RGBA(200, 200, 200)
        let cards = try CardRenderer(renderer: renderer)
        try renderer.clear(background)
        try cards.draw([card], scale: 1, background: background) { _ in white }
        let pixels = try renderer.readPixels()
        let inverse = try #require(transform.inverted())
        var inside = 0, wrongInside = 0
        for y in 0..<240 {
            for x in 0..<240 {
                let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                if abs(p.x) < 38, abs(p.y) < 58 {
                    inside += 1
                    if pixels[x, y] != .white { wrongInside += 1 }
                }
            }
        }
        #expect(inside > 8000 && wrongInside == 0, "\(wrongInside) of \(inside) inside pixels not white; \(saveArtifact(pixels, name: "turned"))")
        // Below the bottom corner (the shadow's offset is 6 pt down): darker than the background.
        let bottom = card.corners.2
        let below = pixels[Int(bottom.x), Int(bottom.y) + 5]
        #expect(below.r < 190, "no shadow under the turned card: \(below); \(saveArtifact(pixels, name: "turned"))")
        // Far from the card: the background, untouched.
        #expect(pixels[5, 5] == background)
    }

    /// Without a background, the frame starts from what the renderer drew there already.
    @Test func withoutABackgroundTheFrameKeepsWhatWasDrawn() throws {
        let renderer = try Renderer(offscreenWidth: 200, height: 200)
        try renderer.clear(RGBA(10, 20, 30))
        try renderer.fill(x: 0, y: 0, width: 100, height: 200, color: RGBA(250, 0, 0))
        let blue = try face(RGBA(0, 0, 250), RGBA(0, 0, 250), width: 60, height: 60, renderer: renderer)
        let card = CardAttributes(card: CardID(0), index: 0, size: Size(width: 60, height: 60),
                                  transform: AffineTransform(translationX: 100, y: 100), alpha: 0.5, zIndex: 0)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        try cards.draw([card], scale: 1) { _ in blue }
        let pixels = try renderer.readPixels()
        #expect(pixels[90, 100].maxChannelDifference(to: RGBA(125, 0, 125)) <= 2, "\(pixels[90, 100])")
        #expect(pixels[110, 100].maxChannelDifference(to: RGBA(5, 10, 140)) <= 2, "\(pixels[110, 100])")
        #expect(pixels[50, 20] == RGBA(250, 0, 0) && pixels[150, 20] == RGBA(10, 20, 30))
    }

    /// A frame that was opened and not ended (a draw that threw half-way) is cancelled: its
    /// texture is unlocked, nothing of it reaches the output, and the next frame opens. (A frame
    /// composited in place is the output's own pixels: what it wrote stays, and the next opens,
    /// `aCancelledInPlaceFrameLetsTheNextOpen`.)
    @Test func aCancelledFrameLeavesNothingAndTheNextOpens() throws {
        let saved = CPUFrame.writesOutputInPlace
        defer { CPUFrame.writesOutputInPlace = saved }
        CPUFrame.writesOutputInPlace = false
        let renderer = try Renderer(offscreenWidth: 64, height: 64)
        try renderer.clear(RGBA(10, 20, 30))
        let frame = CPUFrame(renderer: renderer)
        #expect(frame.begin(rect: (8, 8, 32, 32), viewport: (64, 64), background: RGBA(200, 0, 0)))
        #expect(!frame.begin(rect: (8, 8, 32, 32), viewport: (64, 64), background: nil), "one frame at a time")
        frame.cancel()
        #expect(frame.image == nil)
        #expect(try renderer.readPixels()[20, 20] == RGBA(10, 20, 30))
        #expect(frame.begin(rect: (8, 8, 32, 32), viewport: (64, 64), background: RGBA(0, 200, 0)))
        try frame.end()
        let pixels = try renderer.readPixels()
        #expect(pixels[20, 20] == RGBA(0, 200, 0) && pixels[50, 50] == RGBA(10, 20, 30))
    }

    @Test func aCancelledInPlaceFrameLetsTheNextOpen() throws {
        let renderer = try Renderer(offscreenWidth: 64, height: 64)
        try renderer.clear(RGBA(10, 20, 30))
        let frame = CPUFrame(renderer: renderer)
        #expect(frame.begin(rect: (8, 8, 32, 32), viewport: (64, 64), background: RGBA(200, 0, 0)))
        frame.cancel()
        #expect(frame.image == nil)
        #expect(frame.begin(rect: (8, 8, 32, 32), viewport: (64, 64), background: RGBA(0, 200, 0)))
        try frame.end()
        let pixels = try renderer.readPixels()
        #expect(pixels[20, 20] == RGBA(0, 200, 0) && pixels[50, 50] == RGBA(10, 20, 30))
    }

    /// The background fill leaves exactly the whole pixels inside the covered boxes unfilled:
    /// boxes sharing their rows (the same band edges twice), overlapping, side by side, reaching
    /// past the frame, thinner than a pixel and not finite, against a pixel-by-pixel count, in
    /// place and in the texture (where the holes' pixels are whatever the texture held).
    @Test func theFillLeavesTheCoveredWholePixelsOnly() throws {
        let saved = CPUFrame.writesOutputInPlace
        defer { CPUFrame.writesOutputInPlace = saved }
        let boxes = [CardRenderer.Box(x0: 32, y0: 12, x1: 36, y1: 28.5), CardRenderer.Box(x0: 10.5, y0: 8.2, x1: 20, y1: 30.9), CardRenderer.Box(x0: 20, y0: 9, x1: 30.5, y1: 30),
                     CardRenderer.Box(x0: 15, y0: 20, x1: 40, y1: 44), CardRenderer.Box(x0: -10, y0: -10, x1: 8, y1: 6),
                     CardRenderer.Box(x0: 45.2, y0: 10, x1: 45.9, y1: 20), CardRenderer.Box(x0: 3, y0: 35, x1: 70, y1: 38),
                     CardRenderer.Box(x0: .nan, y0: 0, x1: 10, y1: 10), CardRenderer.Box(x0: 0, y0: 0, x1: .infinity, y1: 10)]
        let rect = (x: 5, y: 4, width: 50, height: 36)
        func covered(_ x: Int, _ y: Int) -> Bool {
            boxes.contains { b in
                b.x0.isFinite && b.x1.isFinite && Double(x) >= b.x0 && Double(x + 1) <= b.x1 && Double(y) >= b.y0 && Double(y + 1) <= b.y1
            }
        }
        let magenta = RGBA(255, 0, 255), green = RGBA(0, 200, 0)
        for inPlace in [true, false] {
            CPUFrame.writesOutputInPlace = inPlace
            let renderer = try Renderer(offscreenWidth: 64, height: 48)
            try renderer.clear(magenta)
            let frame = CPUFrame(renderer: renderer)
            #expect(frame.begin(rect: rect, viewport: (64, 48), background: green,
                                covered: boxes.map { CardRenderer.Occluder(owner: 0, box: $0) }))
            try frame.end()
            let pixels = try renderer.readPixels()
            var wrong = 0, filled = 0, holes = 0
            for y in 0..<48 {
                for x in 0..<64 {
                    let inFrame = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
                    if !inFrame {
                        if pixels[x, y] != magenta { wrong += 1 }
                    } else if covered(x, y) {
                        holes += 1
                        if inPlace && pixels[x, y] != magenta { wrong += 1 }
                    } else {
                        filled += 1
                        if pixels[x, y] != green { wrong += 1 }
                    }
                }
            }
            #expect(holes > 500, "the boxes cover \(holes) pixels")
            #expect(wrong == 0, "in place \(inPlace): \(wrong) pixels wrong; \(saveArtifact(pixels, name: "fill-holes"))")
            #expect(frame.filledPixels == filled, "in place \(inPlace): \(frame.filledPixels) filled, \(filled) expected")
        }
    }

    /// A card within 10 % of its face's size samples the nearest texel (GL's draws and the CPU
    /// frame's pieces alike); one scaled further keeps bilinear filtering.
    @Test func nearlyUnscaledCardsAreTheOnesSampledNearest() throws {
        let renderer = try Renderer(offscreenWidth: 8, height: 8)
        let texture = try solidTexture(.white, width: 200, height: 400, renderer: renderer)
        func box(_ w: Double, _ h: Double) -> CardRenderer.Box { CardRenderer.Box(x0: 10.3, y0: 5.5, x1: 10.3 + w, y1: 5.5 + h) }
        #expect(CardRenderer.isUnscaled(box(200, 400), texture))
        #expect(CardRenderer.isUnscaled(box(200 * 0.94, 400 * 0.94), texture), "two switcher pitches left")
        #expect(CardRenderer.isUnscaled(box(200 * 1.06, 400 * 1.06), texture), "two pitches right")
        #expect(CardRenderer.isUnscaled(box(200 * 0.91, 400 * 0.91), texture), "three pitches left")
        #expect(!CardRenderer.isUnscaled(box(200 * 0.85, 400 * 0.85), texture))
        #expect(!CardRenderer.isUnscaled(box(200, 400 * 1.2), texture))
        let cards = try CardRenderer(renderer: renderer)
        #expect(!cards.samplesUnscaledNearest, "the software renderer keeps its own sampling")
    }

    /// The CPU frame samples by the same rule as GL (`CardRenderer.samplesNearest`): a card of
    /// one-texel black and white columns drawn at 95 % of its face's size is all black and white
    /// pixels (nearest); at 80 % it is bilinear (greys between the columns).
    @Test func theCPUFrameSamplesNearlyUnscaledCardsNearest() throws {
        let renderer = try Renderer(offscreenWidth: 120, height: 80)
        let surface = try Surface(width: 40, height: 40)
        try surface.fill(.black)
        for x in stride(from: 1, to: 40, by: 2) { try surface.fill(.white, rect: (x, 0, 1, 40)) }
        let texture = try Texture(renderer: renderer, surface: surface)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        cards.opaqueFaces = false
        func greys(scale: Double) throws -> (grey: Int, total: Int) {
            let card = CardAttributes(card: CardID(0), index: 0, size: Size(width: 40, height: 40),
                                      transform: AffineTransform(scaleX: scale, y: scale).translatedBy(x: 40.3, y: 40.6),
                                      alpha: 1, zIndex: 0)
            try renderer.clear(RGBA(255, 0, 0))
            try cards.draw([card], scale: 1, background: RGBA(255, 0, 0)) { _ in texture }
            let pixels = try renderer.readPixels()
            var grey = 0, total = 0
            for y in 30..<50 {
                for x in 30..<50 {
                    let c = pixels[x, y]
                    total += 1
                    if c != .black && c != .white { grey += 1 }
                }
            }
            return (grey, total)
        }
        let near = try greys(scale: 0.95)
        #expect(CardRenderer.isUnscaled(CardRenderer.Box(x0: 0, y0: 0, x1: 38, y1: 38), texture))
        #expect(near.grey == 0, "\(near.grey) of \(near.total) pixels mixed at 95 %: not nearest")
        let far = try greys(scale: 0.8)
        #expect(far.grey > far.total / 4, "only \(far.grey) of \(far.total) pixels mixed at 80 %: not bilinear")
    }

    /// A texture keeps premultiplied pixels for the compositor where the renderer needs them.
    @Test func texturesKeepPremultipliedPixels() throws {
        let renderer = try Renderer(offscreenWidth: 8, height: 8)
        let surface = try Surface(width: 2, height: 1)
        try surface.fill(RGBA(200, 100, 50, 128), rect: (0, 0, 1, 1))
        try surface.fill(RGBA(10, 20, 30, 255), rect: (1, 0, 1, 1))
        let texture = try Texture(renderer: renderer, surface: surface)
        let pixels = try #require(texture.pixels)
        #expect(pixels.pixel(x: 0, y: 0).maxChannelDifference(to: RGBA(200, 100, 50, 128)) <= 1)
        #expect(pixels.pixel(x: 1, y: 0) == RGBA(10, 20, 30, 255))
    }

    /// A piece that reaches past its texture (texel = pixel + offset, some of them outside) is
    /// split so that only the strips outside take the clamped general path: the pixels are
    /// those of one clamped composite of the whole piece, at every offset around the edges.
    @Test func wholePixelPiecesPastTheTextureMatchOneClampedComposite() throws {
        let renderer = try Renderer(offscreenWidth: 8, height: 8)
        let surface = try Surface(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { try surface.fill(RGBA(UInt8(30 * x), UInt8(40 * y), 90, UInt8(120 + 20 * x)), rect: (x, y, 1, 1)) } }
        let src = try #require(Texture(renderer: renderer, surface: surface).pixels)
        pixman_image_set_repeat(src.image, PIXMAN_REPEAT_PAD)
        defer { pixman_image_set_repeat(src.image, PIXMAN_REPEAT_NONE) }
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 200 * 257)
        let mask = pixman_image_create_solid_fill(&color)
        defer { pixman_image_unref(mask) }
        let fill: UInt32 = 0xff20_4060
        func frame() -> (OpaquePointer, UnsafeMutablePointer<UInt32>) {
            let bits = UnsafeMutablePointer<UInt32>.allocate(capacity: 16 * 16)
            bits.initialize(repeating: fill, count: 16 * 16)
            return (pixman_image_create_bits(PIXMAN_a8r8g8b8, 16, 16, bits, 64)!, bits)
        }
        // Cases whose composite drew anything: two frames left untouched would agree too.
        var drawn = 0
        for ox: Int32 in -4...4 {
            for oy: Int32 in -3...3 {
                for (w, h): (Int32, Int32) in [(7, 5), (9, 7), (3, 2)] {
                    let (split, a) = frame(), (whole, b) = frame()
                    CardRenderer.compositeWhole(src, mask, split, x: 4, y: 4, width: w, height: h, offset: (ox, oy))
                    pixman_image_composite32(PIXMAN_OP_OVER, src.image, mask, whole, 4 + ox, 4 + oy, 0, 0, 4, 4, w, h)
                    for i in 0..<(16 * 16) where a[i] != b[i] {
                        Issue.record("offset (\(ox), \(oy)) size \(w)x\(h): pixel \(i % 16),\(i / 16) differs")
                        break
                    }
                    if (0..<(16 * 16)).contains(where: { a[$0] != fill }) { drawn += 1 }
                    pixman_image_unref(split); pixman_image_unref(whole)
                    a.deallocate(); b.deallocate()
                }
            }
        }
        #expect(drawn == 9 * 7 * 3, "only \(drawn) of \(9 * 7 * 3) cases drew anything")
    }

    /// `flick_turned_over` (a turned card's bilinear composite in one pass) writes the words
    /// pixman's general path writes for the same source, transform, rectangle and alpha, onto
    /// both frame layouts, at the source's transparent edges and past them.
    @Test func aTurnedCompositeWritesThePixelsPixmanWrites() throws {
        let sw = 41, sh = 29, side = 72
        var rng = SystemRandomNumberGenerator()
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: sw * sh)
        defer { source.deallocate() }
        for i in 0..<(sw * sh) {
            // Premultiplied, with a ring of partly transparent texels as a face's rounded corner.
            let x = i % sw, y = i / sw
            let a = x < 3 || y < 3 || x > sw - 4 || y > sh - 4 ? UInt32.random(in: 0...255, using: &rng) : 255
            func c() -> UInt32 { UInt32.random(in: 0...255, using: &rng) * a / 255 }
            source[i] = a << 24 | c() << 16 | c() << 8 | c()
        }
        let src = try #require(pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(sw), Int32(sh), source, Int32(sw * 4)))
        defer { pixman_image_unref(src) }
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        var compared = 0, drawn = 0
        for format in [PIXMAN_a8r8g8b8, PIXMAN_x8r8g8b8] {
            for (k, angle) in [0.05, 0.3, 0.79, 1.2, -0.6].enumerated() {
                for alpha: UInt8 in [255, 200, 77, 1] {
                    let scale = 0.6 + 0.27 * Double(k)
                    var m = pixman_transform()
                    let a = cos(angle) / scale, b = sin(angle) / scale
                    CardRenderer.setFixed(&m, a: a, b: b, c: -13.37 + Double(k), d: -b, e: a, f: 7.71 - 3 * Double(k))
                    pixman_image_set_transform(src, &m)
                    let matrix: [Int32] = [m.matrix.0.0, m.matrix.0.1, m.matrix.0.2, m.matrix.1.0, m.matrix.1.1, m.matrix.1.2]
                    let ours = UnsafeMutablePointer<UInt32>.allocate(capacity: side * side)
                    let theirs = UnsafeMutablePointer<UInt32>.allocate(capacity: side * side)
                    defer { ours.deallocate(); theirs.deallocate() }
                    for i in 0..<(side * side) {
                        // A frame's words: opaque, or half covered and premultiplied (colour no
                        // more than alpha).
                        let word = UInt32(truncatingIfNeeded: i &* 2_654_435_761) >> 8
                        ours[i] = format == PIXMAN_x8r8g8b8 ? 0xff00_0000 | word : 0x8000_0000 | (word & 0x007f_7f7f)
                        theirs[i] = ours[i]
                    }
                    let before = Array(UnsafeBufferPointer(start: ours, count: side * side))
                    let dst = try #require(pixman_image_create_bits(format, Int32(side), Int32(side), theirs, Int32(side * 4)))
                    var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
                    let mask = alpha < 255 ? pixman_image_create_solid_fill(&color) : nil
                    // In bands at an offset, as the card renderer composites a turned card.
                    for y in stride(from: 3, to: side - 2, by: 16) {
                        let h = min(16, side - 2 - y)
                        pixman_image_composite32(PIXMAN_OP_OVER, src, mask, dst, 5, Int32(y), 0, 0, 5, Int32(y), Int32(side - 9), Int32(h))
                        flick_turned_over(source, Int32(sw), Int32(sh), sw, ours, side, 5, Int32(y), Int32(side - 9), Int32(h),
                                          matrix, Int32(alpha), format == PIXMAN_x8r8g8b8 ? 1 : 0)
                    }
                    if let mask { pixman_image_unref(mask) }
                    pixman_image_unref(dst)
                    let differing = (0..<(side * side)).filter { ours[$0] != theirs[$0] }
                    #expect(differing.isEmpty, "angle \(angle) alpha \(alpha) format \(format == PIXMAN_a8r8g8b8 ? "a8r8g8b8" : "x8r8g8b8"): \(differing.count) words differ, the first at \(differing.first.map { ($0 % side, $0 / side) } ?? (0, 0)): \(differing.first.map { String(ours[$0], radix: 16) + " against pixman's " + String(theirs[$0], radix: 16) } ?? "")")
                    compared += 1
                    if (0..<(side * side)).contains(where: { ours[$0] != before[$0] }) { drawn += 1 }
                }
            }
        }
        #expect(compared == 40 && drawn == 40, "\(drawn) of \(compared) composites drew anything")
    }

    /// A hollow shadow's middle is left out of a turned quad without changing a pixel: the same
    /// ring image turned and scaled every way, with and without its hole, nearest and bilinear.
    @Test func aTurnedQuadsHoleIsLeftOutWithoutChangingAPixel() throws {
        let renderer = try Renderer(offscreenWidth: 160, height: 160)
        let cards = try CardRenderer(renderer: renderer)
        let (w, h, edge) = (60, 44, 9)
        let ring = try #require(PixelImage(width: w, height: h))
        var rng = SystemRandomNumberGenerator()
        let words = pixman_image_get_data(ring.image)!
        for y in 0..<h {
            for x in 0..<w where x < edge || y < edge || x >= w - edge || y >= h - edge {
                let a = UInt32.random(in: 1...255, using: &rng)
                words[y * w + x] = a << 24
            }
        }
        var left = 0, compared = 0
        for nearest in [true, false] {
            for angle in stride(from: -1.4, through: 1.4, by: 0.35) {
                for scale in [0.5, 1.3, 2.6] {
                    let c = Point(x: 80.3, y: 79.6)
                    let ux = Point(x: cos(angle) * scale, y: sin(angle) * scale), vy = Point(x: -sin(angle) * scale, y: cos(angle) * scale)
                    func at(_ u: Double, _ v: Double) -> Point {
                        let du = u - Double(w) / 2, dv = v - Double(h) / 2
                        return Point(x: c.x + ux.x * du + vy.x * dv, y: c.y + ux.y * du + vy.y * dv)
                    }
                    let e = Double(edge)
                    func frame(hole: Bool) throws -> (PixelBuffer, Double) {
                        let frame = CPUFrame(renderer: renderer)
                        #expect(frame.begin(rect: (0, 0, 160, 160), viewport: (160, 160), background: RGBA(200, 180, 160)))
                        var stats = CardRenderer.FrameStatistics()
                        cards.compositeQuad(ring, tl: at(0, 0), tr: at(Double(w), 0), bl: at(0, Double(h)), alpha: 230,
                                            nearest: nearest,
                                            hole: hole ? (at(e + 1, e + 1), at(Double(w) - e - 1, e + 1), at(e + 1, Double(h) - e - 1)) : nil,
                                            into: frame, &stats)
                        try frame.end()
                        return (try renderer.readPixels(), stats.pixels)
                    }
                    let (with, fewer) = try frame(hole: true)
                    let (without, all) = try frame(hole: false)
                    var differing = 0
                    for y in 0..<160 { for x in 0..<160 where with[x, y] != without[x, y] { differing += 1 } }
                    #expect(differing == 0, "angle \(angle) scale \(scale) nearest \(nearest): \(differing) pixels differ; \(saveArtifact(with, name: "turned-hole"))")
                    // A hole shorter than a band of rows leaves nothing out (scale 0.5: 12 rows).
                    if scale > 1 {
                        left += all > fewer ? 1 : 0
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 36 && left == compared, "the hole was left out in \(left) of \(compared) quads")
    }

    /// A turned quad is composited in bands of rows, each as wide as the quad is there.
    @Test func theSpanOfATurnedQuadBetweenTwoRows() throws {
        // A square turned by 45 degrees: corners at the top, right, bottom and left.
        let diamond = (Point(x: 50, y: 0), Point(x: 100, y: 50), Point(x: 50, y: 100), Point(x: 0, y: 50))
        let top = try #require(CardRenderer.span(of: diamond, rows: 0, 10))
        #expect(abs(top.0 - 40) < 1e-9 && abs(top.1 - 60) < 1e-9, "\(top)")
        let middle = try #require(CardRenderer.span(of: diamond, rows: 40, 60))
        #expect(middle.0 == 0 && middle.1 == 100, "\(middle)")
        #expect(CardRenderer.span(of: diamond, rows: 101, 120) == nil)
        // An axis-aligned rectangle: its own width on every band.
        let box = (Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 40), Point(x: 10, y: 40))
        let band = try #require(CardRenderer.span(of: box, rows: 16, 32))
        #expect(band.0 == 10 && band.1 == 30)
    }
}
