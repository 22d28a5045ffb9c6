import Glibc

/// Frames no closer together than the display's refresh interval where the renderer cannot wait
/// for the vertical blank itself (SDL's software renderer never does, `Renderer.hasVsync`):
/// without it the window drew back to back while anything moved (a looping replay of the
/// switcher: 91 % of a core), frames no display shows, and the face decoder had to fight for
/// the cores. `--no-vsync` keeps frames unpaced, as on a GPU. Time is passed in.
package struct FramePacer {
    /// Seconds between frame starts; nil: not paced (the renderer waits, or `--no-vsync`).
    package let interval: Double?

    /// Paced at `refreshRate` Hz (60 when the display does not say or says 0; held to 24...360) when
    /// frames are wanted in step with the display and the renderer does not wait for it.
    package init(wantsVsync: Bool, rendererWaits: Bool, refreshRate: Double?) {
        guard wantsVsync, !rendererWaits else { interval = nil; return }
        let hz = refreshRate.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 60
        interval = 1 / min(360, max(24, hz))
    }

    /// How long to wait, seconds, before the frame after one that started at `start`, when it
    /// is `now`: what is left of the interval (0 when the frame took it all, or when unpaced).
    package func wait(frameStart start: Double, now: Double) -> Double {
        guard let interval, start.isFinite, now.isFinite else { return 0 }
        return min(interval, max(0, start + interval - now))
    }

    /// Sleeps out what is left of the interval after a frame that started at `start`
    /// (PerformanceClock seconds); returns at once when unpaced.
    package func waitOut(frameStart start: Double) {
        let rest = wait(frameStart: start, now: PerformanceClock.now)
        if rest > 0 { usleep(UInt32(rest * 1_000_000)) }
    }

    /// For the HUD: "paced to 60 Hz", or nil when unpaced.
    package var description: String? {
        interval.map { "paced to \(Int((1 / $0).rounded())) Hz" }
    }
}
