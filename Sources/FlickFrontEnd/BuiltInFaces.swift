import FlickEngine

// The faces of the five built-in interactions: summary, colours and demo, in key order.

extension InteractionFace {
    /// now: its summary and colours, and its demo.
    static let now = InteractionFace(
        .now, summary: "Google Now cards. Scroll the list; swipe a card sideways to dismiss it.",
        theme: InteractionTheme(window: RGB(28, 31, 38), stage: RGB(232, 234, 237)), demo: nowDemo)

    /// Vertical list: scroll, fling, a card dragged short of a throw, two throws, undo.
    @Sendable static func nowDemo(viewport: Size) -> DemoScript {
        var s = DemoScript()
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: Point(x: c.x, y: 0.75 * h), by: Vector(dx: 0, dy: -300), duration: 0.5, for: 0.1)
        s.wait(0.5)
        s.drag(from: Point(x: c.x, y: 0.8 * h), by: Vector(dx: 0, dy: -420), duration: 0.1)
        s.wait(1.2)
        s.drag(from: Point(x: c.x, y: 0.8 * h), by: Vector(dx: 0, dy: -360), duration: 0.1)
        s.wait(0.3)
        // Catch the momentum and let go.
        s.hold(from: Point(x: c.x, y: 0.5 * h), by: Vector(dx: 0, dy: -40), duration: 0.1, for: 0.1)
        s.wait(0.8)
        s.hold(from: c, by: Vector(dx: 0.2 * w, dy: 0), duration: 0.4, for: 0.1)      // snaps back
        s.wait(0.6)
        s.drag(from: c, by: Vector(dx: 0.45 * w, dy: 0), duration: 0.12)             // thrown right
        s.wait(1.0)
        s.drag(from: c, by: Vector(dx: -0.5 * w, dy: 10), duration: 0.15)            // thrown left
        s.wait(1.0)
        s.command(.undo)
        s.wait(0.8)
        s.drag(from: Point(x: c.x, y: 0.2 * h), by: Vector(dx: 0, dy: 500), duration: 0.1)  // fling back
        s.wait(1.2)
        s.command(.undo)
        s.wait(0.6)
        s.hold(from: Point(x: c.x, y: 0.7 * h), by: Vector(dx: 0, dy: -250), duration: 0.6, for: 0.1)
        return s
    }
}

extension InteractionFace {
    /// switcher: its summary and colours, and its demo.
    static let switcher = InteractionFace(
        .switcher, summary: "iOS 9 task switcher. Scroll the endless row; flick a card up to close it.",
        theme: InteractionTheme(window: RGB(22, 24, 30), stage: RGB(44, 50, 66)), demo: switcherDemo)

    /// Endless row: drag, flings both ways, a flick up throws a card, undo.
    @Sendable static func switcherDemo(viewport: Size) -> DemoScript {
        var s = DemoScript()
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: Point(x: 0.6 * w, y: c.y), by: Vector(dx: -0.25 * w, dy: 0), duration: 0.5, for: 0.1)
        s.wait(0.6)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.4 * w, dy: 0), duration: 0.1)
        s.wait(1.0)
        s.drag(from: Point(x: 0.3 * w, y: c.y), by: Vector(dx: 0.4 * w, dy: 0), duration: 0.1)
        s.wait(0.3)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.35 * w, dy: 0), duration: 0.1)  // interrupts
        s.wait(1.0)
        s.hold(from: c, by: Vector(dx: 0, dy: -0.15 * h), duration: 0.4, for: 0.1)  // snaps back
        s.wait(0.7)
        s.drag(from: c, by: Vector(dx: 4, dy: -0.5 * h), duration: 0.1)              // thrown up
        s.wait(1.0)
        s.command(.undo)
        s.wait(0.8)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.45 * w, dy: 0), duration: 0.1)
        s.wait(1.0)
        s.drag(from: c, by: Vector(dx: -3, dy: -0.45 * h), duration: 0.1)            // thrown up
        s.wait(0.9)
        s.command(.undo)
        return s
    }
}

extension InteractionFace {
    /// stack: its summary and colours, and its demo.
    static let stack = InteractionFace(
        .stack, summary: "A card stack. Throw the top card left; drag right to bring the last one back.",
        theme: InteractionTheme(window: RGB(30, 28, 36), stage: RGB(238, 236, 244)), demo: stackDemo)

    /// Top card: short drag springs back, throws; a drag right brings the last one back.
    @Sendable static func stackDemo(viewport: Size) -> DemoScript {
        var s = DemoScript()
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: c, by: Vector(dx: -60, dy: 8), duration: 0.4, for: 0.1)        // springs back
        s.wait(0.6)
        s.drag(from: c, by: Vector(dx: -0.4 * w, dy: -20), duration: 0.12)           // thrown
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: -0.35 * w, dy: 30), duration: 0.12)           // thrown
        s.wait(0.8)
        s.drag(from: Point(x: 0.2 * w, y: c.y), by: Vector(dx: 0.4 * w, dy: 0), duration: 0.3)  // back
        s.wait(0.8)
        s.hold(from: Point(x: 0.2 * w, y: c.y), by: Vector(dx: 50, dy: 0), duration: 0.4, for: 0.1)  // out again
        s.wait(0.7)
        s.command(.undo)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: -0.45 * w, dy: -100), duration: 0.12)         // thrown, tilted
        s.wait(0.8)
        s.command(.throwCurrent)
        s.wait(0.8)
        s.command(.undo)
        s.wait(0.6)
        s.command(.undo)
        return s
    }
}

extension InteractionFace {
    /// carousel: its summary and colours, and its demo.
    static let carousel = InteractionFace(
        .carousel, summary: "iOS 7 app switcher. Page through; flick a card up to delete it.",
        theme: InteractionTheme(window: RGB(18, 20, 24), stage: RGB(12, 13, 16)), demo: carouselDemo)

    /// Paging row: drag, flings, swipe up deletes, a drag down returns, undo.
    @Sendable static func carouselDemo(viewport: Size) -> DemoScript {
        var s = DemoScript()
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: Point(x: 0.6 * w, y: c.y), by: Vector(dx: -0.2 * w, dy: 0), duration: 0.5, for: 0.1)
        s.wait(0.6)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.3 * w, dy: 0), duration: 0.1)
        s.wait(0.8)
        s.drag(from: Point(x: 0.7 * w, y: c.y), by: Vector(dx: -0.3 * w, dy: 0), duration: 0.1)
        s.wait(0.8)
        s.drag(from: Point(x: 0.3 * w, y: c.y), by: Vector(dx: 0.3 * w, dy: 0), duration: 0.1)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: 3, dy: -0.5 * h), duration: 0.1)              // thrown up
        s.wait(0.9)
        s.hold(from: c, by: Vector(dx: 0, dy: 0.2 * h), duration: 0.4, for: 0.1)    // returns
        s.wait(0.8)
        s.command(.undo)
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: -2, dy: -0.4 * h), duration: 0.1)             // thrown up
        s.wait(0.9)
        s.command(.undo)
        return s
    }
}

extension InteractionFace {
    /// swipe: its summary and colours, and its demo.
    static let swipe = InteractionFace(
        .swipe, summary: "A swipe deck. Swipe the top card left (nope), right (like) or up (super); Z brings it back.",
        theme: InteractionTheme(window: RGB(34, 26, 32), stage: RGB(246, 240, 242)), demo: swipeDemo)

    /// Decision deck: a short drag springs back, like, nope, super, undo from each side.
    @Sendable static func swipeDemo(viewport: Size) -> DemoScript {
        var s = DemoScript()
        let w = viewport.width, h = viewport.height
        let c = Point(x: w / 2, y: h / 2)
        s.hold(from: c, by: Vector(dx: 60, dy: 10), duration: 0.4, for: 0.1)          // springs back
        s.wait(0.6)
        s.drag(from: c, by: Vector(dx: 0.45 * w, dy: -20), duration: 0.12)           // like
        s.wait(0.8)
        s.drag(from: Point(x: c.x, y: c.y + 60), by: Vector(dx: -0.45 * w, dy: 30), duration: 0.12)  // nope
        s.wait(0.8)
        s.drag(from: c, by: Vector(dx: 10, dy: -0.3 * h), duration: 0.12)            // super
        s.wait(0.8)
        s.command(.undo)
        s.wait(0.6)
        s.command(.undo)
        s.wait(0.6)
        s.command(.throwLeft)
        s.wait(0.8)
        s.command(.undo)
        return s
    }
}
