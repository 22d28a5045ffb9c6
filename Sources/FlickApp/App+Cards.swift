import FlickSession
import FlickEngine
import FlickSDL
import Foundation

extension App {
    /// Seconds of the press feedback, and how far the card sinks (share of its size).
    static let pressDuration = 0.18
    static let pressDepth = 0.035

    /// A tap on the current card (a `selected` of the card already in the middle) presses it:
    /// the card sinks a little and comes back. A tap on another card brings that card to the
    /// centre instead (the engine moves it), which is feedback enough.
    func notePress(_ e: SceneEvent) {
        guard case .selected(_, let card) = e, card == scene.currentCard else { return }
        screen.pressedCard = (card, clock())
    }

    /// `list` with the pressed card scaled about its centre.
    func pressed(_ list: [CardAttributes]) -> [CardAttributes] {
        guard let p = screen.pressedCard else { return list }
        let u = (clock() - p.at) / Self.pressDuration
        guard u >= 0, u < 1 else { screen.pressedCard = nil; return list }
        let s = 1 - Self.pressDepth * sin(Double.pi * u)
        return list.map { card in
            guard card.card == p.card else { return card }
            var c = card
            c.transform = AffineTransform(scaleX: s, y: s).concatenating(card.transform)
            return c
        }
    }
}
