/// Every constant of a scene in one Codable value, with the original designs' defaults, so the
/// app can load a preset from a file, a test can vary one number, and a log can name the feel.
///
/// It holds the constants every interaction shares (pan, scroll, snap-back spring, commands) and
/// one section per registered interaction, each its own Codable type kept under the
/// interaction's name (`section(_:)`; the built-ins' are also properties: `config.now`,
/// `config.swipe`, ...).
///
/// Decoding is forgiving about what is missing (each absent section keeps its default, and a
/// section holds any subset of its keys over its defaults), so a preset file may hold only what
/// it changes; present values must have the right type and lie in their key's range
/// (`SceneConfig.keys`), or decoding throws a `ConfigError`.
public struct SceneConfig: Hashable, Sendable, Codable {
    /// Slop, axis lock and velocity estimation of pointer pans.
    public var pan: PanConfiguration
    /// Momentum, rubber band, bounce and paging springs of the scroll axis.
    public var scroll: ScrollPhysics
    /// Spring of a dragged card going back to its place (ratio, response in seconds).
    public var snapBackSpring: SpringParameters
    /// Seconds for the stack to move a level after a change from outside (an insert, a delete,
    /// an undo when switching away); a thrown or returning card moves the stack itself. Kept
    /// at the top level, where config files have always had it.
    public var stackCloseDuration: Double
    /// Keyboard and wheel commands.
    public var commands: CommandConfig
    /// The registered interactions' sections that differ from their defaults, by interaction
    /// (`section(_:)`, `setSection(_:)`); a config file keeps each under its interaction's name.
    public private(set) var sections: [Interaction: AnyInteractionSection] = [:]

    /// The designs' defaults (every interaction's section at its defaults).
    public init(pan: PanConfiguration = PanConfiguration(axisLock: .free),
                scroll: ScrollPhysics = .default,
                snapBackSpring: SpringParameters = SpringParameters(dampingRatio: 0.85, response: 0.35),
                stackCloseDuration: Double = 0.25,
                commands: CommandConfig = .default) {
        self.pan = pan
        self.scroll = scroll
        self.snapBackSpring = snapBackSpring
        self.stackCloseDuration = stackCloseDuration
        self.commands = commands
    }

    private enum CodingKeys: String, CodingKey {
        case pan, scroll, snapBackSpring, stackCloseDuration, commands
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        let d = SceneConfig()
        pan = try c.decodeIfPresent(PanConfiguration.self, forKey: .pan) ?? d.pan
        scroll = try c.decodeIfPresent(ScrollPhysics.self, forKey: .scroll) ?? d.scroll
        snapBackSpring = try c.decodeIfPresent(SpringParameters.self, forKey: .snapBackSpring) ?? d.snapBackSpring
        stackCloseDuration = try c.decodeIfPresent(Double.self, forKey: .stackCloseDuration) ?? d.stackCloseDuration
        commands = try c.decodeIfPresent(CommandConfig.self, forKey: .commands) ?? d.commands
        // Every registered interaction's section, each over its defaults (given the shared
        // constants above, for a section that falls back on them).
        let named = try decoder.container(keyedBy: SectionKey.self)
        for entry in InteractionRegistry.all {
            guard let type = entry.section else { continue }
            let key = SectionKey(entry.name.rawValue)
            let section = try type.decode(from: named.contains(key) ? named.superDecoder(forKey: key) : nil, in: self)
            setErased(section, for: entry.name)
        }
        // A config from a file, a recording or a preset must be one the engine can run.
        try validate()
    }

    /// Every section as a config file has it: the shared ones, then each registered
    /// interaction's own under its name (its defaults when unchanged).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pan, forKey: .pan)
        try c.encode(scroll, forKey: .scroll)
        try c.encode(snapBackSpring, forKey: .snapBackSpring)
        try c.encode(stackCloseDuration, forKey: .stackCloseDuration)
        try c.encode(commands, forKey: .commands)
        var named = encoder.container(keyedBy: SectionKey.self)
        for entry in InteractionRegistry.all {
            guard let type = entry.section else { continue }
            let section = sections[entry.name]?.base ?? type.init()
            try section.encode(to: named.superEncoder(forKey: SectionKey(entry.name.rawValue)))
        }
    }

    /// The section of the interaction `S` belongs to: as set, else its defaults.
    public func section<S: InteractionSection>(_ type: S.Type = S.self) -> S {
        (sections[S.interaction]?.base as? S) ?? S()
    }

    /// Sets the section of the interaction `S` belongs to (a value equal to its defaults is not
    /// kept, so configs compare equal whatever was set back).
    public mutating func setSection<S: InteractionSection>(_ section: S) {
        setErased(section, for: S.interaction)
    }

    private mutating func setErased(_ section: any InteractionSection, for name: Interaction) {
        sections[name] = section.isDefault ? nil : AnyInteractionSection(section)
    }

    /// A key named at run time: a registered interaction's section.
    struct SectionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The layout an interaction draws with under this config.
    public func layout(for interaction: Interaction) -> any CardLayout { interaction.rules(self).makeLayout() }

    /// Scroll physics of an interaction: the switcher may travel several cards per fling.
    public func physics(for interaction: Interaction) -> ScrollPhysics { interaction.rules(self).scrollPhysics }

    /// View slots an interaction needs at most: the designs' view counts plus one card in flight.
    public func viewBound(for interaction: Interaction) -> Int { interaction.rules(self).viewBound }
}

/// A registered interaction's config section, whatever its type.
public struct AnyInteractionSection: Hashable, Sendable {
    /// The section.
    public let base: any InteractionSection
    /// Wraps `base`.
    public init(_ base: any InteractionSection) { self.base = base }

    public static func == (a: AnyInteractionSection, b: AnyInteractionSection) -> Bool {
        AnyHashable(a.base) == AnyHashable(b.base)
    }

    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}

extension InteractionSection {
    /// True when equal to the defaults.
    var isDefault: Bool { self == Self() }
}
