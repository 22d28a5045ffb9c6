import FlickStudy
import FlickStage
import FlickPhone
import FlickCLI
import FlickSession
import FlickEngine
import FlickSDL

/// Presentation mode (`Tab`, `--present`): only the phone, centred and scaled to the window on
/// black, nothing else drawn outside it; and the touch indicator, a soft dot under the pointer
/// while it is pressed that fades on release, so observers and screen recordings can follow
/// the gestures (on by default in presentation mode, `--touches on|off`).
struct Presentation {
    var isOn: Bool
    /// nil: the indicator follows presentation mode.
    var touchesSetting: Bool?
    var touch = TouchIndicator()

    var showsTouches: Bool { touchesSetting ?? isOn }
    /// The stage's margin: presentation uses the window almost to the edge.
    var stageMargin: Double { isOn ? 0.015 : 0.04 }
    /// Black around the phone: nothing to look at but the phone.
    static let surround = RGBA(0, 0, 0)
}
