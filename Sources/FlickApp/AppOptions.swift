import FlickStudy
import FlickStage
import FlickCLI
import FlickIO
import FlickSession
import FlickEngine
import FlickPhone
import FlickSDL
import Foundation

/// The checked command line: every value parsed and validated before a window opens.
struct AppOptions {
    var demo: Interaction
    var cards: CardSource
    var count: Int
    var size: Size
    var fullscreen: Bool
    var config: SceneConfig
    var configPath: String?
    /// The `description` of the `--config` file (or the recording's), logged and recorded.
    var configDescription: String?
    /// The phone screen the scene lives on, points; nil fills the window.
    var stage: Size?
    /// The stage's screen corner radius, points.
    var stageCornerRadius = StageDevice.defaultCornerRadius
    /// Fit, background, titles, presentation, touches, screenshots folder.
    var look: Look
    var logPath: String?
    var recordPath: String?
    var replay: Player?
    var headless: Bool
    /// Frames to draw headless; nil: one, or a replay's whole length plus its settling.
    var frames: Int?
    /// Headless: print the drawn frames' times at the end (`--frame-times`).
    var reportsFrameTimes = false
    var screenshot: String?
    /// Headless: the session time of the screenshot (default: the last frame).
    var screenshotAt: Double?
    var software: Bool
    /// Keep a GL renderer whose GL rasterizes on the CPU (`Renderer.Options.keepsSoftwareGL`).
    var keepsSoftwareGL = false
    var vsync: Bool
    /// Replay pace: 1 is as recorded.
    var speed: Double
    /// Replay again from the top when it has ended (in a window).
    var loop: Bool
    /// Close the window when the replay has ended (in a window).
    var exitAtEnd = false
    /// Recorded config reloads are skipped: a `--config` replaced the recording's config.
    var configOverridden = false
    var participant: String?
    var task: String?
    /// Existing --log / --record files may be replaced.
    var overwrite: Bool
    /// The tuning panel starts open.
    var panel: Bool
    /// The debug overlay starts on.
    var debugOverlay: Bool
    /// A facilitator window beside the participant's.
    var facilitator: Bool
    /// `--facilitator-display`: the display of the facilitator window.
    var facilitatorDisplay: Int?
    /// This session, or the recorded one, had a facilitator window: the participant's screen
    /// shows no toasts (they were the facilitator's).
    var facilitated: Bool
    /// Labels of the facilitator's markers, keys 1-9.
    var markers: [String]
    /// `--tasks`, or the recording's.
    var tasks: TaskList?
    /// `--phone`: serve the participant's phone from this address.
    var phone: PhoneAddress?
    /// `--phone` (without `--phone-thin`): the page runs the engine; the host replays its inputs.
    var phoneEngine = false
    /// The participant's page runs the engine (live, or in the recording replayed): the session
    /// does not block its touches under a questionnaire (`SessionRunner.stageKeptByPage`).
    var pageKeepsStage = false
    /// `--plan`: the plan, participant, session and condition this session was opened from.
    var plan: PlanStamp?
    /// The stage takes the phone's viewport when it connects (`--phone` without `--stage`).
    var stageFromPhone: Bool { phone != nil && stageGiven == false }
    private var stageGiven = false

    /// Ranges were checked by the parser (WindowCommand.validate and its option groups); what
    /// is left is merging the options with a recording's header.
    init(_ given: WindowCommand) throws {
        var c = given
        // A session of a study plan: the plan's config, interaction, device, cards, tasks and
        // markers stand in for the options (WindowCommand.validate refused them given twice).
        var planned: PlannedSession?
        if let file = c.planned.plan, let participant = c.participant, let n = c.planned.session {
            let p = try PlannedSession.open(file, participant: participant, session: n)
            c.demo = p.condition.interaction
            c.config = p.config
            c.cards.cards = p.cards
            c.facilitation.tasks = p.tasks
            c.facilitation.markers = p.markers?.joined(separator: ",")
            if p.condition.device == .touch {
                if c.headless {
                    throw UserError("the plan '\(file)': condition '\(p.condition.name)' is a touch condition (the participant's phone), which needs a window, not --headless")
                }
                c.phone.phone = p.condition.phone ?? PhoneAddress.bare
            }
            planned = p
        }
        // A recording's header restores demo, cards, count, window, stage and config; a named
        // option replaces what it says, and the person is told.
        let recording = try c.replay.map { try Recording(path: $0) }
        let header = recording?.header
        func overrides(_ option: String, _ given: String?, _ recorded: String?) {
            if let given, let recorded, given != recorded {
                note("\(option) \(given) overrides the recording's \(recorded)")
            }
        }
        overrides("--demo", c.demo?.rawValue, header?.demo.rawValue)
        self.demo = c.demo ?? header?.demo ?? .switcher
        let sizeText = { (s: Size) in "\(Int(s.width))x\(Int(s.height))" }
        overrides("--size", c.window.size?.description, header.map { sizeText($0.window) })
        self.size = c.window.size?.size ?? header?.window ?? Size(width: 1280, height: 800)
        if let folder = c.cards.cards {
            overrides("--cards", folder, header?.cardFolder)
            self.cards = try CardSource(folder: folder)
        } else if let recorded = try recording?.cardSource(allowMissing: c.missing.allowMissingCards) {
            self.cards = recorded
        } else {
            self.cards = try CardSource.bundled()
        }
        overrides("--count", c.cards.count.map(String.init), header.map { String($0.count) })
        self.count = c.cards.count ?? header?.count ?? cards.items.count
        self.frames = c.frames
        self.fullscreen = c.fullscreen
        self.headless = c.headless
        self.reportsFrameTimes = c.frameTimes
        self.screenshot = c.screenshot
        self.software = c.software || c.headless
        self.keepsSoftwareGL = c.gl
        self.vsync = !c.noVsync
        self.overwrite = c.overwrite
        ImageFile.maxPixels.store(c.cards.maxImagePixels, ordering: .relaxed)
        self.panel = c.panel
        self.debugOverlay = c.debugOverlay
        self.screenshotAt = c.at
        self.speed = c.playback.speed
        self.loop = c.loop
        self.exitAtEnd = c.exitAtEnd
        var described: String?
        if let path = c.config {
            let loaded = try ConfigFile.loadDescribed(path)
            self.config = loaded.config
            described = loaded.description
            if header != nil {
                note("--config \(path) overrides the recording's config (its config reloads are skipped)")
                configOverridden = true
            }
        } else {
            self.config = header?.config ?? SceneConfig()
        }
        self.configPath = c.config
        self.configDescription = c.config == nil ? header?.configDescription : described.flatMap(ConfigFile.conditionName)
        self.look = try Look(c.look, recorded: header?.look, recordPath: c.record, logPath: c.log)
        self.cards = CardSource(folder: cards.folder, items: self.look.titled(cards.items))
        let recordedStage = header.map { $0.stage.map(sizeText) ?? "window" }
        overrides("--stage", c.stage?.description, recordedStage)
        if let choice = c.stage {
            stageGiven = true
            (self.stage, self.stageCornerRadius) = choice.stage
        } else if let header {
            self.stage = header.stage
            if let radius = header.stageCornerRadius { self.stageCornerRadius = radius }
        } else {
            self.stage = Size(width: 390, height: 844)
        }
        self.logPath = c.log
        self.recordPath = c.record
        self.phone = try c.phone.phone.map { try PhoneAddress.parse($0) }
        phoneEngine = c.phone.phoneEngine
        pageKeepsStage = phoneEngine || header?.device?.engine == true
        let skipsConfigs = configOverridden
        self.replay = recording.map { Player($0, skipsConfigs: skipsConfigs) }
        self.participant = c.participant ?? header?.participant
        self.task = c.task ?? header?.task
        self.facilitator = c.facilitation.facilitator
        self.facilitatorDisplay = c.facilitation.facilitatorDisplay
        self.facilitated = facilitator || header?.facilitator == true
        // The participant's window shows only the phone: the facilitator's words have a window of their own.
        if facilitator { self.look.session.present = true }
        self.markers = try c.facilitation.markers.map(MarkerLabels.parse) ?? header?.markers ?? FacilitatorOptions.defaultMarkers
        let cardNames = cards.items.map(\.fileName)
        if let path = c.facilitation.tasks {
            if header?.tasks != nil { note("--tasks \(path) overrides the recording's tasks") }
            self.tasks = try TaskList.load(path: path, cards: cardNames)
            if let planned { self.tasks = tasks.map(planned.ordered) }
        } else {
            self.tasks = header?.tasks
        }
        if phoneEngine, let list = tasks {
            for (i, task) in list.tasks.enumerated() {
                guard let start = task.start?.config, let why = PageTaskStarts.unreachable(start, from: config) else { continue }
                throw UserError("--tasks \(c.facilitation.tasks ?? "the recording's"): task \(i + 1) '\(task.name)' starts with config \(task.start?.configFile ?? ""), and \(why)")
            }
        }
        self.plan = planned?.stamp ?? header?.plan
        if let giveUp = tasks?.giveUp, !markers.contains(giveUp) {
            note("the tasks' give-up marker '\(giveUp)' is not among --markers; M or Enter ends a task instead")
        }
    }

    /// Reads a preset (see `ConfigFile`): a typo'd key, a wrong type or a value out of range is a
    /// one-line error naming the key.
    static func loadConfig(_ path: String) throws -> SceneConfig {
        try ConfigFile.load(path)
    }
}
