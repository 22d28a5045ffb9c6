import FlickIO
import FlickSession
import FlickEngine

/// Where the phone screen sits in the window: the scene lives in a phone-sized viewport (points),
/// scaled uniformly to fit the window with a margin and centred; or, with `--stage window`,
/// the whole window.
package struct Stage {
    /// The scene's viewport, points (a phone screen, 390x844 by default).
    package var viewport: Size
    /// Top-left corner of the stage in the window, window points.
    package var origin: Point
    /// Window points per scene point.
    package var scale: Double
    /// The window size it was fitted to, points: a different size means a new layout.
    package var window: Size
    /// The margin around it, as a share of the window's shorter side.
    package var marginShare: Double
    /// Points at the window's right edge the stage keeps clear of (a tool panel there).
    package var rightInset: Double
    /// Points at the window's bottom the stage keeps clear of (the participant's task bar).
    package var bottomInset: Double

    /// Fits `viewport` (nil: fill the window) into a window of `window` points, keeping a margin
    /// of `margin` times the window's shorter side, left of the window's last `rightInset` points
    /// and above its last `bottomInset` (a phone viewport only: a stage that fills the window
    /// fills it all).
    package init(viewport: Size?, window: Size, margin share: Double = 0.04, rightInset: Double = 0, bottomInset: Double = 0) {
        self.window = window
        marginShare = share
        self.rightInset = viewport == nil ? 0 : max(0, min(rightInset, window.width / 2))
        self.bottomInset = viewport == nil ? 0 : max(0, min(bottomInset, window.height / 2))
        guard let viewport, !viewport.isEmpty else {
            self.viewport = window
            origin = .zero
            scale = 1
            return
        }
        self.viewport = viewport
        let margin = min(window.width, window.height) * share
        let width = window.width - self.rightInset, height = window.height - self.bottomInset
        let fit = min((width - 2 * margin) / viewport.width, (height - 2 * margin) / viewport.height)
        scale = fit.isFinite && fit > 0 ? fit : 1
        origin = Point(x: ((width - viewport.width * scale) / 2).rounded(),
                       y: ((height - viewport.height * scale) / 2).rounded())
    }

    /// The stage in window points.
    package var frame: Rect {
        Rect(origin: origin, size: Size(width: viewport.width * scale, height: viewport.height * scale))
    }

    /// A window position (points) in scene points.
    package func scenePoint(_ p: Point) -> Point {
        Point(x: (p.x - origin.x) / scale, y: (p.y - origin.y) / scale)
    }
}
