import FlickStage
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// `D`: what the engine is thinking, drawn over the stage (ImGui's background layer, so under
/// the tool windows): the throw boundaries of the interaction around the current (or dragged)
/// card and, during a drag, how the release would go; the pointer's velocity as an arrow; each
/// card's index and reuse slot; the page grid and where a coasting fling will land. When off,
/// `draw` returns before asking the scene anything.
@MainActor
final class DebugOverlay {
    var isOn: Bool
    /// The latest pointer event the scene got (scene points), for the velocity arrow.
    var pointer: PointerEvent?

    /// The stage in pixels while drawing: tags are kept inside it.
    private var bounds = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
    /// The plates of the tags drawn so far this frame (pixels): a new tag that would cover one
    /// moves down below it, so no label hides another (a card's index under a throw boundary's).
    private var placed: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []

    init(on: Bool) { isOn = on }

    private static let boundary = RGBA(255, 170, 40, 230)
    private static let grid = RGBA(120, 200, 255, 150)
    private static let landing = RGBA(90, 230, 120, 255)
    private static let label = RGBA(255, 255, 255, 255)
    private static let shade = RGBA(0, 0, 0, 170)

    /// Draws into the current ImGui frame; `px` pixels per window point.
    func draw(scene: CardScene, stage: Stage, px: Double) {
        guard isOn else { return }
        let s = stage.scale * px
        func screen(_ p: Point) -> (Double, Double) { ((stage.origin.x * px) + p.x * s, (stage.origin.y * px) + p.y * s) }
        let f = stage.frame
        bounds = (f.minX * px, f.minY * px, f.maxX * px, f.maxY * px)
        placed.removeAll(keepingCapacity: true)
        UI.clipped(.background, f.minX * px, f.minY * px, f.maxX * px, f.maxY * px) {
            drawGrid(scene, screen: screen, px: px)
            drawCards(scene, screen: screen, px: px)
            drawBoundaries(scene, screen: screen, s: s, px: px)
            drawPointer(scene, screen: screen, s: s, px: px)
        }
    }

    /// Text on a dark plate so it reads over any card.
    private func tag(_ x: Double, _ y: Double, _ text: String, _ color: RGBA = DebugOverlay.label, px: Double) {
        let w = UI.textWidth(text), h = 15 * px
        let x = min(max(x, bounds.x0 + 3 * px), max(bounds.x0 + 3 * px, bounds.x1 - w - 3 * px))
        var y = min(max(y, bounds.y0 + 1 * px), bounds.y1 - h)
        // Each step moves below one plate, never back up: at most one step per plate.
        while let hit = placed.first(where: { $0.x0 < x + w + 3 * px && x - 3 * px < $0.x1 && $0.y0 < y + h && y - 1 * px < $0.y1 }) {
            y = hit.y1 + 2 * px
        }
        placed.append((x - 3 * px, y - 1 * px, x + w + 3 * px, y + h))
        UI.rect(.background, x - 3 * px, y - 1 * px, x + w + 3 * px, y + h, Self.shade, filled: true)
        UI.label(.background, x, y, text, color)
    }

    private func drawGrid(_ scene: CardScene, screen: (Point) -> (Double, Double), px: Double) {
        guard let direction = scene.scrollDirection, let current = scene.currentIndex else { return }
        let v = scene.viewport
        let landing = scene.projectedLanding
        let position = scene.scrollPosition
        let low = min(current, landing?.index ?? current) - 3, high = max(current, landing?.index ?? current) + 3
        let count = scene.deck.count
        for i in low...high {
            guard let rest = scene.restingPosition(ofIndex: i) else { continue }
            // Past the ends: only an endless row (the switcher) has cards there, the same ones again.
            if (i < 0 || i >= count) && !scene.scrollWrapsAround { continue }
            let wrapped = ((i % count) + count) % count
            let shift = rest - position
            let lands = landing?.index == i
            let color = lands ? Self.landing : Self.grid
            let width = (lands ? 3 : 1) * px
            switch direction {
            case .horizontal:
                let x = v.width / 2 + shift
                guard x > -v.width, x < 2 * v.width else { continue }
                let (a, b) = (screen(Point(x: x, y: 0)), screen(Point(x: x, y: v.height)))
                UI.line(.background, a.0, a.1, b.0, b.1, color, thickness: width)
                // A line off the stage gets no tag (it would be pulled onto the stage's edge).
                guard x >= 0, x <= v.width else { continue }
                tag(a.0 + 3 * px, a.1 + 4 * px, lands ? "lands #\(wrapped)" : "#\(wrapped)", color, px: px)
            case .vertical, .depth:
                let y = v.height / 2 + shift
                guard y > -v.height, y < 2 * v.height else { continue }
                let (a, b) = (screen(Point(x: 0, y: y)), screen(Point(x: v.width, y: y)))
                UI.line(.background, a.0, a.1, b.0, b.1, color, thickness: width)
                guard y >= 0, y <= v.height else { continue }
                tag(a.0 + 4 * px, a.1 + 2 * px, lands ? "lands #\(wrapped)" : "#\(wrapped)", color, px: px)
            }
        }
    }

    private func drawCards(_ scene: CardScene, screen: (Point) -> (Double, Double), px: Double) {
        // At each card's top-left corner, top card first; a tag that would cover one already
        // placed (the stack's cards share corners) moves down below it (`tag` sees to that).
        for card in scene.renderList.sorted(by: { $0.zIndex > $1.zIndex }) {
            let text = "#\(card.index) slot \(card.slot)"
            let (cx, cy) = screen(card.corners.0)
            let w = UI.textWidth(text) + 6 * px
            let x = min(max(cx + 4 * px, bounds.x0 + 3 * px), bounds.x1 - w)
            tag(x, cy + 3 * px, text, px: px)
        }
    }

    private func drawBoundaries(_ scene: CardScene, screen: (Point) -> (Double, Double), s: Double, px: Double) {
        let drag = scene.draggedCard
        let anchorCard = drag?.card ?? scene.currentCard
        guard let attributes = scene.renderList.first(where: { $0.card == anchorCard }) else { return }
        let offset = drag?.offset ?? .zero
        let place = Point(x: attributes.center.x - offset.dx, y: attributes.center.y - offset.dy)
        let half = Vector(dx: attributes.size.width / 2, dy: attributes.size.height / 2)
        let velocity = scene.pointerVelocity
        for b in scene.throwBoundaries where drag == nil || drag?.kind == b.kind {
            guard let distance = b.distance else { continue }
            // The card's centre crossing this line, let go at rest, throws.
            let centre = Point(x: place.x + b.origin.dx + b.direction.dx * distance,
                               y: place.y + b.origin.dy + b.direction.dy * distance)
            let across = Vector(dx: abs(b.direction.dy) * half.dx, dy: abs(b.direction.dx) * half.dy)
            let a = screen(Point(x: centre.x - across.dx, y: centre.y - across.dy))
            let c = screen(Point(x: centre.x + across.dx, y: centre.y + across.dy))
            UI.line(.background, a.0, a.1, c.0, c.1, Self.boundary, thickness: 2 * px)
            var text = "\(b.kind == .bringBack ? "home" : "throw") \(Int(distance.rounded())) pt"
            if let speed = b.speed { text += " or \(Int(speed.rounded())) pt/s" }
            // A line beyond the stage is not seen: its tag says where it lies, on that edge.
            let side: String?
            if max(a.0, c.0) < bounds.x0 { side = "left" }
            else if min(a.0, c.0) > bounds.x1 { side = "right" }
            else if max(a.1, c.1) < bounds.y0 { side = "top" }
            else if min(a.1, c.1) > bounds.y1 { side = "bottom" }
            else { side = nil }
            if let side { text += ", past the \(side) edge" }
            tag(min(a.0, c.0) + 4 * px, min(a.1, c.1) + 4 * px, text, Self.boundary, px: px)
        }
        guard let drag else { return }
        // During a drag: how the release would go, and how far its speed is from the threshold.
        let along = scene.throwBoundaries.filter { $0.kind == drag.kind && $0.speed != nil }
            .max { dot(velocity, $0.direction) < dot(velocity, $1.direction) }
        var lines: [String] = []
        if let b = along, let speed = b.speed {
            let v = dot(velocity, b.direction)
            let gap = speed - v
            lines.append("release \(Int(v.rounded())) of \(Int(speed.rounded())) pt/s: \(Int(abs(gap).rounded())) \(gap > 0 ? "short" : "over")")
        }
        if let decision = scene.releaseDecisionNow {
            lines.append("let go now: \(Self.describe(decision))")
        }
        let (x, y) = screen(Point(x: attributes.center.x - half.dx, y: attributes.center.y + half.dy))
        for (k, line) in lines.enumerated() {
            tag(x + 4 * px, y + (4 + 18 * Double(k)) * px, line, decisionColor(scene.releaseDecisionNow), px: px)
        }
    }

    private func decisionColor(_ d: ThrowDecision?) -> RGBA {
        switch d {
        case .throwAway?, .bringBack?: return Self.landing
        default: return Self.label
        }
    }

    static func describe(_ d: ThrowDecision) -> String {
        switch d {
        case .throwAway: return "thrown"
        case .snapBack: return "snaps back"
        case .bringBack: return "comes home"
        case .sendBackOut: return "goes back out"
        }
    }

    private func drawPointer(_ scene: CardScene, screen: (Point) -> (Double, Double), s: Double, px: Double) {
        guard let p = pointer, p.phase == .down || p.phase == .move else { return }
        let v = scene.pointerVelocity
        let (x, y) = screen(p.position)
        UI.circle(.background, x, y, radius: 4 * px, Self.label)
        let length = v.length
        guard length > 1 else { return }
        // 0.1 s of travel at this velocity.
        let tip = (x + v.dx * 0.1 * s, y + v.dy * 0.1 * s)
        UI.line(.background, x, y, tip.0, tip.1, Self.label, thickness: 2 * px)
        let ux = v.dx / length, uy = v.dy / length
        let head = 9 * px
        UI.triangle(.background, tip,
                    (tip.0 - ux * head - uy * head * 0.5, tip.1 - uy * head + ux * head * 0.5),
                    (tip.0 - ux * head + uy * head * 0.5, tip.1 - uy * head - ux * head * 0.5), Self.label)
        tag(tip.0 + 6 * px, tip.1 - 8 * px, "\(Int(length.rounded())) pt/s", px: px)
    }
}

private func dot(_ a: Vector, _ b: Vector) -> Double { a.dx * b.dx + a.dy * b.dy }
