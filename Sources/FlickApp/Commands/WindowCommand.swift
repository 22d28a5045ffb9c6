import FlickStudy
import FlickStage
import FlickPhone
import FlickCLI
import FlickIO
import ArgumentParser
import FlickEngine
import FlickSDL
import FlickSession
import Foundation

/// `flick [window]`: the demo window (or, with --headless, its frames without a display).
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the card window: drag, fling, page and throw cards away (the default).",
        discussion: keyHelp)

    @Option(help: "Interaction to open (default: switcher, or the recording's).")
    var demo: Interaction?

    @OptionGroup(title: "Cards") var cards: CardOptions

    @OptionGroup(title: "Window") var window: SizeOption

    @Option(help: ArgumentHelp("The phone screen the cards live on, scaled to fit the window: WIDTHxHEIGHT in points, a device, or 'window' (fills the window). Default: 390x844.", valueName: "WxH|device|window"),
            transform: StageChoice.parse)
    var stage: StageChoice?

    @Flag(help: "Open the window fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("JSON file of SceneConfig constants (see README).", valueName: "file"))
    var config: String?

    @OptionGroup(title: "Look") var look: LookOptions

    // MARK: Study session

    @Option(help: ArgumentHelp("Write the interaction log (JSON lines) to this file.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Record the session's input (JSON lines) to replay it later.", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Participant id, written into the log and the recording.", valueName: "id"))
    var participant: String?

    @Option(help: ArgumentHelp("Task name, written into the log, the recording and its markers (M).", valueName: "name"))
    var task: String?

    @Flag(help: "Replace an existing --log or --record file (refused otherwise: yesterday's session stays).")
    var overwrite = false

    @OptionGroup(title: "Facilitator") var facilitation: FacilitatorOptions

    @OptionGroup(title: "Study plan") var planned: PlanOptions

    @OptionGroup(title: "Phone") var phone: PhoneOptions

    // MARK: Replay

    @Option(help: ArgumentHelp("Replay a recorded session; its header restores demo, cards, stage and config (a named option overrides them).", valueName: "file"))
    var replay: String?

    @OptionGroup(title: "Replay") var missing: MissingCards

    @OptionGroup(title: "Replay") var playback: PlaybackSpeed

    @Flag(help: "With --replay in a window: start again when it has ended.")
    var loop = false

    @Flag(help: "With --replay in a window: close the window when the replay has ended (otherwise it stays, saying so, until Q or Esc).")
    var exitAtEnd = false

    // MARK: Headless

    @Flag(help: "Run without a display (dummy video driver, software renderer).")
    var headless = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --headless: frames to draw (60 per second) before the screenshot, 1 to 1000000 (default: 1, or a replay's length until all settles).", valueName: "n"))
    var frames: Int?

    @Option(help: ArgumentHelp("With --headless: write the last frame to this PNG.", valueName: "file"))
    var screenshot: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --headless --screenshot: take it at this session time instead of the end, 0 to 86400.", valueName: "seconds"))
    var at: Double?

    @Flag(help: ArgumentHelp("With --headless: print each drawn frame's time (its inputs, the scene, the drawing, until the renderer has finished) as one JSON line on standard output at the end, as flick-bench's app frames are timed.", visibility: .hidden))
    var frameTimes = false

    // MARK: Tools

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

    @Flag(help: "Keep the GL renderer even when GL rasterizes on the CPU (llvmpipe, softpipe, swrast), where the software renderer is otherwise chosen.")
    var gl = false

    @Flag(help: "Do not wait for vertical sync (for measurements).")
    var noVsync = false

    func validate() throws {
        try checkOutputPath(log, option: "--log", kind: .file)
        try checkOutputPath(record, option: "--record", kind: .file)
        try checkOutputPath(screenshot, option: "--screenshot", kind: .file)
        try checkOutputPath(look.shots, option: "--shots", kind: .folder)
        try checkText(participant, option: "--participant", limit: TextLimits.participant)
        try checkText(task, option: "--task", limit: TextLimits.taskName)
        if let frames, !(1...1_000_000).contains(frames) {
            throw ValidationError("--frames \(frames) is out of range (expected 1 to 1000000)")
        }
        if frameTimes && !headless { throw ValidationError("--frame-times needs --headless") }
        if screenshot != nil && !headless {
            throw ValidationError("--screenshot needs --headless (press P in the window for a screenshot)")
        }
        if let at {
            guard at.isFinite, at >= 0, at <= 86_400 else {
                throw ValidationError("--at \(at) is out of range (expected 0 to 86400 seconds of the session)")
            }
            guard headless, screenshot != nil else {
                throw ValidationError("--at needs --headless and --screenshot (it picks the moment of the screenshot)")
            }
        }
        if let address = phone.phone {
            do { _ = try PhoneAddress.parse(address) } catch let e as UserError { throw ValidationError(e.message) }
            if headless { throw ValidationError("--phone needs a window (the phone's touches drive a live session; --headless replays one)") }
            if replay != nil { throw ValidationError("--phone drives a live session; it cannot join a --replay") }
        }
        if phone.pageMode == .phoneThin, phone.phone == nil {
            throw ValidationError("--phone-thin needs --phone (it is how the phone's page draws)")
        }
        if let plan = planned.plan {
            guard participant != nil, let n = planned.session else {
                throw ValidationError("--plan \(plan) needs --participant ID and --session N (the session of the plan to open)")
            }
            guard (1...StudyPlan.maxConditions).contains(n) else {
                throw ValidationError("--session \(n) is out of range (expected 1 to \(StudyPlan.maxConditions))")
            }
            // The plan says these; a second word on them is refused rather than guessed between.
            let given: [(String, Bool)] = [("--config", config != nil), ("--tasks", facilitation.tasks != nil),
                                           ("--markers", facilitation.markers != nil), ("--demo", demo != nil),
                                           ("--cards", cards.cards != nil), ("--phone", phone.phone != nil),
                                           ("--replay", replay != nil), ("--task", task != nil)]
            if let hit = given.first(where: { $0.1 }) {
                throw ValidationError("\(hit.0) cannot be given with --plan (the plan names each session's config, interaction, device, cards, tasks and markers)")
            }
        } else if planned.session != nil {
            throw ValidationError("--session needs --plan FILE (and --participant)")
        }
        if (playback.speed != 1 || loop) && replay == nil {
            throw ValidationError("--speed and --loop need --replay FILE")
        }
        if gl && (software || headless) { throw ValidationError("--gl keeps the GL renderer; --software and --headless draw without it: give one of them") }
        if exitAtEnd && replay == nil { throw ValidationError("--exit-at-end needs --replay FILE") }
        if exitAtEnd && loop { throw ValidationError("--exit-at-end and --loop: a looped replay never ends; give one of them") }
    }

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
            // The display first: a run refused for want of one leaves no empty log behind.
            let sdl = try SDLContext.open(headless: options.headless)
            // Two windows that cannot be placed apart are refused before the log is opened too.
            _ = try FacilitatorPlacement.plan(options, notes: false)
            let log = try options.logPath.map { try InteractionLog(path: $0, overwrite: overwrite) }
            Interrupt.install()
            try withExtendedLifetime(sdl) {
                let app = try App(options: options, sdl: sdl, log: log)
                try app.run()
            }
        }
        if Interrupt.isRequested {
            note("stopped by \(Interrupt.signalName); the log and the recording are closed")
            exitProcess(Interrupt.exitCode)
        }
    }
}
