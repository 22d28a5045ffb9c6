#if !hasFeature(Embedded)
import Synchronization
#endif

extension SceneConfig {
    /// The top level's own constants.
    public static let ranges: [ConfigField<SceneConfig>] = [
        .number("stackCloseDuration", { $0.stackCloseDuration }, { $0.stackCloseDuration = $1 }, unit: "s", 0.01...10,
                "the stack moving a level after an insert or delete from outside"),
    ]

    /// The shared constants' numeric fields, in display order, each with its group; built once
    /// from the types' own `ranges`.
    static let fields: [(group: String, field: ConfigField<SceneConfig>)] = {
        func section<T>(_ group: String, _ fields: [ConfigField<T>], _ get: @escaping @Sendable (SceneConfig) -> T,
                        _ set: @escaping @Sendable (inout SceneConfig, T) -> Void)
            -> [(group: String, field: ConfigField<SceneConfig>)] {
            fields.map { (group, $0.nested(in: group, get, set)) }
        }
        return section("pan", PanConfiguration.ranges, { $0.pan }, { $0.pan = $1 })
            + section("scroll", ScrollPhysics.ranges, { $0.scroll }, { $0.scroll = $1 })
            + SpringParameters.ranges.map {
                ("snapBack", $0.nested(in: "snapBackSpring", { $0.snapBackSpring }, { $0.snapBackSpring = $1 }))
            }
            + ranges.map { ("stack", $0) }
            + section("commands", CommandConfig.ranges, { $0.commands }, { $0.commands = $1 })
    }()

    private static let index: [String: Int] = {
        var d: [String: Int] = [:]
        for (i, f) in fields.enumerated() { d[f.field.name] = i }
        return d
    }()

    /// The shared constants' keys, in display order.
    private static let builtInKeys: [ConfigKey] = fields.map { $0.field.key(group: $0.group) }

    /// The registered sections' fields, keys and text fields, built once per change of the
    /// registry (a panel reads every key each frame).
    struct SectionTable: Sendable {
        var version: Int
        var fields: [ConfigField<SceneConfig>]
        var keys: [ConfigKey]
        var index: [String: Int]
        var texts: [ConfigTextField<SceneConfig>]
    }

    #if hasFeature(Embedded)
    // One thread runs the WebAssembly engine: no lock.
    private nonisolated(unsafe) static var cachedTable: SectionTable?
    private static var sectionCache: SectionTable? {
        get { cachedTable }
        set { cachedTable = newValue }
    }
    #else
    private static let lockedTable = Mutex<SectionTable?>(nil)
    private static var sectionCache: SectionTable? {
        get { lockedTable.withLock { $0 } }
        set { lockedTable.withLock { $0 = newValue } }
    }
    #endif

    /// The table for the registry as it is now.
    static var sectionTable: SectionTable {
        let version = InteractionRegistry.version
        if let t = sectionCache, t.version == version { return t }
        let entries = InteractionRegistry.all.compactMap { $0.section }
        let fields = entries.flatMap { $0.fields() }
        var index: [String: Int] = [:]
        for (i, f) in fields.enumerated() where index[f.name] == nil { index[f.name] = i }
        let t = SectionTable(version: version, fields: fields,
                             keys: fields.map { $0.key(group: String($0.name.prefix { $0 != "." })) },
                             index: index, texts: entries.flatMap { $0.texts() })
        sectionCache = t
        return t
    }

    /// The keys of the registered interactions' sections (`InteractionSection.ranges`), each
    /// under its interaction's name ("now.throwSpeed", "coverflow.pitchRatio"), in registration
    /// order: the built-ins' first.
    static var sectionFields: [ConfigField<SceneConfig>] { sectionTable.fields }

    /// The text keys of the registered interactions' sections (`InteractionSection.texts`).
    static var sectionTextFields: [ConfigTextField<SceneConfig>] { sectionTable.texts }

    /// Every numeric key, in display order, with unit, range and a one-line summary: the
    /// shared constants', then each registered interaction's section (its group is its name).
    public static var keys: [ConfigKey] {
        builtInKeys + sectionTable.keys
    }

    /// The field at a dotted path, built-in or a registered section's.
    private static func field(at path: String) -> ConfigField<SceneConfig>? {
        if let i = index[path] { return fields[i].field }
        let t = sectionTable
        return t.index[path].map { t.fields[$0] }
    }

    /// The key at a dotted path ("now.throwSpeed"), or nil when there is none.
    public static func key(at path: String) -> ConfigKey? {
        if let i = index[path] { return builtInKeys[i] }
        let t = sectionTable
        return t.index[path].map { t.keys[$0] }
    }

    /// The value at a dotted path, or nil for an unknown path (or an optional key left unset,
    /// such as `pan.slopOverride`).
    public func value(at path: String) -> Double? {
        Self.field(at: path)?.get(self)
    }

    /// Stores `v` at a dotted path; refuses (leaving the config unchanged) an unknown path or a
    /// value outside the key's range (or not whole for a count, or not finite).
    public mutating func setValue(_ v: Double, at path: String) throws(ConfigError) {
        guard let field = Self.field(at: path) else { throw .unknownKey(path) }
        let key = field.key(group: "")
        guard key.accepts(v) else { throw .outOfRange(key: path, value: v, range: key.range) }
        field.set(&self, v)
    }

    /// This config with `v` at a dotted path, checked as a config read from a file is
    /// (`validate()`): what a live edit by key (a page's, a random session's) gives the scene.
    public func setting(_ v: Double, at path: String) throws(ConfigError) -> SceneConfig {
        var edited = self
        try edited.setValue(v, at: path)
        try edited.validate()
        return edited
    }

    /// Stores a Boolean at the dotted path of a switch (`swipe.allowDown`); refuses a path
    /// that is not one.
    public mutating func setValue(_ v: Bool, at path: String) throws(ConfigError) {
        guard let field = Self.field(at: path), field.isFlag else { throw .unknownKey(path) }
        field.set(&self, v ? 1 : 0)
    }

    /// Every text key's dotted path, in display order (`swipe.leftName` ...).
    public static var textKeys: [String] { sectionTextFields.map { $0.name } }

    /// The text at a dotted path, or nil for a path that is not a text key.
    public func text(at path: String) -> String? {
        Self.sectionTextFields.first { $0.name == path }?.get(self)
    }

    /// Stores `text` at the dotted path of a text key (`swipe.leftName`); refuses an unknown
    /// path, or a text that is empty, longer than `ConfigTextField.maxLength` characters or
    /// more than one line, leaving the config unchanged.
    public mutating func setValue(_ text: String, at path: String) throws(ConfigError) {
        guard let field = Self.sectionTextFields.first(where: { $0.name == path }) else { throw .unknownKey(path) }
        if let why = ConfigTextField<SceneConfig>.problem(text) { throw .badText(key: path, reason: why) }
        field.set(&self, text)
    }

    /// Throws for the first key (in display order) whose value is outside its range.
    public func validate() throws(ConfigError) {
        for (i, key) in Self.builtInKeys.enumerated() {
            guard let v = Self.fields[i].field.get(self) else { continue }
            if !key.accepts(v) { throw .outOfRange(key: key.path, value: v, range: key.range) }
        }
        for field in Self.sectionFields {
            guard let v = field.get(self) else { continue }
            let key = field.key(group: "")
            if !key.accepts(v) { throw .outOfRange(key: key.path, value: v, range: key.range) }
        }
        try validateBounds()
    }

    /// The keys that bound one quantity from both sides: a key whose last part is `min` then a
    /// capital (`now.minThrowDuration`) and the key with `max` in its place, when both exist.
    public static var boundPairs: [(low: String, high: String)] {
        let all = keys
        let paths = Set(all.map { $0.path })
        return all.compactMap { key in
            var parts = key.path.split(separator: ".").map(String.init)
            guard let last = parts.last, last.hasPrefix("min"), last.dropFirst(3).first?.isUppercase == true else { return nil }
            parts[parts.count - 1] = "max" + last.dropFirst(3)
            let high = parts.joined(separator: ".")
            return paths.contains(high) ? (key.path, high) : nil
        }
    }

    /// Throws for the first pair of `boundPairs` whose lower bound is above its upper one (the
    /// engine would clamp into an empty range): each key may be in range and the pair not.
    public func validateBounds() throws(ConfigError) {
        for (low, high) in Self.boundPairs {
            guard let a = value(at: low), let b = value(at: high), a > b else { continue }
            throw .crossed(low: low, lowValue: a, high: high, highValue: b)
        }
    }
}
