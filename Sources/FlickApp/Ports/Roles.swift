import FlickSDL

/// The people around the session: the facilitator's desk (the note being typed, the live feed,
/// the releases) with its window (`--facilitator`), the toasts said to whoever reads the
/// window, and the participant's side (task text, Done and Give up, SEQ and SUS) with its panel.
@MainActor
final class Roles {
    var desk = FacilitatorDesk()
    /// `--facilitator`: the second window.
    let facilitatorWindow: FacilitatorWindow?
    var toasts = Toasts()
    /// The participant's side: its panel, its keys and its answers.
    let participant = ParticipantPanel()
    let panelView: ParticipantPanelView

    init(facilitatorWindow: FacilitatorWindow?, panelView: ParticipantPanelView) {
        self.facilitatorWindow = facilitatorWindow
        self.panelView = panelView
    }

    /// The roles `options` asks for: with `--facilitator` its window, placed as planned, whose
    /// events `input` tells from the participant's window's.
    convenience init(_ options: AppOptions, placement: FacilitatorPlacement?, screen: ParticipantScreen,
                     input: WindowInput) throws {
        var facilitatorWindow: FacilitatorWindow?
        if options.facilitator {
            facilitatorWindow = try FacilitatorWindow(placement: placement, display: options.facilitatorDisplay,
                                                      hidden: options.headless, software: options.software, fontPath: screen.fontPath)
            input.events.mainWindowID = screen.window.id
            input.events.secondWindowID = facilitatorWindow?.window.id
            // A press's release goes to the window pressed, whichever has the keyboard.
            SDLContext.setMouseAutoCapture(false)
        }
        self.init(facilitatorWindow: facilitatorWindow,
                  panelView: ParticipantPanelView(renderer: screen.renderer, fontPath: screen.fontPath))
    }
}
