import FlickEngine
import FlickSDL

extension App {
    /// The cards of this frame: each card's face through its reuse slot (a placeholder while
    /// its image decodes), its title as a label, shadows underneath. With `settle` (headless
    /// screenshots) it first waits until every face on screen is made, so the frame does not
    /// depend on how fast the machine decodes.
    func drawCards(scale: Double, settle: Bool = false) throws {
        let list = scene.renderList
        let prepare = {
            self.faces.prepare(list, time: self.scene.time, cardSize: self.scene.cardSize, scale: scale,
                               stage: self.stage.viewport, viewBound: self.scene.viewBound)
        }
        prepare()
        if settle {   // every face made and faded in, however fast the machine decodes
            faces.settle()
            prepare()
        }
        // In the stack only the front card carries its title; elsewhere every card does.
        let titledIndex = scene.interaction == .stack ? scene.currentIndex : nil
        let images = faces.images
        try cards.draw(list, scale: scale) { [faces, titles] card in
            guard var face = faces.face(for: card) else { return nil }
            if let image = faces.imageIndex(of: card.card), titledIndex == nil || titledIndex == card.index {
                face.label = titles.label(images[image].title, on: card, scale: scale)
            }
            return face
        }
        for problem in faces.takeProblems() { warn("\(problem)") }
    }
}
