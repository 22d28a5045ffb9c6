import FlickIO
import FlickSession
import FlickEngine
import FlickFrontEnd
import FlickSDL
import Foundation

/// Colours of the window and the phone screen per interaction.
package struct Theme {
    package var window: RGBA
    package var stage: RGBA
    package var text: RGBA
    package var dim: RGBA

    /// Each interaction's stage colour as `#rrggbb`, in `Interaction.allCases` order: what a
    /// page that runs the engine paints behind the interaction it shows.
    package static var stageColours: [String] { Interaction.allCases.map { of($0).stage.hex } }

    /// The colours of the interaction's face (`InteractionFaces`).
    package static func of(_ interaction: Interaction) -> Theme {
        let t = InteractionFaces.of(interaction).theme
        func rgba(_ c: RGB) -> RGBA { RGBA(c.r, c.g, c.b) }
        return Theme(window: rgba(t.window), stage: rgba(t.stage), text: rgba(t.text), dim: rgba(t.dim))
    }

    package init(window: RGBA, stage: RGBA, text: RGBA, dim: RGBA) {
        self.window = window
        self.stage = stage
        self.text = text
        self.dim = dim
    }
}

/// The font of everything Flick writes on the stage (titles, stamps, toasts, panels).
package enum StageFont {
    /// The committed DejaVu Sans beside the card images, else a system font.
    package static func path() -> String? {
        let bundled = (CardSource.defaultFolder() as NSString).appendingPathComponent("DejaVuSans.ttf")
        if FileManager.default.fileExists(atPath: bundled) { return bundled }
        return Font.findSystemFont()
    }
}

/// One font file opened at the pixel sizes asked for, each once (titles and stamps are drawn at
/// the stage's scale, which changes with the window).
@MainActor
package final class FontSizes {
    package let path: String?
    private var fonts: [Int: Font] = [:]

    package init(path: String?) { self.path = path }

    /// The font at `px` pixels, or nil without a font file (or when it cannot be opened).
    package func font(_ px: Int) -> Font? {
        guard let path else { return nil }
        if let f = fonts[px] { return f }
        let f = try? Font(path: path, pixelSize: px)
        fonts[px] = f
        return f
    }

    /// Closes every size (a renderer reset, or fonts no longer needed).
    package func removeAll() { fonts.removeAll() }
}

extension RGBA {
    /// `#rrggbb`, as a page's style takes a colour.
    package var hex: String { String(format: "#%02x%02x%02x", r, g, b) }
}
