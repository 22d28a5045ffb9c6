import FlickSession
import CImGuiBridge
import FlickEngine
import FlickSDL

/// The windows around the phone, drawn with ImGui like the rest of the tool UI: what the demo is
/// and its keys (left), the newest scene events as the log gets them, and the HUD (H). Where they
/// go depends on the room beside the phone and on the tuning panel, which takes the right side.
@MainActor
enum SidePanels {
    /// Width (points) a side window needs; with less room beside the phone only a title line shows.
    static let minimumRoom = 240.0
    static let flags = Int32(FIG_WINDOW_NO_MOVE | FIG_WINDOW_NO_RESIZE | FIG_WINDOW_AUTO_RESIZE | FIG_WINDOW_NO_SAVED
                             | FIG_WINDOW_NO_FOCUS_ON_APPEARING | FIG_WINDOW_NO_NAV) | (1 << 5)   // ImGuiWindowFlags_NoCollapse

    /// Builds the windows for this frame. `window`, `stage`: points; `px`: pixels per point.
    /// Nothing of theirs takes a press on the phone: a window is placed beside the phone, or
    /// drawn there narrowed to the room left (its lines cut at the edge, clicks passing through),
    /// or, with no room at all, not drawn. `panelTooWide`: the tuning panel is open but the
    /// window is too narrow for it beside the phone (the title line says so).
    static func build(interaction: Interaction, cards: Int, events: [String], hud: [String]?,
                      stage: Rect, window: Size, panelOpen: Bool, panelWidth: Double, panelTooWide: Bool = false,
                      px: Double) {
        let leftRoom = stage.minX - 24
        let rightEnd = panelOpen ? window.width - panelWidth - 24 : window.width - 12
        let rightRoom = rightEnd - stage.maxX - 12
        let left = leftRoom >= minimumRoom
        var leftBottom = 12.0

        if left {
            let width = min(320, leftRoom)
            UI.window("flick · \(interaction.rawValue)###about", x: 12 * px, y: 12 * px, width: width * px,
                      height: 0, always: true, flags: flags) {
                UI.wrapped(Overlay.blurb(interaction))
                UI.spacing()
                keyLegend(Overlay.keys)
                leftBottom = UI.windowBottom / px + 8
            }
        } else {
            // The longest title line that fits left of the phone (ImGui's window padding, 8 a side).
            let room = stage.minX - 8 - 16
            let tuning = panelTooWide ? "T: tuning needs a window \(Int(panelWidth) + 224) pt wide" : "T: tuning"
            let lines = ["flick · \(interaction.rawValue)   H: HUD   \(tuning)", "flick · \(interaction.rawValue)   H: HUD",
                         "flick · \(interaction.rawValue)", interaction.rawValue]
            if let line = lines.first(where: { UI.textWidth($0) / px <= room }) {
                UI.window("##title", x: 8 * px, y: 8 * px, always: true,
                          flags: flags | Int32(FIG_WINDOW_NO_TITLE | FIG_WINDOW_NO_BACKGROUND | FIG_WINDOW_NO_MOUSE)) {
                    UI.text(line)
                }
            }
            leftBottom = 8 + 28
        }

        // Events: right of the phone when there is room, else under the keys.
        let eventsTitle = "events  (\(cards) cards)###events"
        var rightBottom = 12.0
        if rightRoom >= minimumRoom {
            UI.window(eventsTitle, x: (stage.maxX + 12) * px, y: 12 * px, width: min(340, rightRoom) * px,
                      height: 0, always: true, flags: flags) {
                eventLines(events)
                rightBottom = UI.windowBottom / px + 8
            }
        } else if left {
            UI.window(eventsTitle, x: 12 * px, y: leftBottom * px, width: min(320, leftRoom) * px,
                      height: 0, always: true, flags: flags) {
                eventLines(events)
                leftBottom = UI.windowBottom / px + 8
            }
        }
        _ = rightBottom

        // The HUD at the bottom of whichever column has room; with none, in the wider strip
        // beside the phone, as wide as it is, its lines cut there and clicks passing through.
        if let hud {
            if rightRoom >= minimumRoom || left {
                let x = rightRoom >= minimumRoom ? stage.maxX + 12 : 12
                let width = rightRoom >= minimumRoom ? nil : min(320, leftRoom)
                UI.window("HUD###hud", x: x * px, y: (window.height - 12) * px, pivot: (0, 1), width: width.map { $0 * px },
                          height: width == nil ? nil : 0, always: true, flags: flags) {
                    for line in hud { UI.text(line) }
                }
            } else {
                let leftStrip = stage.minX - 16, rightStrip = rightEnd - stage.maxX - 4
                let strip = max(leftStrip, rightStrip)
                if strip >= 60 {
                    let x = leftStrip >= rightStrip ? 8 : stage.maxX + 8
                    UI.window("HUD###hud", x: x * px, y: (window.height - 8) * px, pivot: (0, 1), width: strip * px,
                              height: 0, always: true,
                              flags: flags | Int32(FIG_WINDOW_NO_MOUSE | FIG_WINDOW_NO_TITLE)) {
                        for line in hud { UI.text(line) }
                    }
                }
            }
        }
    }

    /// The legend in columns: the keys, what they do, and on shared lines a second key and its
    /// words. Keys wider than their column (Delete/Backspace) push their words along.
    private static func keyLegend(_ lines: [[KeyBindings.LegendEntry]]) {
        let gap = UI.textWidth("  ")
        let shared = lines.filter { $0.count > 1 }
        let labelX = UI.textWidth("Space") + gap
        let secondX = labelX + (shared.map { UI.textWidth($0[0].label) }.max() ?? 0) + 2 * gap
        let secondLabelX = secondX + (shared.map { UI.textWidth($0[1].keys) }.max() ?? 0) + gap
        for line in lines {
            var x = 0.0   // where the line has reached
            func moveTo(_ column: Double) {
                UI.sameLine(0, spacing: max(column - x, gap))
                x = max(column, x + gap)
            }
            for (i, entry) in line.enumerated() {
                if i > 0 { moveTo(secondX) }
                UI.dim(entry.keys)
                x += UI.textWidth(entry.keys)
                moveTo(i == 0 ? labelX : secondLabelX)
                UI.dim(entry.label)
                x += UI.textWidth(entry.label)
            }
        }
    }

    private static func eventLines(_ events: [String]) {
        if events.isEmpty { UI.dim("(none yet)") }
        for line in events.reversed() { UI.dim(line) }
    }
}
