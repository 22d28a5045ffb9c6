import FlickSession
import FlickEngine
import FlickSDL

/// Short messages in the window (a screenshot saved, the config reloaded or refused, a replay
/// ended): plain data, so any front end can draw them (`ToastView` here; an ImGui window later).
struct Toasts {
    struct Toast: Equatable {
        enum Kind: Equatable { case info, problem }
        var text: String
        var kind: Kind
        /// Frame-clock time it was posted, seconds.
        var postedAt: Double
        /// Stays until removed (a replay's end: the window says so while it stays open).
        var lasting = false
    }

    /// Seconds a toast stays, then fades over `fade`.
    static let duration = 2.2
    static let fade = 0.4
    /// At most this many at once (the oldest go first).
    static let limit = 3

    private(set) var items: [Toast] = []

    mutating func post(_ text: String, kind: Toast.Kind = .info, lasting: Bool = false, now: Double) {
        items.append(Toast(text: text, kind: kind, postedAt: now, lasting: lasting))
        if items.count > Self.limit { items.removeFirst(items.count - Self.limit) }
    }

    /// The toasts showing at `now`, oldest first, with their opacity.
    func visible(now: Double) -> [(toast: Toast, alpha: Double)] {
        items.compactMap { t in
            let age = now - t.postedAt
            guard age >= 0, t.lasting || age < Self.duration + Self.fade else { return nil }
            return (t, t.lasting || age <= Self.duration ? 1 : 1 - (age - Self.duration) / Self.fade)
        }
    }

    /// True while any toast is new or fading (the window must keep drawing to show it or fade
    /// it out); a lasting toast, once shown, needs no more frames.
    func isShowing(now: Double) -> Bool {
        items.contains { now - $0.postedAt >= 0 && now - $0.postedAt < Self.duration + Self.fade }
    }

    mutating func prune(now: Double) {
        items.removeAll { !$0.lasting && now - $0.postedAt >= Self.duration + Self.fade }
    }

    /// Takes the lasting toasts away (a looped replay starting again).
    mutating func removeLasting() { items.removeAll(where: \.lasting) }
}

/// Draws toasts as pills stacked upward from the bottom centre of `area` (window points).
@MainActor
final class ToastView {
    let renderer: Renderer
    let fontPath: String?
    private var cache: TextCache?
    private var pixelScale = 0.0

    init(renderer: Renderer, fontPath: String?) {
        self.renderer = renderer
        self.fontPath = fontPath
    }

    func removeAll() { pixelScale = 0 }

    func draw(_ toasts: Toasts, now: Double, in area: Rect, pixelScale px: Double) throws {
        let shown = toasts.visible(now: now)
        guard !shown.isEmpty else { return }
        if px != pixelScale {
            pixelScale = px
            cache = fontPath.flatMap { try? Font(path: $0, pixelSize: Int((14 * px).rounded())) }
                .map { TextCache(font: $0, renderer: renderer, capacity: 16) }
        }
        guard let cache else { return }
        var bottom = (area.maxY - 18) * px
        for (toast, alpha) in shown.reversed() {
            let text = try cache.texture(toast.text, color: RGBA(255, 255, 255))
            let pad = 10 * px, w = Double(text.width) + 2 * pad, h = Double(text.height) + pad
            let x = (area.minX + area.width / 2) * px - w / 2
            let y = bottom - h
            let back = toast.kind == .problem ? RGBA(150, 40, 40) : RGBA(24, 26, 32)
            try renderer.fill(x: x, y: y, width: w, height: h,
                              color: RGBA(back.r, back.g, back.b, UInt8((225 * alpha).rounded())))
            text.setColorMod(RGBA(255, 255, 255, UInt8((255 * alpha).rounded())))
            try renderer.copy(text, x: x + pad, y: y + pad / 2)
            bottom = y - 6 * px
        }
    }
}
