import FlickIO
import Foundation

extension SDLContext {
    /// SDL for the whole run; it must outlive the App (fonts and textures close before SDL quits).
    package static func open(headless: Bool) throws -> SDLContext {
        if let problem = Renderer.compositorSettingProblem { note(problem) }
        if headless { return try SDLContext(videoDriver: "dummy") }
        // A real display only: without a choice SDL may fall back to a driver that shows
        // nothing, and the demo would run unseen. SDL_VIDEODRIVER still decides when it is set.
        let env = ProcessInfo.processInfo.environment
        let nonEmpty = { (key: String) in env[key].flatMap { $0.isEmpty ? nil : $0 } }
        var drivers: [String] = []
        if nonEmpty("WAYLAND_DISPLAY") != nil { drivers.append("wayland") }
        if nonEmpty("DISPLAY") != nil { drivers.append("x11") }
        let driver = nonEmpty("SDL_VIDEODRIVER") ?? drivers.joined(separator: ",")
        guard !driver.isEmpty else {
            throw UserError("no display available (neither DISPLAY nor WAYLAND_DISPLAY is set); use --headless to draw without one")
        }
        do {
            return try SDLContext(videoDriver: driver)
        } catch {
            let display = nonEmpty("DISPLAY").map { " at DISPLAY=\($0)" } ?? ""
            throw UserError("no display available\(display) (\((error as? SDLError)?.message ?? "\(error)")); use --headless to draw without one")
        }
    }
}
