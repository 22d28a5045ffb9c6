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
public struct SceneConfig: Hashable, Sendable {
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

    /// The section of the interaction `S` belongs to: as set, else its defaults.
    public func section<S: InteractionSection>(_ type: S.Type = S.self) -> S {
        sections[S.interaction]?.value(as: S.self) ?? S()
    }

    /// Sets the section of the interaction `S` belongs to (a value equal to its defaults is not
    /// kept, so configs compare equal whatever was set back).
    public mutating func setSection<S: InteractionSection>(_ section: S) {
        setErased(AnyInteractionSection(section), for: S.interaction)
    }

    mutating func setErased(_ section: AnyInteractionSection, for name: Interaction) {
        sections[name] = section.isDefault ? nil : section
    }

    /// The layout an interaction draws with under this config.
    public func layout(for interaction: Interaction) -> SceneLayout { interaction.rules(self).makeLayout() }

    /// Scroll physics of an interaction: the switcher may travel several cards per fling.
    public func physics(for interaction: Interaction) -> ScrollPhysics { interaction.rules(self).scrollPhysics }

    /// View slots an interaction needs at most: the designs' view counts plus one card in flight.
    public func viewBound(for interaction: Interaction) -> Int { interaction.rules(self).viewBound }
}

/// A registered interaction's config section, whatever its type.
public struct AnyInteractionSection: Hashable, Sendable {
    let held: any SectionValue

    /// Wraps `section`.
    public init<S: InteractionSection>(_ section: S) { held = SectionOf(section) }

    /// The section, when it is an `S`.
    public func value<S: InteractionSection>(as type: S.Type = S.self) -> S? { (held as? SectionOf<S>)?.value }

    /// True when equal to its type's defaults.
    var isDefault: Bool { held.isDefault }

    public static func == (a: AnyInteractionSection, b: AnyInteractionSection) -> Bool { a.held.isEqual(to: b.held) }

    public func hash(into hasher: inout Hasher) { held.hash(into: &hasher) }
}

/// A section behind a class-bound protocol (what Embedded Swift can hold; see `InteractionRules`).
protocol SectionValue: AnyObject, Sendable {
    var isDefault: Bool { get }
    func isEqual(to other: any SectionValue) -> Bool
    func hash(into hasher: inout Hasher)
    #if !hasFeature(Embedded)
    func encode(to encoder: any Encoder) throws
    #endif
}

/// `S` behind `SectionValue`.
final class SectionOf<S: InteractionSection>: SectionValue {
    let value: S
    init(_ value: S) { self.value = value }
    var isDefault: Bool { value == S() }
    func isEqual(to other: any SectionValue) -> Bool { (other as? SectionOf<S>)?.value == value }
    func hash(into hasher: inout Hasher) {
        hasher.combine(S.interaction)
        hasher.combine(value)
    }
    #if !hasFeature(Embedded)
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    #endif
}

/// A registered interaction's kind of section: what a config does with it without knowing its
/// type (its keys, its defaults, and natively its decoding).
public struct InteractionSectionKind: Sendable {
    /// The interaction it belongs to.
    public let interaction: Interaction
    /// Its numeric keys, seen from `SceneConfig`.
    let fields: @Sendable () -> [ConfigField<SceneConfig>]
    /// Its text keys, seen from `SceneConfig`.
    let texts: @Sendable () -> [ConfigTextField<SceneConfig>]
    /// Its defaults.
    let makeDefault: @Sendable () -> AnyInteractionSection
    #if !hasFeature(Embedded)
    /// The section a config holds, from the config's decoder under the section's key (nil when
    /// absent).
    let decode: @Sendable ((any Decoder)?, SceneConfig) throws -> AnyInteractionSection
    #endif

    /// `S`'s kind.
    init<S: InteractionSection>(_ type: S.Type) {
        interaction = S.interaction
        fields = { S.ranges.map { $0.inSection() } }
        texts = { S.texts.map { $0.inSection() } }
        makeDefault = { AnyInteractionSection(S()) }
        #if !hasFeature(Embedded)
        decode = { decoder, config in AnyInteractionSection(try S.decode(from: decoder, in: config)) }
        #endif
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension SceneConfig: Codable {
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
            guard let kind = entry.section else { continue }
            let key = SectionKey(entry.name.rawValue)
            setErased(try kind.decode(named.contains(key) ? named.superDecoder(forKey: key) : nil, self), for: entry.name)
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
            guard let kind = entry.section else { continue }
            let section = sections[entry.name] ?? kind.makeDefault()
            try section.held.encode(to: named.superEncoder(forKey: SectionKey(entry.name.rawValue)))
        }
    }


    /// A key named at run time: a registered interaction's section.
    struct SectionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
#endif
