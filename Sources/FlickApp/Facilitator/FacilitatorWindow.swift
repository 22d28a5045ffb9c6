import FlickPhone
import FlickIO
import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// What the facilitator window shows this frame (App+Facilitator.swift builds it).
struct FacilitatorModel {
    /// The recording's path while recording.
    var recording: String?
    var replaying = false
    var logging = false
    /// Session seconds.
    var elapsed = 0.0
    var participant: String?
    var interaction = ""
    var task = ""
    var taskDetail = ""
    var taskRunning = false
    /// What Enter does next.
    var nextAction = ""
    /// What the participant's side shows (task text, SEQ, SUS progress), if the study has one.
    var participantSide: String?
    var paused = false
    /// Quit was asked once: the next ask quits.
    var quitPending = false
    var markers: [String] = []
    var draft = ""
    var feed: [FacilitatorDesk.FeedLine] = []
    var releases: [(distance: Double, speed: Double, crossed: Bool)] = []
    /// `--phone`: the URL's QR code, and the phone's state in a line.
    var phoneQR: PhoneQR?
    var phoneLine: String?

    /// "1:05" (minutes and seconds), "1:02:05" past an hour.
    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.down)))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}

/// The facilitator's own window (`--facilitator`): a real second SDL window with its own
/// renderer, beside the participant's. Recording state and time, participant, the task and what
/// Enter does next, the markers of keys F1-F9, the note being typed, the live event stream, the
/// decision map of every release so far, the pause state and the toasts the participant's
/// window no longer shows.
@MainActor
final class FacilitatorWindow {
    let window: Window
    let renderer: Renderer
    private let fontPath: String?
    private var fonts: (title: TextCache, body: TextCache, small: TextCache)?
    private var pixelScale = 0.0
    /// SDL time of the last frame drawn.
    private var drawnAt = -Double.infinity
    static let frameInterval = 1.0 / 30

    /// True when a frame is due at `now` (SDL seconds); the frame counts as drawn.
    func isDue(at now: Double) -> Bool {
        guard now - drawnAt >= Self.frameInterval else { return false }
        drawnAt = now
        return true
    }

    static let size = Size(width: 560, height: 800)
    static let background = RGBA(24, 26, 32)
    static let text = RGBA(230, 232, 238)
    static let muted = RGBA(150, 156, 170)
    static let accent = RGBA(120, 200, 255)

    /// `placement` (FacilitatorPlacement.plan): its size and place; nil (headless) at its own
    /// size where SDL puts it.
    init(placement: FacilitatorPlacement?, display: Int?, hidden: Bool, software: Bool, fontPath: String?) throws {
        do {
            window = try Window(title: "flick — facilitator", size: placement?.facilitator ?? Self.size,
                                options: Window.Options(resizable: true, allowHighDPI: true, hidden: hidden,
                                                        display: display,
                                                        origin: placement?.facilitatorOrigin.map { (Int($0.x), Int($0.y)) }))
        } catch {
            throw UserError("cannot open the facilitator window (\(error))")
        }
        renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: software, vsync: false))
        self.fontPath = fontPath
    }

    private func caches(_ px: Double) -> (title: TextCache, body: TextCache, small: TextCache)? {
        if px != pixelScale || fonts == nil {
            pixelScale = px
            guard let path = fontPath,
                  let t = try? Font(path: path, pixelSize: Int((20 * px).rounded())),
                  let b = try? Font(path: path, pixelSize: Int((15 * px).rounded())),
                  let s = try? Font(path: path, pixelSize: Int((13 * px).rounded())) else { return nil }
            fonts = (TextCache(font: t, renderer: renderer, capacity: 32), TextCache(font: b, renderer: renderer, capacity: 96),
                     TextCache(font: s, renderer: renderer, capacity: 96))
        }
        return fonts
    }

    func draw(_ m: FacilitatorModel, toasts: Toasts, now: Double) throws {
        let px = renderer.pixelScale
        try renderer.resetViewport()
        try renderer.clear(Self.background)
        guard let f = caches(px) else {
            renderer.present()
            return
        }
        let size = window.size
        let margin = 18 * px, fullWidth = size.width * px - 2 * margin
        // The phone's QR code at the top right; the lines beside it are narrower.
        let qrSide = m.phoneQR.map { _ in min(150 * px, fullWidth * 0.3) } ?? 0
        var width = fullWidth - (qrSide > 0 ? qrSide + 12 * px : 0)
        var y = margin
        if let qr = m.phoneQR { try drawQR(qr, x: margin + fullWidth - qrSide, y: margin, side: qrSide) }
        // One line each, cut with "…" to the window's width (a long task name or note never
        // pushes the rest down or gets squeezed).
        func line(_ text: String, _ cache: TextCache, _ color: RGBA = FacilitatorWindow.text, x: Double? = nil, advance: Bool = true) throws -> Double {
            guard !text.isEmpty else { return 0 }
            let room = Int(width - ((x ?? margin) - margin))
            let t = try cache.texture(cache.font.fitting(text, maxWidth: room), color: color)
            try renderer.copy(t, x: x ?? margin, y: y)
            if advance { y += Double(t.height) + 4 * px }
            return Double(t.width)
        }

        // Recording state and time.
        if let path = m.recording {
            try renderer.fill(x: margin, y: y + 5 * px, width: 14 * px, height: 14 * px, color: RGBA(230, 50, 50))
            _ = try line("REC  \(FacilitatorModel.clock(m.elapsed))   \((path as NSString).lastPathComponent)", f.title,
                         x: margin + 24 * px)
        } else if m.replaying {
            _ = try line("REPLAY  \(FacilitatorModel.clock(m.elapsed))", f.title, Self.accent)
        } else {
            _ = try line("not recording  \(FacilitatorModel.clock(m.elapsed))" + (m.logging ? "  (log only)" : ""), f.title, Self.muted)
        }
        _ = try line("participant \(m.participant ?? "(none given)")  ·  \(m.interaction)", f.body, Self.muted)
        if let phone = m.phoneLine { _ = try line(phone, f.small, Self.accent) }
        y = max(y + 8 * px, margin + qrSide + 8 * px)
        width = fullWidth

        if m.quitPending {
            try renderer.fill(x: margin - 6 * px, y: y - 2 * px, width: width + 12 * px, height: 26 * px, color: RGBA(170, 40, 40))
            _ = try line("Quit the recorded session? Ctrl+Q again quits", f.body, .white)
            y += 6 * px
        }

        // Pause state: the participant's screen is frozen.
        if m.paused {
            try renderer.fill(x: margin - 6 * px, y: y - 2 * px, width: width + 12 * px, height: 26 * px, color: RGBA(200, 150, 30))
            _ = try line("PAUSED: the prototype is frozen (F10 resumes)", f.body, RGBA(20, 20, 20))
            y += 6 * px
        }

        // The task and what Enter does next.
        try renderer.fill(x: margin - 6 * px, y: y - 4 * px, width: 4 * px, height: 62 * px,
                          color: m.taskRunning ? RGBA(80, 200, 120) : Self.muted)
        _ = try line(m.task, f.title, x: margin + 6 * px)
        _ = try line(m.taskDetail, f.body, Self.muted, x: margin + 6 * px)
        _ = try line(m.nextAction, f.body, Self.accent, x: margin + 6 * px)
        if let side = m.participantSide { _ = try line(side, f.body, RGBA(250, 210, 110), x: margin + 6 * px) }
        y += 10 * px

        // Markers of keys F1-F9 (function keys: typing a note never drops one).
        _ = try line(FacilitatorKeys.markerLegend, f.small, Self.muted)
        var x = margin
        for (i, label) in m.markers.enumerated() {
            let t = try f.body.texture("F\(i + 1)  \(label)", color: Self.text)
            if x + Double(t.width) > margin + width { x = margin; y += Double(t.height) + 8 * px }
            try renderer.fill(x: x - 4 * px, y: y - 2 * px, width: Double(t.width) + 8 * px, height: Double(t.height) + 4 * px,
                              color: RGBA(44, 48, 58))
            try renderer.copy(t, x: x, y: y)
            x += Double(t.width) + 16 * px
            if i == m.markers.count - 1 { y += Double(t.height) + 12 * px }
        }

        _ = try line("Ctrl+1-5 interaction · Ctrl+R reset · Ctrl+Q quit", f.small, Self.muted)
        y += 6 * px

        // The note being typed.
        _ = try line("Note (type, Enter saves, Esc clears)", f.small, Self.muted)
        try renderer.fill(x: margin - 4 * px, y: y - 2 * px, width: width + 8 * px, height: 26 * px, color: RGBA(12, 13, 17))
        // The end of a long note shows, where the typing is.
        let caret = Int(now * 2) % 2 == 0 ? "▏" : " "
        var shown = m.draft + caret
        if f.body.font.width(of: shown) > Int(width) {
            let tail = f.body.font.fitting(String(shown.reversed()), maxWidth: Int(width))
            shown = "…" + String(tail.dropLast().reversed())
        }
        _ = try line(shown, f.body)
        y += 10 * px

        // The decision map (right) beside the newest events (left).
        let feedBottom = size.height * px - margin - 110 * px
        let mapSide = max(40 * px, min(200 * px, width * 0.42, feedBottom - y - 40 * px))
        let top = y
        try drawDecisionMap(m.releases, x: margin + width - mapSide, y: top + 18 * px, side: mapSide, caption: f.small)
        _ = try line("Events", f.small, Self.muted)
        let lineHeight = Double(f.small.font.lineSkip)
        let count = max(0, Int((feedBottom - y) / lineHeight))
        for entry in m.feed.suffix(count) {
            let color: RGBA
            switch entry.kind {
            case .event: color = Self.text
            case .marker: color = RGBA(120, 220, 140)
            case .note: color = RGBA(250, 210, 110)
            case .task: color = Self.accent
            }
            let t = try f.small.texture(f.small.font.fitting(entry.text, maxWidth: Int(width - mapSide - 12 * px)), color: color)
            try renderer.copy(t, x: margin, y: y)
            y += lineHeight
        }

        // Toasts, newest at the bottom.
        var bottom = size.height * px - margin
        for (toast, alpha) in toasts.visible(now: now).reversed() {
            let t = try f.body.texture(f.body.font.fitting(toast.text, maxWidth: Int(width)), color: .white)
            let h = Double(t.height) + 10 * px
            let back = toast.kind == .problem ? RGBA(150, 40, 40) : RGBA(50, 56, 70)
            try renderer.fill(x: margin - 6 * px, y: bottom - h, width: width + 12 * px, height: h,
                              color: RGBA(back.r, back.g, back.b, UInt8((235 * alpha).rounded())))
            t.setColorMod(RGBA(255, 255, 255, UInt8((255 * alpha).rounded())))
            try renderer.copy(t, x: margin, y: bottom - h + 5 * px)
            bottom -= h + 6 * px
        }
        renderer.present()
    }

    /// A QR code in `side` pixels with its quiet zone, dark on white, whole pixels a module.
    private func drawQR(_ qr: PhoneQR, x: Double, y: Double, side: Double) throws {
        let quiet = 2
        let module = max(1, ((side) / Double(qr.size + 2 * quiet)).rounded(.down))
        let total = module * Double(qr.size + 2 * quiet)
        try renderer.fill(x: x, y: y, width: total, height: total, color: .white)
        for row in 0..<qr.size {
            var column = 0
            while column < qr.size {
                guard qr[column, row] else { column += 1; continue }
                var run = 1
                while column + run < qr.size, qr[column + run, row] { run += 1 }
                try renderer.fill(x: x + Double(column + quiet) * module, y: y + Double(row + quiet) * module,
                                  width: Double(run) * module, height: module, color: .black)
                column += run
            }
        }
    }

    /// Every release so far: distance (x) against speed (y) as fractions of the throw
    /// thresholds, 0 to 2; past either dashed line the card went. Green went, orange stayed.
    private func drawDecisionMap(_ releases: [(distance: Double, speed: Double, crossed: Bool)], x: Double, y: Double,
                                 side: Double, caption: TextCache) throws {
        let label = try caption.texture("Decision map (\(releases.count) releases)", color: Self.muted)
        try renderer.copy(label, x: x, y: y - Double(label.height) - 2)
        try renderer.fill(x: x, y: y, width: side, height: side, color: RGBA(12, 13, 17))
        let px = renderer.pixelScale
        // Threshold lines at 1 (the middle), drawn dashed.
        var d = 0.0
        while d < side {
            try renderer.fill(x: x + side / 2, y: y + d, width: px, height: min(4 * px, side - d), color: Self.muted)
            try renderer.fill(x: x + d, y: y + side / 2, width: min(4 * px, side - d), height: px, color: Self.muted)
            d += 8 * px
        }
        let dot = 5 * px
        for r in releases {
            let fx = min(2, max(0, r.distance)) / 2, fy = min(2, max(0, r.speed)) / 2
            let color = r.crossed ? RGBA(90, 210, 120, 220) : RGBA(240, 150, 60, 220)
            try renderer.fill(x: x + fx * (side - dot), y: y + (1 - fy) * (side - dot), width: dot, height: dot, color: color)
        }
        let axes = try caption.texture("distance →   ↑ speed", color: Self.muted)
        try renderer.copy(axes, x: x, y: y + side + 2)
    }
}
