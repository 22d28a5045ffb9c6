/// What a gesture was doing.
public enum GestureKind: String, CaseIterable, Hashable, Sendable {
    /// Moving the content along the scroll axis.
    case scroll
    /// Dragging one card across the scroll axis (toward a throw).
    case card
    /// Stack only: pulling the last thrown card back from the left edge.
    case bringBack = "bring_back"
    /// A press and release that never moved past the slop.
    case tap
    /// A pan that passed the slop with nothing to act on (the card under it already leaving, a
    /// direction the interaction does not use, nothing to bring back): logged all the same, so
    /// the record keeps every attempt; it always ends `cancelled`.
    case missed
}

/// How a gesture ended.
public enum GestureOutcome: String, CaseIterable, Hashable, Sendable {
    /// The content coasts (momentum) or stays where it was released.
    case scrolled
    /// The content settles on another page than the one the drag began on.
    case paged
    /// The content settles back on the page the drag began on.
    case stayed
    /// The card flies away and is deleted when it has left.
    case thrown
    /// The card springs back to its place.
    case snappedBack = "snapped_back"
    /// Stack: the pulled card comes home on top of the stack.
    case broughtBack = "brought_back"
    /// Stack: the pulled card goes back out to the left.
    case sentBack = "sent_back"
    /// The card under a tap was selected.
    case selected
    /// The pointer was cancelled, or the gesture had nothing to act on.
    case cancelled
}

/// Something a front end may log or react to. Every event carries the engine time (seconds)
/// at which it happened, which is the exact time of the cause (an input event or the end of an
/// animation), not the time of the frame that noticed it.
public enum SceneEvent: Hashable, Sendable {
    case gestureBegan(time: Double, kind: GestureKind, card: CardID?)
    /// `translation` in points and `velocity` in points per second, as the pointer moved;
    /// `card` the card the gesture held (a card drag or bring-back) or was pressed on (a missed
    /// pan), as its `gestureBegan` named it; nil for a scroll or a press on no card.
    case gestureEnded(time: Double, kind: GestureKind, translation: Vector, velocity: Vector,
                      outcome: GestureOutcome, card: CardID? = nil)
    /// The current page (card index) changes from `from` to `to`.
    case paged(time: Double, from: Int, to: Int)
    /// `card` left the deck; it was at `index`.
    case deleted(time: Double, card: CardID, index: Int)
    /// `card` came back into the deck at `index` (undo, or stack bring-back).
    case restored(time: Double, card: CardID, index: Int)
    /// A dragged card went back to its place without being thrown.
    case snappedBack(time: Double, card: CardID)
    /// `card` was tapped.
    case selected(time: Double, card: CardID)
    /// A brand-new `card` entered the deck at `index` (an insert from the API).
    case inserted(time: Double, card: CardID, index: Int)
    /// The deck went back to its first cards in their first order, scrolled to the first.
    case reset(time: Double)
    /// The scene now shows `to` instead of `from`, with the same deck.
    case interactionChanged(time: Double, from: Interaction, to: Interaction)

    /// Engine time of the event, seconds.
    public var time: Double {
        switch self {
        case .gestureBegan(let t, _, _), .gestureEnded(let t, _, _, _, _, _), .paged(let t, _, _),
             .deleted(let t, _, _), .restored(let t, _, _), .snappedBack(let t, _), .selected(let t, _),
             .inserted(let t, _, _), .reset(let t), .interactionChanged(let t, _, _):
            return t
        }
    }

    /// The event's name in the interaction log.
    public var name: String {
        switch self {
        case .gestureBegan: return "gesture_began"
        case .gestureEnded: return "gesture_ended"
        case .paged: return "paged"
        case .deleted: return "deleted"
        case .restored: return "restored"
        case .snappedBack: return "snapped_back"
        case .selected: return "selected"
        case .inserted: return "inserted"
        case .reset: return "reset"
        case .interactionChanged: return "interaction_changed"
        }
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension GestureKind: Codable {}
extension GestureOutcome: Codable {}
#endif
