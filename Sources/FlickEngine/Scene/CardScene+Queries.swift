/// What a front end needs to know to draw the scene.
extension CardScene {
    /// Untransformed card size in this interaction and viewport, points: front ends make card
    /// textures this size (times their pixel scale) once, not per frame.
    public var cardSize: Size { layout.cardSize(viewport: viewport) }
}
