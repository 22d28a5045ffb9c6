import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// The one stage renderer: draws a scene's phone screen as the participant saw it (cards through
/// their faces in the session's look, titles, the interaction's stamps, rounded screen corners)
/// into a rectangle of any renderer. The window draws its stage through it, and so do the study
/// tools' pictures (replays, contact sheets, videos, compare panes), so they cannot drift apart.
@MainActor
package final class StageView {
    package let renderer: Renderer
    package let faces: CardFaces
    package let titles: CardTitles
    package let cards: CardRenderer
    package let corners = StageCorners()
    /// The screen's corner radius, points (0: square, as a stage that fills the window).
    package var cornerRadius: Double
    /// Where the images of a deck that follows its folder are read (`follow`), and the look
    /// that titles them.
    package var imageFolder: String?
    package var imageLook: SessionLook?
    /// The card store of the recording (being made or replayed): an image a folder change added
    /// is drawn from its kept copy, the picture as the participant saw it.
    package var imageStore: CardStore?

    /// A stage with faces and titles of its own (the window's, or a study tool's).
    package init(renderer: Renderer, faces: CardFaces, titles: CardTitles, cornerRadius: Double) throws {
        self.renderer = renderer
        self.faces = faces
        self.titles = titles
        cards = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        self.cornerRadius = cornerRadius
    }

    /// A study tool's stage for a recording: its cards in its recorded look and corners.
    package convenience init(renderer: Renderer, cards source: CardSource, header: RecordingHeader, recording: String? = nil) throws {
        let font = StageFont.path()
        let look = header.drawnLook
        try self.init(renderer: renderer,
                      faces: CardFaces(images: look.titled(source.items), renderer: renderer, fontPath: font, style: look.style),
                      titles: CardTitles(renderer: renderer, fontPath: font), cornerRadius: header.drawnCornerRadius)
        imageFolder = source.folder
        imageLook = look
        imageStore = recording.map { CardStore(besideRecording: $0) }
    }

    /// Faces for a deck whose folder changed (`DeckImages`): the images it added are loaded, and
    /// each card shows the image the deck gives it. Cheap when nothing changed.
    package func follow(_ images: DeckImages) {
        guard let folder = imageFolder else { return }
        while faces.images.count < images.names.count {
            let index = faces.images.count
            let name = images.names[index]
            let kept = images.files[index].flatMap { imageStore?.copy(of: $0) }
            let image = CardImage(path: kept ?? (folder as NSString).appendingPathComponent(name), title: name, name: name)
            faces.addImage(imageLook.map { $0.titled([image])[0] } ?? image)
        }
        if faces.assignedImages != images.assigned { faces.assignedImages = images.assigned }
    }

    /// Draws `scene` (its render list, or `list` when given) on `stage`, a stage laid out in an
    /// area of `area` points whose top left is pixel `origin`; `pixelScale` pixels a point. The
    /// area is filled with `outside` first, `onStage(scale)` draws over the cards (the touch
    /// dot), and with `settle` every face is made first (frames that are saved must not depend
    /// on decoding speed). Returns the faces' problems (images that could not be decoded).
    @discardableResult
    package func draw(_ scene: CardScene, list: [CardAttributes]? = nil, stage: Stage, area: Size, origin: (x: Int, y: Int) = (0, 0),
              pixelScale px: Double = 1, outside: RGBA, settle: Bool,
              onStage: ((Double) throws -> Void)? = nil) throws -> [CardImageProblem] {
        let theme = Theme.of(scene.interaction)
        let f = stage.frame
        let frame = (x: origin.x + Int((f.minX * px).rounded()), y: origin.y + Int((f.minY * px).rounded()),
                     w: Int((f.width * px).rounded()), h: Int((f.height * px).rounded()))
        let areaPixels = (w: Int((area.width * px).rounded()), h: Int((area.height * px).rounded()))
        // Each pixel is written once where it can be: the surround only where the stage leaves
        // some of the area, and the stage's background by the card renderer (below).
        // The surround is the strips around the stage (not the whole area with the stage
        // drawn over it again: on GL, llvmpipe shades every pixel of a fill).
        if frame.x > origin.x || frame.y > origin.y || frame.x + frame.w < origin.x + areaPixels.w
            || frame.y + frame.h < origin.y + areaPixels.h {
            try renderer.setViewport(x: origin.x, y: origin.y, width: areaPixels.w, height: areaPixels.h)
            for strip in Self.surround(stage: (frame.x - origin.x, frame.y - origin.y, frame.w, frame.h), area: areaPixels) {
                try renderer.fill(x: Double(strip.x), y: Double(strip.y), width: Double(strip.w), height: Double(strip.h),
                                  color: outside)
            }
        }
        try renderer.setViewport(x: frame.x, y: frame.y, width: frame.w, height: frame.h)
        let scale = stage.scale * px
        let list = list ?? scene.renderList
        let prepare = {
            self.faces.prepare(list, time: scene.time, cardSize: scene.cardSize, scale: scale,
                               stage: scene.viewport, viewBound: scene.viewBound)
        }
        prepare()
        if settle {   // every face made and faded in, however fast the machine decodes
            _ = faces.settle()
            prepare()
        }
        // In the stacks only the front card carries its title; elsewhere every card does.
        let titledIndex = scene.scrollDirection == nil ? scene.currentIndex : nil
        let images = faces.images
        try cards.draw(list, scale: scale, background: theme.stage, fillsBackground: true) { [faces, titles] card in
            guard var face = faces.face(for: card) else { return nil }
            if let image = faces.imageIndex(of: card.card), titledIndex == nil || titledIndex == card.index {
                face.label = titles.label(images[image].title, on: card, scale: scale)
            }
            return face
        }
        try titles.stamps.draw(scene: scene, list: list, scale: scale)
        try onStage?(scale)
        try renderer.resetViewport()
        if cornerRadius > 0 {
            try corners.draw(on: renderer, frame: frame, radius: Int((cornerRadius * scale).rounded()), color: outside)
        }
        return faces.takeProblems()
    }

    /// The parts of an area of `area` pixels outside `stage` (pixels, relative to the area), as
    /// at most four rectangles that do not overlap: the rows above and below the stage across the
    /// area, and the columns left and right of it between them. Empty ones are left out.
    package static func surround(stage: (x: Int, y: Int, w: Int, h: Int), area: (w: Int, h: Int))
        -> [(x: Int, y: Int, w: Int, h: Int)] {
        let top = min(max(0, stage.y), area.h), bottom = max(top, min(area.h, stage.y + stage.h))
        let left = min(max(0, stage.x), area.w), right = max(left, min(area.w, stage.x + stage.w))
        let strips = [(0, 0, area.w, top), (0, bottom, area.w, area.h - bottom),
                      (0, top, left, bottom - top), (right, top, area.w - right, bottom - top)]
        return strips.filter { $0.2 > 0 && $0.3 > 0 }.map { (x: $0.0, y: $0.1, w: $0.2, h: $0.3) }
    }

    /// Draws `scene` fitted into `rect` (pixels) as a study tool shows it; `onStage(scale)` draws
    /// over the cards in the stage's points times `scale` (the touch dot of a video).
    package func draw(_ scene: CardScene, in rect: (x: Int, y: Int, w: Int, h: Int), outside: RGBA, settle: Bool,
                      onStage: ((Double) throws -> Void)? = nil) throws {
        let area = Size(width: Double(rect.w), height: Double(rect.h))
        try draw(scene, stage: Stage(viewport: scene.viewport, window: area), area: area, origin: (rect.x, rect.y),
                 outside: outside, settle: settle, onStage: onStage)
    }

    /// Where a scene point lands in `rect` (pixels), as `draw` places the stage.
    package static func pixel(of p: Point, viewport: Size, in rect: (x: Int, y: Int, w: Int, h: Int)) -> Point {
        let fit = Stage(viewport: viewport, window: Size(width: Double(rect.w), height: Double(rect.h)))
        let f = fit.frame
        return Point(x: Double(rect.x) + f.minX.rounded() + p.x * fit.scale, y: Double(rect.y) + f.minY.rounded() + p.y * fit.scale)
    }
}

