#if !hasFeature(Embedded)
import Synchronization
#endif

/// The name of an interaction a scene shows: one of the five built in, or one an embedder
/// registered (`InteractionRegistry.register`). The log, the recording and the study know an
/// interaction by this name; the registry maps it to the type that owns everything specific to
/// it (layout, routing, throw rules, flights).
public struct Interaction: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The name as the command line, the log and the recording spell it (`carousel`).
    public let rawValue: String

    /// A registered name; nil for a name no interaction is registered under.
    public init?(rawValue: String) {
        guard InteractionRegistry.entry(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// Any name: a plug-in's own, to register it under.
    public init(named name: String) { rawValue = name }

    /// Every registered interaction, in registration order: the five built-ins first.
    public static var allCases: [Interaction] { InteractionRegistry.all.map { $0.name } }

    /// This interaction under `config`; the first built-in for a name no longer registered.
    func rules(_ config: SceneConfig) -> any InteractionRules {
        (InteractionRegistry.entry(named: rawValue) ?? InteractionRegistry.builtIns[0]).make(config)
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension Interaction: Codable {
    /// Its name; decoding refuses a name no interaction is registered under.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let name = try c.decode(String.self)
        guard let i = Interaction(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "unknown interaction '\(name)' (expected one of: "
                    + Interaction.allCases.map { $0.rawValue }.joined(separator: ", ") + ")")
        }
        self = i
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}
#endif

/// One interaction as registered: its name, how to make its rules, and its config section
/// (its own constants, kept in `SceneConfig`). What a front end shows of it (a summary, its
/// colours, a demo) is registered beside it by the front end, under the same name.
///
/// Made from the interaction's type (`InteractionRegistration(MyInteraction.self, ...)`), where
/// that type is known: the registry keeps what to do with it, never the type as a value, so the
/// engine runs the same in Embedded Swift (see `InteractionRules`).
public struct InteractionRegistration: Sendable {
    /// The name the log, the recording and the study show.
    public let name: Interaction
    /// The interaction's rules under a config, with fresh state.
    let make: @Sendable (SceneConfig) -> any InteractionRules
    /// Its config section, if it has one of its own: kept in `SceneConfig` under `name`.
    public let section: InteractionSectionKind?

    /// `type`, with no config section of its own.
    public init<I: CardInteraction>(_ type: I.Type) {
        self.init(type, sectionKind: nil)
    }

    /// `type` and its config section `section`.
    public init<I: CardInteraction, S: InteractionSection>(_ type: I.Type, section: S.Type) {
        self.init(type, sectionKind: InteractionSectionKind(section))
    }

    private init<I: CardInteraction>(_ type: I.Type, sectionKind: InteractionSectionKind?) {
        self.name = I.name
        self.make = { config in RulesOf(I(config: config)) }
        self.section = sectionKind
    }
}

/// The constants of an interaction: its own Codable type, stored in `SceneConfig` under the
/// interaction's name (`config.section(MyConfig.self)`), the built-ins' as a plug-in's. Its
/// decoding should take any subset of its keys over `init()`'s defaults, as the built-in
/// sections do (`decodedOverDefaults(from:)` does it from `ranges`), so a preset holds only
/// what it changes.
public protocol InteractionSection: SectionCoding, Sendable {
    /// The name of the interaction it belongs to (its key in a config file).
    static var interaction: Interaction { get }
    /// The defaults.
    init()
    /// Its numeric keys (`.number("pitchRatio", { $0.pitchRatio }, { $0.pitchRatio = $1 }, ...)`), relative to the section:
    /// the config keys `name.key` a tuning panel lists, `setValue(_:at:)` takes and a config
    /// file is checked against. None unless given.
    static var ranges: [ConfigField<Self>] { get }
    /// Its text keys (`name.key`, set with `setValue(_:at:)` taking a `String`). None unless given.
    static var texts: [ConfigTextField<Self>] { get }
    #if !hasFeature(Embedded)
    /// The section a config holds: decoded from `decoder` (nil when the config has no section
    /// of this name), given the shared constants already decoded in `config`. `init(from:)`, or
    /// the defaults, unless given (the swipe deck falls back on the stack's close duration).
    static func decode(from decoder: (any Decoder)?, in config: SceneConfig) throws -> Self
    #endif
}

#if hasFeature(Embedded)
/// What a section must be besides `Sendable`: comparable (natively also `Codable`, which
/// Embedded Swift does not have).
public typealias SectionCoding = Hashable
#else
/// What a section must be besides `Sendable`: comparable and `Codable` (a config file).
public typealias SectionCoding = Codable & Hashable
#endif

extension InteractionSection {
    /// No keys of its own.
    public static var ranges: [ConfigField<Self>] { [] }

    /// No text keys.
    public static var texts: [ConfigTextField<Self>] { [] }
}

#if !hasFeature(Embedded)
extension InteractionSection {
    /// `init(from:)`, or the defaults.
    public static func decode(from decoder: (any Decoder)?, in config: SceneConfig) throws -> Self {
        try decoder.map { try Self(from: $0) } ?? Self()
    }

    /// The defaults with every key of `ranges` and `texts` that `decoder` holds laid over them:
    /// a number, a whole number for a count, `true`/`false` (or 1/0) for a switch. A section
    /// whose every stored value is one of its keys decodes with this
    /// (`init(from decoder:) { self = try Self.decodedOverDefaults(from: decoder) }`).
    public static func decodedOverDefaults(from decoder: any Decoder) throws -> Self {
        let c = try decoder.container(keyedBy: SceneConfig.SectionKey.self)
        var s = Self()
        for field in ranges {
            let key = SceneConfig.SectionKey(field.name)
            guard c.contains(key) else { continue }
            if field.isFlag {
                if let b = try? c.decode(Bool.self, forKey: key) { field.set(&s, b ? 1 : 0); continue }
                guard let n = try? c.decode(Int.self, forKey: key), n == 0 || n == 1 else {
                    throw DecodingError.typeMismatch(Bool.self, .init(
                        codingPath: c.codingPath + [key], debugDescription: "expected true or false (or 1 or 0)"))
                }
                field.set(&s, Double(n))
            } else if field.isInteger {
                field.set(&s, Double(try c.decode(Int.self, forKey: key)))
            } else {
                field.set(&s, try c.decode(Double.self, forKey: key))
            }
        }
        for field in texts {
            let key = SceneConfig.SectionKey(field.name)
            guard c.contains(key) else { continue }
            field.set(&s, try c.decode(String.self, forKey: key))
        }
        return s
    }
}
#endif

extension ConfigField where Root: InteractionSection {
    /// The same field seen from `SceneConfig`, under the section's interaction name.
    func inSection() -> ConfigField<SceneConfig> {
        let get = self.get, set = self.set
        return ConfigField<SceneConfig>(name: "\(Root.interaction.rawValue).\(name)", unit: unit, range: range,
                                        isInteger: isInteger, isFlag: isFlag, summary: summary,
                                        get: { get($0.section(Root.self)) },
                                        set: { config, v in
                                            var section = config.section(Root.self)
                                            set(&section, v)
                                            config.setSection(section)
                                        })
    }
}

extension ConfigTextField where Root: InteractionSection {
    /// The same text field seen from `SceneConfig`, under the section's interaction name.
    func inSection() -> ConfigTextField<SceneConfig> {
        let get = self.get, set = self.set
        return ConfigTextField<SceneConfig>(name: "\(Root.interaction.rawValue).\(name)", summary: summary,
                                            get: { get($0.section(Root.self)) },
                                            set: { config, v in
                                                var section = config.section(Root.self)
                                                set(&section, v)
                                                config.setSection(section)
                                            })
    }
}

/// The interactions a scene can show, by name: one place where each is registered (the five
/// built-ins below, one line each; an embedder's with `register`). A scene, a config, a
/// recording and the log look interactions up here.
public enum InteractionRegistry {
    /// The built-in interactions, in their key order (1 ... 5): one line each (each
    /// interaction's registration, with its section, is in its own file).
    static let builtIns: [InteractionRegistration] = [
        NowInteraction.registration,
        SwitcherInteraction.registration,
        StackInteraction.registration,
        CarouselInteraction.registration,
        SwipeInteraction.registration,
    ]

    #if hasFeature(Embedded)
    // One thread runs the WebAssembly engine (the page's): the table needs no lock, and there
    // are no tasks to scope a registration to.
    private nonisolated(unsafe) static var table = builtIns
    private nonisolated(unsafe) static var changes = 0

    /// The number of changes made to the registry so far.
    static var version: Int { changes }

    private static func change(_ edit: (inout [InteractionRegistration]) -> Void) {
        edit(&table)
        changes += 1
    }

    /// Every registration, built-ins first.
    public static var all: [InteractionRegistration] { table }
    #else
    private static let table = Mutex<[InteractionRegistration]>(builtIns)
    /// Counts the changes of `table`: what is derived from it (the config keys) is rebuilt when
    /// this moves.
    private static let changes = Atomic<Int>(0)

    /// The number of changes made to the registry so far; a scope of `withRegistered` has a
    /// negative number of its own.
    static var version: Int { scoped?.version ?? changes.load(ordering: .acquiring) }

    private static func change(_ edit: (inout [InteractionRegistration]) -> Void) {
        table.withLock { t in
            edit(&t)
            changes.add(1, ordering: .releasing)
        }
    }

    /// The registry a task sees inside `withRegistered`: the process's with its additions.
    struct Scoped: Sendable {
        var table: [InteractionRegistration]
        var version: Int
    }

    /// Set by `withRegistered` for the task running it (and its child tasks); nil elsewhere.
    @TaskLocal static var scoped: Scoped?
    private static let scopes = Atomic<Int>(0)

    /// Runs `body` with `registrations` added to the registry (or replacing those of their
    /// names) for the current task and its child tasks only: tests, and any caller running
    /// beside others, see their plug-ins without any other task seeing them come and go.
    public static func withRegistered<R>(_ registrations: [InteractionRegistration], _ body: () throws -> R) rethrows -> R {
        var t = all
        for r in registrations {
            if let i = t.firstIndex(where: { $0.name == r.name }) { t[i] = r } else { t.append(r) }
        }
        let scope = Scoped(table: t, version: -scopes.add(1, ordering: .relaxed).newValue)
        return try $scoped.withValue(scope, operation: body)
    }

    /// Every registration, built-ins first.
    public static var all: [InteractionRegistration] { scoped?.table ?? table.withLock { $0 } }
    #endif

    /// Registers an interaction (or replaces the one registered under its name): from then on a
    /// scene can show it by name (`setInteraction`), a config keeps its section, and logs and
    /// recordings that name it read.
    public static func register(_ registration: InteractionRegistration) {
        change { t in
            if let i = t.firstIndex(where: { $0.name == registration.name }) { t[i] = registration } else { t.append(registration) }
        }
    }

    /// Registers `type`, with no config section of its own.
    public static func register<I: CardInteraction>(_ type: I.Type) {
        register(InteractionRegistration(type))
    }

    /// Registers `type` with its config section.
    public static func register<I: CardInteraction, S: InteractionSection>(_ type: I.Type, section: S.Type) {
        register(InteractionRegistration(type, section: section))
    }

    /// Takes the interaction registered under `name` out of the registry (a test's, say); the
    /// built-ins stay.
    public static func unregister(_ name: Interaction) {
        guard !builtIns.contains(where: { $0.name == name }) else { return }
        change { t in t.removeAll { $0.name == name } }
    }

    /// The registration under `name`, if any.
    public static func entry(named name: String) -> InteractionRegistration? {
        all.first { $0.name.rawValue == name }
    }
}

extension Interaction {
    /// The throw rule's verdict on a card release of `kind` whose pan moved `translation`
    /// (points, since the slop) and let go at `velocity` (pt/s), under `config` on a `viewport`
    /// (points): the fields a log line written before the verdict was logged lacks, decided by
    /// the interaction itself so no study tool restates its thresholds. Nil for scrolls and taps.
    public func verdict(kind: GestureKind, translation: Vector, velocity: Vector, config: SceneConfig,
                        viewport: Size) -> ReleaseRecord? {
        guard kind == .card || kind == .bringBack else { return nil }
        let rule = rules(config)
        var offset = rule.cardTranslation(translation)
        // A card pulled back starts where it peeks in, as the scene's returning card does.
        if kind == .bringBack { offset = offset + (rule.returnPeekOffset(viewport: viewport) ?? .zero) }
        let o = rule.decide(kind: kind, offset: offset, velocity: velocity, viewport: viewport)
        return ReleaseRecord(direction: o.direction, label: o.direction.flatMap { rule.label(for: $0) },
                             distanceFraction: o.distanceFraction, speedFraction: o.speedFraction)
    }
}
