import FlickIO
import FlickSession
import FlickEngine
import FlickSDL

/// The swipe deck's label on the dragged card (`LIKE`, `NOPE`, `SUPER`): a coloured stamp
/// whose opacity rises with the card's progress toward that direction's threshold, as the
/// engine reports it (`CardScene.directionLabel`); and the empty deck's hint. Drawn over the
/// cards, on the card's own transform, so it moves and turns with it.
@MainActor
package final class DirectionStamp {
    package let renderer: Renderer
    package let fontPath: String?
    private var quads: CardRenderer?
    private let fonts: FontSizes
    private var textures = LRUCache<Key, Texture>(capacity: 16)

    private struct Key: Hashable {
        var text: String
        var pixelSize: Int
        var colour: RGBA
        var framed: Bool
    }

    package init(renderer: Renderer, fontPath: String?) {
        self.renderer = renderer
        self.fontPath = fontPath
        fonts = FontSizes(path: fontPath)
    }

    /// Drops the textures (lost render targets).
    package func removeAll() { textures.removeAll() }

    /// The stamp's colour per direction: nope red, like green, super blue, down amber.
    nonisolated package static func colour(_ d: ThrowDirection) -> RGBA {
        switch d {
        case .left: return RGBA(228, 72, 88)
        case .right: return RGBA(46, 184, 110)
        case .up: return RGBA(52, 132, 232)
        case .down: return RGBA(232, 160, 40)
        }
    }

    /// What the stage says on an empty deck at rest, here and on the phone.
    /// Each throw direction's stamp colour as `#rrggbb`, by the direction's name.
    nonisolated package static var colours: [String: String] {
        Dictionary(uniqueKeysWithValues: ThrowDirection.allCases.map { ($0.rawValue, colour($0).hex) })
    }

    nonisolated package static let emptyDeckHint = "No cards left · Z brings one back · R resets"

    /// Draws the label of the card the scene reports, if it is in `list` (this frame's cards).
    package func draw(scene: CardScene, list: [CardAttributes], scale: Double) throws {
        if scene.deck.count == 0, scene.isAtRest {
            try drawHint(Self.emptyDeckHint, in: scene.viewport, scale: scale)
        }
        guard let label = scene.directionLabel, let card = list.last(where: { $0.card == label.card }) else { return }
        let points = min(40, max(12, card.size.width / 9))
        guard let texture = self.texture(label.label.uppercased(), points: points, scale: scale,
                                         colour: Self.colour(label.direction), framed: true) else { return }
        let w = Double(texture.width) / scale, h = Double(texture.height) / scale
        let margin = card.size.width * 0.08
        // Like at the top left, nope at the top right (the side the card leaves from shows the
        // word), super and down at the bottom.
        let x: Double, y: Double
        switch label.direction {
        case .right: (x, y) = (-card.size.width / 2 + margin + w / 2, -card.size.height / 2 + margin + h / 2)
        case .left: (x, y) = (card.size.width / 2 - margin - w / 2, -card.size.height / 2 + margin + h / 2)
        case .up, .down: (x, y) = (0, card.size.height / 2 - margin - h / 2)
        }
        var placed = card
        placed.size = Size(width: w, height: h)
        placed.transform = AffineTransform(translationX: x, y: y).concatenating(card.transform)
        placed.alpha = card.alpha * label.opacity
        try quadRenderer()?.draw([placed], scale: scale) { _ in CardRenderer.Face(texture: texture) }
    }

    private func drawHint(_ text: String, in viewport: Size, scale: Double) throws {
        let points = min(15, max(10, viewport.width / 28))
        guard let texture = self.texture(text, points: points, scale: scale, colour: RGBA(90, 94, 104), framed: false)
        else { return }
        let w = Double(texture.width) / scale, h = Double(texture.height) / scale
        let attributes = CardAttributes(card: CardID(-1), index: -1, size: Size(width: w, height: h),
                                        transform: AffineTransform(translationX: viewport.width / 2, y: viewport.height / 2),
                                        alpha: 1, zIndex: 0)
        try quadRenderer()?.draw([attributes], scale: scale) { _ in CardRenderer.Face(texture: texture) }
    }

    private func quadRenderer() -> CardRenderer? {
        if quads == nil {
            quads = try? CardRenderer(renderer: renderer, shadow: nil, cornerRadius: 0)
            // Stamps are small and drawn over the cards: on a GL driver SDL's quads cost less
            // than reading the cards back for the CPU compositor; in software the read is a copy.
            quads?.usesCPUCompositing = renderer.isSoftware
        }
        return quads
    }

    /// `text` in `colour`, framed by a rounded border of the same colour when `framed`.
    private func texture(_ text: String, points: Double, scale: Double, colour: RGBA, framed: Bool) -> Texture? {
        let px = max(8, Int((points * scale).rounded()))
        let key = Key(text: text, pixelSize: px, colour: colour, framed: framed)
        if let t = textures.lookup(key) { return t }
        guard let font = font(px), let rendered = try? font.renderSurface(text, color: colour) else { return nil }
        let border = framed ? max(2, px / 9) : 0
        let padX = framed ? px / 2 : 0, padY = framed ? px / 5 : 0
        let w = rendered.width + 2 * (padX + border), h = rendered.height + 2 * (padY + border)
        guard let surface = try? Surface(width: w, height: h) else { return nil }
        try? surface.fill(RGBA(0, 0, 0, 0))
        if framed {
            try? surface.fill(colour, rect: (0, 0, w, border))
            try? surface.fill(colour, rect: (0, h - border, w, border))
            try? surface.fill(colour, rect: (0, 0, border, h))
            try? surface.fill(colour, rect: (w - border, 0, border, h))
            try? surface.fill(RGBA(255, 255, 255, 70), rect: (border, border, w - 2 * border, h - 2 * border))
        }
        try? surface.draw(rendered, x: padX + border, y: padY + border)
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        textures.insert(texture, for: key)
        return texture
    }

    private func font(_ px: Int) -> Font? { fonts.font(px) }
}
