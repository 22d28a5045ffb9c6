import FlickIO
import FlickSession
import FlickEngine
import FlickSDL

/// Rounds the phone screen's corners: four quarter-circle masks in the window's colour, drawn
/// over the cards, so the stage reads as a device screen and cards passing a corner follow it.
/// One small texture (a disc-shaped hole in a square), made once per radius and colour.
@MainActor
package final class StageCorners {
    private var texture: Texture?
    private var key: (radius: Int, color: RGBA)?

    package func draw(on renderer: Renderer, frame: (x: Int, y: Int, w: Int, h: Int), radius: Int, color: RGBA) throws {
        let r = max(1, min(radius, min(frame.w, frame.h) / 2))
        if key?.radius != r || key?.color != color || texture == nil {
            texture = try Self.makeMask(radius: r, color: color, renderer: renderer)
            key = (r, color)
        }
        guard let texture else { return }
        let d = Double(r)
        let x0 = Double(frame.x), y0 = Double(frame.y)
        let x1 = Double(frame.x + frame.w) - d, y1 = Double(frame.y + frame.h) - d
        try renderer.copy(texture, source: (0, 0, r, r), to: (x0, y0, d, d))
        try renderer.copy(texture, source: (r, 0, r, r), to: (x1, y0, d, d))
        try renderer.copy(texture, source: (0, r, r, r), to: (x0, y1, d, d))
        try renderer.copy(texture, source: (r, r, r, r), to: (x1, y1, d, d))
    }

    /// A 2r x 2r square of `color` with a transparent disc of radius r (anti-aliased edge).
    package static func makeMask(radius r: Int, color: RGBA, renderer: Renderer) throws -> Texture {
        let size = 2 * r
        let surface = try Surface(width: size, height: size)
        surface.withRGBABytes { bytes, pitch in
            let c = Double(r)
            for y in 0..<size {
                for x in 0..<size {
                    let dx = Double(x) + 0.5 - c, dy = Double(y) + 0.5 - c
                    let outside = min(max((dx * dx + dy * dy).squareRoot() - c + 0.5, 0), 1)
                    let i = y * pitch + x * 4
                    bytes[i] = color.r
                    bytes[i + 1] = color.g
                    bytes[i + 2] = color.b
                    bytes[i + 3] = UInt8((outside * 255).rounded())
                }
            }
        }
        return try Texture(renderer: renderer, surface: surface)
    }
}
