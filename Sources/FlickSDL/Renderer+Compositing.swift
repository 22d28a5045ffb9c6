import CSDL2
import Glibc

extension Renderer {
    /// How cards reach the screen.
    public enum Compositing: String, Sendable {
        /// pixman on the CPU, one frame texture to SDL.
        case cpu
        /// SDL_RenderGeometry and SDL_RenderCopy per card (the GPU, or llvmpipe, rasterises them).
        case gpu
    }

    /// CPU compositing on SDL's software renderer. Not on GL, even on llvmpipe, where the frame's
    /// upload and quad cost more than llvmpipe drawing the cards itself (measured, 1280x800:
    /// now 11.0 ms composited against 6.6 drawn by llvmpipe, carousel 7.0 against 5.6).
    /// FLICK_COMPOSITOR=cpu|gpu overrides the choice (comparisons).
    static func choosesCPUCompositing(isSoftware: Bool) -> Bool {
        if let forced = getenv("FLICK_COMPOSITOR").flatMap({ Compositing(rawValue: String(cString: $0)) }) {
            return forced == .cpu
        }
        return isSoftware
    }
}
