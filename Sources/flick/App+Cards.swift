import FlickSession
import FlickEngine
import FlickSDL
import Foundation

extension App {
    /// The cards of this frame: each card's face through its reuse slot (a placeholder while
    /// its image decodes), its title as a label, shadows underneath. With `settle` (headless
    /// screenshots) it first waits until every face on screen is made, so the frame does not
    /// depend on how fast the machine decodes.
    func drawCards(scale: Double, settle: Bool = false) throws {
        let list = pressed(scene.renderList)
        let prepare = {
            self.faces.prepare(list, time: self.scene.time, cardSize: self.scene.cardSize, scale: scale,
                               stage: self.stage.viewport, viewBound: self.scene.viewBound)
        }
        prepare()
        if settle {   // every face made and faded in, however fast the machine decodes
            faces.settle()
            prepare()
        }
        // In the stacks only the front card carries its title; elsewhere every card does.
        let titledIndex = scene.scrollDirection == nil ? scene.currentIndex : nil
        let images = faces.images
        try cards.draw(list, scale: scale) { [faces, titles] card in
            guard var face = faces.face(for: card) else { return nil }
            if let image = faces.imageIndex(of: card.card), titledIndex == nil || titledIndex == card.index {
                face.label = titles.label(images[image].title, on: card, scale: scale)
            }
            return face
        }
        try titles.stamps.draw(scene: scene, list: list, scale: scale)
        for problem in faces.takeProblems() { warn("\(problem)") }
    }

    /// Seconds of the press feedback, and how far the card sinks (share of its size).
    static let pressDuration = 0.18
    static let pressDepth = 0.035

    /// A tap on the current card (a `selected` of the card already in the middle) presses it:
    /// the card sinks a little and comes back. A tap on another card brings that card to the
    /// centre instead (the engine moves it), which is feedback enough.
    func notePress(_ e: SceneEvent) {
        guard case .selected(_, let card) = e, card == scene.currentCard else { return }
        press = (card, clock())
    }

    /// `list` with the pressed card scaled about its centre.
    func pressed(_ list: [CardAttributes]) -> [CardAttributes] {
        guard let p = press else { return list }
        let u = (clock() - p.at) / Self.pressDuration
        guard u >= 0, u < 1 else { press = nil; return list }
        let s = 1 - Self.pressDepth * sin(Double.pi * u)
        return list.map { card in
            guard card.card == p.card else { return card }
            var c = card
            c.transform = AffineTransform(scaleX: s, y: s).concatenating(card.transform)
            return c
        }
    }
}
