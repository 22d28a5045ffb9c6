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
        guard let value = compositorSetting, let forced = Compositing(rawValue: value) else { return isSoftware }
        return forced == .cpu
    }

    /// What is wrong with FLICK_COMPOSITOR when it is set to neither cpu nor gpu (it is then
    /// ignored), for the front end to say; nil when it is unset, empty or right. FlickSDL never
    /// prints: the front end decides.
    public static var compositorSettingProblem: String? {
        guard let value = compositorSetting, Compositing(rawValue: value) == nil else { return nil }
        return "FLICK_COMPOSITOR='\(value)' is not cpu or gpu; ignored (cpu on the software renderer, gpu elsewhere)"
    }

    private static var compositorSetting: String? {
        guard let value = getenv("FLICK_COMPOSITOR").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
