/// What a front end needs to know to draw the scene.
extension CardScene {
    /// Untransformed card size in this interaction and viewport, points: front ends make card
    /// textures this size (times their pixel scale) once, not per frame.
    public var cardSize: Size { layout.cardSize(viewport: viewport) }

    /// Where a card thrown away in this interaction comes to rest, as an offset from its place
    /// (points): off the left edge (stack), 1.5 widths to the right (now), just above the top
    /// (switcher, carousel). Throws fly there; undo and the stack's bring-back start there.
    var thrownRestOffset: Vector {
        switch interaction {
        case .stack: return StackLayout(config: config.stack).thrownOffset(viewport: viewport)
        case .now: return Vector(dx: config.now.throwTargetWidths * cardSize.width, dy: 0)
        case .switcher: return SwitcherLayout(config: config.switcher).throwTarget(viewport: viewport)
        case .carousel: return CarouselLayout(config: config.carousel).throwTarget(viewport: viewport)
        }
    }
}
