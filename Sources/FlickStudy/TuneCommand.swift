import FlickStage
import FlickCLI
import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick tune RECORDING... --key K --values V [--key K2 --values V2] --out DIR`: which threshold
/// should we ship? Every recording replayed headless under each value (or pair of values): what
/// the participants' own gestures would have done. DIR/tune.html and DIR/tune.csv.
package struct TuneCommand: ParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Sweep a threshold over real recordings: each value's throws, snap-backs, near misses and two error proxies; DIR/tune.html and tune.csv.",
        discussion: """
        Each recording is replayed without frames (the engine and the measures only), once under its own config and \
        once per value (per pair of values on a grid of two keys), on every core. Error proxies: throws the participant \
        undid within 3 s that the value still throws (likely accidental), and card drags tried again within 2 s whose \
        first try the value still does not throw (likely missed intent). The value with the fewest of both is marked; \
        they are proxies, not what the participants meant. Values: FROM:TO:STEP (both ends included) or a list (300,450,600).
        """)

    @Argument(help: ArgumentHelp("Recordings (--record; logs cannot be replayed).", valueName: "recording"))
    var recordings: [String]

    @Option(help: ArgumentHelp("A config key to sweep (see --print-keys); twice for a grid of two.", valueName: "key"))
    var key: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("The values of the --key before it: FROM:TO:STEP or a list a,b,c.", valueName: "values"))
    var values: [String] = []

    @Option(help: ArgumentHelp("Folder to write tune.html and tune.csv into (made if missing).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("Page title.", valueName: "text"))
    var title: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Replays run at once, 1 to 256 (default: one per core).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    package func validate() throws {
        try checkOutputPath(out, option: "--out", kind: .folder)
        try checkText(title, option: "--title", limit: TextLimits.title)
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs \(jobs) is out of range (expected 1 to 256)") }
    }

    static let outputs = [("tune.html", "the tune page"), ("tune.csv", "the tune table")]

    package func run() throws {
        guard !recordings.isEmpty else { throw UserError("no recording given (expected recordings made with --record)") }
        guard key.count == values.count else {
            throw UserError("\(key.count) --key and \(values.count) --values (give --values after each --key)")
        }
        let grid = try SweepGrid(zip(key, values).map { try SweepAxis.parse(key: $0, values: $1) })
        try InputFiles.requireDistinct(recordings, what: "recording")
        var loaded: [Recording] = []
        var ids = SessionIdentities()
        // Read and parsed on every core, checked in the order given (the first refused is named).
        let paths = recordings
        try OrderedWork.run(count: paths.count, workers: jobs, { i in
            let kind = PathKind.target(of: paths[i])
            guard case .regular = kind else { throw UserError("recording '\(paths[i])' \(kind.phrase) (expected a regular file)") }
            return try Self.recording(paths[i])
        }, consume: { i, recording in
            try ids.admit(recording.header?.session, path: paths[i])
            loaded.append(recording)
        })
        let checkOutputs = { (folder: String) in
            try StudyOutput.check(Self.outputs.map { (folder + "/" + $0.0, $0.1) },
                                  inputs: recordings.map { RunInput(path: $0, what: "a recording") })
        }
        if let problem = StudyOutput.folderProblem(out) { throw UserError(problem) }
        if FileManager.default.fileExists(atPath: out) { try checkOutputs(try StudyOutput.folder(out)) }

        let sweep = Sweep(grid: grid, recordings: loaded)
        let bar = ProgressBar(total: sweep.replayCount, what: "replays")
        let started = Date()
        let result = try sweep.run(cores: jobs) { done, total in bar.update(done) }
        bar.finish()
        let wall = Date().timeIntervalSince(started)

        let folder = try StudyOutput.folder(out)
        try checkOutputs(folder)
        let heading = title ?? "Flick tune: \(grid.axes.map(\.key).joined(separator: " x ")) over \(StudyHTML.plural(loaded.count, "recording"))"
        let live = loaded.map { r in grid.axes.map { r.header?.config.value(at: $0.key) ?? .nan } }
        try StudyOutput.saveTogether([
            (Data(TuneHTML.make(title: heading, sweep: sweep, result: result, recordings: recordings, live: live).utf8),
             folder + "/tune.html", "the tune page"),
            (Data(TuneCSV.make(grid: grid, result: result, recordings: recordings, live: live).utf8), folder + "/tune.csv", "the tune table"),
        ])
        let best = result.best.map { i in
            zip(grid.axes, result.points[i]).map { "\($0.key) = \(SweepAxis.fmt($1))" }.joined(separator: ", ")
        } ?? "none"
        let span = sweep.tiedSpan(result).map { " (as few from \(SweepAxis.fmt($0.low)) to \(SweepAxis.fmt($0.high)))" } ?? ""
        let edge = sweep.edgeKeys(result)
        let edgeNote = edge.isEmpty ? "" : " (the fewest reach the edge of the range swept for \(edge.joined(separator: ", ")): sweep further)"
        print("\(folder)/tune.html, \(folder)/tune.csv: \(StudyHTML.plural(sweep.replayCount, "replay")) (\(String(format: "%.0f", result.sessionSeconds)) s of sessions) in \(String(format: "%.1f", wall)) s, \(String(format: "%.0f", result.sessionSeconds / max(wall, 1e-6)))x real time; fewest error proxies at \(best)\(span)\(edgeNote)")
    }
}

extension TuneCommand {
    /// A recording with a header (a log, which holds events, not inputs, is refused by `Recording`).
    static func recording(_ path: String) throws -> Recording {
        let recording = try Recording(path: path, option: "recording")
        guard recording.header != nil else {
            throw UserError("'\(path)' is a recording without a header (made before Flick 0.4); replay it with --record to give it one")
        }
        return recording
    }
}

/// Progress on stderr: a bar redrawn in place with the time left when stderr is a terminal,
/// a plain line every tenth of the way otherwise (logs of CI runs stay readable).
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let what: String
    private let start = Date()
    private let isTerminal = isatty(2) == 1
    private var lastTenth = -1

    init(total: Int, what: String) {
        self.total = max(total, 1)
        self.what = what
    }

    func update(_ done: Int) {
        let elapsed = Date().timeIntervalSince(start)
        let left = done > 0 ? elapsed / Double(done) * Double(total - done) : .nan
        let eta = left.isFinite ? Self.duration(left) + " left" : "estimating"
        if isTerminal {
            let width = 30, filled = width * done / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            say("\r[\(bar)] \(done)/\(total) \(what), \(eta)   ")
        } else {
            let tenth = 10 * done / total
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            say("flick tune: \(done)/\(total) \(what), \(eta)\n")
        }
    }

    func finish() {
        if isTerminal { say("\n") }
    }

    /// Progress is a courtesy: a closed or full standard error never stops the sweep.
    private func say(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    static func duration(_ s: Double) -> String {
        s < 90 ? String(format: "%.0f s", s) : String(format: "%d min %02d s", Int(s) / 60, Int(s) % 60)
    }
}
