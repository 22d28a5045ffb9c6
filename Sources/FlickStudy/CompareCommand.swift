import FlickCLI
import FlickStage
import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import FlickSDL
import Foundation

/// `flick compare --replay REC --config a.json --config b.json [...]`: one recording through 2
/// to 4 presets, side by side in one window and in step; headless with `--out DIR`, a contact
/// sheet (the recording as recorded first, then a row per preset; a column per gesture whose
/// outcome differs between them), a report with a column for each, which gestures changed
/// outcome, and a warning where the decks diverge.
package struct Compare: ParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Play one recording through 2 to 4 presets side by side (window), or write a contact sheet and report (--out).")

    @Option(help: ArgumentHelp("The recording to play (made with --record).", valueName: "file"))
    var replay: String

    @Option(help: ArgumentHelp("A preset (any subset of --print-config's keys); give it 2 to 4 times.", valueName: "file"))
    var config: [String] = []

    @Option(help: ArgumentHelp("Headless: write contact-sheet.png, report.html, gestures.csv and differences.csv here.", valueName: "dir"))
    var out: String?

    @OptionGroup var window: SizeOption

    @OptionGroup var playback: PlaybackSpeed

    @Flag(help: "In the window: start again when it has ended.")
    var loop = false

    @Flag(help: "In the window: close it when the replay has ended (otherwise it stays, saying so, until Q or Esc).")
    var exitAtEnd = false

    @OptionGroup var missing: MissingCards

    /// A preset as compare shows it.
    struct Preset {
        var name: String
        var description: String?
        var config: SceneConfig
    }

    package func validate() throws {
        try checkOutputPath(out, option: "--out", kind: .folder)
        guard (2...4).contains(config.count) else {
            throw ValidationError("compare needs 2 to 4 --config presets (got \(config.count))")
        }
        if exitAtEnd && loop { throw ValidationError("--exit-at-end and --loop: a looped replay never ends; give one of them") }
        // The window's options do nothing to the files of --out: refused rather than ignored.
        if out != nil {
            let windowOnly = [window.size != nil ? "--size" : nil, playback.speed != 1 ? "--speed" : nil, loop ? "--loop" : nil,
                              exitAtEnd ? "--exit-at-end" : nil]
                .compactMap { $0 }
            if !windowOnly.isEmpty {
                throw ValidationError("\(windowOnly.joined(separator: ", ")) \(windowOnly.count == 1 ? "is" : "are") for the compare window; with --out nothing is played on screen (the contact sheet has a thumbnail size of its own)")
            }
        }
    }

    package func run() throws {
        let rec = try Recording(path: replay, option: "--replay")
        guard rec.header != nil, let cards = try rec.cardSource(allowMissing: missing.allowMissingCards) else {
            throw UserError("--replay file '\(replay)' has no header (made before Flick 0.4); replay it with --record to give it one")
        }
        try InputFiles.requireDistinct(config, what: "--config preset")
        let presets = try config.map(Self.preset)
        Self.samePresets(presets, recorded: rec.header!.config).forEach(warn)
        if let out {
            let folder = try StudyOutput.folder(out)
            try StudyOutput.check(["contact-sheet.png": "the contact sheet", "report.html": "the report",
                                   "gestures.csv": "the gesture table", "differences.csv": "the differences"]
                                    .sorted { $0.key < $1.key }.map { (folder + "/" + $0.key, $0.value) },
                                  inputs: [RunInput(path: replay, what: "the --replay file")]
                                    + config.map { RunInput(path: $0, what: "a --config preset") },
                                  cards: cards)
            try writeComparison(rec, presets: presets, cards: cards, folder: folder)
        } else {
            let size = window.size?.size ?? Size(width: 1280, height: 800)
            try MainActor.assumeIsolated {
                let sdl = try SDLContext.open(headless: false)
                try withExtendedLifetime(sdl) {
                    try CompareWindow(recording: rec, presets: presets, cards: cards, size: size,
                                      speed: playback.speed, loop: loop, exitAtEnd: exitAtEnd).run()
                }
            }
        }
    }

    /// Presets that would show the same rows: two that set the same config, or one that sets
    /// the recording's own. Said, not refused: a researcher may mean it as a control.
    static func samePresets(_ presets: [Preset], recorded: SceneConfig) -> [String] {
        var lines: [String] = []
        for (i, p) in presets.enumerated() {
            if p.config == recorded {
                lines.append("--config '\(p.name)' sets the recording's own config: its row is the same as 'as recorded'")
            }
            if let earlier = presets[..<i].first(where: { $0.config == p.config }) {
                lines.append("--config '\(earlier.name)' and '\(p.name)' set the same config: their rows are the same")
            }
        }
        return lines
    }

    static func preset(_ path: String) throws -> Preset {
        let (config, description) = try ConfigFile.loadDescribed(path)
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return Preset(name: name, description: description, config: config)
    }

    /// The headless comparison: sheet, report, tables.
    func writeComparison(_ rec: Recording, presets: [Preset], cards: CardSource, folder: String) throws {
        // The four files as a set: a failed write (a full disk) leaves the old set whole.
        let outputs = AtomicFile.Batch()
        // The baseline first: the recording under its own config, what the participant lived.
        let presets = [Preset(name: "as recorded", description: "the recording's own config", config: rec.header!.config)] + presets
        // Every preset follows the recording's tasks and panels as recorded (`RecordedCourse`).
        let course = RecordedCourse.of(rec)
        var sessions: [StudySession] = []
        for p in presets {
            var s = try StudySession.fromRecording(rec, config: p.config, course: course)
            s.name = p.name
            sessions.append(s)
        }
        let metrics = sessions.map(SessionMetrics.init)
        if Interrupt.isRequested { throw InterruptedError() }
        let changes = Self.differences(metrics)
        let divergence = Self.divergence(metrics)
        if let d = divergence { warn("compare: \(d.sentence)") }
        // The moments that matter: just after each gesture whose outcome differs (the same input
        // under every preset), at most 8; when none differs, the card releases (then pages).
        var moments = Array(Set(changes.map { $0.end + 0.25 })).sorted()
        let noneDiffers = moments.isEmpty
        if noneDiffers {
            let releases = metrics[0].gestures.filter { $0.isCardRelease }.map { $0.end + 0.25 }
            moments = Array(Set(releases + metrics[0].pages.map(\.t))).sorted()
        }
        if moments.isEmpty { moments = [rec.duration] }
        if moments.count > 8 { moments = (0..<8).map { moments[$0 * moments.count / 8] } }
        let v = sessions[0].viewport
        // Wide enough to read a card (and its title) on the sheet.
        let cell = ContactSheet.cell(width: 240, viewport: v)
        let labelWidth = 170, top = 24
        let sheetSize = (w: labelWidth + moments.count * cell.w, h: top + presets.count * cell.h)
        let (thumbs, sheetPNG): ([[Thumbnail]], Data) = try MainActor.assumeIsolated {
            let sdl = try SDLContext.open(headless: true)
            return try withExtendedLifetime(sdl) {
                let sheet = try Renderer(offscreenWidth: sheetSize.w, height: sheetSize.h)
                try sheet.clear(RGBA(255, 255, 255))
                let font = StageFont.path().flatMap { try? Font(path: $0, pixelSize: 15) }
                let small = StageFont.path().flatMap { try? Font(path: $0, pixelSize: 11) }
                for (c, t) in moments.enumerated() {
                    if let small, let tex = try? small.texture(String(format: "%.2f s", t), color: RGBA(73, 80, 87), renderer: sheet) {
                        try sheet.copy(tex, x: Double(labelWidth + c * cell.w + 6), y: 5)
                    }
                }
                var all: [[Thumbnail]] = []
                for (r, p) in presets.enumerated() {
                    if let font, let tex = try? font.texture(p.name, color: RGBA(33, 37, 41), renderer: sheet, wrapWidth: labelWidth - 16) {
                        try sheet.copy(tex, x: 10, y: Double(top + r * cell.h + 10))
                    }
                    if let small, let d = p.description,
                       let tex = try? small.texture(d, color: RGBA(110, 116, 124), renderer: sheet, wrapWidth: labelWidth - 16) {
                        try sheet.copy(tex, x: 10, y: Double(top + r * cell.h + 34))
                    }
                    var row: [Thumbnail] = []
                    try ContactSheet.frames(of: rec, config: p.config, cards: cards,
                                            times: moments, cell: cell) { renderer, i in
                        let pixels = try renderer.readPixels()
                        try sheet.paste(pixels, x: labelWidth + i * cell.w, y: top + r * cell.h)
                        // Encoded in memory: no temporary file.
                        row.append(Thumbnail(t: moments[i], caption: "\(p.name) \(String(format: "%.2f s", moments[i]))",
                                             png: Data(try pixels.pngData())))
                    }
                    all.append(row)
                }
                return (all, Data(try sheet.readPixels().pngData()))
            }
        }
        if Interrupt.isRequested { throw InterruptedError() }
        var extra = Self.differencesHTML(changes, presets: presets.map(\.name))
        if noneDiffers { extra = "<p class=\"differences\">No gesture changes outcome between the presets: the sheet shows the card releases.</p>\(extra)" }
        if let d = divergence { extra = "<p class=\"caveat diverge\">\(d.sentence)</p>\(extra)" }
        let taskRows = Self.taskCourses(sessions)
        extra = extra + Self.taskCoursesHTML(taskRows, presets: presets.map(\.name))
        let html = ReportHTML.make(title: "Flick compare: \(presets.map(\.name).joined(separator: " vs "))",
                                   sessions: metrics, thumbnails: thumbs, extra: extra)
        try outputs.add(sheetPNG, to: folder + "/contact-sheet.png", what: "the contact sheet")
        try outputs.add(Data(html.utf8), to: folder + "/report.html", what: "the report")
        try outputs.add(Data(ReportCSV.make(metrics).utf8), to: folder + "/gestures.csv", what: "the gesture table")
        var csv = "gesture,start,kind," + presets.map { CSV.text($0.name) }.joined(separator: ",") + "\n"
        for c in changes {
            csv += "\(c.index),\(CSV.number(c.start)),\(c.kind.rawValue)," + c.outcomes.map { $0?.rawValue ?? "" }.joined(separator: ",") + "\n"
        }
        try outputs.add(Data(csv.utf8), to: folder + "/differences.csv", what: "the differences")
        try outputs.commit()
        print("\(folder)/contact-sheet.png (\(sheetSize.w)x\(sheetSize.h): \(presets.count) presets x \(moments.count) moments), report.html, gestures.csv, differences.csv: \(changes.count) of \(metrics[0].gestures.count) gestures change outcome\(Self.taskSummary(taskRows, presets: presets.map(\.name)))")
    }

    /// A gesture whose outcome is not the same under every preset.
    struct Change {
        var index: Int
        var start: Double
        /// When it ended under the first preset (the recording as recorded).
        var end: Double
        var kind: GestureKind
        var outcomes: [GestureOutcome?]
    }

    /// Where the decks part: the first card that leaves (or comes back) under one preset and
    /// not under another, or in another order; from then on the same input meets other cards.
    struct Divergence {
        var t: Double
        var presets: [String]
        var sentence: String {
            "the decks diverge at \(String(format: "%.2f", t)) s (\(presets.joined(separator: " vs "))): from there the same gestures meet different cards, so later outcomes compare different situations"
        }
    }

    static func divergence(_ metrics: [SessionMetrics]) -> Divergence? {
        func changes(_ m: SessionMetrics) -> [(t: Double, what: String)] {
            m.session.sceneEvents.compactMap { e in
                switch e {
                case .deleted(let t, let card, _): return (t, "-\(card.value)")
                case .restored(let t, let card, _): return (t, "+\(card.value)")
                default: return nil
                }
            }
        }
        let base = changes(metrics[0])
        var first: Divergence?
        for m in metrics.dropFirst() {
            let other = changes(m)
            let n = min(base.count, other.count)
            let i = (0..<n).first { base[$0].what != other[$0].what } ?? (base.count == other.count ? nil : n)
            guard let i else { continue }
            let t = min(i < base.count ? base[i].t : .infinity, i < other.count ? other[i].t : .infinity)
            if first == nil || t < first!.t { first = Divergence(t: t, presets: [metrics[0].session.name, m.session.name]) }
        }
        return first
    }

    /// Gestures matched by their order (the same input under every preset), outcome per preset.
    static func differences(_ metrics: [SessionMetrics]) -> [Change] {
        let n = metrics.map(\.gestures.count).max() ?? 0
        var out: [Change] = []
        for i in 0..<n {
            let gs = metrics.map { i < $0.gestures.count ? $0.gestures[i] : nil }
            let outcomes = gs.map { $0?.outcome }
            guard Set(outcomes.map { $0?.rawValue ?? "-" }).count > 1, let first = gs.compactMap({ $0 }).first else { continue }
            out.append(Change(index: i + 1, start: first.start, end: first.end, kind: first.kind, outcomes: outcomes))
        }
        return out
    }

    /// One task of the recording: whether its goal was met live, and under each preset (within
    /// the task's recorded time; nil for a task without a goal).
    struct TaskCourse {
        var number: Int
        var task: String
        var outcome: String
        /// Per preset: when its goal is met, `.some(nil)` when not met.
        var met: [Double??]
        var changed: Bool
    }

    /// The tasks as every preset ran them: each keeps its recorded course, so only the goal differs.
    static func taskCourses(_ sessions: [StudySession]) -> [TaskCourse] {
        guard let first = sessions.first else { return [] }
        let goals = Set(first.taskStarts.filter { $0.goal != nil }.map(\.number))
        return first.taskEnds.map { line in
            let met: [Double??] = sessions.map { s in
                guard goals.contains(line.number), let end = s.taskEnds.first(where: { $0.number == line.number }) else { return nil }
                let whatIf = end.whatIf.map { $0.goalMet == true } ?? end.goalMet
                return .some(whatIf ? (end.whatIf?.t ?? end.t) : nil)
            }
            let changed = Set(met.map { m in m.map { $0 != nil } }).count > 1
            return TaskCourse(number: line.number, task: line.task,
                              outcome: line.outcome.rawValue + (line.by.map { " by \($0)" } ?? ""), met: met, changed: changed)
        }
    }

    static func taskCoursesHTML(_ rows: [TaskCourse], presets: [String]) -> HTML {
        guard !rows.isEmpty else { return "" }
        var h: HTML = "<h2>Tasks</h2><p class=\"muted\">Every task keeps its recorded course under each preset: it starts and ends when it did, with the participant's answers. Whether its goal is met within that time is shown per preset; a row is marked where a preset changes it.</p><table class=\"tasks\"><tr><th>task</th><th>recorded end</th>"
        for p in presets { h += "<th>goal met: \(p)</th>" }
        h += "</tr>"
        for r in rows {
            h += "<tr\(r.changed ? " class=\"changed\"" as HTML : "")><td>\(r.number). \(r.task)</td><td>\(r.outcome)</td>"
            for m in r.met {
                switch m {
                case nil: h += "<td>no goal</td>"
                case .some(nil): h += "<td>not met</td>"
                case .some(.some(let t)): h += "<td>met at \(String(format: "%.2f", t)) s</td>"
                }
            }
            h += "</tr>"
        }
        return h + "</table>"
    }

    /// "; task 2 'pass on chat': goal met as recorded, not under snappy" for each task a preset changes.
    static func taskSummary(_ rows: [TaskCourse], presets: [String]) -> String {
        rows.filter(\.changed).map { r in
            let under = zip(presets, r.met).dropFirst().map { p, m in "\(m.map { $0 != nil } == true ? "met" : "not met") under \(p)" }
            let base = r.met.first.map { m in m.map { $0 != nil } == true ? "met" : "not met" } ?? "not met"
            return "; task \(r.number) '\(r.task)': goal \(base) as recorded, \(under.joined(separator: ", "))"
        }.joined()
    }

    static func differencesHTML(_ changes: [Change], presets: [String]) -> HTML {
        var h: HTML = "<h2>Differences</h2><p class=\"muted\">Gestures (the same input, in order) whose outcome is not the same under every preset.</p>"
        guard !changes.isEmpty else { return h + "<p class=\"differences\">No gesture changes outcome.</p>" }
        h += "<table class=\"diff\"><tr><th>gesture</th><th>at</th><th>kind</th>"
        for p in presets { h += "<th>\(p)</th>" }
        h += "</tr>"
        for c in changes {
            let base = c.outcomes.first ?? nil
            h += "<tr class=\"difference\"><td>#\(c.index)</td><td>\(String(format: "%.2f", c.start))</td><td>\(c.kind.rawValue)</td>"
            for o in c.outcomes { h += "<td class=\"\(o != base ? "changed" : "")\">\(o?.rawValue ?? "—")</td>" }
            h += "</tr>"
        }
        return h + "</table>"
    }
}

extension Renderer {
    /// Copies `pixels` into this renderer's output at (x, y), pixels.
    func paste(_ pixels: PixelBuffer, x: Int, y: Int) throws {
        let surface = try Surface(width: pixels.width, height: pixels.height)
        surface.withRGBABytes { bytes, pitch in
            for row in 0..<pixels.height {
                for i in 0..<(pixels.width * 4) { bytes[row * pitch + i] = pixels.bytes[row * pixels.width * 4 + i] }
            }
        }
        let texture = try Texture(renderer: self, surface: surface)
        try copy(texture, x: Double(x), y: Double(y))
    }
}
