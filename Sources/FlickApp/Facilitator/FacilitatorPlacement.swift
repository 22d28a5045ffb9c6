import FlickEngine
import FlickSDL
import FlickIO

/// Where the participant's and the facilitator's windows go (`--facilitator`): never over each
/// other. On a display of its own (`--facilitator-display N`), each window is centred on its
/// display. On one display they sit side by side; when they do not fit at the asked sizes, the
/// participant's window (then the facilitator's) is made narrower and lower down to a minimum,
/// and below that Flick refuses, saying the sizes that would fit.
struct FacilitatorPlacement: Equatable {
    /// Content sizes, points.
    var participant: Size
    var facilitator: Size
    /// Top-left corners (desktop points); nil: centred on its display as SDL opens it.
    var participantOrigin: Point?
    var facilitatorOrigin: Point?
    /// The participant's window is smaller than asked, to fit.
    var participantShrunk = false

    static let gap = 16.0
    /// The smallest participant window that still shows a phone, and the smallest facilitator
    /// window that still shows its text.
    static let participantMinimum = Size(width: 320, height: 480)
    static let facilitatorMinimum = Size(width: 420, height: 480)

    /// Both windows on one display of usable bounds `bounds`, side by side and centred: at the
    /// asked sizes when they fit, else smaller (the participant's window first); a one-line
    /// error with the sizes that would fit when not even the minimums do.
    static func sideBySide(participant: Size, facilitator: Size, bounds: Rect, display: Int) throws -> FacilitatorPlacement {
        let minimumWidth = participantMinimum.width + gap + facilitatorMinimum.width
        let minimumHeight = max(participantMinimum.height, facilitatorMinimum.height)
        guard bounds.width >= minimumWidth, bounds.height >= minimumHeight else {
            throw UserError("the participant and facilitator windows do not fit side by side on display \(display) "
                + "(\(Int(bounds.width))x\(Int(bounds.height)) usable): they need at least \(Int(minimumWidth))x\(Int(minimumHeight)) "
                + "(participant \(text(participantMinimum)), facilitator \(text(facilitatorMinimum)), \(Int(gap)) apart); "
                + "use a larger screen, or --facilitator-display with a second one")
        }
        var p = Size(width: participant.width, height: min(participant.height, bounds.height))
        var f = Size(width: facilitator.width, height: min(facilitator.height, bounds.height))
        p.height = max(p.height, participantMinimum.height)
        f.height = max(f.height, facilitatorMinimum.height)
        let room = bounds.width - gap
        if p.width + f.width > room {
            p.width = max(participantMinimum.width, room - f.width)
            if p.width + f.width > room { f.width = max(facilitatorMinimum.width, room - p.width) }
        }
        let x = bounds.minX + ((bounds.width - (p.width + gap + f.width)) / 2).rounded(.down)
        return FacilitatorPlacement(
            participant: p, facilitator: f,
            participantOrigin: Point(x: x, y: bounds.minY + ((bounds.height - p.height) / 2).rounded(.down)),
            facilitatorOrigin: Point(x: x + p.width + gap, y: bounds.minY + ((bounds.height - f.height) / 2).rounded(.down)),
            participantShrunk: p.width < participant.width || p.height < participant.height)
    }

    /// Each window on a display of its own: the facilitator's on `facilitatorDisplay` of
    /// `displays` (checked: a display that is not there is a one-line error listing those that
    /// are), each no larger than its display.
    static func apart(participant: Size, facilitator: Size, participantBounds: Rect?, facilitatorBounds: Rect?,
                      facilitatorDisplay: Int, displays: Int) throws -> FacilitatorPlacement {
        guard (0..<displays).contains(facilitatorDisplay), let fb = facilitatorBounds else {
            throw UserError("--facilitator-display \(facilitatorDisplay): there is no such display (SDL sees \(displays): "
                + (displays == 1 ? "0" : "0 to \(displays - 1)") + ")")
        }
        func fit(_ s: Size, _ b: Rect?) -> Size {
            guard let b else { return s }
            return Size(width: min(s.width, b.width), height: min(s.height, b.height))
        }
        let p = fit(participant, participantBounds)
        return FacilitatorPlacement(participant: p, facilitator: fit(facilitator, fb), participantOrigin: nil,
                                    facilitatorOrigin: nil, participantShrunk: p != participant)
    }

    static func text(_ s: Size) -> String { "\(Int(s.width))x\(Int(s.height))" }
}

extension FacilitatorPlacement {
    /// The placement of a live session's two windows (nil without a facilitator window, or
    /// headless, or when SDL cannot say how large the display is); `notes`: say so when the
    /// participant window is made smaller.
    @MainActor
    static func plan(_ options: AppOptions, notes: Bool = true) throws -> FacilitatorPlacement? {
        guard options.facilitator, !options.headless else { return nil }
        let displays = Window.displayCount
        let own = options.facilitatorDisplay.map { $0 != 0 } ?? false
        let placement: FacilitatorPlacement
        if own, let n = options.facilitatorDisplay {
            placement = try apart(participant: options.size, facilitator: FacilitatorWindow.size,
                                  participantBounds: Window.usableBounds(display: 0),
                                  facilitatorBounds: (0..<displays).contains(n) ? Window.usableBounds(display: n) : nil,
                                  facilitatorDisplay: n, displays: displays)
        } else {
            if options.fullscreen {
                throw UserError("--fullscreen would cover the facilitator window on the same display: "
                    + (displays > 1 ? "add --facilitator-display 1" : "leave out --fullscreen (there is one display)"))
            }
            guard let bounds = Window.usableBounds(display: 0) else { return nil }
            placement = try sideBySide(participant: options.size, facilitator: FacilitatorWindow.size, bounds: bounds, display: 0)
        }
        if notes && placement.participantShrunk {
            note("the participant window is \(text(placement.participant)) (asked \(text(options.size))), to fit "
                + (own ? "its display" : "beside the facilitator window"))
        }
        return placement
    }
}
