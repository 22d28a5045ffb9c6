import FlickEngine
import FlickIO
import Foundation

/// A threshold sweep: every recording replayed headless, without frames (the engine and the
/// metrics only), once under its own config (what the participant lived) and once per point of
/// the grid, on every core. Each replay is independent and exact, so the counts are the same on
/// every run and in any order of work.
package struct Sweep {
    package let grid: SweepGrid
    package let recordings: [Recording]

    package init(grid: SweepGrid, recordings: [Recording]) {
        self.grid = grid
        self.recordings = recordings
    }

    /// The interaction whose keys are swept (nil: keys every interaction shares, such as pan.*):
    /// only what was done in it counts.
    package var scope: Interaction? {
        let groups = Set(grid.axes.map { $0.key.split(separator: ".").first.map(String.init) ?? "" })
        guard groups.count == 1, let g = groups.first else { return nil }
        return Interaction(rawValue: g)
    }

    /// Counts per point (grid order), per recording (the order given).
    package struct Result {
        package var points: [[Double]]
        package var counts: [[TuneCounts]]
        /// Each recording as recorded (its own config).
        package var recorded: [TuneCounts]
        /// The recordings' participants and condition names (their config, named in order).
        package var participants: [String]
        package var conditions: [String]
        /// Seconds of session replayed (each recording's length, once per replay).
        package var sessionSeconds: Double

        /// The counts of every recording at point `i`.
        package func total(_ i: Int) -> TuneCounts { counts[i].reduce(TuneCounts(), +) }

        /// Tasks with a goal, over every recording.
        package var totalGoals: Int { recordedTotal.goals }

        /// The counts as recorded, over every recording.
        package var recordedTotal: TuneCounts { recorded.reduce(TuneCounts(), +) }

        /// The counts at point `i` of the recordings `keep` selects.
        package func total(_ i: Int, where keep: (Int) -> Bool) -> TuneCounts {
            counts[i].enumerated().filter { keep($0.offset) }.map(\.element).reduce(TuneCounts(), +)
        }

        /// Every point with the fewest error proxies and, among those, the fewest near misses.
        package var tied: [Int] {
            let score = points.indices.map { (total($0).errorProxies, total($0).nearMisses) }
            guard let low = score.min(by: <) else { return [] }
            return points.indices.filter { score[$0] == low }
        }

        /// The point with the fewest error proxies; ties go to fewer near misses, then to the
        /// middle of the points so tied (the value farthest from where the counts rise, not
        /// the first value swept).
        package var best: Int? {
            let tied = self.tied
            return tied.isEmpty ? nil : tied[(tied.count - 1) / 2]
        }
    }

    /// The keys for which the fewest error proxies reach the first or last value swept, where
    /// the key takes values beyond it: the optimum may lie outside the range. A range that
    /// starts or ends at the key's own limit has nothing beyond it there.
    package func edgeKeys(_ result: Result) -> [String] {
        let tied = result.tied
        return grid.axes.enumerated().compactMap { k, axis in
            let vs = axis.values
            guard vs.count > 1, let key = SceneConfig.key(at: axis.key) else { return nil }
            let reached = Set(tied.map { result.points[$0][k] })
            // The smallest step the key takes beyond an end: a whole unit, or a hair.
            let step = { (v: Double) in key.isInteger ? 1 : max(abs(v) * 1e-6, 1e-9) }
            let (first, last) = (vs[0], vs[vs.count - 1])
            let low = reached.contains(first) && key.accepts(first - step(first))
            let high = reached.contains(last) && key.accepts(last + step(last))
            return low || high ? axis.key : nil
        }
    }

    /// One key: the first and last values tied for the fewest error proxies, when more than one.
    package func tiedSpan(_ result: Result) -> (low: Double, high: Double)? {
        guard grid.axes.count == 1 else { return nil }
        let values = result.tied.map { result.points[$0][0] }
        guard let low = values.min(), let high = values.max(), low < high else { return nil }
        return (low, high)
    }

    /// Replays: one live per recording, then one per point and recording.
    package var replayCount: Int { recordings.count * (grid.points.count + 1) }

    /// Runs the sweep on `cores` threads; `progress(done, total)` is called (serialised) after
    /// each replay. Stops early, throwing `InterruptedError`, on SIGINT/SIGTERM.
    package func run(cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                     progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Result {
        let points = grid.points
        let total = replayCount
        let counter = Counter(progress: progress, total: total)
        // Read-only from here on (Sendable values): each worker builds its own scene.
        let recordings = recordings
        let n = recordings.count
        let live = try parallel(n, cores: cores) { i -> SessionMetrics in
            defer { counter.tick() }
            return SessionMetrics(try StudySession.fromRecording(recordings[i]))
        }
        let configs = try recordings.map { r in
            try points.map { try grid.config(r.header?.config ?? SceneConfig(), at: $0) }
        }
        let scope = self.scope
        // Every point follows each recording's course as recorded (`RecordedCourse`): the tasks
        // and panels of the live replay, not decided anew under the point's config.
        let courses = live.map { $0.session.course }
        let flat = try parallel(points.count * n, cores: cores) { j -> TuneCounts in
            defer { counter.tick() }
            let (p, r) = (j / n, j % n)
            let replay = SessionMetrics(try StudySession.fromRecording(recordings[r], config: configs[r][p], course: courses[r]))
            return TuneCounts(live: live[r], replay: replay, scope: scope)
        }
        let counts = points.indices.map { p in Array(flat[(p * recordings.count)..<((p + 1) * recordings.count)]) }
        let seconds = recordings.reduce(0) { $0 + $1.duration } * Double(points.count + 1)
        // Conditions named as `flick study` names them: the plan's, else the config's description,
        // else "default" or "config N" by config.
        var names: [SceneConfig: String] = [:]
        let conditions = recordings.map { r -> String in
            if let named = r.header?.plan?.condition ?? r.header?.configDescription { return named }
            let config = r.header?.config ?? SceneConfig()
            if let name = names[config] { return name }
            let name = config == SceneConfig() ? "default" : "config \(names.values.filter { $0 != "default" }.count + 1)"
            names[config] = name
            return name
        }
        return Result(points: points, counts: counts, recorded: live.map { TuneCounts(live: $0, replay: $0, scope: scope) },
                      participants: recordings.map { $0.header?.participant ?? ($0.path as NSString).lastPathComponent },
                      conditions: conditions, sessionSeconds: seconds)
    }

    /// `work(i)` for i in 0..<count on `cores` threads, results in index order; the first error
    /// (by index) is thrown.
    private func parallel<T>(_ count: Int, cores: Int, _ work: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        let slots = Slots<T>(count)
        let stride = max(1, cores)
        DispatchQueue.concurrentPerform(iterations: min(stride, max(count, 1))) { worker in
            var i = worker
            while i < count {
                if Interrupt.isRequested { slots.put(i, .failure(InterruptedError())) } else {
                    slots.put(i, Swift.Result { try work(i) })
                }
                i += stride
            }
        }
        return try (0..<count).map { try slots.get($0).get() }
    }

    private final class Slots<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Swift.Result<T, any Error>?]
        init(_ n: Int) { results = Array(repeating: nil, count: n) }
        func put(_ i: Int, _ r: Swift.Result<T, any Error>) { lock.lock(); results[i] = r; lock.unlock() }
        func get(_ i: Int) -> Swift.Result<T, any Error> { lock.lock(); defer { lock.unlock() }; return results[i]! }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var done = 0
        private let total: Int
        private let progress: @Sendable (Int, Int) -> Void
        init(progress: @escaping @Sendable (Int, Int) -> Void, total: Int) { self.progress = progress; self.total = total }
        func tick() { lock.lock(); done += 1; progress(done, total); lock.unlock() }
    }
}
