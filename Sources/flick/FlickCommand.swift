import ArgumentParser
import Foundation
import FlickEngine
import FlickSDL
#if canImport(Glibc)
import Glibc
#endif

/// The keys, shown in `--help` and the README.
let keyHelp = """
Keys:
  1 2 3 4 5   now, switcher, stack, carousel, swipe (the deck stays)
  Left Right  previous / next card (Up Down too)
  Delete      throw the current card away
  Z           undo the last deletion
  R           reset the deck and the scroll position
  H           HUD: fps, frame time, pointer velocity, gesture, cards
  T           tuning panel: every config key, presets, pointer speed plot
  D           debug overlay: throw boundaries, velocity, card slots, page grid
  S           slow motion (1/10) on / off
  Space       pause / resume the scene (a replay: its playback); . one frame while paused
  F           fullscreen on / off
  P           screenshot to --shots (flick-YYYYMMDD-HHMMSS-mmm.png)
  Tab         presentation mode: only the phone
  M           task marker (start, then end) into the log and the recording
  Esc Q       quit
Mouse: drag to pan, let go while moving to fling; wheel or trackpad scrolls.
"""

@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Card interactions on the desktop: drag, fling, page and throw cards away.",
        discussion: keyHelp + "\nStudy tools (each with --help): flick report, flick export, flick compare.",
        subcommands: [Soak.self, Fuzz.self]
    )

    /// The study tools: commands of their own, dispatched by the first word so their options
    /// (`--size`, `--speed`, ...) do not collide with the app's.
    static let studyCommands: [String: any ParsableCommand.Type] = [
        "report": Report.self, "export": Export.self, "compare": Compare.self,
        "soak": Soak.self, "fuzz": Fuzz.self,
    ]

    @Option(help: "Interaction to open: now, switcher, stack, carousel or swipe (default: switcher).")
    var demo: String?

    @Option(help: ArgumentHelp("Folder of PNG or JPEG images to show as cards, in file-name order.", valueName: "dir"))
    var cards: String?

    @Option(help: "Number of cards (the images repeat when fewer). Default: one per image.")
    var count: Int?

    @Option(help: ArgumentHelp("Window size in points, WIDTHxHEIGHT (default: 1280x800).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("The phone screen the cards live on, scaled to fit the window: WIDTHxHEIGHT in points, a device (iphone-se, iphone-15, pixel-8, ipad-mini), or 'window' (fills the window). Default: 390x844.", valueName: "WxH|device"))
    var stage: String?

    @Flag(help: "Open the window fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("JSON file of SceneConfig constants (see README).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Write the interaction log (JSON lines) to this file.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Record the session's input (JSON lines) to replay it later.", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Replay a recorded session; its header restores demo, cards, stage and config (a named option overrides them).", valueName: "file"))
    var replay: String?

    @Flag(help: "With --replay: show cards that are missing or changed since the recording as placeholders.")
    var allowMissingCards = false

    @Option(help: "With --replay: pace, 0.1 to 8 (1 is as recorded).")
    var speed: Double = 1

    @Flag(help: "With --replay in a window: start again when it has ended.")
    var loop = false

    @Option(help: ArgumentHelp("With --headless --screenshot: take it at this session time instead of the end.", valueName: "seconds"))
    var at: Double?

    @Option(help: ArgumentHelp("Participant id, written into the log and the recording.", valueName: "id"))
    var participant: String?

    @Option(help: ArgumentHelp("Task name, written into the log, the recording and its markers (M).", valueName: "name"))
    var task: String?

    @Option(help: ArgumentHelp("Largest image decoded, in pixels (width x height); bigger ones become placeholder cards.", valueName: "n"))
    var maxImagePixels: Int = 50_000_000

    @Flag(help: "Replace an existing --log or --record file (refused otherwise: yesterday's session stays).")
    var overwrite = false

    @Flag(help: "Run without a display (dummy video driver, software renderer).")
    var headless = false

    @Option(help: "With --headless: frames to draw (60 per second) before the screenshot (default: 1, or a replay's length until all settles).")
    var frames: Int?

    @Option(help: ArgumentHelp("With --headless: write the last frame to this PNG.", valueName: "file"))
    var screenshot: String?

    @Flag(help: "Print the default SceneConfig as JSON (a starting point for --config) and exit.")
    var printConfig = false

    @Flag(help: "Print every config key with its unit, range, default and meaning (a Markdown table) and exit.")
    var printKeys = false

    @Flag(help: "Open the tuning panel (T shows and hides it).")
    var panel = false

    @Flag(help: "Start with the debug overlay on (D toggles it): throw boundaries, velocity, slots, page grid.")
    var debugOverlay = false

    @Flag(help: "Use the software renderer even when an accelerated one exists.")
    var software = false

    @Flag(help: "Do not wait for vertical sync (for measurements).")
    var noVsync = false

    // MARK: How the cards look, presentation (Look in AppOptions+Look.swift)

    @Option(help: ArgumentHelp("How an image meets its card: fit (the whole image, letterboxed in the card background) or fill (cropped, centred).", valueName: "fit|fill"))
    var fit: String = "fit"

    @Option(help: ArgumentHelp("The cards' opaque background, behind letterboxes and transparent images: #RRGGBB or white, black, grey, light, dark.", valueName: "color"))
    var cardBackground: String = "#f2f2f7"

    @Option(help: ArgumentHelp("Titles on the cards: none, name (the file name), or a JSON file mapping file names to titles.", valueName: "none|name|file"))
    var titles: String = "none"

    @Flag(help: "Presentation mode: only the phone, centred and scaled to the window (Tab toggles it).")
    var present = false

    @Option(help: ArgumentHelp("A dot under the pointer while it is pressed, for observers and recordings: auto (on in presentation mode), on, off.", valueName: "auto|on|off"))
    var touches: String = "auto"

    @Option(help: ArgumentHelp("Folder for screenshots taken with P (flick-YYYYMMDD-HHMMSS-mmm.png).", valueName: "dir"))
    var shots: String = "."

    mutating func run() throws {
        if printKeys {
            print(ConfigKeyTable.markdown(), terminator: "")
            return
        }
        if printConfig {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(SceneConfig()), as: UTF8.self))
            return
        }
        let options = try AppOptions(self)
        // Every output is checked against the policy before anything is opened or written.
        try options.checkOutputs(overwrite: overwrite)
        try MainActor.assumeIsolated {
            let log = try options.logPath.map { try InteractionLog(path: $0, overwrite: overwrite) }
            let sdl = try App.openSDL(headless: options.headless)
            Interrupt.install()
            try withExtendedLifetime(sdl) {
                let app = try App(options: options, sdl: sdl, log: log)
                try app.run()
            }
        }
        try OutputError.throwIfAny()
        if Interrupt.isRequested {
            note("stopped by \(Interrupt.signalName); the log and the recording are closed")
            Foundation_exit(Interrupt.exitCode)
        }
    }

    /// Every usage problem, ours or the argument parser's, is one line and exit code 2.
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        let study = args.first.flatMap { studyCommands[$0] }
        let type: any ParsableCommand.Type = study ?? Flick.self
        do {
            var command = try study.map { try $0.parseAsRoot(Array(args.dropFirst())) } ?? parseAsRoot()
            try command.run()
            if Interrupt.isRequested {   // a tool whose loop ended on a signal
                note("stopped by \(Interrupt.signalName)")
                Foundation_exit(Interrupt.exitCode)
            }
        } catch is InterruptedError {
            note("stopped by \(Interrupt.signalName); nothing half-written was kept")
            Foundation_exit(Interrupt.exitCode)
        } catch let error as OutputError {
            note(error.message)
            Foundation_exit(OutputError.exitCode)
        } catch let error as UserError {
            note(error.message)
            Foundation_exit(2)
        } catch {
            let code = type.exitCode(for: error)
            if code == .success {
                type.exit(withError: error)
            }
            if error is ExitCode { type.exit(withError: error) }
            let message = type.fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            note(message.replacingOccurrences(of: "Error: ", with: ""))
            Foundation_exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

func Foundation_exit(_ code: Int32) -> Never { Glibc.exit(code) }
