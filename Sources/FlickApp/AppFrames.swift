import ArgumentParser
import FlickIO
import FlickSession
import FlickEngine
import FlickSDL

/// The window's own frames, one at a time, for flick-bench: an App made from `flick`'s
/// arguments (as `--headless` makes it: a hidden window, frames on a 60 Hz clock, no log), drawn
/// by the window's own `draw` (surround, stage, cards with shadows, titles, stamps, tool UI,
/// HUD, toasts). The renderer may be the accelerated one, in a hidden window of the display.
@MainActor
package final class AppFrames {
    private let app: App
    private let sdl: SDLContext

    /// - arguments: `flick` window arguments (`--demo`, `--size`, `--stage`, `--cards`, `--count`);
    ///   `--headless` is added.
    /// - software: the software renderer; false: the accelerated one when SDL has one.
    /// - hud: the HUD shown (H in the window).
    package init(arguments: [String], software: Bool, hud: Bool, sdl: SDLContext) throws {
        let command: WindowCommand
        do {
            command = try WindowCommand.parse(arguments + ["--headless"])
        } catch {
            throw UserError("flick arguments \(arguments.joined(separator: " ")): \(WindowCommand.message(for: error))")
        }
        var options = try AppOptions(command)
        options.software = software
        options.keepsSoftwareGL = !software
        self.sdl = sdl
        app = try App(options: options, sdl: sdl, log: nil)
        app.screen.overlay.hudVisible = hud
    }

    package var renderer: Renderer { app.screen.renderer }
    /// The scene's viewport, points (where the bench's gestures land).
    package var viewport: Size { app.screen.stage.viewport }
    /// The stage's place in the window, window points: scene point p is at origin + p × scale.
    package var stage: (origin: Point, scale: Double) { (app.screen.stage.origin, app.screen.stage.scale) }
    /// Every face the last frame wanted was there.
    package var facesComplete: Bool { app.screen.faces.isComplete }

    /// Frame `index` at `index`/60 s: `inputs` (scene points, session seconds) go in through the
    /// recorded path, the session advances, its outputs are handled, and the window's frame is
    /// drawn until the renderer has finished it (one pixel read back). Returns the seconds that
    /// took; the present comes after. A face still being decoded is waited for after the
    /// present (not timed), so the next frame has it.
    package func frame(_ index: Int, inputs: [RecordedInput]) throws -> Double {
        let start = PerformanceClock.now
        app.screen.headlessFrame = index
        app.takeListedSources()   // a `--replay`'s inputs, as the headless run plays them
        for input in inputs { app.submit(input) }
        app.advanceToNow()
        try app.emitOutputs()
        try app.draw()
        app.screen.renderer.finish()
        let end = PerformanceClock.now
        app.screen.renderer.present()
        app.screen.faces.presented()
        if !app.screen.faces.isComplete { _ = app.screen.faces.settle() }
        return end - start
    }

    /// The session from its start again (a new scene, the faces kept), for another pass.
    package func restart() {
        let o = app.options
        app.runner = SessionRunner(scene: CardScene(interaction: o.demo, count: o.count, viewport: app.screen.stage.viewport,
                                                    config: o.config, time: 0),
                                   tasks: o.tasks, cardNames: App.imageNames(o), sessionTask: o.task)
        app.screen.pressedCard = nil
        app.input.pointerOnStage = false
        app.screen.headlessFrame = 0
    }
}
