import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

extension App {
    /// Tab: presentation mode on or off; the next frame re-lays the stage out.
    func togglePresentation() {
        screen.presentation.isOn.toggle()
        relayout()
        roles.toasts.post(screen.presentation.isOn ? "Presentation: Tab to leave" : "Presentation off", now: clock())
    }

    /// `--fullscreen`, after the first frame is shown: an X server without a window manager moves
    /// a window only once it is mapped and drawn (Window+Fullscreen.swift), so asking earlier left
    /// it display-sized at its windowed origin, partly off screen.
    func enterStartFullscreen() {
        screen.fullscreenPending = false
        try? screen.window.setFullscreen(true)
        relayout()
    }

    /// Lays the stage out again when the window's size (fullscreen on or off, a resize SDL did
    /// not announce) or the presentation margin changed since the last layout: at once, not
    /// at the next resize event.
    func relayoutIfNeeded() {
        if screen.stage.window != screen.window.size || screen.stage.marginShare != screen.presentation.stageMargin
            || (screen.stage.rightInset != panelInset && screen.stage.viewport != screen.stage.window)
            || (screen.stage.bottomInset != taskBarInset && screen.stage.viewport != screen.stage.window) { relayout() }
    }

    /// Draws inside the stage viewport after the cards: the touch dot.
    func drawOnStage(scale: Double) throws {
        if screen.presentation.showsTouches {
            try screen.touchDot.draw(screen.presentation.touch, now: clock(), scale: scale, on: screen.renderer)
        }
        if timeline.isPaused { try drawPauseSign(scale: scale) }
    }

    /// Toasts: below the phone's middle in the window, or inside the phone in presentation
    /// mode (nothing is drawn outside it then).
    func drawToasts(pixelScale px: Double) throws {
        let now = clock()
        for m in sources.watches.config?.takeMessages() ?? [] { roles.toasts.post(m.text, kind: m.problem ? .problem : .info, now: now) }
        roles.toasts.prune(now: now)
        // With a facilitator window, words for the facilitator go there, never over the phone.
        if roles.facilitatorWindow != nil || options.facilitated { return }
        let area = screen.presentation.isOn || options.stage == nil ? screen.stage.frame : Rect(origin: .zero, size: screen.window.size)
        try screen.toastView.draw(roles.toasts, now: now, in: area, pixelScale: px)
    }

    /// Paused (Space): the participant sees why nothing moves, a pause sign in the phone's
    /// top-right corner (two bars on a dark disc-like square), and no words.
    func drawPauseSign(scale: Double) throws {
        let viewport = scene.viewport
        let edge = 44 * scale, inset = 16 * scale
        let x = viewport.width * scale - edge - inset, y = inset + 24 * scale
        try screen.renderer.fill(x: x, y: y, width: edge, height: edge, color: RGBA(0, 0, 0, 150))
        let bar = edge * 0.16, height = edge * 0.5
        for dx in [edge * 0.3, edge * 0.54] {
            try screen.renderer.fill(x: x + dx, y: y + edge * 0.25, width: bar, height: height, color: RGBA(255, 255, 255, 235))
        }
    }

    /// True while something on screen still moves without input (a fading dot or toast).
    var hasTransientsOnScreen: Bool {
        let now = clock()
        return (screen.presentation.showsTouches && screen.presentation.touch.isFading(now: now)) || roles.toasts.isShowing(now: now)
            || screen.pressedCard != nil
    }

    /// P: the frame as a PNG in `--shots`, named by the wall clock to the millisecond
    /// (`flick-YYYYMMDD-HHMMSS-mmm.png`), never over an existing file; a toast says where.
    func saveScreenshot() {
        let folder = options.look.shots.path
        do {
            try options.look.shots.prepare()
        } catch {
            warn("\(error)")
            // The session goes on; the run still ends with exit code 3 (OutputFailures).
            OutputFailures.record(OutputError("\(error)"))
            roles.toasts.post("Screenshot not saved: \(error)", kind: .problem, now: clock())
            return
        }
        let stamp = Self.screenshotStamp(Date())
        var name = "flick-\(stamp).png"
        var n = 2
        while FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name)) {
            name = "flick-\(stamp)-\(n).png"
            n += 1
        }
        let path = (folder as NSString).appendingPathComponent(name)
        do {
            try AtomicFile.writePNG(to: path, what: "the screenshot") { try screen.renderer.savePNG(to: $0) }
            note("screenshot saved to \(path)")
            roles.toasts.post("Screenshot saved: \(Self.homeRelative(path))", now: clock())
        } catch {
            warn("cannot save the screenshot '\(path)': \(error)")
            OutputFailures.record((error as? OutputError) ?? OutputError("cannot write the screenshot '\(path)': \(error)"))
            roles.toasts.post("Screenshot not saved: \((error as? OutputError).map { "\($0)" } ?? "\(error)")", kind: .problem, now: clock())
        }
    }

    /// A path as people read it: `~/Pictures/Flick/x.png` rather than the whole home folder.
    nonisolated static func homeRelative(_ path: String, home: String = ScreenshotFolder.home) -> String {
        let full = (path as NSString).standardizingPath
        guard home.count > 1, full.hasPrefix(home + "/") else { return full }
        return "~" + full.dropFirst(home.count)
    }

    /// "20261122-163105-042": local time, as people read their clocks, to the millisecond.
    static func screenshotStamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return f.string(from: date)
    }

    /// Whole wheel clicks in a wheel delta of `points` (EventSource gives a notch as
    /// `pointsPerWheelStep` points); nil for none.
    func wheelNotches(_ points: Double) -> Int? {
        let n = Int((points / input.events.pointsPerWheelStep).rounded())
        return n == 0 ? nil : n
    }
}
