import FlickSession
import FlickEngine
import FlickFrontEnd
import FlickSDL
import Foundation

/// The words around the phone: the demo's blurb, the keys, the newest scene events (what the
/// interaction log gets), and the HUD with what it measures (frame times, pointer to photon).
/// ImGui windows show them (ToolUI/SidePanels.swift).
@MainActor
final class Overlay {
    /// The last few events as lines, oldest first.
    private(set) var recent: [String] = []
    /// The HUD is on (H).
    var hudVisible = false
    /// Pointer-to-photon latency of every pointer input, for the HUD.
    var latency = PointerToPhoton()
    /// The window's frame and render times, for the HUD.
    var frameTimes = FrameTimes()

    init() {}


    /// Keeps the last few scene events as lines for the side panel.
    func remember(_ e: SceneEvent) {
        recent.append(Self.describe(e))
        if recent.count > 10 { recent.removeFirst(recent.count - 10) }
    }

    nonisolated static func describe(_ e: SceneEvent) -> String {
        let t = String(format: "%7.2f", e.time)
        switch e {
        case .gestureBegan(_, let kind, let card):
            return "\(t)  began \(kind.rawValue)" + (card.map { " on \($0)" } ?? "")
        case .gestureEnded(_, let kind, _, let v, let outcome, _):
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

    /// A deck change as the facilitator's feed says it: the decision by its name (`like`,
    /// `nope`; "thrown up" where the interaction names none) and the card by its title (its file
    /// name without titles), with the id after it; other events as `describe` says them.
    nonisolated static func feedLine(_ e: SceneEvent, origin: DeckChangeOrigin?, title: (CardID) -> String?) -> String {
        let t = String(format: "%7.2f", e.time)
        func card(_ id: CardID) -> String { title(id).map { "'\($0)' (\(id))" } ?? "\(id)" }
        switch e {
        case .deleted(_, let id, _):
            let how = origin?.label ?? origin?.direction.map { "thrown \($0.rawValue)" } ?? "deleted"
            return "\(t)  \(how) \(card(id))" + (origin.map { $0.cause == .pointer || $0.cause == .key ? "" : " by \($0.cause.rawValue)" } ?? "")
        case .restored(_, let id, _): return "\(t)  undo: \(card(id)) back"
        case .selected(_, let id): return "\(t)  selected \(card(id))"
        case .snappedBack(_, let id): return "\(t)  \(card(id)) snapped back"
        case .inserted(_, let id, let index): return "\(t)  inserted \(card(id)) at \(index)"
        default: return describe(e)
        }
    }

    /// The legend: the pointer, then the keys as `KeyBindings` has them.
    static let keys = [[KeyBindings.LegendEntry(keys: "drag", label: "pan, release to fling")]] + KeyBindings.legend()

    /// The summary of the interaction's face (`InteractionFaces`), else its name.
    static func blurb(_ interaction: Interaction) -> String {
        InteractionFaces.of(interaction).summary
    }
}
