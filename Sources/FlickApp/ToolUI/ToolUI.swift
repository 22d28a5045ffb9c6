import FlickStage
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// The tool UI drawn over the window with Dear ImGui: the tuning panel (T) and its live plot,
/// the debug overlay (D); the app's keys (`KeyBindings`) open and close them.
/// The app calls it from a few hooks: scene events (`noteEvent`) and once per drawn frame after
/// the stage (`draw`).
@MainActor
final class ToolUI {
    let imgui: ImGuiLayer
    let panel: TuningPanel
    let overlay: DebugOverlay
    private var lastFrame: Double?
    /// A config from the panel waiting for the scene to come to rest (motions in flight finish
    /// with the constants they started with). The app takes it (`takeReadyChange`) and gives it
    /// to the scene as a recorded input, like every other change.
    private(set) var pending: ConfigChange?
    /// Presentation mode: no tool windows and no debug overlay, only the phone.
    var presenting = false

    init(renderer: Renderer, fontPath: String?, options: AppOptions, configWatch: ConfigWatch?) {
        imgui = ImGuiLayer(renderer: renderer, fontPath: fontPath, pixelScale: renderer.pixelScale)
        var sync: ConfigFileSync?
        if let path = options.configPath, let configWatch { sync = ConfigFileSync(path: path, watch: configWatch) }
        panel = TuningPanel(open: options.panel, presets: .standard(), configFile: sync)
        overlay = DebugOverlay(on: options.debugOverlay)
    }

    /// A scene event, at frame-clock time `now`.
    func noteEvent(_ e: SceneEvent, now: Double) {
        if case .gestureEnded(_, _, _, let v, let outcome, _) = e {
            panel.plot.released(t: now, velocity: v, outcome: outcome)
        }
    }

    /// True while a panel widget is held (a slider mid-drag), as of the last frame drawn.
    private(set) var widgetHeld = false

    /// The panel's change once the scene is at rest and no slider is held (nil before, or when
    /// it changes nothing): one recorded input per slider drag, not one per frame of it. The app
    /// applies it through its one input path. Call every frame.
    func takeReadyChange(scene: CardScene) -> ConfigChange? {
        guard let change = pending, scene.isAtRest, !widgetHeld else { return nil }
        pending = nil
        return change.config != scene.config ? change : nil
    }

    /// A panel change the session has applied and logged (its `configChanged` output): only
    /// then does the `--config` file get it, so the file holds what the log says was in force.
    func configApplied(_ config: SceneConfig) { panel.configFile?.changed(to: config) }

    /// The config the panel shows: the one waiting to apply, else the scene's.
    func shownConfig(_ scene: CardScene) -> SceneConfig { pending?.config ?? scene.config }

    /// The tuning panel is drawn only where it leaves the phone room beside it (200 points);
    /// in a narrower window T says so in the title line instead of covering the phone.
    static func panelFits(window: Size) -> Bool { window.width >= TuningPanel.width + 24 + 200 }

    /// Builds and draws this frame's tool windows over the stage. `now`: frame clock, seconds.
    func draw(scene: CardScene, stage: Stage, window: Size, pointerDown: Bool, now: Double,
              events: [String] = [], hud: [String]? = nil) throws {
        let px = imgui.renderer.pixelScale
        let dt = lastFrame.map { max(1.0 / 1000, now - $0) } ?? 1.0 / 60
        lastFrame = now
        // Down by the scene's own input (live or replayed), not only the mouse over the stage.
        let down = pointerDown || overlay.pointer.map { $0.phase == .down || $0.phase == .move } ?? false
        panel.plot.record(t: now, speed: down ? scene.pointerVelocity.length : 0)
        imgui.beginFrame(pixelScale: px, dt: dt, platform: !presenting)
        let p = imgui.px
        let width = TuningPanel.width
        // Presentation mode: only the phone (and the app's toasts), no tool windows.
        guard !presenting else {
            imgui.render()
            return
        }
        overlay.draw(scene: scene, stage: stage, px: p)
        let panelShown = panel.isOpen && Self.panelFits(window: window)
        SidePanels.build(interaction: scene.interaction, cards: scene.deck.count, events: events, hud: hud,
                         stage: stage.frame, window: window, panelOpen: panelShown, panelWidth: width,
                         panelTooWide: panel.isOpen && !panelShown, px: p)
        let config = shownConfig(scene)
        if panelShown, let edited = panel.build(config: config, interaction: scene.interaction,
                                    x: (window.width - width - 12) * p, y: 12 * p,
                                    width: width * p, height: (window.height - 24) * p, px: p) {
            pending = ConfigChange(config: edited, source: panel.lastSource)
        }
        if let problem = panel.configFile?.flush(now: now, force: false) { panel.say(problem, isError: true) }
        widgetHeld = UI.anyItemActive
        imgui.render()
    }
}
