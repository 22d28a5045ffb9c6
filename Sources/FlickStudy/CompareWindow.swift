import FlickCLI
import FlickIO
import FlickStage
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// The presets of `flick compare` side by side in one window: one pane per preset, each its own
/// scene fed the same recorded inputs at the same session time, so they move in step; each
/// pane labelled with its preset. Space pauses, Esc or Q quits. At the end it says so (on screen
/// and stderr) and stays until Esc or Q, or closes at once with `--exit-at-end`.
@MainActor
final class CompareWindow {
    let recording: Recording
    let presets: [Compare.Preset]
    let cards: CardSource
    let window: Window
    let renderer: Renderer
    let events: EventSource
    var panes: [(replay: HeadlessReplay, view: StageView)] = []
    var clock: ReplayClock
    let loop: Bool
    /// The recording's course as recorded, which every pane follows (`RecordedCourse`).
    let course: RecordedCourse?
    let exitAtEnd: Bool
    var ended = false
    var endedAt = 0.0
    var labels: [Texture?] = []
    /// The line shown over the panes once the replay has ended.
    var endLabel: Texture?
    let font: Font?

    init(recording: Recording, presets: [Compare.Preset], cards: CardSource, size: Size, speed: Double, loop: Bool, exitAtEnd: Bool = false) throws {
        self.recording = recording
        self.presets = presets
        self.cards = cards
        self.loop = loop
        course = RecordedCourse.of(recording)
        self.exitAtEnd = exitAtEnd
        clock = ReplayClock(speed: speed)
        do {
            window = try Window(title: "flick compare — \(presets.map(\.name).joined(separator: " | "))", size: size)
        } catch {
            throw UserError("cannot open a window (\(error)); use --out DIR to compare headless")
        }
        renderer = try Renderer(window: window)
        events = EventSource(window: window)
        let scale = renderer.pixelScale
        let font = StageFont.path().flatMap { try? Font(path: $0, pixelSize: Int((16 * scale).rounded())) }
        self.font = font
        try restart()
        labels = presets.map { p in font.flatMap { try? $0.texture(p.name, color: RGBA(236, 238, 242), renderer: renderer) } }
    }

    func restart() throws {
        panes = try presets.map { p in
            guard let replay = HeadlessReplay(recording, config: p.config, course: course), let header = recording.header else {
                throw UserError("--replay file '\(recording.path)' has no header")
            }
            return (replay, try StageView(renderer: renderer, cards: cards, header: header, recording: recording.path))
        }
        clock.restart()
        ended = false
    }

    func run() throws {
        var running = true
        Interrupt.install()
        while running && !Interrupt.isRequested {
            let frameStart = PerformanceClock.now
            for e in ended ? events.wait(timeout: 0.25) : events.poll() {
                switch e {
                case .quit, .windowLost: running = false
                case .key(let k):
                    switch k.key {
                    case .escape, .character("q"): running = false
                    case .space: if !k.isRepeat { clock.paused.toggle() }
                    default: break
                    }
                default: break
                }
            }
            clock.tick(wall: SDLContext.now)
            for pane in panes { pane.replay.advance(to: clock.time) }
            if !ended, panes.allSatisfy(\.replay.isSettled) {
                ended = true
                endedAt = SDLContext.now
                let at = panes.first.map { $0.replay.runner.clamped(clock.time) } ?? clock.time
                if exitAtEnd {
                    note(String(format: "compare: the replay ended at %.2f s; the window closes (--exit-at-end)", at))
                    running = false
                    continue
                }
                note(String(format: "compare: the replay ended at %.2f s%@", at, loop ? "; looping" : "; Q or Esc closes the window"))
                if !loop {
                    let text = String(format: "Replay ended at %.1f s. Q or Esc closes", at)
                    endLabel = font.flatMap { try? $0.texture(text, color: RGBA(255, 214, 102), renderer: renderer) }
                    window.title = "flick compare — replay ended (Q or Esc closes)"
                }
            } else if ended, loop, SDLContext.now - endedAt >= 1 {
                try restart()
            }
            try draw()
            renderer.present()
            for pane in panes { pane.view.faces.presented() }
            // In step with the display where the renderer does not wait for it (`FramePacer`).
            FramePacer(wantsVsync: true, rendererWaits: renderer.hasVsync, refreshRate: window.refreshRate)
                .waitOut(frameStart: frameStart)
        }
    }

    func draw() throws {
        let (w, h) = renderer.outputSize
        let background = RGBA(22, 24, 30)
        try renderer.resetViewport()
        try renderer.clear(background)
        let labelHeight = Int((30 * renderer.pixelScale).rounded())
        let paneWidth = w / max(1, panes.count)
        for (i, pane) in panes.enumerated() {
            let rect = (x: i * paneWidth, y: labelHeight, w: paneWidth, h: h - labelHeight)
            pane.view.follow(pane.replay.deckImages)
            try pane.view.draw(pane.replay.scene, in: rect, outside: background, settle: false)
            if let label = labels[i] {
                try renderer.copy(label, x: Double(rect.x + (paneWidth - label.width) / 2), y: Double(labelHeight - label.height) / 2 + 2)
            }
        }
        if ended, let endLabel {
            let pad = Int((8 * renderer.pixelScale).rounded())
            let x = (w - endLabel.width) / 2, y = h - endLabel.height - 3 * pad
            try renderer.fill(x: Double(x - pad), y: Double(y - pad / 2), width: Double(endLabel.width + 2 * pad), height: Double(endLabel.height + pad),
                              color: RGBA(22, 24, 30, 230))
            try renderer.copy(endLabel, x: Double(x), y: Double(y))
        }
    }
}
