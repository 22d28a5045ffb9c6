import FlickStage
import CSDL2
import FlickEngine
@testable import FlickSDL
@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// SDL is per process: one context for every test of this target, made on first use.
@MainActor
enum AppTestSDL {
    static let context: SDLContext = {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        do { return try SDLContext(videoDriver: "dummy") } catch { fatalError("SDL init failed: \(error)") }
    }()
}

/// The tool UI on an offscreen renderer, fed by SDL's own event queue through the app's
/// EventSource (and its filter), the way the app's loop feeds it.
@MainActor
final class ToolHarness {
    let window: Size
    let renderer: Renderer
    let tools: ToolUI
    let events: EventSource
    /// The session core, as the window runs it.
    let runner: SessionRunner
    var scene: CardScene { runner.scene }
    let stage: Stage
    var now = 0.0
    /// Pointer events that reached the app (not taken by the tool UI), all frames.
    var appPointerEvents: [PointerEvent] = []
    /// The scene's events of every frame, in order.
    var sceneEvents: [SceneEvent] = []

    init(arguments: [String], interaction: Interaction = .now, watch: ConfigWatch? = nil,
         window: Size = Size(width: 1280, height: 900)) throws {
        self.window = window
        _ = AppTestSDL.context
        // Anything left in SDL's queue by an earlier test.
        SDL_FlushEvents(0, UInt32.max)
        renderer = try Renderer(offscreenWidth: Int(window.width), height: Int(window.height))
        let options = try AppOptions(WindowCommand.parse(arguments))
        tools = ToolUI(renderer: renderer, fontPath: StageFont.path(), options: options, configWatch: watch)
        let size = window
        events = EventSource(viewportSize: { size })
        events.filter = tools.imgui
        stage = Stage(viewport: Size(width: 390, height: 844), window: window)
        runner = SessionRunner(scene: CardScene(interaction: interaction, count: 10, viewport: stage.viewport,
                                                config: options.config, time: 0),
                               tasks: nil, cardNames: [])
    }

    /// Panel changes given to the scene, as recorded inputs (what the app records).
    var appliedChanges: [RecordedInput] = []

    /// An input to the session at its own time (a synthetic gesture's pointer events).
    func submit(_ input: RecordedInput) {
        runner.submit(input, now: input.t)
    }

    /// One frame: drain SDL's queue, give the panel's change (if any) to the session core,
    /// advance it 1/60 s, build and draw the tool UI.
    func frame() throws {
        for event in events.poll() {
            if case .pointer(let p) = event { appPointerEvents.append(p) }
        }
        now += 1.0 / 60
        if let change = tools.takeReadyChange(scene: scene) {
            let input = RecordedInput(t: now, change: change)
            appliedChanges.append(input)
            runner.submit(input, now: now)
        }
        runner.advance(to: now)
        for output in runner.takeOutputs() {
            switch output {
            case .scene(let logged):
                tools.noteEvent(logged.event, now: now)
                sceneEvents.append(logged.event)
            case .configChanged(let change, _, _):
                tools.configApplied(change.config)   // as the app does, once logged
            default:
                break
            }
        }
        try renderer.clear(RGBA(0, 0, 0))
        try tools.draw(scene: scene, stage: stage, window: window, pointerDown: false, now: now)
    }

    // MARK: Synthetic SDL mouse events (window points)

    func push(_ fill: (inout SDL_Event) -> Void) {
        var e = SDL_Event()
        fill(&e)
        #expect(SDL_PushEvent(&e) == 1)
    }

    func mouseMove(_ x: Double, _ y: Double) {
        push { e in
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.x = Int32(x.rounded())
            e.motion.y = Int32(y.rounded())
            e.motion.state = 0
        }
    }

    func mouseButton(down: Bool, _ x: Double, _ y: Double) {
        push { e in
            e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            e.button.x = Int32(x.rounded())
            e.button.y = Int32(y.rounded())
        }
    }

    /// Presses and releases the key `t` between frames; true when the press reached the app.
    func keyReachesApp() -> Bool {
        for down in [true, false] {
            push { e in
                e.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
                e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
                e.key.keysym.scancode = SDL_SCANCODE_T
                e.key.keysym.sym = SDL_Keycode(UInt8(ascii: "t"))
            }
        }
        return events.poll().contains { if case .key = $0 { return true } else { return false } }
    }

    /// Moves to (x, y), window points, and clicks there before the next frame (ImGui has not
    /// seen the pointer there yet); true when the press reached the stage.
    func clickReachesStage(_ x: Double, _ y: Double) -> Bool {
        let before = appPointerEvents.count
        mouseMove(x, y)
        mouseButton(down: true, x, y)
        mouseButton(down: false, x, y)
        for event in events.poll() {
            if case .pointer(let p) = event { appPointerEvents.append(p) }
        }
        return appPointerEvents[before...].contains { $0.phase == .down }
    }

    /// Drags with the mouse from one point to another over a few frames, as a person would.
    func drag(from a: (Double, Double), to b: (Double, Double)) throws {
        mouseMove(a.0, a.1)
        try frame()
        mouseButton(down: true, a.0, a.1)
        try frame()
        for i in 1...4 {
            let f = Double(i) / 4
            mouseMove(a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
            try frame()
        }
        mouseButton(down: false, b.0, b.1)
        try frame()
        try frame()
    }
}

/// A horizontal fling on the scene: moves every 8 ms at `speed` pt/s for 0.1 s, released moving.
func horizontalFling(_ scene: CardScene, from start: Point, speed: Double, at t0: Double) -> Double {
    var t = t0
    _ = scene.handle(PointerEvent(phase: .down, position: start, time: t))
    var x = start.x
    for _ in 0..<13 {
        t += 0.008
        x += speed * 0.008
        _ = scene.handle(PointerEvent(phase: .move, position: Point(x: x, y: start.y), time: t))
    }
    _ = scene.handle(PointerEvent(phase: .up, position: Point(x: x, y: start.y), time: t))
    return t
}

/// The outcome of the first card gesture among `events`.
func cardOutcome(_ events: [SceneEvent]) -> GestureOutcome? {
    for e in events {
        if case .gestureEnded(_, .card, _, _, let outcome, _) = e { return outcome }
    }
    return nil
}
