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
}
