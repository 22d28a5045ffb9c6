import FlickEngine
import FlickIO
import FlickSDL
import FlickSession
import FlickStage

/// The participant's window, the session's screen: the SDL window with its renderer, the views
/// that draw the stage and the toasts, the stage's place in the window, presentation mode, the
/// HUD's overlay, and the frame's own state (its pacing, the press feedback, a screenshot or
/// fullscreen asked for). It draws what it is handed; it never changes the session.
@MainActor
final class ParticipantScreen {
    let window: Window
    let renderer: Renderer
    /// The stage renderer the study tools draw through too (FlickStage's `StageView`).
    let stageView: StageView
    let faces: CardFaces
    let titles: CardTitles
    let toastView: ToastView
    let touchDot = TouchDot()
    /// The HUD's figures and the side panel's newest events (Overlay.swift).
    let overlay = Overlay()
    let fontPath: String?
    /// Where the stage sits in the window (points).
    var stage: Stage
    /// Presentation mode and the touch indicator (Presentation.swift).
    var presentation: Presentation
    /// The current card a tap pressed, and when (a short press feedback, App+Cards.swift).
    var pressedCard: (card: CardID, at: Double)?
    /// P was pressed: the next frame drawn is saved.
    var screenshotRequested = false
    /// `--fullscreen` waits for the first frame (`App.enterStartFullscreen`).
    var fullscreenPending: Bool
    /// When paced frames sample their input and whether a frame at rest is drawn (`App.updateLatch`).
    var pacing = FramePacing()
    /// Inputs submitted to the session so far: a frame that submitted some applied input (the
    /// latch keeps such frames' render times apart).
    var submittedInputs = 0
    /// The clock of headless frames: a fixed 60 Hz from session time 0.
    var headlessFrame = 0

    /// Opens the window (where `placement` puts it beside the facilitator's) and its renderer.
    init(options: AppOptions, placement: FacilitatorPlacement?) throws {
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
        stage = Stage(viewport: options.stage, window: window.size, margin: options.look.present ? 0.015 : 0.04,
                      bottomInset: App.taskBarInset(tasks: options.tasks, window: window.size))
        fontPath = StageFont.path()
        faces = CardFaces(images: options.cards.items, renderer: renderer, fontPath: fontPath, style: options.look.style)
        titles = CardTitles(renderer: renderer, fontPath: fontPath)
        stageView = try StageView(renderer: renderer, faces: faces, titles: titles,
                                  cornerRadius: options.stage != nil ? options.stageCornerRadius : 0)
        stageView.imageFolder = options.cards.folder
        stageView.imageLook = options.look.session
        // Pictures a folder change adds are kept (recording) and drawn (replay) from the store.
        stageView.imageStore = (options.recordPath ?? options.replay?.path).map { CardStore(besideRecording: $0) }
        presentation = Presentation(isOn: options.look.present, touchesSetting: options.look.touches)
        toastView = ToastView(renderer: renderer, fontPath: fontPath)
        fullscreenPending = options.fullscreen && !options.headless
    }
}
