import FlickEngine
import FlickSDL
import FlickSession

/// What the participant's side shows in the participant's window: the task's text with Done
/// and Give up (a bar along the window's bottom), or a questionnaire over the whole window.
enum ParticipantPanelMode: Equatable {
    case taskBar(text: String)
    case seq(task: String)
    /// SUS item `item` (1-based) of ten.
    case sus(item: Int)

    var questionnaire: Questionnaire? {
        switch self {
        case .taskBar: return nil
        case .seq: return .seq
        case .sus: return .sus
        }
    }
}

/// A button of the participant's panel.
enum PanelButton: Equatable {
    case done, giveUp
    case answer(Int)

    var answerValue: Int? { if case .answer(let v) = self { return v } else { return nil } }
}

/// Where the panel and its buttons are, window points: one layout for drawing and for clicks.
struct ParticipantPanelLayout {
    var panel: Rect
    var buttons: [(button: PanelButton, frame: Rect)]
    /// A questionnaire covers the window: no click reaches the stage.
    var isModal: Bool

    static let barHeight = 64.0

    init(_ mode: ParticipantPanelMode, window: Size) {
        switch mode {
        case .taskBar:
            let h = min(Self.barHeight, window.height / 3)
            panel = Rect(x: 0, y: window.height - h, width: window.width, height: h)
            let bw = min(104, max(56, window.width / 5)), bh = min(42, h - 14), gap = 10.0
            let y = panel.minY + (h - bh) / 2
            let giveUp = Rect(x: window.width - 12 - bw, y: y, width: bw, height: bh)
            let done = Rect(x: giveUp.minX - gap - bw, y: y, width: bw, height: bh)
            buttons = [(.done, done), (.giveUp, giveUp)]
            isModal = false
        case .seq, .sus:
            let n = mode.questionnaire!.scale.count
            let w = min(window.width - 24, 560), h = min(window.height - 24, 280)
            panel = Rect(x: ((window.width - w) / 2).rounded(), y: ((window.height - h) / 2).rounded(), width: w, height: h)
            let gap = 8.0, pad = 20.0
            let side = max(24, min(64, (w - 2 * pad - Double(n - 1) * gap) / Double(n)))
            let row = Double(n) * side + Double(n - 1) * gap
            let x0 = panel.minX + (w - row) / 2, y = panel.minY + h - pad - 44 - side
            buttons = (0..<n).map { i in
                (.answer(i + 1), Rect(x: x0 + Double(i) * (side + gap), y: y, width: side, height: side))
            }
            isModal = true
        }
    }

    /// The button under `point`, if any.
    func button(at point: Point) -> PanelButton? {
        buttons.first { $0.frame.contains(point) }?.button
    }

    /// Whether `point` falls on the panel (a modal panel takes the whole window).
    func covers(_ point: Point) -> Bool { isModal || panel.contains(point) }
}

/// Draws the participant's panel in the participant's window (live and in replays).
@MainActor
final class ParticipantPanelView {
    let renderer: Renderer
    let fontPath: String?
    private var fonts: (title: TextCache, body: TextCache, small: TextCache)?
    private var pixelScale = 0.0

    init(renderer: Renderer, fontPath: String?) {
        self.renderer = renderer
        self.fontPath = fontPath
    }

    func removeAll() { pixelScale = 0 }

    private func caches(_ px: Double) -> (title: TextCache, body: TextCache, small: TextCache)? {
        if px != pixelScale || fonts == nil {
            pixelScale = px
            guard let path = fontPath,
                  let t = try? Font(path: path, pixelSize: Int((19 * px).rounded())),
                  let b = try? Font(path: path, pixelSize: Int((16 * px).rounded())),
                  let s = try? Font(path: path, pixelSize: Int((13 * px).rounded())) else { return nil }
            fonts = (TextCache(font: t, renderer: renderer, capacity: 24), TextCache(font: b, renderer: renderer, capacity: 48),
                     TextCache(font: s, renderer: renderer, capacity: 24))
        }
        return fonts
    }

    static let ink = RGBA(28, 30, 36)
    static let accent = RGBA(40, 110, 220)

    /// `focus`: the button Tab moved to; `pressed`: the one held down; `refused`: the name of a
    /// key pressed that answers nothing, said on the questionnaire with the keys that do.
    func draw(_ mode: ParticipantPanelMode, window: Size, pixelScale px: Double, focus: PanelButton?, pressed: PanelButton?,
              refused: String? = nil) throws {
        let layout = ParticipantPanelLayout(mode, window: window)
        let f = caches(px)
        func rect(_ r: Rect, _ color: RGBA) throws {
            try renderer.fill(x: r.minX * px, y: r.minY * px, width: r.width * px, height: r.height * px, color: color)
        }
        func centred(_ text: String, _ cache: TextCache?, in r: Rect, _ color: RGBA) throws {
            guard let cache else { return }
            let t = try cache.texture(cache.font.fitting(text, maxWidth: Int(r.width * px)), color: color)
            try renderer.copy(t, x: (r.minX + r.width / 2) * px - Double(t.width) / 2, y: (r.minY + r.height / 2) * px - Double(t.height) / 2)
        }
        func button(_ b: PanelButton, _ r: Rect, label: String, primary: Bool) throws {
            let down = pressed == b
            if focus == b { try rect(Rect(x: r.minX - 3, y: r.minY - 3, width: r.width + 6, height: r.height + 6), Self.accent) }
            try rect(r, primary ? (down ? RGBA(25, 80, 170) : Self.accent) : (down ? RGBA(200, 204, 214) : RGBA(232, 235, 241)))
            try centred(label, f?.body, in: r, primary ? .white : Self.ink)
        }
        switch mode {
        case .taskBar(let text):
            try rect(layout.panel, RGBA(250, 250, 252, 240))
            try rect(Rect(x: layout.panel.minX, y: layout.panel.minY, width: layout.panel.width, height: 1), RGBA(200, 204, 214))
            if let f, let first = layout.buttons.first {
                let room = Int((first.frame.minX - 28) * px)
                let t = try f.body.texture(f.body.font.fitting(text, maxWidth: max(8, room)), color: Self.ink)
                try renderer.copy(t, x: 14 * px, y: (layout.panel.minY + layout.panel.height / 2) * px - Double(t.height) / 2)
            }
            for (b, r) in layout.buttons { try button(b, r, label: b == .done ? "Done" : "Give up", primary: b == .done) }
        case .seq, .sus:
            try rect(Rect(x: 0, y: 0, width: window.width, height: window.height), RGBA(10, 12, 16, 170))
            try rect(layout.panel, RGBA(252, 252, 253))
            let p = layout.panel, pad = 20.0
            let title: String, question: String, ends: (String, String)
            switch mode {
            case .seq(let task):
                (title, question, ends) = ("After the task: \(task)", Questionnaire.seqQuestion, Questionnaire.seqEnds)
            case .sus(let item):
                (title, question, ends) = ("Question \(item) of \(Questionnaire.susItems.count)", Questionnaire.susItems[max(0, min(9, item - 1))], Questionnaire.susEnds)
            case .taskBar:
                return
            }
            if let f {
                let t = try f.small.texture(f.small.font.fitting(title, maxWidth: Int((p.width - 2 * pad) * px)), color: RGBA(100, 106, 120))
                try renderer.copy(t, x: (p.minX + pad) * px, y: (p.minY + pad) * px)
                let q = try f.title.texture(question, color: Self.ink, wrapWidth: Int((p.width - 2 * pad) * px))
                try renderer.copy(q, x: (p.minX + pad) * px, y: (p.minY + pad) * px + Double(t.height) + 10 * px)
            }
            for (b, r) in layout.buttons { try button(b, r, label: "\(b.answerValue ?? 0)", primary: false) }
            if let f, let first = layout.buttons.first?.frame, let last = layout.buttons.last?.frame {
                let below = first.maxY + 6
                let l = try f.small.texture(ends.0, color: RGBA(90, 96, 110))
                try renderer.copy(l, x: first.minX * px, y: below * px)
                let r = try f.small.texture(ends.1, color: RGBA(90, 96, 110))
                try renderer.copy(r, x: last.maxX * px - Double(r.width), y: below * px)
                let n = mode.questionnaire!.scale.upperBound
                let line = refused.map { "\($0) is not an answer: press 1 to \(n), or click a number" } ?? "Click a number, or press 1 to \(n)"
                let cache = refused == nil ? f.small : f.body
                let hint = try cache.texture(cache.font.fitting(line, maxWidth: Int((p.width - 2 * pad) * px)),
                                             color: refused == nil ? RGBA(130, 136, 150) : RGBA(190, 40, 30))
                try renderer.copy(hint, x: (p.minX + p.width / 2) * px - Double(hint.width) / 2, y: (p.maxY - pad) * px - Double(hint.height))
            }
        }
    }
}
