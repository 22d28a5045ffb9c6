import FlickEngine
import FlickSDL
import Foundation

/// Colours of the window and the phone screen per interaction.
struct Theme {
    var window: RGBA
    var stage: RGBA
    var text: RGBA
    var dim: RGBA

    static func of(_ interaction: Interaction) -> Theme {
        switch interaction {
        case .now: return Theme(window: RGBA(28, 31, 38), stage: RGBA(232, 234, 237), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .switcher: return Theme(window: RGBA(22, 24, 30), stage: RGBA(44, 50, 66), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .stack: return Theme(window: RGBA(30, 28, 36), stage: RGBA(238, 236, 244), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .carousel: return Theme(window: RGBA(18, 20, 24), stage: RGBA(12, 13, 16), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        }
    }
}

/// Everything drawn around the phone screen: the demo's name, the keys, the latest events
/// (what the interaction log gets), and the HUD. Text comes from caches, so a frame whose
/// text did not change renders no glyphs.
@MainActor
final class Overlay {
    let renderer: Renderer
    let fontPath: String?
    private var scale = 0.0
    private var body: TextCache?
    private var heading: TextCache?
    private var hudPanel: HUD?
    private var recent: [String] = []

    init(renderer: Renderer, fontPath: String?) {
        self.renderer = renderer
        self.fontPath = fontPath
    }

    /// The committed DejaVu Sans beside the card images, else a system font.
    static func fontPath() -> String? {
        let bundled = (CardSource.defaultFolder() as NSString).appendingPathComponent("DejaVuSans.ttf")
        if FileManager.default.fileExists(atPath: bundled) { return bundled }
        return Font.findSystemFont()
    }

    /// Drops the text textures (a new pixel scale, or lost render targets).
    func removeAll() { scale = 0 }

    /// Keeps the last few scene events as lines for the side panel.
    func remember(_ e: SceneEvent) {
        recent.append(Self.describe(e))
        if recent.count > 10 { recent.removeFirst(recent.count - 10) }
    }

    static func describe(_ e: SceneEvent) -> String {
        let t = String(format: "%7.2f", e.time)
        switch e {
        case .gestureBegan(_, let kind, let card):
            return "\(t)  began \(kind.rawValue)" + (card.map { " on \($0)" } ?? "")
        case .gestureEnded(_, let kind, _, let v, let outcome):
            return "\(t)  \(kind.rawValue) → \(outcome.rawValue) (\(Int(v.length.rounded())) pt/s)"
        case .paged(_, let from, let to): return "\(t)  paged \(from) → \(to)"
        case .deleted(_, let card, let index): return "\(t)  deleted \(card) at \(index)"
        case .restored(_, let card, let index): return "\(t)  restored \(card) at \(index)"
        case .snappedBack(_, let card): return "\(t)  \(card) snapped back"
        case .selected(_, let card): return "\(t)  selected \(card)"
        case .inserted(_, let card, let index): return "\(t)  inserted \(card) at \(index)"
        case .reset: return "\(t)  reset"
        case .interactionChanged(_, let from, let to): return "\(t)  \(from.rawValue) → \(to.rawValue)"
        }
    }

    private func fonts(for px: Double) {
        guard px != scale else { return }
        scale = px
        guard let path = fontPath else { body = nil; heading = nil; return }
        body = (try? Font(path: path, pixelSize: Int((13 * px).rounded()))).map { TextCache(font: $0, renderer: renderer) }
        hudPanel = body.map { HUD(text: $0) }
        heading = (try? Font(path: path, pixelSize: Int((22 * px).rounded()))).map { TextCache(font: $0, renderer: renderer) }
    }

    func draw(scene: CardScene, stage: Stage, pixelScale px: Double, theme: Theme, hud: [String]?) throws {
        fonts(for: px)
        guard let body, let heading else { return }
        let frame = stage.frame
        let sideRoom = frame.minX - 24
        // Left: what this is and how to drive it (when there is room beside the phone).
        if sideRoom >= Overlay.sidePanelWidth {
            var y = 24.0
            try text(heading, "flick · \(scene.interaction.rawValue)", x: 24, y: &y, px: px, color: theme.text)
            y += 4
            try text(body, Self.blurb(scene.interaction), x: 24, y: &y, px: px, color: theme.dim,
                     wrap: Int(min(sideRoom - 8, 300) * px))
            y += 12
            for line in Self.keys {
                try text(body, line, x: 24, y: &y, px: px, color: theme.dim)
            }
        } else {
            var y = 8.0
            try text(body, "flick · \(scene.interaction.rawValue)   H: HUD", x: 8, y: &y, px: px, color: theme.text)
        }
        // Right: the newest events, as the log gets them.
        if sideRoom >= Overlay.sidePanelWidth {
            var y = 24.0
            let x = frame.maxX + 24
            try text(body, "events  (\(scene.deck.count) cards)", x: x, y: &y, px: px, color: theme.text)
            y += 4
            for line in recent.reversed() {
                try text(body, line, x: x, y: &y, px: px, color: theme.dim)
            }
        }
        if let hud, let hudPanel {
            let x = sideRoom >= Overlay.sidePanelWidth ? frame.maxX + 24 : 8
            try hudPanel.draw(hud, at: Point(x: x, y: frame.maxY - Double(hud.count) * 17 - 20), scale: px)
        }
    }

    private func text(_ cache: TextCache, _ s: String, x: Double, y: inout Double, px: Double, color: RGBA,
                      wrap: Int? = nil) throws {
        let t = try cache.texture(s, color: color, wrapWidth: wrap)
        try renderer.copy(t, x: x * px, y: y * px)
        y += Double(t.height) / px + 2
    }

    /// Room (points) beside the phone that the side panels need; with less, only a title line.
    static let sidePanelWidth = 290.0

    static let keys = [
        "drag      pan, release to fling",
        "1 2 3 4   now · switcher · stack · carousel",
        "← →       previous / next card",
        "Delete    throw the current card",
        "Z         undo      R  reset",
        "H         HUD       F  fullscreen",
        "P         screenshot   Esc/Q  quit",
    ]

    static func blurb(_ interaction: Interaction) -> String {
        switch interaction {
        case .now: return "Google Now cards. Scroll the list; swipe a card sideways to dismiss it."
        case .switcher: return "iOS 9 task switcher. Scroll the endless row; flick a card up to close it."
        case .stack: return "A card stack. Throw the top card left; drag right to bring the last one back."
        case .carousel: return "iOS 7 app switcher. Page through; flick a card up to delete it."
        }
    }
}

/// Watches a `--config` file and hands back its new contents when it changes (live tuning):
/// edit the JSON, save, and the scene picks the new constants up within a second.
final class ConfigWatch {
    let path: String
    private var stamp: Date?
    private var lastCheck = Date.distantPast

    init(path: String) {
        self.path = path
        stamp = Self.modified(path)
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// What happened at the last reloads, for the window's toasts: (text, is a problem).
    private var messages: [(text: String, problem: Bool)] = []
    func takeMessages() -> [(text: String, problem: Bool)] {
        defer { messages.removeAll() }
        return messages
    }

    /// The app itself just wrote the file (the tuning panel): not a change to reload.
    func acceptOwnWrite() { stamp = Self.modified(path) }

    func changedConfig() -> SceneConfig? {
        let now = Date()
        guard now.timeIntervalSince(lastCheck) >= 1 else { return nil }
        lastCheck = now
        let m = Self.modified(path)
        guard m != stamp else { return nil }
        stamp = m
        do {
            let config = try AppOptions.loadConfig(path)
            note("reloaded \(path)")
            messages.append(("Config reloaded: \((path as NSString).lastPathComponent)", false))
            return config
        } catch {
            warn("\(error); keeping the previous settings")
            messages.append(("Config refused: \((error as? UserError)?.message ?? "\(error)")", true))
            return nil
        }
    }
}
