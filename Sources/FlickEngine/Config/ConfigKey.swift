import FlickMath

/// One numeric key of a `SceneConfig`: where it is, what unit it has and which values it takes.
///
/// The table (`SceneConfig.keys`) is what a tuning panel lists and what a config file is checked
/// against: a value outside `range` is refused, so no accepted config can make the engine crash,
/// hang or allocate without bound.
public struct ConfigKey: Hashable, Sendable {
    /// Dotted path as in `flick --print-config` JSON, e.g. "now.throwSpeed".
    public let path: String
    /// The section it belongs to: "pan", "scroll", "snapBack", "now", "switcher", "stack", "carousel",
    /// "commands", "swipe".
    public let group: String
    /// "pt/s", "s", "pt", "rad", "" (a ratio or factor), "count", "bool" (a switch).
    public let unit: String
    /// The values accepted, both ends included.
    public let range: ClosedRange<Double>
    /// Whether only whole numbers are accepted (counts).
    public let isInteger: Bool
    /// Whether the key is a Boolean (`true`/`false` in JSON; 1 and 0 as a number, and in
    /// config files written before it was one): unit "bool", range 0...1, whole.
    public let isFlag: Bool
    /// One line for a tooltip or a table.
    public let summary: String

    /// Memberwise.
    public init(path: String, group: String, unit: String, range: ClosedRange<Double>,
                isInteger: Bool, summary: String, isFlag: Bool = false) {
        self.path = path
        self.group = group
        self.unit = unit
        self.range = range
        self.isInteger = isInteger || isFlag
        self.isFlag = isFlag
        self.summary = summary
    }

    /// Whether `value` may be stored under this key: finite, in range, whole when a count.
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && range.contains(value) && (!isInteger || value == value.rounded())
    }

    /// "0.05 to 4" or "a whole number from 3 to 4096" (or "true or false"), for messages.
    public var rangeDescription: String { isFlag ? "true or false" : ConfigError.describe(range, integer: isInteger) }
}

/// Why a config value was refused.
public enum ConfigError: Error, Hashable, CustomStringConvertible {
    /// No numeric key has this path.
    case unknownKey(String)
    /// The value is not finite, outside the key's range, or not whole for a count.
    case outOfRange(key: String, value: Double, range: ClosedRange<Double>)
    /// A text value (the swipe deck's direction names) that cannot be taken, and why.
    case badText(key: String, reason: String)
    /// A lower bound above its upper bound (`now.minThrowDuration` over `now.maxThrowDuration`).
    case crossed(low: String, lowValue: Double, high: String, highValue: Double)

    /// One line naming the key, the value and what was expected.
    public var description: String {
        switch self {
        case .unknownKey(let path):
            return "unknown config key '\(path)'"
        case .outOfRange(let key, let value, let range):
            if SceneConfig.key(at: key)?.isFlag == true {
                return "'\(key)' = \(Self.format(value)) is not a Boolean (expected true or false, or 1 or 0)"
            }
            let integer = SceneConfig.key(at: key)?.isInteger ?? false
            return "'\(key)' = \(Self.format(value)) is out of range (expected \(Self.describe(range, integer: integer)))"
        case .badText(let key, let reason):
            return "'\(key)' \(reason)"
        case .crossed(let low, let lowValue, let high, let highValue):
            return "'\(low)' = \(Self.format(lowValue)) is above '\(high)' = \(Self.format(highValue)) (expected '\(low)' at most '\(high)')"
        }
    }

    static func describe(_ range: ClosedRange<Double>, integer: Bool) -> String {
        let span = "\(format(range.lowerBound)) to \(format(range.upperBound))"
        return integer ? "a whole number from \(span)" : span
    }

    /// A number as a person would write it: 3, 0.05, 1e+15, nan.
    public static func format(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e9 { return String(Int(x)) }
        guard x.isFinite, abs(x) >= 1e9 else { return "\(x)" }
        var e = Int((Elementary.log(abs(x)) / Elementary.log(10)).rounded(.down))
        var m = x / Elementary.pow(10, Double(e))
        if abs(m) >= 10 { m /= 10; e += 1 }
        if abs(m) < 1 { m *= 10; e -= 1 }
        var mantissa = "\(m)"
        if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
        return "\(mantissa)e+\(e)"
    }
}

/// One numeric field of a config type `Root`: its name (a dotted path relative to `Root`), unit,
/// range and how to read and write it. Each config type lists its own (`NowConfig.ranges`, ...);
/// `SceneConfig` nests them under their section names.
public struct ConfigField<Root>: Sendable {
    /// Path relative to `Root`, e.g. "throwSpeed" or "velocity.capacity".
    public let name: String
    /// See `ConfigKey.unit`.
    public let unit: String
    /// See `ConfigKey.range`.
    public let range: ClosedRange<Double>
    /// See `ConfigKey.isInteger`.
    public let isInteger: Bool
    /// See `ConfigKey.isFlag`.
    public internal(set) var isFlag = false
    /// See `ConfigKey.summary`.
    public let summary: String
    /// The value, or nil when the field is optional and unset.
    let get: @Sendable (Root) -> Double?
    /// Stores a value already checked against the range.
    let set: @Sendable (inout Root, Double) -> Void

    // Each field is made from a getter and a setter of its own (`{ $0.speed }, { $0.speed = $1 }`):
    // Embedded Swift (the WebAssembly engine) has no key paths. Natively, each has a key-path
    // form too (`\.speed`), for an embedder's own sections.

    /// A `Double` field.
    public static func number(_ name: String, _ get: @escaping @Sendable (Root) -> Double,
                              _ set: @escaping @Sendable (inout Root, Double) -> Void,
                              unit: String, _ range: ClosedRange<Double>, _ summary: String) -> ConfigField {
        ConfigField(name: name, unit: unit, range: range, isInteger: false, summary: summary, get: get, set: set)
    }

    /// An optional `Double` field (unset: the engine picks); reads nil when unset.
    public static func optionalNumber(_ name: String, _ get: @escaping @Sendable (Root) -> Double?,
                                      _ set: @escaping @Sendable (inout Root, Double?) -> Void,
                                      unit: String, _ range: ClosedRange<Double>, _ summary: String) -> ConfigField {
        ConfigField(name: name, unit: unit, range: range, isInteger: false, summary: summary,
                    get: get, set: { set(&$0, $1) })
    }

    /// An `Int` field (a count); the range's ends must be whole numbers.
    public static func count(_ name: String, _ get: @escaping @Sendable (Root) -> Int,
                             _ set: @escaping @Sendable (inout Root, Int) -> Void,
                             unit: String = "count", _ range: ClosedRange<Double>, _ summary: String) -> ConfigField {
        ConfigField(name: name, unit: unit, range: range, isInteger: true, summary: summary,
                    get: { Double(get($0)) }, set: { root, v in set(&root, Int(v)) })
    }

    /// A `Bool` field: 1 is true, 0 false.
    public static func flag(_ name: String, _ get: @escaping @Sendable (Root) -> Bool,
                            _ set: @escaping @Sendable (inout Root, Bool) -> Void, _ summary: String) -> ConfigField {
        ConfigField(name: name, unit: "bool", range: 0...1, isInteger: true, isFlag: true, summary: summary,
                    get: { get($0) ? 1 : 0 }, set: { root, v in set(&root, v != 0) })
    }

    /// The same field seen from a type that holds `Root` (read with `outer`, written with
    /// `setOuter`) under `prefix`.
    public func nested<Outer>(in prefix: String, _ outer: @escaping @Sendable (Outer) -> Root,
                              _ setOuter: @escaping @Sendable (inout Outer, Root) -> Void) -> ConfigField<Outer> {
        let get = self.get, set = self.set
        return ConfigField<Outer>(name: "\(prefix).\(name)", unit: unit, range: range, isInteger: isInteger,
                                  isFlag: isFlag, summary: summary,
                                  get: { get(outer($0)) },
                                  set: { o, v in
                                      var inner = outer(o)
                                      set(&inner, v)
                                      setOuter(&o, inner)
                                  })
    }

    #if !hasFeature(Embedded)
    /// A `Double` field at `keyPath`.
    public static func number(_ name: String, _ keyPath: WritableKeyPath<Root, Double> & Sendable,
                              unit: String, _ range: ClosedRange<Double>, _ summary: String) -> ConfigField {
        number(name, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 }, unit: unit, range, summary)
    }

    /// An optional `Double` field at `keyPath`.
    public static func optionalNumber(_ name: String, _ keyPath: WritableKeyPath<Root, Double?> & Sendable,
                                      unit: String, _ range: ClosedRange<Double>, _ summary: String) -> ConfigField {
        optionalNumber(name, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 }, unit: unit, range, summary)
    }

    /// An `Int` field at `keyPath`.
    public static func count(_ name: String, _ keyPath: WritableKeyPath<Root, Int> & Sendable,
                             unit: String = "count", _ range: ClosedRange<Double>, _ summary: String) -> ConfigField {
        count(name, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 }, unit: unit, range, summary)
    }

    /// A `Bool` field at `keyPath`.
    public static func flag(_ name: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable,
                            _ summary: String) -> ConfigField {
        flag(name, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 }, summary)
    }

    /// The same field seen from a type that holds `Root` at `keyPath` under `prefix`.
    public func nested<Outer>(in prefix: String, _ keyPath: WritableKeyPath<Outer, Root> & Sendable) -> ConfigField<Outer> {
        nested(in: prefix, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 })
    }
    #endif

    /// The key this field is, under `group`.
    func key(group: String) -> ConfigKey {
        ConfigKey(path: name, group: group, unit: unit, range: range, isInteger: isInteger, summary: summary,
                  isFlag: isFlag)
    }
}

extension Array {
    /// Every field of `fields`, nested under `prefix` (read with `get`, written with `set`).
    static func nesting<Outer, Inner>(_ fields: [ConfigField<Inner>], in prefix: String,
                                      _ get: @escaping @Sendable (Outer) -> Inner,
                                      _ set: @escaping @Sendable (inout Outer, Inner) -> Void) -> [ConfigField<Outer>]
    where Element == ConfigField<Outer> {
        fields.map { $0.nested(in: prefix, get, set) }
    }
}

/// One text key of a config (the swipe deck's direction names): a dotted path and how to read
/// and write it. Text keys are set with `SceneConfig.setValue(_:at:)` taking a `String`.
public struct ConfigTextField<Root>: Sendable {
    /// Path relative to `Root`, e.g. "leftName".
    public let name: String
    /// One line for a tooltip or a table.
    public let summary: String
    let get: @Sendable (Root) -> String
    let set: @Sendable (inout Root, String) -> Void

    /// A `String` field.
    public static func text(_ name: String, _ get: @escaping @Sendable (Root) -> String,
                            _ set: @escaping @Sendable (inout Root, String) -> Void, _ summary: String) -> ConfigTextField {
        ConfigTextField(name: name, summary: summary, get: get, set: set)
    }

    /// The same field seen from a type that holds `Root` (read with `outer`, written with
    /// `setOuter`) under `prefix`.
    public func nested<Outer>(in prefix: String, _ outer: @escaping @Sendable (Outer) -> Root,
                              _ setOuter: @escaping @Sendable (inout Outer, Root) -> Void) -> ConfigTextField<Outer> {
        let get = self.get, set = self.set
        return ConfigTextField<Outer>(name: "\(prefix).\(name)", summary: summary,
                                      get: { get(outer($0)) },
                                      set: { o, v in
                                          var inner = outer(o)
                                          set(&inner, v)
                                          setOuter(&o, inner)
                                      })
    }

    #if !hasFeature(Embedded)
    /// A `String` field at `keyPath`.
    public static func text(_ name: String, _ keyPath: WritableKeyPath<Root, String> & Sendable,
                            _ summary: String) -> ConfigTextField {
        text(name, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 }, summary)
    }

    /// The same field seen from a type that holds `Root` at `keyPath` under `prefix`.
    public func nested<Outer>(in prefix: String, _ keyPath: WritableKeyPath<Outer, Root> & Sendable) -> ConfigTextField<Outer> {
        nested(in: prefix, { $0[keyPath: keyPath] }, { $0[keyPath: keyPath] = $1 })
    }
    #endif

    /// The longest text a text key takes, characters: it is drawn on cards and logged.
    public static var maxLength: Int { 40 }

    /// Why `text` cannot be stored under a text key (empty, longer than `maxLength`, more than
    /// one line); nil when it can.
    public static func problem(_ text: String) -> String? {
        if text.isEmpty { return "is empty (expected a name of 1 to \(maxLength) characters)" }
        if text.count > maxLength { return "has \(text.count) characters (at most \(maxLength))" }
        if text.utf8.count > maxLength * 16 { return "has \(text.utf8.count) bytes (at most \(maxLength * 16))" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "holds a line break or a control character (expected one line)"
        }
        return nil
    }
}
