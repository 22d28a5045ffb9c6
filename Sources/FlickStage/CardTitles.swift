import FlickIO
import FlickSession
import FlickEngine
import FlickSDL

/// Titles on the cards (`--titles`): a white name on a dark translucent pill near the card's
/// bottom edge, drawn by the card renderer as a label that moves, turns and fades with its card
/// (and is covered by the cards in front). A title too wide for its card is scaled down, never
/// cut. In the stack only the front card shows its title (those behind would pile up).
@MainActor
package final class CardTitles {
    package let renderer: Renderer
    package let fontPath: String?
    private let fonts: FontSizes
    private var pills = LRUCache<PillKey, Texture>(capacity: 48)
    /// The swipe deck's direction labels and the empty deck's hint, in the same font.
    package let stamps: DirectionStamp

    package struct PillKey: Hashable {
        package var text: String
        package var pixelSize: Int

        package init(text: String, pixelSize: Int) {
            self.text = text
            self.pixelSize = pixelSize
        }
    }

    package init(renderer: Renderer, fontPath: String?) {
        self.renderer = renderer
        self.fontPath = fontPath
        fonts = FontSizes(path: fontPath)
        stamps = DirectionStamp(renderer: renderer, fontPath: fontPath)
    }

    /// Drops the textures (lost render targets).
    package func removeAll() {
        pills.removeAll()
        stamps.removeAll()
    }

    /// The title label for `card` showing `title`, or nil. `scale` is pixels per point.
    package func label(_ title: String?, on card: CardAttributes, scale: Double) -> CardRenderer.Label? {
        guard let title, !title.isEmpty, card.size.width > 24, card.size.height > 24 else { return nil }
        // About 14 pt text on a phone-sized card, smaller on small cards.
        let points = min(15, max(9, card.size.width / 24))
        let px = max(8, Int((points * scale).rounded()))
        guard let texture = pill(title, pixelSize: px) else { return nil }
        var w = Double(texture.width) / scale, h = Double(texture.height) / scale
        let margin = min(12, card.size.width * 0.05)
        let room = card.size.width - 2 * margin
        if w > room {                       // scaled down to fit, never cut
            h *= room / w
            w = room
        }
        let bottom = card.size.height / 2 - margin
        return CardRenderer.Label(texture: texture, rect: Rect(x: -w / 2, y: bottom - h, width: w, height: h))
    }

    private func pill(_ text: String, pixelSize px: Int) -> Texture? {
        let key = PillKey(text: text, pixelSize: px)
        if let t = pills.lookup(key) { return t }
        guard let font = font(px) else { return nil }
        guard let rendered = try? font.renderSurface(text, color: RGBA(255, 255, 255)) else { return nil }
        let padX = px * 3 / 4, padY = px / 3
        let w = rendered.width + 2 * padX, h = rendered.height + 2 * padY
        guard let surface = try? Surface(width: w, height: h) else { return nil }
        try? surface.fill(RGBA(16, 18, 24, 165))
        CardFace.roundCorners(of: surface, radius: Double(h) / 2)
        try? surface.draw(rendered, x: padX, y: padY)
        surface.clearBorder()
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        pills.insert(texture, for: key)
        return texture
    }

    private func font(_ px: Int) -> Font? { fonts.font(px) }
}
