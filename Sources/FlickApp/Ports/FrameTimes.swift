/// Frames per second and median frame times of the last 60 frames, for the HUD: the whole
/// frame (events, scene, drawing, present) and the renderer's share (drawing and present).
struct FrameTimes {
    private var frames: [Double] = []
    private var renders: [Double] = []
    private var stamps: [Double] = []
    private var next = 0
    /// The last figure of a run, kept on screen while idle.
    var fpsShown = 0.0
    /// The last run of motion (fps and median frame, seconds), shown labelled as such while idle.
    private(set) var lastRun: (fps: Double, frame: Double)?

    /// No run of frames under way: nothing moved since the last idle wait.
    var isIdle: Bool { stamps.count <= 1 }

    mutating func restart() {
        if stamps.count > 1 {
            fpsShown = fps
            lastRun = (fps, median.frame)
        }
        stamps.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        renders.removeAll(keepingCapacity: true)
        next = 0
    }

    mutating func add(frame: Double, render: Double, at time: Double) {
        if frames.count < 60 {
            frames.append(frame)
            renders.append(render)
            stamps.append(time)
        } else {
            frames[next] = frame
            renders[next] = render
            stamps[next] = time
            next = (next + 1) % 60
        }
    }

    var fps: Double {
        guard stamps.count > 1, let lo = stamps.min(), let hi = stamps.max(), hi > lo else { return fpsShown }
        return Double(stamps.count - 1) / (hi - lo)
    }

    /// Medians in seconds: the whole frame and the renderer's part.
    var median: (frame: Double, render: Double) {
        func m(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.sorted()[v.count / 2] }
        return (m(frames), m(renders))
    }
}
