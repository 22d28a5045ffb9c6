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
    /// upload and quad cost more than llvmpipe drawing the cards itself (docs/performance.md).
    /// FLICK_COMPOSITOR=cpu|gpu overrides the choice (comparisons).
    /// `setting` is FLICK_COMPOSITOR's value (read from the environment unless given).
    static func choosesCPUCompositing(isSoftware: Bool, setting: String? = compositorSetting) -> Bool {
        guard let value = setting, let forced = Compositing(rawValue: value) else { return isSoftware }
        return forced == .cpu
    }

    /// What is wrong with FLICK_COMPOSITOR when it is set to neither cpu nor gpu (it is then
    /// ignored), for the front end to say; nil when it is unset, empty or right. FlickSDL never
    /// prints: the front end decides.
    public static var compositorSettingProblem: String? { compositorSettingProblem(compositorSetting) }

    /// What is wrong with `setting` as a FLICK_COMPOSITOR value; nil when nil, empty or right.
    static func compositorSettingProblem(_ setting: String?) -> String? {
        guard let value = setting, !value.isEmpty, Compositing(rawValue: value) == nil else { return nil }
        return "FLICK_COMPOSITOR='\(value)' is not cpu or gpu; ignored (cpu on the software renderer, gpu elsewhere)"
    }

    /// FLICK_COMPOSITOR's value, nil when unset or empty.
    static var compositorSetting: String? {
        guard let value = getenv("FLICK_COMPOSITOR").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
