import Foundation

/// A JSON value as JSONDecoder reads it (true and 1 kept apart, which JSONSerialization's
/// NSNumber does not do reliably on Linux).
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.keys.sorted().map { "\"\($0)\": \(o[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}

/// Checks JSON values against the schema files in docs/schema (draft 2020-12), for the keywords
/// those files use. A keyword it does not know is an error, so the schema cannot say more than
/// this check (and the Swift side) sees. It also notes which declared properties the checked
/// values held, so a test can ask that every property in the schema is one the encoders write.
final class JSONSchemaCheck {
    let folder: URL
    private var files: [String: JSONValue] = [:]
    /// "file#/pointer/properties/name" of every property present in a value checked against it.
    private(set) var seen: Set<String> = []

    private static let annotations: Set<String> = ["$schema", "$id", "$comment", "title", "description", "examples", "default"]
    private static let keywords: Set<String> = [
        "$ref", "type", "enum", "const", "properties", "required", "additionalProperties", "items", "minItems",
        "maxItems", "minimum", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentRequired", "$defs",
    ]

    init(folder: URL) { self.folder = folder }

    func file(_ name: String) throws -> JSONValue {
        if let f = files[name] { return f }
        let f = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent(name)))
        files[name] = f
        return f
    }

    /// The problems of `value` against `file`'s root schema, one line each ("where: what").
    func problems(_ value: JSONValue, file name: String) throws -> [String] {
        var out: [String] = []
        try check(value, try file(name), at: (name, ""), path: "", into: &out)
        return out
    }

    /// Every "file#/pointer/properties/name" the schema files declare.
    func declaredProperties(in names: [String]) throws -> Set<String> {
        var all: Set<String> = []
        func walk(_ s: JSONValue, _ file: String, _ pointer: String) {
            switch s {
            case .object(let o):
                for (k, v) in o {
                    if k == "properties", case .object(let props) = v {
                        for (p, sub) in props {
                            all.insert("\(file)#\(pointer)/properties/\(p)")
                            walk(sub, file, "\(pointer)/properties/\(p)")
                        }
                    } else if k != "enum" && k != "const" {
                        walk(v, file, "\(pointer)/\(k)")
                    }
                }
            case .array(let a):
                for (i, v) in a.enumerated() { walk(v, file, "\(pointer)/\(i)") }
            default: break
            }
        }
        for n in names { walk(try file(n), n, "") }
        return all
    }

    /// The schema at a "#/a/b" pointer of `file`.
    func resolve(_ file: String, _ pointer: String) throws -> JSONValue {
        var s = try self.file(file)
        for part in pointer.split(separator: "/").dropFirst() where part != "#" {
            guard let next = s[String(part)] else { throw CheckError("\(file)\(pointer): no such schema") }
            s = next
        }
        return s
    }

    struct CheckError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    private func check(_ v: JSONValue, _ schema: JSONValue, at loc: (file: String, pointer: String), path: String,
                       into out: inout [String]) throws {
        let here = path.isEmpty ? "(line)" : path
        if case .bool(let b) = schema {
            if !b { out.append("\(here): not allowed") }
            return
        }
        guard case .object(let s) = schema else { throw CheckError("\(loc.file)#\(loc.pointer): not a schema") }
        for key in s.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            throw CheckError("\(loc.file)#\(loc.pointer): keyword '\(key)' is not one this check knows")
        }
        if case .string(let ref)? = s["$ref"] {
            let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = parts[0].isEmpty ? loc.file : String(parts[0])
            let pointer = parts.count > 1 ? String(parts[1]) : ""
            try check(v, try resolve(file, "#" + pointer), at: (file, pointer), path: path, into: &out)
        }
        if let t = s["type"] {
            let types: [String]
            switch t {
            case .string(let one): types = [one]
            case .array(let many): types = many.compactMap { if case .string(let x) = $0 { return x } else { return nil } }
            default: throw CheckError("\(loc.file)#\(loc.pointer): bad type")
            }
            if !types.contains(where: { Self.has(v, type: $0) }) { out.append("\(here): \(v) is not \(types.joined(separator: " or "))") }
        }
        if case .array(let options)? = s["enum"], !options.contains(v) { out.append("\(here): \(v) is not one of \(options)") }
        if let c = s["const"], c != v { out.append("\(here): \(v) is not \(c)") }
        if case .number(let min)? = s["minimum"], case .number(let n) = v, n < min { out.append("\(here): \(n) < \(min)") }
        if case .object(let o) = v {
            if case .array(let required)? = s["required"] {
                for case .string(let r) in required where o[r] == nil { out.append("\(here): '\(r)' is missing") }
            }
            var known: Set<String> = []
            if case .object(let props)? = s["properties"] {
                for (name, sub) in props {
                    known.insert(name)
                    guard let value = o[name] else { continue }
                    let pointer = "\(loc.pointer)/properties/\(name)"
                    seen.insert("\(loc.file)#\(pointer)")
                    try check(value, sub, at: (loc.file, pointer), path: path.isEmpty ? name : "\(path).\(name)", into: &out)
                }
            }
            if let extra = s["additionalProperties"] {
                for (name, value) in o where !known.contains(name) {
                    if extra == .bool(false) { out.append("\(here): '\(name)' is not in the schema") }
                    else { try check(value, extra, at: (loc.file, loc.pointer + "/additionalProperties"), path: "\(path).\(name)", into: &out) }
                }
            }
            if case .object(let deps)? = s["dependentRequired"] {
                for (name, needs) in deps where o[name] != nil {
                    if case .array(let list) = needs {
                        for case .string(let n) in list where o[n] == nil { out.append("\(here): '\(name)' needs '\(n)'") }
                    }
                }
            }
        }
        if case .array(let a) = v {
            if case .number(let n)? = s["minItems"], Double(a.count) < n { out.append("\(here): fewer than \(Int(n)) items") }
            if case .number(let n)? = s["maxItems"], Double(a.count) > n { out.append("\(here): more than \(Int(n)) items") }
            if let items = s["items"] {
                for (i, x) in a.enumerated() {
                    try check(x, items, at: (loc.file, loc.pointer + "/items"), path: "\(path)[\(i)]", into: &out)
                }
            }
        }
        if case .array(let all)? = s["allOf"] {
            for (i, sub) in all.enumerated() { try check(v, sub, at: (loc.file, "\(loc.pointer)/allOf/\(i)"), path: path, into: &out) }
        }
        for key in ["anyOf", "oneOf"] {
            guard case .array(let subs)? = s[key] else { continue }
            var passing = 0
            for (i, sub) in subs.enumerated() {
                var scratch: [String] = []
                try check(v, sub, at: (loc.file, "\(loc.pointer)/\(key)/\(i)"), path: path, into: &scratch)
                if scratch.isEmpty { passing += 1 }
            }
            if passing == 0 || (key == "oneOf" && passing > 1) {
                out.append("\(here): valid under \(passing) of \(key)'s \(subs.count) schemas")
            }
        }
        if let not = s["not"] {
            var scratch: [String] = []
            try check(v, not, at: (loc.file, loc.pointer + "/not"), path: path, into: &scratch)
            if scratch.isEmpty { out.append("\(here): valid under 'not'") }
        }
        if let condition = s["if"] {
            var scratch: [String] = []
            try check(v, condition, at: (loc.file, loc.pointer + "/if"), path: path, into: &scratch)
            let branch = scratch.isEmpty ? "then" : "else"
            if let sub = s[branch] { try check(v, sub, at: (loc.file, "\(loc.pointer)/\(branch)"), path: path, into: &out) }
        }
    }

    private static func has(_ v: JSONValue, type: String) -> Bool {
        switch (type, v) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): return true
        case ("number", .number(let n)): return n.isFinite
        case ("integer", .number(let n)): return n.isFinite && n == n.rounded()
        default: return false
        }
    }
}
