import FlickIO
import CSDL2
import FlickEngine
import Foundation
import Testing
@testable import FlickSDL

/// Card faces as the app makes them: files decoded in the background, composed in the fit or
/// fill style, drawn through reuse slots. Pixels of real frames.
@MainActor
@Suite(.serialized)
struct CardFacesTests {
    init() { _ = SDLTestEnvironment.context }

    static let marks = [RGBA(230, 20, 20), RGBA(20, 200, 40), RGBA(30, 60, 230), RGBA(240, 200, 10)]

    /// A `width`×`height` grey PNG with a `mark`-sized square of its own colour in each corner
    /// (top-left red, top-right green, bottom-right blue, bottom-left yellow).
    func markedImage(width: Int, height: Int, mark: Int, name: String) throws -> String {
        let s = try Surface(width: width, height: height)
        try s.fill(RGBA(128, 128, 128))
        let m = Self.marks
        try s.fill(m[0], rect: (0, 0, mark, mark))
        try s.fill(m[1], rect: (width - mark, 0, mark, mark))
        try s.fill(m[2], rect: (width - mark, height - mark, mark, mark))
        try s.fill(m[3], rect: (0, height - mark, mark, mark))
        let path = "\(PixelArtifacts.folder)/\(name).png"
        try s.savePNG(to: path)
        return path
    }

    func card(_ id: Int, slot: Int, size: Size, at centre: Point, z: Double = 0) -> CardAttributes {
        CardAttributes(card: CardID(id), index: id, slot: slot, size: size,
                       transform: AffineTransform(translationX: centre.x, y: centre.y), alpha: 1, zIndex: z)
    }

    /// Prepares, waits for the worker, prepares again: the frame a headless screenshot gets.
    func settled(_ faces: CardFaces, _ list: [CardAttributes], cardSize: Size, stage: Size, bound: Int = 4) {
        faces.prepare(list, time: 0, cardSize: cardSize, scale: 1, stage: stage, viewBound: bound)
        #expect(faces.settle(timeout: 30))
        faces.prepare(list, time: 0, cardSize: cardSize, scale: 1, stage: stage, viewBound: bound)
    }

    func count(_ pixels: PixelBuffer, in rect: (x: Int, y: Int, w: Int, h: Int), near color: RGBA, tolerance: Int = 40) -> Int {
        var n = 0
        for y in max(0, rect.y)..<min(pixels.height, rect.y + rect.h) {
            for x in max(0, rect.x)..<min(pixels.width, rect.x + rect.w)
                where pixels[x, y].maxChannelDifference(to: color) <= tolerance { n += 1 }
        }
        return n
    }

    @Test func landscapeImageInFitShowsAllFourCornerMarksInsideTheCard() throws {
        let path = try markedImage(width: 800, height: 400, mark: 60, name: "landscape-marks")
        let renderer = try Renderer(offscreenWidth: 200, height: 300)
        let faces = CardFaces(images: [CardImage(path: path, title: nil)], renderer: renderer, fontPath: nil,
                              style: FaceStyle(fit: .fit, background: RGBA(250, 250, 250)))
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        // A portrait card 120x200 at (100, 150): the image fits as 120x60, centred (y 120...180).
        let size = Size(width: 120, height: 200)
        let list = [card(0, slot: 0, size: size, at: Point(x: 100, y: 150))]
        settled(faces, list, cardSize: size, stage: Size(width: 200, height: 300))
        try renderer.clear(RGBA(20, 20, 20))
        try cards.draw(list, scale: 1) { faces.face(for: $0) }
        let pixels = try renderer.readPixels()
        let cardRect = (x: 40, y: 50, w: 120, h: 200)
        for (i, mark) in Self.marks.enumerated() {
            let inside = count(pixels, in: cardRect, near: mark)
            // Each mark is 9x9 px at this scale; the card's cleared edge ring takes a row and column.
            #expect(inside >= 40, "corner mark \(i) \(mark): \(inside) px inside the card; image: \(saveArtifact(pixels, name: "fit-marks"))")
            #expect(count(pixels, in: (0, 0, 200, 300), near: mark) == inside, "mark \(i) drawn outside the card")
        }
        // Letterbox above and below the image in the card background.
        #expect(pixels[100, 80].maxChannelDifference(to: RGBA(250, 250, 250)) <= 2)
        #expect(pixels[100, 220].maxChannelDifference(to: RGBA(250, 250, 250)) <= 2)

        // The same image in fill loses its left and right marks (cropped centred).
        faces.style = FaceStyle(fit: .fill, background: RGBA(250, 250, 250))
        settled(faces, list, cardSize: size, stage: Size(width: 200, height: 300))
        try renderer.clear(RGBA(20, 20, 20))
        try cards.draw(list, scale: 1) { faces.face(for: $0) }
        let filled = try renderer.readPixels()
        for mark in Self.marks { #expect(count(filled, in: cardRect, near: mark) == 0) }
        #expect(filled[100, 80].maxChannelDifference(to: RGBA(128, 128, 128)) <= 2)
    }

    @Test func transparentImageShowsTheCardBackgroundNotTheShadow() throws {
        let s = try Surface(width: 100, height: 160)
        try s.fill(RGBA(0, 0, 0, 0))
        try s.fill(RGBA(0, 0, 255, 128), rect: (0, 0, 100, 40))   // a half-transparent blue band on top
        let path = "\(PixelArtifacts.folder)/transparent.png"
        try s.savePNG(to: path)
        let background = RGBA(200, 40, 160)
        let renderer = try Renderer(offscreenWidth: 200, height: 260)
        let faces = CardFaces(images: [CardImage(path: path, title: nil)], renderer: renderer, fontPath: nil,
                              style: FaceStyle(fit: .fit, background: background))
        let cards = try CardRenderer(renderer: renderer, shadow: .init(spread: 14, offset: Vector(dx: 0, dy: 6), opacity: 0.9))
        let size = Size(width: 100, height: 160)
        let list = [card(0, slot: 0, size: size, at: Point(x: 100, y: 130))]
        settled(faces, list, cardSize: size, stage: Size(width: 200, height: 260))
        try renderer.clear(RGBA(255, 255, 255))
        try cards.draw(list, scale: 1) { faces.face(for: $0) }
        let pixels = try renderer.readPixels()
        let artifact = { saveArtifact(pixels, name: "transparent-face") }
        // The transparent part shows the card's own opaque background, not the dark shadow.
        for (x, y) in [(100, 150), (70, 190), (130, 120), (100, 200)] {
            #expect(pixels[x, y].maxChannelDifference(to: background) <= 2, "(\(x), \(y)) is \(pixels[x, y]); image: \(artifact())")
        }
        // The half-transparent band is blue blended over the background, still opaque.
        let band = pixels[100, 70]
        #expect(band.a == 255 && band.b > 180 && band.r < 130 && band.r > 70, "band \(band); image: \(artifact())")
        // Outside the card the shadow still shows.
        #expect(pixels[100, 130 + 80 + 8].r < 230)
    }

    /// A file that cannot be shown is a placeholder card that says, on the card, which file and
    /// why in a few words, and the same problem is reported for the log.
    @Test func aBrokenImagesPlaceholderSaysWhyOnTheCard() throws {
        let good = try markedImage(width: 120, height: 160, mark: 10, name: "whole")
        let data = try Data(contentsOf: URL(fileURLWithPath: good))
        let cut = "\(PixelArtifacts.folder)/cut-card.png"
        _ = FileManager.default.createFile(atPath: cut, contents: data.prefix(data.count / 2))
        let renderer = try Renderer(offscreenWidth: 200, height: 240)
        let font = Font.findSystemFont()
        try #require(font != nil, "no system font for the caption")
        let faces = CardFaces(images: [CardImage(path: cut, title: nil)], renderer: renderer, fontPath: font)
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        let size = Size(width: 180, height: 220)
        let list = [card(0, slot: 0, size: size, at: Point(x: 100, y: 120))]
        settled(faces, list, cardSize: size, stage: Size(width: 200, height: 240))
        try renderer.clear(.black)
        try cards.draw(list, scale: 1) { faces.face(for: $0) }
        let pixels = try renderer.readPixels()
        let problems = faces.takeProblems()
        #expect(problems.count == 1 && problems.first?.problem.contains("truncated") == true, "\(problems)")
        #expect(problems.first?.shortReason == "truncated")
        // Two lines of white text (the name, then "truncated") in the middle of the card.
        let upper = count(pixels, in: (20, 80, 160, 40), near: .white, tolerance: 60)
        let lower = count(pixels, in: (20, 120, 160, 40), near: .white, tolerance: 60)
        let artifact = saveArtifact(pixels, name: "placeholder-says-why")
        #expect(upper > 30 && lower > 30, "caption pixels above/below the middle: \(upper)/\(lower); \(artifact)")
        #expect(CardImageProblem.shortReason("is 10240x7680 pixels (78.6 megapixels, over the limit of 50; see --max-image-pixels)")
                == "too large (78.6 megapixels)")
        #expect(CardImageProblem.shortReason("is empty (0 bytes)") == "empty file")
        #expect(CardImageProblem.shortReason("cannot be decoded (Not a JPEG file: starts with 0x89 0x50)") == "unreadable")
    }

    @Test func hugeImageDecodesWhileFramesKeepComingPlaceholderFirstThenFace() throws {
        // 5000x5000: far more than a frame's worth of decoding.
        let big = try Surface(width: 5000, height: 5000)
        try big.fill(RGBA(30, 150, 90))
        let path = "\(PixelArtifacts.folder)/huge.png"
        try big.savePNG(to: path)
        let renderer = try Renderer(offscreenWidth: 160, height: 200)
        let faces = CardFaces(images: [CardImage(path: path, title: nil)], renderer: renderer, fontPath: nil)
        faces.placeholderColor = RGBA(214, 217, 223)
        faces.fadeDuration = 0.1
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        let size = Size(width: 100, height: 140)
        let list = [card(0, slot: 0, size: size, at: Point(x: 80, y: 100))]
        var seen: [String] = []   // "placeholder", "fading", "face", per frame
        var time = 0.0
        // Frames back to back, each said presented, as an unpaced window draws them: the decoder
        // steps aside for each and still goes on (its guaranteed run); the scene's time is the
        // test's own, a 60 Hz frame apart.
        for _ in 0..<100_000 {
            faces.prepare(list, time: time, cardSize: size, scale: 1, stage: Size(width: 160, height: 200), viewBound: 4)
            try renderer.clear(.black)
            try cards.draw(list, scale: 1) { faces.face(for: $0) }
            let centre = try renderer.readPixels()[80, 100]
            if centre.maxChannelDifference(to: faces.placeholderColor) <= 2 { seen.append("placeholder") }
            else if centre.maxChannelDifference(to: RGBA(30, 150, 90)) <= 2 { seen.append("face"); break }
            else { seen.append("fading") }
            time += 1.0 / 60
            faces.presented()
        }
        let placeholders = seen.prefix { $0 == "placeholder" }.count
        #expect(placeholders >= 3, "frames drawn while decoding: \(placeholders) (\(seen.suffix(5)))")
        #expect(seen.last == "face")
        #expect(seen.contains("fading"), "the face appeared without fading in")
        #expect(faces.statistics.decodes == 1)
        // Another face size of the same image reuses the decoded copy: no second decode.
        let small = Size(width: 60, height: 80)
        faces.prepare(list.map { var c = $0; c.size = small; return c }, time: time, cardSize: small, scale: 1,
                      stage: Size(width: 160, height: 200), viewBound: 4)
        #expect(faces.settle(timeout: 30))
        #expect(faces.statistics.decodes == 1)
        #expect(faces.statistics.composes == 2)
    }

    /// Where cards are composited on the CPU, a face arrives premultiplied from the
    /// worker and becomes its slot's texture as it is (no SDL texture, no copy on the main
    /// thread), and it fades in drawn by the compositor over the placeholder: half-way, the
    /// card is half face, half placeholder.
    @Test func aCompositedFaceIsTakenWithoutACopyAndFadesInOverItsPlaceholder() throws {
        let colour = RGBA(30, 150, 90)
        let image = try Surface(width: 300, height: 400)
        try image.fill(colour)
        let path = "\(PixelArtifacts.folder)/fade-green.png"
        try image.savePNG(to: path)
        let renderer = try Renderer(offscreenWidth: 160, height: 200)
        try #require(renderer.compositesOnCPU, "FLICK_COMPOSITOR is set to keep SDL's drawing")
        let faces = CardFaces(images: [CardImage(path: path, title: nil)], renderer: renderer, fontPath: nil)
        faces.fadeDuration = 0.1
        let cards = try CardRenderer(renderer: renderer, shadow: nil)
        let size = Size(width: 100, height: 140), stage = Size(width: 160, height: 200)
        let list = [card(0, slot: 0, size: size, at: Point(x: 80, y: 100))]
        // A frame at time 0 asks for the face (the placeholder shows); once the worker has made
        // it, the next frame at time 0 takes it: from then on it fades, from opacity 0.
        faces.prepare(list, time: 0, cardSize: size, scale: 1, stage: stage, viewBound: 4)
        #expect(!faces.isComplete, "the first frame already had the face")
        try #require(faces.settle(timeout: 30, fadeIn: true), "the worker never made the face")
        faces.prepare(list, time: 0, cardSize: size, scale: 1, stage: stage, viewBound: 4)
        try #require(faces.face(for: list[0])?.under != nil, "the face arrived without a fade")
        faces.prepare(list, time: 0.05, cardSize: size, scale: 1, stage: stage, viewBound: 4)
        let face = try #require(faces.face(for: list[0]))
        #expect(abs(face.opacity - 0.5) < 1e-9)
        #expect(face.texture.pixels != nil && !face.texture.hasSDLTexture, "the face was copied into an SDL texture")
        try renderer.clear(.black)
        try cards.draw(list, scale: 1) { faces.face(for: $0) }
        let mid = try renderer.readPixels()[80, 100]
        let p = faces.placeholderColor
        let expected = RGBA(UInt8((Int(colour.r) + Int(p.r)) / 2), UInt8((Int(colour.g) + Int(p.g)) / 2),
                            UInt8((Int(colour.b) + Int(p.b)) / 2))
        #expect(mid.maxChannelDifference(to: expected) <= 3, "half-way: \(mid), expected \(expected)")
        // Faded in: the face alone, no placeholder beneath it any more.
        faces.prepare(list, time: 0.2, cardSize: size, scale: 1, stage: stage, viewBound: 4)
        #expect(faces.face(for: list[0])?.under == nil && faces.isSettled)
        try renderer.clear(.black)
        try cards.draw(list, scale: 1) { faces.face(for: $0) }
        #expect(try renderer.readPixels()[80, 100].maxChannelDifference(to: colour) <= 2)
        #expect(!face.texture.hasSDLTexture)
    }

    /// Each live reuse slot owns the texture it draws; a long scroll refills the slots
    /// and never holds more card-face textures than the interaction's view bound.
    @Test(arguments: Interaction.allCases)
    func slotTexturesStayWithinTheViewBoundDuringALongScroll(_ interaction: Interaction) throws {
        var images: [CardImage] = []
        for i in 0..<7 {   // not a multiple of any view count: a refilled slot changes image
            let s = try Surface(width: 90, height: 190)
            try s.fill(RGBA(UInt8(40 * i), 100, 200))
            let path = "\(PixelArtifacts.folder)/slot-\(i).png"
            try s.savePNG(to: path)
            images.append(CardImage(path: path, title: nil))
        }
        let stage = Size(width: 390, height: 844)
        let renderer = try Renderer(offscreenWidth: 390, height: 844)
        let faces = CardFaces(images: images, renderer: renderer, fontPath: nil)
        let cards = try CardRenderer(renderer: renderer)
        let scene = CardScene(interaction: interaction, count: 300, viewport: stage, time: 0)
        var drawnCards = Set<CardID>()
        for frame in 0..<600 {
            let t = Double(frame) / 60
            if frame % 15 == 0 {
                if interaction == .now { _ = scene.scroll(by: 3 * (scene.cardSize.height + 16), at: t) }
                else { _ = scene.perform(.nextPage, at: t) }
            }
            scene.advance(to: t)
            scene.clearEvents()
            let list = scene.renderList
            faces.prepare(list, time: t, cardSize: scene.cardSize, scale: 1, stage: stage, viewBound: scene.viewBound)
            if frame % 10 == 0 {
                faces.settle(timeout: 30)
                faces.prepare(list, time: t, cardSize: scene.cardSize, scale: 1, stage: stage, viewBound: scene.viewBound)
            }
            try cards.draw(list, scale: 1) { faces.face(for: $0) }
            for c in list { drawnCards.insert(c.card) }
            #expect(faces.count <= scene.viewBound, "frame \(frame): \(faces.count) textures > bound \(scene.viewBound)")
        }
        let stats = faces.statistics
        print("slot textures, \(interaction.rawValue): at most \(stats.maxTextures) alive (view bound \(scene.viewBound)); \(stats.uploads) refills for \(drawnCards.count) cards shown; \(stats.decodes) decodes of \(images.count) images")
        #expect(stats.maxTextures <= scene.viewBound)
        #expect(drawnCards.count > 40, "the scroll went by only \(drawnCards.count) cards")
        #expect(stats.uploads > stats.maxTextures * 3, "slots were not refilled (\(stats.uploads) uploads)")
        #expect(stats.decodes == images.count, "each image decoded once")
    }
}
