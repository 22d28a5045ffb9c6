import FlickStage
import FlickCLI
import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick report SESSION... --out DIR`: measures sessions gesture by gesture and writes
/// DIR/report.html (self-contained) and DIR/gestures.csv.
package struct Report: ParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Measure sessions (logs or recordings) gesture by gesture: DIR/report.html and DIR/gestures.csv.",
        discussion: "Several sessions make one report: the summary first with a row per session, charts on axes every session shares, then each session's details. Recordings are replayed headless for the contact sheet.")

    @Argument(help: ArgumentHelp("Interaction logs (--log) or recordings (--record).", valueName: "session"))
    var sessions: [String]

    @Option(help: ArgumentHelp("Folder to write report.html and gestures.csv into (made if missing).", valueName: "dir"))
    var out: String

    @OptionGroup var missing: MissingCards

    @Option(help: ArgumentHelp("Report title.", valueName: "text"))
    var title: String?

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Also a contact-sheet frame of each recording at this session time, 0 to 86400 (repeatable): a moment to show beside the window's, the replay's (--at) and the video's.", valueName: "seconds"))
    var at: [Double] = []

    package func validate() throws {
        try checkOutputPath(out, option: "--out", kind: .folder)
        try checkText(title, option: "--title", limit: TextLimits.title)
        for t in at where !(t.isFinite && t >= 0 && t <= 86400) {
            throw ValidationError("--at \(t) is not a session time (expected 0 to 86400 seconds)")
        }
    }

    package func run() throws {
        guard !sessions.isEmpty else { throw UserError("flick report: no session given (expected logs or recordings)") }
        // Inputs first: a refused session leaves no folder behind.
        try InputFiles.requireDistinct(sessions, what: "session file")
        var ids = SessionIdentities()
        let loaded = try sessions.map { path in
            let session = try StudySession.load(path)
            try ids.admit(session.sessionID, path: path)
            return session
        }
        // The recordings' cards too (a kept copy that is not its picture is refused).
        let cardSources = try loaded.map { try $0.recording?.cardSource(allowMissing: missing.allowMissingCards) }
        let folder = try StudyOutput.folder(out)
        try StudyOutput.check([(folder + "/report.html", "the report"), (folder + "/gestures.csv", "the gesture table")],
                              inputs: sessions.map { RunInput(path: $0, what: "a session file") })
        let metrics = loaded.map(SessionMetrics.init)
        if Interrupt.isRequested { throw InterruptedError() }
        let thumbnails = try MainActor.assumeIsolated {
            let sdl = try SDLContext.open(headless: true)
            return try withExtendedLifetime(sdl) {
                try zip(metrics, cardSources).map { m, cards -> [Thumbnail] in
                    guard m.session.recording != nil, let cards else { return [] }
                    return try ContactSheet.thumbnails(m, cards: cards, extra: at)
                }
            }
        }
        if Interrupt.isRequested { throw InterruptedError() }
        let heading = title ?? (loaded.count == 1 ? "Flick session report: \(loaded[0].name)" : "Flick report: \(loaded.count) sessions")
        let html = ReportHTML.make(title: heading, sessions: metrics, thumbnails: thumbnails)
        try StudyOutput.saveTogether([(Data(html.utf8), folder + "/report.html", "the report"),
                                      (Data(ReportCSV.make(metrics).utf8), folder + "/gestures.csv", "the gesture table")])
        let total = metrics.reduce(0) { $0 + $1.gestures.count }
        print("\(folder)/report.html, \(folder)/gestures.csv: \(loaded.count) session\(loaded.count == 1 ? "" : "s"), \(total) gestures")
    }
}

/// Where the study tools write: a folder made if missing, files written whole (atomically).
enum StudyOutput {
    static func folder(_ path: String) throws -> String {
        try OutputPath.check(path, option: "--out", kind: .folder)
        if let problem = folderProblem(path) { throw UserError(problem) }
        // Made a level at a time, so a refusal names the folder and the system's reason.
        var missing: [String] = []
        var p = path
        while !p.isEmpty, p != "/", case .missing = PathKind.target(of: p) {
            missing.append(p)
            p = PathKind.folder(of: p)
        }
        for dir in missing.reversed() where mkdir(dir, 0o755) != 0 && errno != EEXIST {
            throw UserError("--out '\(path)': cannot make the folder '\(dir)' (\(String(cString: strerror(errno))))")
        }
        return path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    /// Why `path` cannot be the output folder, or nil: it is a folder, or the nearest folder
    /// above it that exists is one this user can write into. Tools that make the folder only
    /// after their work (a refused run leaves none) check this first.
    static func folderProblem(_ path: String) -> String? {
        if let why = Checkout.problem(path) { return "--out '\(path)': \(why)" }
        switch PathKind.target(of: path) {
        case .directory: return nil
        case .missing: break
        case let kind: return "--out '\(path)' \(kind.phrase) (expected a folder)"
        }
        var parent = path
        while true {
            let up = PathKind.folder(of: parent)
            parent = up.isEmpty ? "." : up
            switch PathKind.target(of: parent) {
            case .directory:
                return access(parent, W_OK) == 0 ? nil : "--out '\(path)': its folder '\(parent)' is not writable (\(String(cString: strerror(errno))))"
            case .missing where parent != "." && parent != "/":
                continue
            case let kind:
                return "--out '\(path)': its folder '\(parent)' \(kind.phrase) (expected a folder)"
            }
        }
    }

    /// The output policy of the window's --log/--record/--screenshot, for study outputs: each is
    /// a one-shot file (replaced whole when it is a plain writable file), never an input of the
    /// run, a symlink, a FIFO, a device, a directory or a read-only file. Checked before any work.
    static func check(_ outputs: [(path: String, what: String)], inputs: [RunInput], cards: CardSource? = nil) throws {
        var all = inputs
        if let cards {
            all += cards.items.map { RunInput(path: $0.path, what: "a card image (\(($0.path as NSString).lastPathComponent))") }
        }
        try OutputPolicy.check(outputs.map { OutputFile(path: $0.path, what: $0.what, isStream: false) },
                               inputs: all, overwrite: true)
    }

    static func save(_ data: Data, to path: String, what: String) throws {
        try AtomicFile.save(data, to: path, what: what)
    }

    /// The files of one result, as a set: all in place, or (a write failed) none replaced.
    static func saveTogether(_ files: [(data: Data, path: String, what: String)]) throws {
        let batch = AtomicFile.Batch()
        for f in files { try batch.add(f.data, to: f.path, what: f.what) }
        try batch.commit()
    }
}
