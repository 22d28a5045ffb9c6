/// Every constant of a scene in one Codable value, with the original designs' defaults, so the
/// app can load a preset from a file, a test can vary one number, and a log can name the feel.
///
/// Decoding is forgiving about what is missing (each absent section keeps its default), so a
/// preset file may hold only what it changes; present values must have the right type and lie
/// in their key's range (`SceneConfig.keys`), or decoding throws a `ConfigError`.
public struct SceneConfig: Hashable, Sendable, Codable {
    /// Slop, axis lock and velocity estimation of pointer pans.
    public var pan: PanConfiguration
    /// Momentum, rubber band, bounce and paging springs of the scroll axis.
    public var scroll: ScrollPhysics
    /// Spring of a dragged card going back to its place (ratio, response in seconds).
    public var snapBackSpring: SpringParameters
    /// Seconds for the stack to move a level after a change from outside (an insert, a delete,
    /// an undo when switching away); a thrown or returning card moves the stack itself.
    public var stackCloseDuration: Double
    /// Google Now list.
    public var now: NowConfig
    /// iOS 9 task switcher.
    public var switcher: SwitcherConfig
    /// Card stack.
    public var stack: StackConfig
    /// iOS 7 app switcher.
    public var carousel: CarouselConfig
    /// The swipe deck.
    public var swipe: SwipeConfig
    /// Keyboard and wheel commands.
    public var commands: CommandConfig

    /// The designs' defaults.
    public init(pan: PanConfiguration = PanConfiguration(axisLock: .free),
                scroll: ScrollPhysics = .default,
                snapBackSpring: SpringParameters = SpringParameters(dampingRatio: 0.85, response: 0.35),
                stackCloseDuration: Double = 0.25,
                now: NowConfig = .default, switcher: SwitcherConfig = .default,
                stack: StackConfig = .default, carousel: CarouselConfig = .default,
                commands: CommandConfig = .default, swipe: SwipeConfig = .default) {
        self.pan = pan
        self.scroll = scroll
        self.snapBackSpring = snapBackSpring
        self.stackCloseDuration = stackCloseDuration
        self.now = now
        self.switcher = switcher
        self.stack = stack
        self.carousel = carousel
        self.commands = commands
        self.swipe = swipe
    }

    private enum CodingKeys: String, CodingKey {
        case pan, scroll, snapBackSpring, stackCloseDuration, now, switcher, stack, carousel, commands, swipe
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SceneConfig()
        pan = try c.decodeIfPresent(PanConfiguration.self, forKey: .pan) ?? d.pan
        scroll = try c.decodeIfPresent(ScrollPhysics.self, forKey: .scroll) ?? d.scroll
        snapBackSpring = try c.decodeIfPresent(SpringParameters.self, forKey: .snapBackSpring) ?? d.snapBackSpring
        stackCloseDuration = try c.decodeIfPresent(Double.self, forKey: .stackCloseDuration) ?? d.stackCloseDuration
        now = try c.decodeIfPresent(NowConfig.self, forKey: .now) ?? d.now
        switcher = try c.decodeIfPresent(SwitcherConfig.self, forKey: .switcher) ?? d.switcher
        stack = try c.decodeIfPresent(StackConfig.self, forKey: .stack) ?? d.stack
        carousel = try c.decodeIfPresent(CarouselConfig.self, forKey: .carousel) ?? d.carousel
        commands = try c.decodeIfPresent(CommandConfig.self, forKey: .commands) ?? d.commands
        swipe = try c.decodeIfPresent(SwipeConfig.self, forKey: .swipe) ?? d.swipe
        // A config written before the swipe deck had its own close duration ran it on the
        // stack's: it keeps doing so, so an old recording replays the same.
        let swipeKeys = try? c.nestedContainer(keyedBy: SwipeConfig.CodingKeys.self, forKey: .swipe)
        if swipeKeys?.contains(.closeDuration) != true { swipe.closeDuration = stackCloseDuration }
        // A config from a file, a recording or a preset must be one the engine can run.
        try validate()
    }

    /// The layout an interaction draws with under this config.
    public func layout(for interaction: Interaction) -> any CardLayout { interaction.rules(self).makeLayout() }

    /// Scroll physics of an interaction: the switcher may travel several cards per fling.
    public func physics(for interaction: Interaction) -> ScrollPhysics { interaction.rules(self).scrollPhysics }

    /// View slots an interaction needs at most: the designs' view counts plus one card in flight.
    public func viewBound(for interaction: Interaction) -> Int { interaction.rules(self).viewBound }
}
