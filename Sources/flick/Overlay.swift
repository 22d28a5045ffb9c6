import FlickSession
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
        case .swipe: return Theme(window: RGBA(34, 26, 32), stage: RGBA(246, 240, 242), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        }
    }
}

/// The words around the phone: the demo's blurb, the keys, the newest scene events (what the
/// interaction log gets). ImGui windows show them (ToolUI/SidePanels.swift).
@MainActor
final class Overlay {
    /// The last few events as lines, oldest first.
    private(set) var recent: [String] = []

    init() {}

    /// The committed DejaVu Sans beside the card images, else a system font.
    static func fontPath() -> String? {
        let bundled = (CardSource.defaultFolder() as NSString).appendingPathComponent("DejaVuSans.ttf")
        if FileManager.default.fileExists(atPath: bundled) { return bundled }
        return Font.findSystemFont()
    }

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

    static let keys = [
        "drag      pan, release to fling",
        "1 2 3 4 5 now · switcher · stack · carousel · swipe",
        "← →       previous / next card",
        "Delete    throw the current card",
        "Z         undo      R  reset",
        "H         HUD       F  fullscreen",
        "T         tuning    D  debug overlay",
        "S         slow motion (1/10)",
        "Space     pause     .  one frame",
        "Tab       presentation (only the phone)",
        "P         screenshot   Esc/Q  quit",
    ]

    static func blurb(_ interaction: Interaction) -> String {
        switch interaction {
        case .now: return "Google Now cards. Scroll the list; swipe a card sideways to dismiss it."
        case .switcher: return "iOS 9 task switcher. Scroll the endless row; flick a card up to close it."
        case .stack: return "A card stack. Throw the top card left; drag right to bring the last one back."
        case .carousel: return "iOS 7 app switcher. Page through; flick a card up to delete it."
        case .swipe: return "A swipe deck. Swipe the top card left (nope), right (like) or up (super); Z brings it back."
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
