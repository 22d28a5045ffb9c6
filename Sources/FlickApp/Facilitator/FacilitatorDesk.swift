import FlickEngine
import FlickSession
import Foundation

/// What the facilitator window shows besides the session's own state: the note being typed, the
/// live stream of what happened (scene events, markers, notes, tasks), and every card release
/// for the decision map. Plain data, filled whether or not the window is open.
struct FacilitatorDesk {
    /// The note being typed (Enter saves it as a recorded input).
    var draft = ""
    /// Newest last.
    private(set) var feed: [FeedLine] = []
    /// Card releases as fractions of the throw thresholds, and whether the card went.
    private(set) var releases: [(distance: Double, speed: Double, crossed: Bool)] = []

    struct FeedLine: Equatable {
        enum Kind { case event, marker, note, task }
        var text: String
        var kind: Kind
    }

    /// When the facilitator asked to quit a recorded session (SDL seconds); a second ask within
    /// `quitWindow` seconds quits.
    var quitAskedAt: Double?
    static let quitWindow = 5.0
    /// True while a key of the facilitator window is being carried out: what it submits is
    /// recorded as the facilitator's (`RecordedInput.byFacilitator`).
    var facilitatorActing = false

    /// When Enter was pressed with an SEQ waiting (SDL seconds): a second within `quitWindow`
    /// starts the next task.
    var enterAskedAt: Double?
    /// When the facilitator's window last said that a key in the participant's window did
    /// nothing (SDL seconds); said at most every `wrongWindowInterval` seconds.
    var wrongWindowSaidAt: Double?
    static let wrongWindowInterval = 3.0

    /// What Enter in the facilitator's window does.
    enum EnterOutcome: Equatable {
        /// The typed note, to save.
        case saveNote(String)
        /// An SEQ waits: asked, nothing done.
        case askFirst
        /// The next task marker.
        case nextTask
    }

    /// Enter at `now` (SDL seconds): a typed note is saved, and nothing else done; with an SEQ
    /// waiting (`seqWaiting`), the first Enter asks and a second within `quitWindow` seconds
    /// goes on; otherwise the next task marker.
    mutating func enter(seqWaiting: Bool, now: Double) -> EnterOutcome {
        if let text = takeDraft() {
            enterAskedAt = nil
            return .saveNote(text)
        }
        return nextTask(seqWaiting: seqWaiting, now: now)
    }

    /// A press that starts the next task (Enter with no draft, or M) at `now`: with an SEQ
    /// waiting, the first asks and a second within `quitWindow` seconds goes on.
    mutating func nextTask(seqWaiting: Bool, now: Double) -> EnterOutcome {
        if seqWaiting, !(enterAskedAt.map { now - $0 <= Self.quitWindow } ?? false) {
            enterAskedAt = now
            return .askFirst
        }
        enterAskedAt = nil
        return .nextTask
    }

    /// A quit was asked and not yet let lapse at `now`.
    func quitPending(at now: Double) -> Bool {
        quitAskedAt.map { now - $0 <= Self.quitWindow } ?? false
    }

    static let feedLimit = 200
    static let releaseLimit = 2000
    static let draftLimit = SessionLimits.noteLength

    mutating func add(_ text: String, _ kind: FeedLine.Kind, at t: Double) {
        feed.append(FeedLine(text: String(format: "%7.2f  ", t) + text, kind: kind))
        if feed.count > Self.feedLimit { feed.removeFirst(feed.count - Self.feedLimit) }
    }

    mutating func event(_ e: SceneEvent, release: ReleaseRecord?, text: String? = nil) {
        feed.append(FeedLine(text: text ?? Overlay.describe(e), kind: .event))
        if feed.count > Self.feedLimit { feed.removeFirst(feed.count - Self.feedLimit) }
        if let r = release, case .gestureEnded(_, _, _, _, let outcome, _) = e {
            releases.append((r.distanceFraction, r.speedFraction, outcome == .thrown || outcome == .broughtBack))
            if releases.count > Self.releaseLimit { releases.removeFirst(releases.count - Self.releaseLimit) }
        }
    }

    /// Typed text, appended to the draft whatever it starts with (markers and pause are on
    /// function keys, so a note may start with a digit or a space).
    mutating func type(_ text: String) {
        draft = String((draft + text).prefix(Self.draftLimit).filter { !$0.isNewline })
    }

    /// The draft as a note to save, whole as typed (a leading space or digit is the note's);
    /// nil when there is nothing but spaces to save.
    mutating func takeDraft() -> String? {
        let text = draft
        draft = ""
        return text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text
    }
}
