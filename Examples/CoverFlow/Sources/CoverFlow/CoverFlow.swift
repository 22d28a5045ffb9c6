import FlickEngine
import FlickFrontEnd

/// The cover flow's constants: its own config section, kept in `SceneConfig` under
/// "coverflow" (a config file's `"coverflow": {"sideScaleX": 0.4}`); any subset of its keys
/// decodes over the defaults.
public struct CoverFlowSection: InteractionSection {
    public static var interaction: Interaction { CoverFlowInteraction.name }

    /// Card width as a fraction of the viewport width.
    public var cardWidthRatio = 0.5
    /// Card height as a fraction of the viewport height.
    public var heightRatio = 0.42
    /// Distance between neighbouring turned cards as a fraction of the viewport width: the
    /// scroll pitch (one page per card).
    public var pitchRatio = 0.14
    /// How far the first turned card sits from the centre card's centre, in card widths.
    public var firstStep = 0.62
    /// Width factor of a turned card (how far it is turned: 1 flat, smaller more edge-on).
    public var sideScaleX = 0.5
    /// Scale of a turned card.
    public var sideScale = 0.82
    /// Most cards one flick may travel.
    public var maxCardsPerFling = 6
    /// A release down past this fraction of the viewport height deletes.
    public var deleteDistanceRatio = 0.2
    /// A release down faster than this deletes, pt/s.
    public var deleteSpeed = 600.0
    /// The deleted card's flight off the bottom, seconds.
    public var throwDuration = 0.3
    /// The neighbours closing the gap, seconds.
    public var gapCloseDuration = 0.3
    /// Views the cover flow needs at most.
    public var viewCount = 16

    /// The defaults.
    public init() {}

    /// Its keys: config keys under "coverflow" ("coverflow.sideScaleX"), which Flick's tuning
    /// panel lists and `SceneConfig.setValue(_:at:)` takes, each with the values it takes: a
    /// config that sets one outside them is refused, naming the key.
    public static var ranges: [ConfigField<CoverFlowSection>] {
        [.number("cardWidthRatio", \.cardWidthRatio, unit: "", 0.05...1, "card width as a fraction of the viewport width"),
         .number("heightRatio", \.heightRatio, unit: "", 0.05...1, "card height as a fraction of the viewport height"),
         .number("pitchRatio", \.pitchRatio, unit: "", 0.02...1, "distance between turned cards, fraction of the width"),
         .number("firstStep", \.firstStep, unit: "", 0...2, "first turned card from the centre one, card widths"),
         .number("sideScaleX", \.sideScaleX, unit: "", 0.05...1, "width factor of a turned card (1 flat)"),
         .number("sideScale", \.sideScale, unit: "", 0.05...1, "scale of a turned card"),
         .count("maxCardsPerFling", \.maxCardsPerFling, 1...50, "most cards one flick travels"),
         .number("deleteDistanceRatio", \.deleteDistanceRatio, unit: "", 0.01...1, "a release down past this fraction of the height deletes"),
         .number("deleteSpeed", \.deleteSpeed, unit: "pt/s", 1...100_000, "a release down faster than this deletes"),
         .number("throwDuration", \.throwDuration, unit: "s", 0.01...10, "the deleted card's flight off the bottom"),
         .number("gapCloseDuration", \.gapCloseDuration, unit: "s", 0.01...10, "the neighbours closing the gap"),
         .count("viewCount", \.viewCount, 3...64, "views the cover flow needs at most")]
    }

    /// Any subset of its keys over the defaults (`ranges` names them).
    public init(from decoder: any Decoder) throws { self = try Self.decodedOverDefaults(from: decoder) }
}

/// Cover flow: a horizontal row whose centre card faces the viewer, flat, while its neighbours
/// are turned (narrowed) and stacked behind one another on each side. Flick sideways to
/// browse (several cards per flick, coming to rest on one); swipe the centre card down to
/// delete it.
public struct CoverFlowLayout: CardLayout, Hashable, Sendable {
    public var config: CoverFlowSection
    public init(config: CoverFlowSection = CoverFlowSection()) { self.config = config }

    public var direction: LayoutDirection { .horizontal }

    public func cardSize(viewport: Size) -> Size {
        Size(width: max(0, config.cardWidthRatio * viewport.width), height: max(0, config.heightRatio * viewport.height))
    }

    public func pitch(viewport: Size) -> Double { max(1, config.pitchRatio * viewport.width) }
    public func pageSize(viewport: Size) -> Double? { pitch(viewport: viewport) }

    public func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> {
        0...Double(max(0, count - 1)) * pitch(viewport: viewport)
    }

    public func currentIndex(position: Double, count: Int, viewport: Size) -> Int? {
        guard count > 0, position.isFinite else { return count > 0 ? 0 : nil }
        let i = (position / pitch(viewport: viewport)).rounded()
        return Int(min(max(i, 0), Double(count - 1)))
    }

    public func position(ofIndex index: Int, count: Int, viewport: Size, near: Double) -> Double {
        Double(index) * pitch(viewport: viewport)
    }

    /// How far from the centre card a card `d` places away sits, points (signed): one step of
    /// `firstStep` card widths to the first turned card, then one pitch per card.
    public func xOffset(distance d: Double, viewport: Size) -> Double {
        let a = abs(d)
        let step = config.firstStep * cardSize(viewport: viewport).width
        let x = min(a, 1) * step + max(a - 1, 0) * pitch(viewport: viewport)
        return d < 0 ? -x : x
    }

    /// How far a card `d` places from the centre is turned, 0 (flat) to 1 (a side card).
    public func turn(distance d: Double) -> Double { min(abs(d), 1) }

    public func layout(_ input: LayoutInput, cards: some CardIDSource, into output: inout [CardAttributes]) {
        output.removeAll(keepingCapacity: true)
        let v = input.viewport
        let count = cards.count
        guard count > 0, input.position.isFinite, v.width > 0, v.height > 0 else { return }
        let p = pitch(viewport: v)
        let size = cardSize(viewport: v)
        let centre = input.position / p
        let reach = Double(config.viewCount / 2)
        let lo = Int(max(0, (centre - reach - 1).rounded(.down)))
        let hi = Int(min(Double(count - 1), (centre + reach + 1).rounded(.up)))
        guard lo <= hi else { return }
        for i in lo...hi {
            let d = Double(i) + (input.gap?.displacement(of: i) ?? 0) - centre
            let o = input.overrides.override(for: i)
            let t = turn(distance: d)
            let scale = 1 - (1 - config.sideScale) * t
            let sx = scale * (1 - (1 - config.sideScaleX) * t)
            let offset = o?.offset ?? .zero
            let x = v.width / 2 + xOffset(distance: d, viewport: v) + offset.dx
            let y = v.height / 2 + offset.dy
            let transform = AffineTransform(scaleX: sx, y: scale).translatedBy(x: x, y: y)
            // The centre card on top, each side stacked nearer-over-farther; a moving card above all.
            let z = -abs(d) + (o == nil ? 0 : 1000)
            let a = CardAttributes(card: cards.id(at: i), index: i, size: size, transform: transform,
                                   alpha: max(0, min(1, o?.alpha ?? 1)), zIndex: z)
            guard a.isFinite, a.alpha > 0 else { continue }
            let (c0, c1, c2, c3) = a.corners
            let minX = min(c0.x, c1.x, c2.x, c3.x), maxX = max(c0.x, c1.x, c2.x, c3.x)
            let minY = min(c0.y, c1.y, c2.y, c3.y), maxY = max(c0.y, c1.y, c2.y, c3.y)
            guard maxX > 0, minX < v.width, maxY > 0, minY < v.height else { continue }
            output.append(a)
        }
        output.sort { ($0.zIndex, $0.index) < ($1.zIndex, $1.index) }
    }
}

/// The cover flow's rules: a scrolling row (momentum, paging on cards) whose centre card alone
/// is swiped down to be deleted.
public struct CoverFlowInteraction: CardInteraction, PanRouting, ThrowRule, CardFlights, ContentPhysics {
    public static let name = Interaction(named: "coverflow")

    public let config: CoverFlowSection
    let scroll: ScrollPhysics
    let spring: SpringParameters
    let commands: CommandConfig

    public init(config: SceneConfig) {
        self.config = config.section(CoverFlowSection.self)
        scroll = config.scroll
        spring = config.snapBackSpring
        commands = config.commands
    }

    /// Registers the cover flow under its name, with its section: from then on it is one of
    /// `Interaction.allCases` (the window's key 6, `--demo coverflow`); and its face, which
    /// Flick's window shows it with (its title line and colours).
    public static func register() {
        InteractionRegistry.register(CoverFlowInteraction.self, section: CoverFlowSection.self)
        InteractionFaces.register(face)
    }

    /// Its summary and colours (the default demo).
    public static let face = InteractionFace(
        name, summary: "Cover flow. Flick sideways to browse; swipe the centre card down to delete it.",
        theme: InteractionTheme(window: RGB(12, 12, 14), stage: RGB(24, 24, 28)))

    var layout: CoverFlowLayout { CoverFlowLayout(config: config) }

    public func makeLayout() -> CoverFlowLayout { layout }
    public var scrollPhysics: ScrollPhysics {
        var p = scroll
        p.maxPagesPerFling = max(1, config.maxCardsPerFling)
        return p
    }
    public var contentMovement: ContentMovement { .scroll(.horizontal) }
    public var viewBound: Int { config.viewCount }
    public var gapDuration: Double { config.gapCloseDuration }
    public var undoFlightDuration: Double { commands.undoFlightDuration }
    public var keyThrowVelocity: Vector { Vector(dx: 0, dy: commands.keyThrowSpeed) }
    public var keyThrowDirections: Set<ThrowDirection> { [.down] }

    public func label(for direction: ThrowDirection) -> String? { direction == .down ? "delete" : nil }

    /// Below the bottom edge.
    public func thrownRestOffset(viewport: Size) -> Vector {
        Vector(dx: 0, dy: viewport.height / 2 + layout.cardSize(viewport: viewport).height)
    }

    /// Sideways scrolls; down or up moves the centre card only (the turned ones are browsed to).
    public func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        if pan.axis == .horizontal { return .scroll }
        guard let hit = context.pressedStaying, hit.index == context.currentIndex else { return .ignored }
        return .card(hit.card)
    }

    /// Vertically only.
    public func cardTranslation(_ t: Vector) -> Vector { Vector(dx: 0, dy: t.dy) }

    /// Down past `deleteDistanceRatio` of the height, or faster than `deleteSpeed` down, deletes;
    /// anything else springs back.
    public func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        let dy = offset.dy.isFinite ? offset.dy : 0, vy = velocity.dy.isFinite ? velocity.dy : 0
        let extent = config.deleteDistanceRatio * viewport.height
        let df = extent > 0 ? max(0, dy / extent) : 0
        let sf = max(0, vy / config.deleteSpeed)
        let thrown = vy >= 0 && (df > 1 || sf > 1)
        return ThrowOutcome(decision: thrown ? .throwAway(direction: Vector(dx: 0, dy: 1)) : .snapBack,
                            direction: .down, distanceFraction: df, speedFraction: sf)
    }

    public func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                            at t: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), startTime: t,
                       duration: config.throwDuration)
    }

    public func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        .spring(SnapBack(from: offset, velocity: velocity, parameters: spring, time: t))
    }
}
