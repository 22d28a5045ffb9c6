import FlickIO
import FlickStage
import FlickSession
import FlickEngine
import FlickPhone
import FlickSDL
import Foundation

/// The demo: one window, one scene, a loop of poll -> handle -> advance -> draw -> present.
@MainActor
final class App {
    let options: AppOptions
    let window: Window
    let renderer: Renderer
    /// The stage renderer the study tools draw through too (Study/StageView.swift).
    let stageView: StageView
    let events: EventSource
    /// The session itself: scene, time controls, tasks, the late-input and end-of-session
    /// rules (FlickSession's `SessionRunner`, the same core every replay and tool runs).
    /// The session; each new one (a restart, a loop) keeps the device's rules.
    var runner: SessionRunner {
        didSet { runner.stageKeptByPage = options.pageKeepsStage }
    }
    var scene: CardScene { runner.scene }
    var timeline: SceneTimeline { runner.timeline }
    var study: StudyInputs { runner.study }
    let faces: CardFaces
    let titles: CardTitles
    /// Presentation mode, touch indicator, toasts (App+Presentation.swift).
    var presentation: Presentation
    let touchDot = TouchDot()
    var toasts = Toasts()
    /// The current card a tap pressed, and when (a short press feedback).
    var press: (card: CardID, at: Double)?
    let toastView: ToastView
    /// The participant's side: task text, Done and Give up, SEQ and SUS (Facilitator/App+ParticipantSide.swift).
    let participantPanelView: ParticipantPanelView
    var side = ParticipantSideState()
    let overlay: Overlay
    /// Dear ImGui tool windows (tuning panel); see ToolUI/.
    let tools: ToolUI
    let log: InteractionLog?
    var stage: Stage
    var running = true
    var pointerOnStage = false
    /// When paced frames sample their input and whether a frame at rest is drawn (`updateLatch`).
    var pacing = FramePacing()
    /// Inputs submitted to the session so far: a frame that submitted some applied input (the
    /// latch keeps such frames' render times apart).
    var submittedInputs = 0
    /// The --config file, the --cards folder and the cards kept beside the recording.
    var watches = FileWatches()
    let recorder: Recorder?
    let player: Player?
    /// The session: its id and clock, the replay's pace, markers (App+Session.swift).
    var session: SessionState
    /// The note being typed, the live feed, the releases (Facilitator/).
    var desk = FacilitatorDesk()
    /// `--facilitator`: the second window.
    var facilitatorWindow: FacilitatorWindow?
    /// The clock of the frames: SDL's (the events' clock) in a window, a fixed 60 Hz in headless runs.
    var headlessFrame = 0
    /// `--phone`: the participant's phone, its server and what the app keeps of it (App+Phone.swift).
    var phone: PhoneLink?

    /// `sdl` must stay alive until this App is gone: the App holds no reference to it, so the
    /// caller's own reference decides when SDL quits (after every font and texture is closed).
    init(options: AppOptions, sdl: SDLContext, log: InteractionLog?) throws {
        self.options = options
        self.log = log
        let placement = try FacilitatorPlacement.plan(options)
        do {
            window = try Window(title: "flick — \(options.demo.rawValue)", size: placement?.participant ?? options.size,
                                options: Window.Options(resizable: true, allowHighDPI: true, hidden: options.headless,
                                                        origin: placement?.participantOrigin.map { (Int($0.x), Int($0.y)) }))
        } catch {
            throw UserError("cannot open a window (\(error)); use --headless to draw without one")
        }
        // A live window's frames come before anything else of this user's (`FramePriority`).
        renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: options.software,
                                                                          vsync: options.vsync,
                                                                          raisesFrameThread: !options.headless,
                                                                          keepsSoftwareGL: options.keepsSoftwareGL))
        if let gl = renderer.glRenderer, renderer.isSoftware {
            note("GL is a software rasterizer (\(gl)): using Flick's software renderer, faster there (--gl keeps GL)")
        } else if let why = renderer.fallbackReason {
            note("no accelerated renderer (\(why)); using the software renderer")
        }
        events = EventSource(window: window)
        stage = Stage(viewport: options.stage, window: window.size, margin: options.look.present ? 0.015 : 0.04,
                      bottomInset: Self.taskBarInset(tasks: options.tasks, window: window.size))
        let fontPath = StageFont.path()
        overlay = Overlay()
        faces = CardFaces(images: options.cards.items, renderer: renderer, fontPath: fontPath, style: options.look.style)
        titles = CardTitles(renderer: renderer, fontPath: fontPath)
        stageView = try StageView(renderer: renderer, faces: faces, titles: titles,
                                  cornerRadius: options.stage != nil ? options.stageCornerRadius : 0)
        presentation = Presentation(isOn: options.look.present, touchesSetting: options.look.touches)
        toastView = ToastView(renderer: renderer, fontPath: fontPath)
        participantPanelView = ParticipantPanelView(renderer: renderer, fontPath: fontPath)
        if let path = options.configPath { watches.config = ConfigWatch(path: path) }
        tools = ToolUI(renderer: renderer, fontPath: fontPath, options: options, configWatch: watches.config)
        events.filter = tools.imgui
        player = options.replay
        let session = SessionState(recorded: options.replay?.recording.header, participant: options.participant,
                                   task: options.task, sdlStart: options.headless ? 0 : SDLContext.now, speed: options.speed)
        self.session = session
        // The header lists every card file with its size: made only when recording, so a large
        // deck does not stat every file before the first frame.
        let windowSize = window.size
        // The pictures as shown are kept beside the recording (Cards/CardStore.swift) while the
        // session runs (`CardKeeper`, Files/App+CardFolder.swift); the header waits for their hashes.
        let header = options.recordPath.map { _ in Self.header(options, session.info, window: windowSize) }
        let store = options.recordPath.map { CardStore(besideRecording: $0) }
        try store?.requireRealFolder()
        recorder = try options.recordPath.map {
            try Recorder(path: $0, header: header!, overwrite: options.overwrite, waitsForDevice: options.phone != nil,
                         waitsForCards: true)
        }
        stageView.imageFolder = options.cards.folder
        stageView.imageLook = options.look.session
        // Pictures a folder change adds are kept (recording) and drawn (replay) from the store.
        stageView.imageStore = (options.recordPath ?? options.replay?.path).map { CardStore(besideRecording: $0) }
        runner = SessionRunner(scene: CardScene(interaction: options.demo, count: options.count, viewport: stage.viewport,
                                                config: options.config, time: 0),
                               tasks: options.tasks, cardNames: Self.imageNames(options), sessionTask: options.task,
                               end: Self.replayEnd(options), course: Self.replayCourse(options))
        runner.stageKeptByPage = options.pageKeepsStage
        if options.replay == nil && !options.headless {
            watches.cards = CardFolderWatch(folder: options.cards.folder, names: Self.imageNames(options))
        }
        if options.facilitator {
            facilitatorWindow = try FacilitatorWindow(placement: placement, display: options.facilitatorDisplay,
                                                      hidden: options.headless, software: options.software, fontPath: fontPath)
            events.mainWindowID = window.id
            events.secondWindowID = facilitatorWindow?.window.id
            // A press's release goes to the window pressed, whichever has the keyboard.
            SDLContext.setMouseAutoCapture(false)
        }
        if let address = options.phone {
            let link = try PhoneLink(address: address, images: options.cards.items, style: options.look.style,
                                     engine: options.phoneEngine ? try PhoneServer.EngineFiles.find(for: "--phone-engine") : nil)
            phone = link
            note("phone: open \(link.url) on the participant's phone (the token in it is this session's; the facilitator window shows it as a QR code)")
            if isatty(STDERR_FILENO) != 0, let qr = link.qr {
                let block = qr.terminalLines().joined(separator: "\n") + "\n"
                try? FileHandle.standardError.write(contentsOf: Data(block.utf8))
            }
        }
        if let store, let header {
            let keeper = CardKeeper(store: store, folder: options.cards.folder, files: header.cardFiles)
            keeper.start()
            watches.keeping = CardKeeping(keeper: keeper, started: PerformanceClock.now)
        }
        try log?.started(time: 0, demo: options.demo, cards: scene.deck.count, window: window.size,
                         stage: stage.frame, session: session.info, viewport: scene.viewport, config: options.config,
                         configDescription: options.configDescription,
                         // A replay's log names the device its recording was made with, as the live log did.
                         device: options.phone != nil || options.replay?.recording.header?.device?.input == .touch ? .touch : nil,
                         plan: options.plan, renderer: renderer.summary, tasks: options.tasks?.tasks.map(\.name))
    }

    /// The card files by name: a replay's by the recorded names (a file gone since reads
    /// "x.png (missing)").
    var imageNames: [String] { Self.imageNames(options) }

    static func imageNames(_ options: AppOptions) -> [String] {
        options.replay?.recording.header?.cardFiles.map(\.name) ?? options.cards.items.map(\.fileName)
    }

    /// Seconds on the frame clock: session time (0 when the session started), the one time base
    /// of the scene, the log and the recording. A replay's clock runs at its own pace.
    /// A replay's clock stops at its session's end (`SessionRunner.end`, the recorded quit).
    func clock() -> Double {
        if options.headless { return runner.clamped(Double(headlessFrame) / 60) }
        if player != nil { return runner.clamped(session.replay.time) }
        if let pageEngine { return pageEngine.clock }
        return session.time(sdl: SDLContext.now)
    }

    /// Where a replay's session ends: the recording's end line (the live quit), in a window as
    /// headless. A headless run asked for frames past it (`--frames`, `--at` after the end) plays
    /// on as a recording without the line does, until the scene settles.
    static func replayEnd(_ options: AppOptions) -> Double? {
        guard let end = options.replay?.recording.end else { return nil }
        if options.headless, options.frames != nil || (options.screenshotAt ?? 0) > end { return nil }
        return end
    }

    /// The session from its first frame to its quit line. A write that fails (a full disk) or a
    /// display that goes still ends the session as a quit does: a gesture under way is closed in
    /// the log if the log can still be written; the first error is what the run throws.
    func run() throws {
        var failure: Error?
        do {
            if options.headless { try runHeadless() } else { try runWindow() }
        } catch {
            failure = error
        }
        if !options.headless { cancelGestureInProgress() }
        if let phone {
            // With the engine on the page a gesture is never cut by the host: the page's own
            // records close it, and what never came stays out.
            if phone.frames.dropped(), phone.engine == nil {
                runner.cancelHeldGesture(at: clock())
            }
            phone.server.stop()
            if let summary = phoneSummary() { note(summary) }
        }
        // The session's end, read once: the scene finishes there, the recording's end line and
        // the log's quit hold it, so a replay of the recording ends at the very same time.
        let end = clock()
        do { try finishScene(at: end) } catch { failure = failure ?? error }
        pageEngine?.finish(host: self)
        if phone != nil {
            if var line = phoneSummaryLine() {
                line.t = SceneEvent.microseconds(max(scene.time, end))
                logPhone(line)
            }
            if let phoneFailure = phone?.failure { failure = failure ?? phoneFailure }
        }
        do { try finishKeepingCards() } catch { failure = failure ?? error }
        do { try recorder?.finish(at: end) } catch { failure = failure ?? error }
        do { try log?.quit(time: max(scene.time, end)) } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// The window's frame loop, until a quit or a signal.
    private func runWindow() throws {
        while running && !Interrupt.isRequested {
            // A replay that reached its end shows it as it was: nothing moves after it.
            let idle = (scene.isAtRest || timeline.isPaused || runner.hasEnded) && !pointerOnStage && !timeline.hasQueuedInput
                && faces.isSettled && !hasTransientsOnScreen && !session.replayRunning(player)
            // A connected phone's touches arrive off SDL's queue: the wait is short while one is.
            // While something moves, input is sampled as late before the frame's refresh as its
            // drawing allows (`FrameLatch`); after an idle wait the frame draws at once.
            updateLatch()
            var target: (latch: Double, deadline: Double)?
            let input: [InputEvent]
            if idle {
                pacing.restart()
                input = events.wait(timeout: watches.idleWait(now: SDLContext.now, limit: phone?.isConnected == true ? 0.004 : 0.25))
            } else {
                // The decoder steps aside just before the latch.
                let faces = faces
                target = pacing.waitForLatch(comingSoon: { faces.frameComing() })
                input = events.poll()
            }
            let frameStart = PerformanceClock.now
            let inputsBefore = submittedInputs
            if target == nil { target = pacing.target(after: frameStart) }
            // Pointer to photon: each pointer event's timestamp, until this frame's present.
            var inputTimes: [Double] = []
            for case .pointer(let p) in input { inputTimes.append(p.time) }
            session.replay.tick(wall: SDLContext.now)
            for event in input { handle(event) }
            pumpPhone()
            if let phoneFailure = phone?.failure { throw phoneFailure }
            playDueInputs()
            if player == nil, let watch = watches.config, let config = watch.changedConfig() {
                submit(RecordedInput(t: clock(), .config(ConfigInput(config: config, path: watch.path))))
            }
            applyPanelChange()
            pollCardFolder()
            try pollCardKeeping()
            syncClock()
            advanceToNow()
            let news = try emitOutputs()
            publishPhoneFrame()
            replayEndCheck()
            if window.isMinimized {   // nothing to draw: a frame's wait instead of a spin
                faces.presented()   // the decoder, told a frame was coming, goes on
                usleep(UInt32((pacer.interval ?? 1.0 / 60) * 1_000_000))
                continue
            }
            // At rest, a wait that ended with no event and no output changed nothing on screen:
            // the frame is not drawn (a window at rest costs its waits, not 4 frames a second),
            // but once a second it is, for what shows the time (the facilitator's clock), and
            // for half a second after anything happened (the tool UI lays out a new window over
            // two frames).
            guard pacing.draws(at: frameStart, active: !idle || !input.isEmpty || news) else { continue }
            let drawStart = PerformanceClock.now
            try draw()
            let drawn = PerformanceClock.now
            renderer.present()
            let presentReturned = PerformanceClock.now
            faces.presented()
            try drawFacilitator()
            if fullscreenPending { enterStartFullscreen() }
            let presented = SDLContext.now
            for t in inputTimes { overlay.latency.add(input: t, presented: presented) }
            // The whole frame (events, scene, drawing, present) and the renderer's share of it.
            let end = PerformanceClock.now
            // Frames after an idle wait start a new run: the HUD's fps is that of motion.
            if idle { overlay.frameTimes.restart() }
            overlay.frameTimes.add(frame: end - frameStart, render: end - drawStart, at: end)
            if let target {
                // A present that waits for the display does its own work before the wait (not
                // told apart here): the drawing is the frame's work; otherwise the present is too.
                let waits = renderer.hasVsync
                pacing.record(target, latched: frameStart, workDone: waits ? drawn : presentReturned, presented: presentReturned,
                              displayWaits: waits, appliedInput: submittedInputs != inputsBefore)
            }
        }
    }

    /// The latch of paced frames, for the display's current refresh interval; nil when frames
    /// are not paced (`--no-vsync`).
    func updateLatch() {
        let interval: Double?
        if let paced = pacer.interval {
            interval = paced
        } else if renderer.hasVsync && options.vsync {
            interval = FramePacer(wantsVsync: true, rendererWaits: false, refreshRate: window.refreshRate).interval
        } else {
            interval = nil
        }
        pacing.pace(every: interval)
    }

    /// Frames in step with the display where the renderer does not wait for it (`FramePacer`).
    var pacer: FramePacer {
        FramePacer(wantsVsync: options.vsync, rendererWaits: renderer.hasVsync, refreshRate: window.refreshRate)
    }

    /// Quitting (Q, Escape, closing the window, a signal) with the button or finger still down
    /// on the stage: the gesture is cancelled through the recorded path, so the log closes it
    /// (`gesture_ended`, outcome cancelled) and a replay of the recording ends it the same way.
    /// Before, the log's last gesture had a `gesture_began` and no end.
    func cancelGestureInProgress() {
        guard player == nil, pointerOnStage else { return }
        pointerOnStage = false
        runner.cancelHeldGesture(at: clock())
    }

    // MARK: - Input

    func handle(_ event: InputEvent) {
        switch event {
        case .pointer(var p):
            if player != nil { return }   // a replay plays the recorded pointer only
            p.time = session.time(sdl: p.time)
            if panelPointer(p) { return }
            let local = stage.scenePoint(p.position)
            // Every press in the window is recorded, on the stage or on the surround around it:
            // the scene logs one that acts on nothing as a `missed` gesture with where it landed.
            if p.phase == .down {
                pointerOnStage = true
            } else if !pointerOnStage {
                return
            }
            if p.phase == .up || p.phase == .cancel { pointerOnStage = false }
            p.position = local
            submit(RecordedInput(t: p.time, .pointer(p)))
        case .wheel(let delta, let time, let precise):
            if player != nil { return }
            let time = session.time(sdl: time)
            let horizontal = scene.interaction != .now
            let d = horizontal ? (delta.dx != 0 ? delta.dx : delta.dy) : delta.dy
            if precise {
                submit(RecordedInput(t: time, .wheel(d / stage.scale)))
            } else if let n = wheelNotches(d) {
                submit(RecordedInput(t: time, .notches(n)))
            }
        case .key(let press):
            handleKey(press)
        case .text:
            // Text typed in the participant's window: the participant's keys act by their key
            // events, and nothing there types the facilitator's note (`RoleRouter`).
            break
        case .resized, .displayChanged, .windowRestored, .windowShown:
            relayout()
        case .renderTargetsReset:
            faces.removeAll()
            titles.removeAll()
            participantPanelView.removeAll()
            tools.imgui.releaseTextures()
        case .quit:
            requestQuit()
        case .windowLost:
            endAfterWindowLoss("the session's window")
        case .secondWindow(let e):
            handleFacilitator(e)
        default:
            break
        }
    }

    /// A key of the window: `KeyBindings` says what it does; the session clock takes its time.
    func handleKey(_ press: KeyPress) {
        var press = press
        press.time = session.time(sdl: press.time)
        if rolesApart { handleParticipantKey(press); return }
        if panelKey(press) { return }
        respond(to: press)
    }

    /// A key already on the session clock: its action from `KeyBindings`, with a replay's rules
    /// (`KeyAction.duringReplay`) and the line's own (modifiers, auto-repeats).
    func respond(to press: KeyPress) {
        guard let (binding, action) = KeyBindings.binding(for: press.key) else { return }
        if player != nil {
            switch action.duringReplay {
            case .acts: break
            case .ignored: return
            case .pausesPlayback:
                if binding.repeats || !press.isRepeat { toggleReplayPause() }
                return
            }
        }
        guard binding.acts(on: press) else { return }
        perform(action, at: press.time)
    }

    /// What a key asks for, at session time `t`.
    func perform(_ action: KeyAction, at t: Double) {
        switch action {
        case .interaction(let next):
            if next != scene.interaction { submit(RecordedInput(t: t, .interaction(next))) }
        case .throwOrPage(let direction):
            if scene.keyThrowDirections.contains(direction) {
                submit(RecordedInput(t: t, .command(Self.throwCommand(direction))))
            } else {
                let back = direction == .left || direction == .up
                submit(RecordedInput(t: t, .command(back ? .previousPage : .nextPage)))
            }
        case .previousCard: submit(RecordedInput(t: t, .command(.previousPage)))
        case .nextCard: submit(RecordedInput(t: t, .command(.nextPage)))
        case .throwCurrent: submit(RecordedInput(t: t, .command(.throwCurrent)))
        case .undo: submit(RecordedInput(t: t, .command(.undo)))
        case .reset: submit(RecordedInput(t: t, .command(.reset)))
        case .hud: overlay.hudVisible.toggle()
        case .fullscreen:
            try? window.setFullscreen(!window.isFullscreen)
            relayout()
        case .screenshot: screenshotRequested = true
        case .taskMarker: taskMarkerKey(at: t)
        case .tuningPanel: tools.panel.isOpen.toggle()
        case .debugOverlay: tools.overlay.isOn.toggle()
        case .slowMotion: setTime(timeline.isSlow ? .normal : .slow, at: t)
        case .pause: setTime(timeline.isPaused ? .resume : .pause, at: t)
        case .step: if timeline.isPaused { setTime(.step, at: t) }
        case .presentation: togglePresentation()
        case .quit: requestQuit()
        }
    }

    /// The scene's command that throws the current card toward `direction`.
    static func throwCommand(_ direction: ThrowDirection) -> CardScene.Command {
        switch direction {
        case .left: return .throwLeft
        case .right: return .throwRight
        case .up: return .throwUp
        case .down: return .throwDown
        }
    }

    var screenshotRequested = false
    /// `--fullscreen` waits for the first frame (see enterStartFullscreen).
    lazy var fullscreenPending = options.fullscreen && !options.headless
    /// Inputs the scene refused this session (HUD; each is a log line too).
    var refusedInputs = 0

    /// One input to the session at its frame-clock time (the runner keeps time from going back
    /// and hands the input as recorded to the sink, `emitOutputs`).
    func submit(_ input: RecordedInput) {
        var input = input
        if desk.facilitatorActing { input.byFacilitator = true }
        guard let input = pageEngine.map({ $0.admits(input, host: self) }) ?? input else { return }
        runner.submit(input, now: clock())
        submittedInputs += 1
    }

    /// A config edited or loaded in the tuning panel, once the scene is at rest: a recorded input
    /// like any other (a replay plays the recorded ones instead).
    func applyPanelChange() {
        guard player == nil, let change = tools.takeReadyChange(scene: scene) else { return }
        submit(RecordedInput(t: clock(), change: change))
    }

    /// Feeds the replay's inputs that are due by now, at their recorded times.
    func playDueInputs() {
        guard let player else { return }
        for input in player.due(by: clock()) { submit(input) }
    }

    /// Points at the window's right edge the phone keeps clear of: the tuning panel's, while it
    /// is open and drawn (never in presentation mode), when the phone centred in the window
    /// would reach under it.
    var panelInset: Double {
        guard tools.panel.isOpen, !presentation.isOn, ToolUI.panelFits(window: window.size) else { return 0 }
        let viewport = player != nil ? scene.viewport : options.stage
        let centred = Stage(viewport: viewport, window: window.size, margin: presentation.stageMargin)
        let inset = TuningPanel.width + 24
        return centred.frame.maxX > window.size.width - inset + 12 ? inset : 0
    }

    /// The window changed size or display: refit the stage; faces are remade at the new size.
    /// A replay keeps the recorded viewport and fits it into whatever window it has.
    func relayout() {
        if player != nil {
            stage = Stage(viewport: scene.viewport, window: window.size, margin: presentation.stageMargin, rightInset: panelInset,
                          bottomInset: taskBarInset)
        } else {
            stage = Stage(viewport: phone?.stage ?? options.stage, window: window.size, margin: presentation.stageMargin, rightInset: panelInset,
                          bottomInset: taskBarInset)
            if options.stage == nil, phone?.stage == nil, stage.viewport != scene.viewport {
                submit(RecordedInput(t: scene.time, .viewport(stage.viewport, window: window.size)))
            }
        }
    }

    // MARK: - Drawing

    func draw(settle: Bool = false) throws {
        relayoutIfNeeded()
        let px = renderer.pixelScale
        var theme = Theme.of(scene.interaction)
        if presentation.isOn { theme.window = Presentation.surround }
        try renderer.resetViewport()
        // The stage as the study tools draw it, with the press feedback and the touch dot.
        let problems = try stageView.draw(scene, list: pressed(scene.renderList), stage: stage, area: window.size,
                                          pixelScale: px, outside: theme.window, settle: settle) { scale in
            try self.drawOnStage(scale: scale)
        }
        for problem in problems { warn("\(problem)") }
        // Presentation mode: the tool UI draws no window (an empty ImGui frame, so no window
        // left from before keeps taking clicks).
        tools.presenting = presentation.isOn
        try tools.draw(scene: scene, stage: stage, window: window.size, pointerDown: pointerOnStage, now: clock(),
                       events: overlay.recent, hud: overlay.hudVisible ? hudLines() : nil)
        try drawParticipantPanel(pixelScale: px)
        if screenshotRequested {
            screenshotRequested = false
            saveScreenshot()   // before the toast, which it announces
        }
        try drawToasts(pixelScale: px)
    }

    func hudLines() -> [String] {
        let stats = faces.statistics
        let held = tools.overlay.pointer.map { $0.phase == .down || $0.phase == .move } ?? false
        return (timeDescription.map { ["time: \($0)"] } ?? []) + [
            Self.frameLine(overlay.frameTimes),
        ] + phoneHUDLines() + [
            overlay.latency.percentiles.map {
                String(format: "pointer to photon %.0f ms median, %.0f p99 (%d inputs)", $0.median * 1000, $0.p99 * 1000,
                       overlay.latency.count)
            } ?? "pointer to photon: no input yet",
            Self.pointerLine(velocity: scene.pointerVelocity, held: held),
            "gesture \(scene.gestureDescription)",
            "cards \(scene.deck.count)  views \(scene.pool.liveCount)/\(scene.viewBound)  refused inputs \(refusedInputs)",
            "face textures \(stats.textures) (max \(stats.maxTextures))  decoded \(stats.decodes)  uploads \(stats.uploads)",
            "renderer \(renderer.summary)\(renderer.hasVsync ? " vsync" : pacer.description.map { ", \($0)" } ?? ", unpaced")"
                + (renderer.compositesOnCPU ? ", cards composited on the CPU (pixman)" : ", cards drawn by the GPU"),
            pacing.latch.map {
                String(format: "input latched %.1f ms before each refresh (%d of %d frames late)", $0.lead * 1000, $0.missed, $0.frames)
                    + (pacing.realtime ? String(format: ", real-time, woken %.2f ms early", $0.earlyWake * 1000) : "")
            } ?? "input sampled at the start of each frame (unpaced)",
        ]
    }

    /// Frames now: the running figures while something moves; while idle, that no frames are
    /// drawn, with the last run of motion labelled as past (not shown as if current).
    nonisolated static func frameLine(_ f: FrameTimes) -> String {
        if !f.isIdle {
            let m = f.median
            return String(format: "%.0f fps  %.1f ms/frame (render + present %.1f)", f.fps, m.frame * 1000, m.render * 1000)
        }
        guard let last = f.lastRun else { return "idle: nothing moves, no frames drawn" }
        return String(format: "idle: no frames drawn (last motion %.0f fps, %.1f ms/frame)", last.fps, last.frame * 1000)
    }

    /// The pointer's velocity while it is held; once released the pointer is at rest (0), and
    /// the release velocity is said as such.
    nonisolated static func pointerLine(velocity v: Vector, held: Bool) -> String {
        held ? String(format: "pointer %.0f, %.0f pt/s", v.dx, v.dy)
            : String(format: "pointer up, 0 pt/s (released at %.0f, %.0f pt/s)", v.dx, v.dy)
    }
}

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
