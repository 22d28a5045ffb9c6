import FlickIO
import FlickEngine
import Foundation

/// Reads a `--config` file: any subset of the keys `flick --print-config` shows, at any depth,
/// laid over the defaults. Every problem is one line naming the file and the key: an unknown
/// key, a wrong type, a value outside the key's range (`SceneConfig.keys`).
package enum ConfigFile {
    package static func load(_ path: String, data given: Data? = nil) throws -> SceneConfig {
        let data: Data
        if let given { data = given } else { data = try InputFile.read(path, what: "--config file") }
        let label = "--config file '\(path)'"
        var user: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw UserError("--config file '\(path)' is not a JSON object (expected a SceneConfig; see flick --print-config)")
            }
            user = object
        } catch let error as UserError {
            throw error
        } catch {
            throw UserError("--config file '\(path)' is not valid JSON: \(DecodingProblem.notJSON(data)) (expected a SceneConfig object; see flick --print-config)")
        }
        return try decode(user, label: label)
    }

    /// A config file read once: its config and its `description` (presets say what they are
    /// for), as written.
    package static func loadDescribed(_ path: String) throws -> (config: SceneConfig, description: String?) {
        let data = try InputFile.read(path, what: "--config file")
        let config = try load(path, data: data)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return (config, object?["description"] as? String)
    }

    /// A description as a condition's name: its first line, at most `maxDescription`
    /// characters; nil when that is empty.
    package static func conditionName(_ description: String) -> String? {
        let line = description.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        return line.isEmpty ? nil : String(line.prefix(maxDescription))
    }

    /// The longest config description kept (a condition's name in the study tools).
    package static let maxDescription = 120

    /// A config object read from elsewhere (a recording's header, a log line): the same checks
    /// as a `--config` file (unknown keys, types, ranges), each refusal starting with `label`.
    package static func decode(_ object: [String: Any], label: String) throws -> SceneConfig {
        var user = object
        // Presets (assets/presets/) say in one line what they are for.
        if let d = user["description"] {
            guard let text = d as? String else {
                throw UserError("\(label): wrong type at 'description': expected a string, found \(jsonKind(d))")
            }
            if let why = TextLimits.problem(text, limit: TextLimits.description, oneLine: false) {
                throw UserError("\(label): 'description' \(why); a preset says in a sentence or two what it is for")
            }
            user["description"] = nil
        }
        let defaults: [String: Any]
        do {
            defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SceneConfig())) as? [String: Any] ?? [:]
        } catch {
            throw UserError("cannot encode the default config: \(error)")
        }
        var merged = try merge(user, over: defaults, label: label, at: "")
        // An interaction's section takes what the file has of it over its own defaults (and
        // may fall back on other constants for what it lacks): it is decoded as written.
        for entry in InteractionRegistry.all where entry.section != nil {
            merged[entry.name.rawValue] = user[entry.name.rawValue]
        }
        try checkNumbers(merged, label: label)
        try checkTexts(merged, label: label)
        try checkStrings(merged, label: label, at: "")
        do {
            return try JSONDecoder().decode(SceneConfig.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let error as ConfigError {
            throw UserError("\(label): \(error)")
        } catch let DecodingError.typeMismatch(type, ctx) {
            throw UserError("\(label): wrong type at '\(keyPath(ctx))': expected \(describe(type))")
        } catch let DecodingError.valueNotFound(type, ctx) {
            throw UserError("\(label): wrong type at '\(keyPath(ctx))': expected \(describe(type)), not null")
        } catch let DecodingError.dataCorrupted(ctx) where ctx.codingPath.last?.stringValue == "axisLock" {
            let valid = ["horizontal", "vertical", "free"].filter { AxisLock(rawValue: $0) != nil }
            throw UserError("\(label): wrong value at '\(keyPath(ctx))' (expected one of: \(valid.joined(separator: ", ")))")
        } catch let DecodingError.dataCorrupted(ctx) {
            throw UserError("\(label): wrong value at '\(keyPath(ctx))': \(ctx.debugDescription)")
        } catch {
            throw UserError("\(label) is not valid JSON for a SceneConfig (\(error))")
        }
    }

    private static func keyPath(_ ctx: DecodingError.Context) -> String {
        ctx.codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func describe(_ type: Any.Type) -> String {
        if type == Double.self || type == Int.self { return "a number" }
        if type == String.self || type == AxisLock.self { return "a string" }
        return "\(type)"
    }

    /// Every numeric key of the table: a number (not true/false, not a string), whole for a
    /// count, inside its range. Checked on the JSON so a huge count never reaches `Int(...)`.
    package static func checkNumbers(_ merged: [String: Any], label: String) throws {
        for key in SceneConfig.keys {
            var node: Any? = merged
            for part in key.path.split(separator: ".") {
                node = (node as? [String: Any])?[String(part)]
            }
            guard let value = node, !(value is NSNull && key.path == "pan.slopOverride") else { continue }
            // A switch: true or false, or 1 or 0 as files written before it was one have it.
            if key.isFlag {
                if let number = value as? NSNumber, isBoolean(number) || number.doubleValue == 0 || number.doubleValue == 1 {
                    continue
                }
                throw UserError("\(label): wrong type at '\(key.path)': expected true or false, found \(jsonKind(value))")
            }
            guard let number = value as? NSNumber, !isBoolean(number) else {
                let what = key.isInteger ? "a whole number" : "a number"
                throw UserError("\(label): wrong type at '\(key.path)': expected \(what), found \(jsonKind(value))")
            }
            let v = number.doubleValue
            if key.isInteger && v.isFinite && v != v.rounded() {
                throw UserError("\(label): wrong type at '\(key.path)': expected a whole number, found \(v)")
            }
            guard key.accepts(v) else {
                throw UserError("\(label): \(ConfigError.outOfRange(key: key.path, value: v, range: key.range))")
            }
        }
    }

    /// Every text key given (the swipe deck's direction names) is a string: null is no name
    /// (decoding would take it as absent and use the default without a word).
    package static func checkTexts(_ merged: [String: Any], label: String) throws {
        for path in SceneConfig.textKeys {
            var node: Any? = merged
            for part in path.split(separator: ".") {
                node = (node as? [String: Any])?[String(part)]
            }
            if let value = node, !(value is String) {
                throw UserError("\(label): wrong type at '\(path)': expected a string, found \(jsonKind(value))")
            }
        }
    }

    /// Every string value (the swipe deck's direction names, drawn on its cards and logged):
    /// one line of at most `TextLimits.label` characters.
    package static func checkStrings(_ node: [String: Any], label: String, at prefix: String) throws {
        for (key, value) in node {
            let name = prefix.isEmpty ? key : "\(prefix).\(key)"
            if let object = value as? [String: Any] {
                try checkStrings(object, label: label, at: name)
            } else if let text = value as? String, let why = TextLimits.problem(text, limit: TextLimits.label) {
                throw UserError("\(label): '\(name)' = '\(TextLimits.excerpt(text))' \(why)")
            }
        }
    }

    /// A JSON true or false as Foundation reads it: a number of type "c", or of a Boolean class.
    /// A plain `NSNumber` (every other JSON number) is told by its type code alone, without
    /// naming its class: this runs for every number of every log line.
    package static func isBoolean(_ n: NSNumber) -> Bool {
        let code = n.objCType
        if code[0] == CChar(UInt8(ascii: "c")) && code[1] == 0 { return true }
        if type(of: n) == NSNumber.self { return false }
        return String(describing: type(of: n)).contains("Boolean")
    }

    private static func jsonKind(_ value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is NSNull: return "null"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case let n as NSNumber where isBoolean(n): return n.boolValue ? "true" : "false"
        case is NSNumber: return "a number"
        default: return "\(type(of: value))"
        }
    }

    /// `user` laid over `base`, recursively; keys the base does not have are refused.
    private static func merge(_ user: [String: Any], over base: [String: Any], label: String,
                              at prefix: String) throws -> [String: Any] {
        var out = base
        for (key, value) in user.sorted(by: { $0.key < $1.key }) {
            let name = prefix.isEmpty ? key : "\(prefix).\(key)"
            guard let old = base[key] else {
                // Optional values (pan.slopOverride) are absent from the defaults.
                if SceneConfig.key(at: name) != nil { out[key] = value; continue }
                throw UserError("\(label) has an unknown key '\(TextLimits.excerpt(name, 80))' (see flick --print-config)")
            }
            if let o = old as? [String: Any] {
                guard let u = value as? [String: Any] else {
                    throw UserError("\(label): wrong type at '\(name)': expected an object, found \(jsonKind(value))")
                }
                out[key] = try merge(u, over: o, label: label, at: name)
            } else {
                out[key] = value
            }
        }
        return out
    }
}
