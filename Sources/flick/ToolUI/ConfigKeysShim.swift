// TEMPORARY: stands in for helper 12's key table (SceneConfig.keys, value(at:), setValue(_:at:))
// until it lands on main; delete this file then. Same names and shapes as the contract.
import FlickEngine
import Foundation

struct ConfigKey: Hashable, Sendable {
    let path: String
    let group: String
    let unit: String
    let range: ClosedRange<Double>
    let isInteger: Bool
    let summary: String
}

enum ConfigError: Error, Hashable, CustomStringConvertible {
    case unknownKey(String)
    case outOfRange(key: String, value: Double, range: ClosedRange<Double>)
    var description: String {
        switch self {
        case .unknownKey(let k): return "unknown key '\(k)'"
        case .outOfRange(let k, let v, let r): return "\(k) = \(v) is out of range (expected \(r.lowerBound) to \(r.upperBound))"
        }
    }
}

extension SceneConfig {
    nonisolated(unsafe) private static var cachedKeys: [ConfigKey]?

    static var keys: [ConfigKey] {
        if let cachedKeys { return cachedKeys }
        var out: [ConfigKey] = []
        func walk(_ any: Any, _ prefix: String) {
            if let d = any as? [String: Any] {
                for k in d.keys.sorted() { walk(d[k]!, prefix.isEmpty ? k : "\(prefix).\(k)") }
            } else if let n = any as? NSNumber, !(any is Bool) {
                let v = n.doubleValue
                let integer = prefix.hasSuffix("Count") || prefix.hasSuffix("capacity") || prefix.hasSuffix("Across")
                    || prefix.hasSuffix("PerFling") || prefix.hasSuffix("maxPagesPerFling")
                let unit = prefix.lowercased().contains("speed") || prefix.lowercased().contains("velocity") ? "pt/s"
                    : prefix.lowercased().contains("duration") || prefix.hasSuffix("response") || prefix.hasSuffix("gap") || prefix.hasSuffix("window") ? "s"
                    : integer ? "count" : ""
                let hi = v == 0 ? 1 : (v < 0 ? 0 : max(v * 4, 1))
                let lo = v < 0 ? v * 4 : 0
                let group = String(prefix.split(separator: ".").first ?? "")
                out.append(ConfigKey(path: prefix, group: group, unit: unit, range: lo...hi, isInteger: integer,
                                     summary: prefix))
            }
        }
        if let data = try? JSONEncoder().encode(SceneConfig()),
           let obj = try? JSONSerialization.jsonObject(with: data) { walk(obj, "") }
        cachedKeys = out
        return out
    }

    private func json() -> [String: Any] {
        guard let data = try? JSONEncoder().encode(self),
              let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return obj
    }

    func value(at path: String) -> Double? {
        var node: Any = json()
        for part in path.split(separator: ".") {
            guard let d = node as? [String: Any], let next = d[String(part)] else { return nil }
            node = next
        }
        return (node as? NSNumber)?.doubleValue
    }

    mutating func setValue(_ v: Double, at path: String) throws(ConfigError) {
        guard let key = Self.keys.first(where: { $0.path == path }) else { throw .unknownKey(path) }
        guard key.range.contains(v) else { throw .outOfRange(key: path, value: v, range: key.range) }
        func set(_ d: [String: Any], _ parts: ArraySlice<Substring>) -> [String: Any] {
            var d = d
            let k = String(parts.first!)
            if parts.count == 1 { d[k] = key.isInteger ? Int(v) : v } else { d[k] = set(d[k] as? [String: Any] ?? [:], parts.dropFirst()) }
            return d
        }
        let obj = set(json(), path.split(separator: ".")[...])
        guard let data = try? JSONSerialization.data(withJSONObject: obj),
              let c = try? JSONDecoder().decode(SceneConfig.self, from: data) else { throw .unknownKey(path) }
        self = c
    }

    func validate() throws(ConfigError) {
        for key in Self.keys {
            if let v = value(at: key.path), !key.range.contains(v) {
                throw .outOfRange(key: key.path, value: v, range: key.range)
            }
        }
    }
}
