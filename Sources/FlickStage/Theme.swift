import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// Colours of the window and the phone screen per interaction.
package struct Theme {
    package var window: RGBA
    package var stage: RGBA
    package var text: RGBA
    package var dim: RGBA

    package static func of(_ interaction: Interaction) -> Theme {
        switch interaction {
        case .now: return Theme(window: RGBA(28, 31, 38), stage: RGBA(232, 234, 237), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .switcher: return Theme(window: RGBA(22, 24, 30), stage: RGBA(44, 50, 66), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .stack: return Theme(window: RGBA(30, 28, 36), stage: RGBA(238, 236, 244), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .carousel: return Theme(window: RGBA(18, 20, 24), stage: RGBA(12, 13, 16), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        case .swipe: return Theme(window: RGBA(34, 26, 32), stage: RGBA(246, 240, 242), text: RGBA(236, 238, 242), dim: RGBA(150, 156, 170))
        }
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
