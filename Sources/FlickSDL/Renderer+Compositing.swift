import CSDL2
import Glibc

extension Renderer {
    /// How cards reach the screen.
    public enum Compositing: String, Sendable {
        /// pixman on the CPU, one frame texture to SDL.
        case cpu
        /// SDL_RenderGeometry and SDL_RenderCopy per card (a GPU rasterises them).
        case gpu
    }

    /// The OpenGL driver's renderer string (GL_RENDERER), e.g. "llvmpipe (LLVM 15.0.6, 256 bits)";
    /// nil for other backends.
    var glRendererString: String? {
        guard name.hasPrefix("opengl") else { return nil }
        return Renderer.glString(0x1F01)   // GL_RENDERER
    }

    /// True when the GL renderer string names a rasteriser that runs on the CPU.
    static func isCPURasterizer(_ glRenderer: String) -> Bool {
        let s = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swiftshader", "software rasterizer"].contains { s.contains($0) }
    }

    static func choosesCPUCompositing(_ renderer: OpaquePointer, name: String, isSoftware: Bool) -> Bool {
        if let forced = getenv("FLICK_COMPOSITOR").flatMap({ Compositing(rawValue: String(cString: $0)) }) {
            return forced == .cpu
        }
        if isSoftware { return true }
        guard name.hasPrefix("opengl"), let gl = glString(0x1F01) else { return false }
        return isCPURasterizer(gl)
    }

    /// glGetString through SDL (the renderer's context is current right after it is made).
    private static func glString(_ which: UInt32) -> String? {
        guard let symbol = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let getString = unsafeBitCast(symbol, to: GetString.self)
        return getString(which).map { String(cString: $0) }
    }
}
