import FlickIO
import FlickStage
import FlickSession
import FlickEngine
import FlickPhone
import FlickSDL
import Foundation

/// The window's composition root: the session core (`SessionRunner`) with the ports around it,
/// built from the options. Each frame the sources are polled (the windows' input, the replay,
/// the phone, the edits), their inputs submitted, the session advanced to now, its outputs
/// handed to every sink (the log, the recording, the desk, the views), and the screen drawn.
@MainActor
final class App {
    let options: AppOptions
    /// The session itself: scene, time controls, tasks, the late-input and end-of-session
    /// rules (FlickSession's `SessionRunner`, the same core every replay and tool runs).
    /// Each new one (a restart, a loop) keeps the device's rules.
    var runner: SessionRunner {
        didSet { runner.stageKeptByPage = options.pageKeepsStage }
    }
    /// The session: its id and clock, the replay's pace, markers (App+Session.swift).
    var session: SessionState
    /// The participant's window: what is drawn, and the frame's pacing (Ports/ParticipantScreen.swift).
    let screen: ParticipantScreen
    /// SDL's events of both windows (Ports/WindowInput.swift).
    let input: WindowInput
    /// `--replay`: the recording's inputs, played at their times.
    let player: Player?
    /// The sources asked each frame after the windows' events: the replay, or the --config
    /// file, the tuning panel and the --cards folder (Ports/InputSources.swift).
    let sources: InputSources
    /// The log and the recording (Ports/SessionSinks.swift).
    let sinks: SessionSinks
    /// The facilitator's desk and window, the toasts, the participant's side (Ports/Roles.swift).
    let roles: Roles
    /// `--phone`: the participant's phone, its server and what the app keeps of it (Ports/PhoneLink.swift).
    let phone: PhoneLink?

    var scene: CardScene { runner.scene }
    var timeline: SceneTimeline { runner.timeline }
    var study: StudyInputs { runner.study }

    /// `sdl` must stay alive until this App is gone: the App holds no reference to it, so the
    /// caller's own reference decides when SDL quits (after every font and texture is closed).
    init(options: AppOptions, sdl: SDLContext, log: InteractionLog?) throws {
        self.options = options
        let placement = try FacilitatorPlacement.plan(options)
        let screen = try ParticipantScreen(options: options, placement: placement)
        self.screen = screen
        let input = WindowInput(window: screen.window)
        self.input = input
        var watches = FileWatches()
        if let path = options.configPath { watches.config = ConfigWatch(path: path) }
        let tools = ToolUI(renderer: screen.renderer, fontPath: screen.fontPath, options: options, configWatch: watches.config)
        input.events.filter = tools.imgui
        player = options.replay
        let session = SessionState(recorded: options.replay?.recording.header, participant: options.participant,
                                   task: options.task, sdlStart: options.headless ? 0 : SDLContext.now, speed: options.speed)
        self.session = session
        let (sinks, keeper) = try SessionSinks.make(options, info: session.info, window: screen.window.size, log: log)
        self.sinks = sinks
        runner = Self.runner(options, viewport: screen.stage.viewport)
        roles = try Roles(options, placement: placement, screen: screen, input: input)
        phone = try PhoneLink.open(options)
        if let keeper {
            keeper.start()
            watches.keeping = CardKeeping(keeper: keeper, started: PerformanceClock.now)
        }
        sources = InputSources(tools: tools, watches: watches,
                               list: Self.composeSources(options, player: options.replay, tools: tools, watches: watches,
                                                         store: keeper?.store))
        try log?.started(time: 0, demo: options.demo, cards: runner.scene.deck.count, window: screen.window.size,
                         stage: screen.stage.frame, session: session.info, viewport: runner.scene.viewport, config: options.config,
                         configDescription: options.configDescription,
                         // A replay's log names the device its recording was made with, as the live log did.
                         device: options.phone != nil || options.replay?.recording.header?.device?.input == .touch ? .touch : nil,
                         plan: options.plan, renderer: screen.renderer.summary, tasks: options.tasks?.tasks.map(\.name))
    }

    /// The session core `options` asks for: the scene on the stage's viewport, with the tasks,
    /// the card names and, for a replay, its end and course.
    static func runner(_ options: AppOptions, viewport: Size) -> SessionRunner {
        let runner = SessionRunner(scene: CardScene(interaction: options.demo, count: options.count, viewport: viewport,
                                                    config: options.config, time: 0),
                                   tasks: options.tasks, cardNames: imageNames(options), sessionTask: options.task,
                                   end: replayEnd(options), course: replayCourse(options))
        runner.stageKeptByPage = options.pageKeepsStage
        return runner
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
        if options.headless { return runner.clamped(Double(screen.headlessFrame) / 60) }
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
            if phone.stream.end(), phone.engine == nil {
                runner.cancelHeldGesture(at: clock())
            }
            phone.server.stop()
            note(phone.summary())
        }
        // The session's end, read once: the scene finishes there, the recording's end line and
        // the log's quit hold it, so a replay of the recording ends at the very same time.
        let end = clock()
        do { try finishScene(at: end) } catch { failure = failure ?? error }
        pageEngine?.finish(host: self)
        if phone != nil {
            if var line = phone?.summaryLine(at: clock()) {
                line.t = SceneEvent.microseconds(max(scene.time, end))
                logPhone(line)
            }
            if let phoneFailure = phone?.failure { failure = failure ?? phoneFailure }
        }
        do { try finishKeepingCards() } catch { failure = failure ?? error }
        do { try sinks.recorder?.finish(at: end) } catch { failure = failure ?? error }
        do { try sinks.log?.quit(time: max(scene.time, end)) } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// The window's frame loop, until a quit or a signal: poll the sources, submit what they
    /// give, advance the session, hand its outputs to every sink, draw (App+Frame.swift).
    private func runWindow() throws {
        while input.running && !Interrupt.isRequested {
            let idle = isIdle
            let polled = waitForInput(idle: idle)
            let frame = FrameMarks(start: PerformanceClock.now, inputsBefore: screen.submittedInputs, target: polled.target,
                                   inputTimes: polled.events.compactMap { if case .pointer(let p) = $0 { p.time } else { nil } })
            try takeSources(polled.events)
            advanceToNow()
            let news = try emitOutputs()
            publishPhoneFrame()
            replayEndCheck()
            if screen.window.isMinimized {
                waitWhileMinimized()
                continue
            }
            // At rest, a wait that ended with no event and no output changed nothing on screen
            // (`FramePacing.draws`): the frame is not drawn.
            guard screen.pacing.draws(at: frame.start, active: !idle || !polled.events.isEmpty || news) else { continue }
            try drawFrame(frame, idle: idle)
        }
    }

    /// The latch of paced frames, for the display's current refresh interval; nil when frames
    /// are not paced (`--no-vsync`).
    func updateLatch() {
        let interval: Double?
        if let paced = pacer.interval {
            interval = paced
        } else if screen.renderer.hasVsync && options.vsync {
            interval = FramePacer(wantsVsync: true, rendererWaits: false, refreshRate: screen.window.refreshRate).interval
        } else {
            interval = nil
        }
        screen.pacing.pace(every: interval)
    }

    /// Frames in step with the display where the renderer does not wait for it (`FramePacer`).
    var pacer: FramePacer {
        FramePacer(wantsVsync: options.vsync, rendererWaits: screen.renderer.hasVsync, refreshRate: screen.window.refreshRate)
    }

    /// Quitting (Q, Escape, closing the window, a signal) with the button or finger still down
    /// on the stage: the gesture is cancelled through the recorded path, so the log closes it
    /// (`gesture_ended`, outcome cancelled) and a replay of the recording ends it the same way.
    /// Before, the log's last gesture had a `gesture_began` and no end.
    func cancelGestureInProgress() {
        guard player == nil, input.pointerOnStage else { return }
        input.pointerOnStage = false
        runner.cancelHeldGesture(at: clock())
    }

    // MARK: - Input

    func handle(_ event: InputEvent) {
        switch event {
        case .pointer(var p):
            if player != nil { return }   // a replay plays the recorded pointer only
            p.time = session.time(sdl: p.time)
            if panelPointer(p) { return }
            let local = screen.stage.scenePoint(p.position)
            // Every press in the window is recorded, on the stage or on the surround around it:
            // the scene logs one that acts on nothing as a `missed` gesture with where it landed.
            if p.phase == .down {
                input.pointerOnStage = true
            } else if !input.pointerOnStage {
                return
            }
            if p.phase == .up || p.phase == .cancel { input.pointerOnStage = false }
            p.position = local
            submit(RecordedInput(t: p.time, .pointer(p)))
        case .wheel(let delta, let time, let precise):
            if player != nil { return }
            let time = session.time(sdl: time)
            let horizontal = scene.interaction != .now
            let d = horizontal ? (delta.dx != 0 ? delta.dx : delta.dy) : delta.dy
            if precise {
                submit(RecordedInput(t: time, .wheel(d / screen.stage.scale)))
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
            screen.faces.removeAll()
            screen.titles.removeAll()
            roles.panelView.removeAll()
            sources.tools.imgui.releaseTextures()
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
        case .hud: screen.overlay.hudVisible.toggle()
        case .fullscreen:
            try? screen.window.setFullscreen(!screen.window.isFullscreen)
            relayout()
        case .screenshot: screen.screenshotRequested = true
        case .taskMarker: taskMarkerKey(at: t)
        case .tuningPanel: sources.tools.panel.isOpen.toggle()
        case .debugOverlay: sources.tools.overlay.isOn.toggle()
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


    /// One input to the session at its frame-clock time (the runner keeps time from going back
    /// and hands the input as recorded to the sink, `emitOutputs`).
    func submit(_ input: RecordedInput) {
        var input = input
        if roles.desk.facilitatorActing { input.byFacilitator = true }
        guard let input = pageEngine.map({ $0.admits(input, host: self) }) ?? input else { return }
        runner.submit(input, now: clock())
        screen.submittedInputs += 1
    }

    /// Every listed source's inputs of this frame, in the list's order (`InputSources`).
    func takeListedSources() {
        let frame = SourceFrame(now: clock(), wall: options.headless ? 0 : SDLContext.now, scene: scene)
        for source in sources.list {
            for input in source.take(frame) { submit(input) }
        }
    }

    /// The composition of the sources, in the order they are asked: a replay plays only its
    /// recording; a live session takes the --config file (in a window), the tuning panel, and
    /// the --cards folder (in a window), whose new pictures are kept beside the recording.
    static func composeSources(_ options: AppOptions, player: Player?, tools: ToolUI, watches: FileWatches,
                               store: CardStore?) -> [any InputSource] {
        if let player { return [ReplaySource(player)] }
        var list: [any InputSource] = []
        if !options.headless, let watch = watches.config { list.append(ConfigFileSource(watch)) }
        list.append(tools)
        if !options.headless {
            list.append(CardFolderSource(watch: CardFolderWatch(folder: options.cards.folder, names: imageNames(options)),
                                         folder: options.cards.folder, store: store))
        }
        return list
    }

    /// Points at the window's right edge the phone keeps clear of: the tuning panel's, while it
    /// is open and drawn (never in presentation mode), when the phone centred in the window
    /// would reach under it.
    var panelInset: Double {
        guard sources.tools.panel.isOpen, !screen.presentation.isOn, ToolUI.panelFits(window: screen.window.size) else { return 0 }
        let viewport = player != nil ? scene.viewport : options.stage
        let centred = Stage(viewport: viewport, window: screen.window.size, margin: screen.presentation.stageMargin)
        let inset = TuningPanel.width + 24
        return centred.frame.maxX > screen.window.size.width - inset + 12 ? inset : 0
    }

    /// The window changed size or display: refit the stage; faces are remade at the new size.
    /// A replay keeps the recorded viewport and fits it into whatever window it has.
    func relayout() {
        if player != nil {
            screen.stage = Stage(viewport: scene.viewport, window: screen.window.size, margin: screen.presentation.stageMargin, rightInset: panelInset,
                          bottomInset: taskBarInset)
        } else {
            screen.stage = Stage(viewport: phone?.stage ?? options.stage, window: screen.window.size, margin: screen.presentation.stageMargin, rightInset: panelInset,
                          bottomInset: taskBarInset)
            if options.stage == nil, phone?.stage == nil, screen.stage.viewport != scene.viewport {
                submit(RecordedInput(t: scene.time, .viewport(screen.stage.viewport, window: screen.window.size)))
            }
        }
    }

    // MARK: - Drawing

    func draw(settle: Bool = false) throws {
        relayoutIfNeeded()
        let px = screen.renderer.pixelScale
        var theme = Theme.of(scene.interaction)
        if screen.presentation.isOn { theme.window = Presentation.surround }
        try screen.renderer.resetViewport()
        // The stage as the study tools draw it, with the press feedback and the touch dot.
        let problems = try screen.stageView.draw(scene, list: pressed(scene.renderList), stage: screen.stage, area: screen.window.size,
                                          pixelScale: px, outside: theme.window, settle: settle) { scale in
            try self.drawOnStage(scale: scale)
        }
        for problem in problems { warn("\(problem)") }
        // Presentation mode: the tool UI draws no window (an empty ImGui frame, so no window
        // left from before keeps taking clicks).
        sources.tools.presenting = screen.presentation.isOn
        try sources.tools.draw(scene: scene, stage: screen.stage, window: screen.window.size, pointerDown: input.pointerOnStage, now: clock(),
                       events: screen.overlay.recent, hud: screen.overlay.hudVisible ? hudLines() : nil)
        try roles.participant.draw(participantPanel, on: roles.panelView, window: screen.window.size, pixelScale: px)
        if screen.screenshotRequested {
            screen.screenshotRequested = false
            saveScreenshot()   // before the toast, which it announces
        }
        try drawToasts(pixelScale: px)
    }

    func hudLines() -> [String] {
        let stats = screen.faces.statistics
        let held = sources.tools.overlay.pointer.map { $0.phase == .down || $0.phase == .move } ?? false
        return (timeDescription.map { ["time: \($0)"] } ?? []) + [
            Self.frameLine(screen.overlay.frameTimes),
        ] + (phone?.hudLines() ?? []) + [
            screen.overlay.latency.percentiles.map {
                String(format: "pointer to photon %.0f ms median, %.0f p99 (%d inputs)", $0.median * 1000, $0.p99 * 1000,
                       screen.overlay.latency.count)
            } ?? "pointer to photon: no input yet",
            Self.pointerLine(velocity: scene.pointerVelocity, held: held),
            "gesture \(scene.gestureDescription)",
            "cards \(scene.deck.count)  views \(scene.pool.liveCount)/\(scene.viewBound)  refused inputs \(sinks.refusedInputs)",
            "face textures \(stats.textures) (max \(stats.maxTextures))  decoded \(stats.decodes)  uploads \(stats.uploads)",
            "renderer \(screen.renderer.summary)\(screen.renderer.hasVsync ? " vsync" : pacer.description.map { ", \($0)" } ?? ", unpaced")"
                + (screen.renderer.compositesOnCPU ? ", cards composited on the CPU (pixman)" : ", cards drawn by the GPU"),
            screen.pacing.latch.map {
                String(format: "input latched %.1f ms before each refresh (%d of %d frames late)", $0.lead * 1000, $0.missed, $0.frames)
                    + (screen.pacing.realtime ? String(format: ", real-time, woken %.2f ms early", $0.earlyWake * 1000) : "")
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
