@testable import FlickEngine
import Testing

/// The debug overlay's queries agree with the throw rules as the configs state them.
@Suite struct DebugQueryTests {
    let viewport = Size(width: 390, height: 844)

    func boundary(_ scene: CardScene, _ kind: GestureKind, _ dx: Double, _ dy: Double) -> ThrowBoundary? {
        scene.throwBoundaries.first { $0.kind == kind && $0.direction == Vector(dx: dx, dy: dy) }
    }

    @Test func nowThrowsBothWaysAtSeventyPercentOfTheWidthOr600() throws {
        let scene = CardScene(interaction: .now, count: 5, viewport: viewport)
        let width = scene.cardSize.width   // 390 - 2 x 16 = 358
        for dx in [1.0, -1.0] {
            let b = try #require(boundary(scene, .card, dx, 0))
            #expect(abs(b.distance! - 0.7 * width) < 1e-3)
            #expect(abs(b.speed! - 600) < 1e-3)
        }
        #expect(boundary(scene, .card, 0, -1) == nil && boundary(scene, .card, 0, 1) == nil)
    }

    /// Only the switcher's row is endless: the overlay numbers grid lines past the ends there,
    /// and nowhere else (a list that stops at its ends has no card #13 above #0).
    @Test func onlyTheSwitcherWrapsAround() {
        for interaction in Interaction.allCases {
            let scene = CardScene(interaction: interaction, count: 14, viewport: viewport)
            #expect(scene.scrollWrapsAround == (interaction == .switcher), "\(interaction)")
        }
    }

    @Test func carouselAndSwitcherThrowUpOnly() throws {
        for interaction in [Interaction.carousel, .switcher] {
            let scene = CardScene(interaction: interaction, count: 5, viewport: viewport)
            let up = try #require(boundary(scene, .card, 0, -1))
            #expect(abs(up.distance! - 0.5 * viewport.height) < 1e-3)
            #expect(abs(up.speed! - 500) < 1e-3)
            #expect(scene.throwBoundaries.count == 1)
        }
    }

    @Test func stackThrowsLeftAndBringsBackRight() throws {
        let scene = CardScene(interaction: .stack, count: 5, viewport: viewport)
        let left = try #require(boundary(scene, .card, -1, 0))
        #expect(abs(left.distance! - 100) < 1e-3 && abs(left.speed! - 800) < 1e-3)
        let home = try #require(boundary(scene, .bringBack, 1, 0))
        #expect(abs(home.distance! - 100) < 1e-3 && abs(home.speed! - 800) < 1e-3)
        // Counted from where the returning card waits at the left edge while the pointer is down.
        #expect(home.origin == scene.mode.returnPeekOffset(viewport: scene.viewport))
    }

    @Test func followsTheConfig() throws {
        var config = SceneConfig()
        try config.setValue(350, at: "now.throwSpeed")
        let scene = CardScene(interaction: .now, count: 5, viewport: viewport, config: config)
        #expect(abs(try #require(boundary(scene, .card, 1, 0)).speed! - 350) < 1e-3)
    }

    @Test func projectedLandingOfAFlingIsWhereItSettles() throws {
        let scene = CardScene(interaction: .carousel, count: 20, viewport: viewport)
        #expect(scene.projectedLanding == nil)
        var t = 0.1
        _ = scene.handle(PointerEvent(phase: .down, position: Point(x: 300, y: 400), time: t))
        var x = 300.0
        for _ in 0..<10 { t += 0.008; x -= 16; _ = scene.handle(PointerEvent(phase: .move, position: Point(x: x, y: 400), time: t)) }
        _ = scene.handle(PointerEvent(phase: .up, position: Point(x: x, y: 400), time: t))
        scene.advance(to: t + 0.05)
        let landing = try #require(scene.projectedLanding)
        scene.advance(to: t + 5)
        #expect(scene.isAtRest)
        #expect(scene.currentIndex == landing.index)
        #expect(abs(scene.scrollPosition - landing.position) < 0.5)
        #expect(scene.projectedLanding == nil)
    }
}
