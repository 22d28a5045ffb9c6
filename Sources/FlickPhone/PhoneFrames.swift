import FlickEngine

/// What a host sends a page that draws the host's frames (the thin client): the participant's
/// touches as the page gives them, and the render list each time it changes or a touch came.
/// The window's phone link and flick-bench's scripted host both keep their phone's stream here,
/// so the touch rule, the frame numbers and the touch-to-frame latency are counted once.
package struct PhoneFrames: Sendable {
    /// A finger of the page is down on the stage: only the first finger down counts until it
    /// lifts.
    package private(set) var held = false
    /// Phone times (ms) of the touches taken since the last frame sent.
    package private(set) var touchTimes: [Double] = []
    package var latency = PhoneLatency()
    /// The number of the last frame sent.
    package private(set) var number = 0
    package private(set) var sent = 0
    package private(set) var bytes = 0
    /// The mean size of a frame sent, bytes (0 before the first).
    package var bytesPerFrame: Int { sent > 0 ? bytes / sent : 0 }
    package private(set) var largest = 0
    private var last: (list: [CardAttributes], label: PhoneFrame.Label?, stage: String)?

    package init() {}

    /// Whether the page's touch of `phase` is the participant's gesture: a second finger, or a
    /// move with no finger down, is not. `phoneTime`: the touch's own time on the page (ms).
    package mutating func admits(_ phase: PointerEvent.Phase, phoneTime: Double) -> Bool {
        if phase == .down {
            if held { return false }
            held = true
        } else if !held {
            return false
        }
        if phase == .up || phase == .cancel { held = false }
        touchTimes.append(phoneTime)
        return true
    }

    /// The page went: the gesture under way is no longer held (the caller cancels it).
    package mutating func dropped() -> Bool {
        defer { held = false }
        return held
    }

    /// The frame to send, as JSON, when the list, stamp or stage changed since the last one
    /// sent, a touch came since, or `force`; nil otherwise. Counted as sent.
    package mutating func frame(list: [CardAttributes], faceOf: (CardID) -> Int, stage: String, sceneTime: Double,
                                label: PhoneFrame.Label? = nil, hint: String? = nil, force: Bool = false) -> String? {
        if !force, touchTimes.isEmpty, let last, last.list == list, last.label == label, last.stage == stage { return nil }
        last = (list, label, stage)
        number += 1
        let cards = list.map { PhoneFrame.Card(face: faceOf($0.card), attributes: $0) }
        let text = PhoneFrame(number: number, sceneTime: sceneTime, stage: stage, cards: cards, label: label, hint: hint).json()
        latency.sent(frame: number, touches: touchTimes)
        touchTimes.removeAll(keepingCapacity: true)
        sent += 1
        bytes += text.utf8.count
        largest = max(largest, text.utf8.count)
        return text
    }
}
