import CSDL2
import FlickEngine

extension Window {
    /// Fullscreen at the desktop's resolution, or back to a window.
    ///
    /// SDL asks the window manager for fullscreen and at once reports the display's size as the
    /// window's. On an X server without a window manager (a kiosk, a bare Xvfb) nobody answers:
    /// the window keeps its size while SDL says it has the display's, and a stage laid out for that
    /// size is clipped. There the window is made to cover the display itself, borderless at the
    /// display's origin, which X grants at once, so the size SDL reports is the real one.
    public func setFullscreen(_ on: Bool) throws {
        if on == isFullscreen { return }
        if on, flick_x11_window_manager_running(pointer) == 0 {
            try coverDisplay()
        } else if !on, let frame = windowedFrame {
            windowedFrame = nil
            SDL_SetWindowBordered(pointer, SDL_TRUE)
            SDL_SetWindowSize(pointer, frame.width, frame.height)
            SDL_SetWindowPosition(pointer, frame.x, frame.y)
        } else {
            try check(SDL_SetWindowFullscreen(pointer, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0),
                      "SDL_SetWindowFullscreen")
        }
    }

    /// True while fullscreen (SDL's, or covering the display without a window manager).
    public var isFullscreen: Bool {
        windowedFrame != nil || SDL_GetWindowFlags(pointer) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }

    /// Borderless, at the origin and size of the display the window is on.
    private func coverDisplay() throws {
        var bounds = SDL_Rect()
        try check(SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(pointer)), &bounds), "SDL_GetDisplayBounds")
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowPosition(pointer, &x, &y)
        SDL_GetWindowSize(pointer, &w, &h)
        windowedFrame = (x, y, w, h)
        SDL_SetWindowBordered(pointer, SDL_FALSE)
        SDL_SetWindowSize(pointer, bounds.w, bounds.h)
        SDL_SetWindowPosition(pointer, bounds.x, bounds.y)
        SDL_RaiseWindow(pointer)
    }
}
