import FlickSession
import FlickEngine
import FlickSDL

/// Where the pointer presses, in stage points, and how visible its dot is.
package struct TouchIndicator: Equatable {
    /// Last position of the pointer on the stage, scene points.
    package private(set) var position: Point?
    package private(set) var pressed = false
    /// Clock time of the release, seconds.
    package private(set) var releasedAt = -Double.infinity
    /// Seconds the dot takes to fade after a release.
    package static let fade = 0.35
    /// Opacity while pressed.
    package static let pressedAlpha = 0.55
    /// Diameter of the dot, scene points (about a fingertip).
    package static let diameter = 40.0

    package init() {}

    /// Follows one pointer event given to the scene (scene points, `now` on the frame clock).
    package mutating func note(_ p: PointerEvent, now: Double) {
        position = p.position
        switch p.phase {
        case .down, .move: pressed = true
        case .up, .cancel:
            if pressed { releasedAt = now }
            pressed = false
        }
    }

    /// The dot's opacity at `now` (0: not shown).
    package func alpha(now: Double) -> Double {
        guard position != nil else { return 0 }
        if pressed { return Self.pressedAlpha }
        let t = (now - releasedAt) / Self.fade
        return t >= 1 || t < 0 ? 0 : Self.pressedAlpha * (1 - t)
    }

    /// True while the dot is fading (the window must keep drawing).
    package func isFading(now: Double) -> Bool { !pressed && alpha(now: now) > 0 }
}

/// Draws the touch dot: one soft disc texture (`makeDisc`), remade when its pixel size changes.
@MainActor
package final class TouchDot {
    private var texture: Texture?
    private var side = 0

    package init() {}

    package func draw(_ indicator: TouchIndicator, now: Double, scale: Double, on renderer: Renderer) throws {
        let alpha = indicator.alpha(now: now)
        guard alpha > 0, let p = indicator.position else { return }
        let d = max(8, Int((TouchIndicator.diameter * scale).rounded()))
        if texture == nil || side != d {
            texture = try Self.makeDisc(side: d, renderer: renderer)
            side = d
        }
        guard let texture else { return }
        texture.setColorMod(RGBA(255, 255, 255, UInt8((alpha * 255).rounded())))
        try renderer.copy(texture, x: p.x * scale - Double(d) / 2, y: p.y * scale - Double(d) / 2)
    }

    /// A disc `side` pixels across that reads on any screen: a translucent white centre, a dark
    /// grey ring and a soft dark halo outside it (on white UI the ring and halo show it, on
    /// dark UI the centre does), with a smooth edge. The live window and `flick export` share it.
    package static func makeDisc(side: Int, renderer: Renderer) throws -> Texture {
        let surface = try Surface(width: side, height: side)
        let r = Double(side) / 2
        surface.withRGBABytes { bytes, pitch in
            for y in 0..<side {
                for x in 0..<side {
                    let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                    let d = (dx * dx + dy * dy).squareRoot() / r      // 0 centre ... 1 edge
                    let coverage = min(1, max(0, (1 - d) * r / 1.5))   // soft 1.5 px edge
                    let (shade, alpha): (Double, Double)
                    if d < 0.66 {
                        (shade, alpha) = (250, 0.80)                   // white centre
                    } else if d < 0.82 {
                        (shade, alpha) = (70, 0.92)                    // dark ring
                    } else {
                        (shade, alpha) = (0, 0.40 * (1 - (d - 0.82) / 0.18))   // halo fading out
                    }
                    let i = y * pitch + x * 4
                    let g = UInt8(shade)
                    bytes[i] = g; bytes[i + 1] = g; bytes[i + 2] = g
                    bytes[i + 3] = UInt8((max(0, alpha) * coverage * 255).rounded())
                }
            }
        }
        return try Texture(renderer: renderer, surface: surface)
    }
}
