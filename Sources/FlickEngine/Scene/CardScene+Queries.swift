/// What a front end needs to know to draw the scene.
extension CardScene {
    /// Untransformed card size in this interaction and viewport, points: front ends make card
    /// textures this size (times their pixel scale) once, not per frame.
    public var cardSize: Size { layout.cardSize(viewport: viewport) }

    /// Where a card thrown away in this interaction comes to rest, as an offset from its place
    /// (points). Throws fly there; undo and the stack's bring-back start there.
    var thrownRestOffset: Vector { mode.thrownRestOffset(viewport: viewport) }
}
