import FlickIO
import Foundation

/// What a `DecodingError` means for a person reading a session file: the field at fault and what
/// it should have been, in one short phrase ("'translation' is not an array", "missing
/// 'schema'", "'event' has the value 'frobnicate', which is not one Flick knows"), never Swift's
/// own description with its coding keys and type names.
package enum DecodingProblem {
    package static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let c):
            return "missing '\(path(c.codingPath + [key]))'"
        case DecodingError.typeMismatch(let type, let c):
            return "\(field(c)) is not \(kind(type))"
        case DecodingError.valueNotFound(let type, let c):
            return "\(field(c)) is null (expected \(kind(type)))"
        case DecodingError.dataCorrupted(let c):
            // An enumeration's unknown value: Foundation names it at the end of its description.
            if let range = c.debugDescription.range(of: "invalid String value ") {
                return "\(field(c)) has the value '\(c.debugDescription[range.upperBound...])', which is not one Flick knows"
            }
            if c.debugDescription.contains("not representable") || c.debugDescription.contains("does not fit") {
                return "\(field(c)) has a number out of range"
            }
            return c.codingPath.isEmpty ? "a value that does not fit its field, such as a number too large" : "\(field(c)) has a value that is not allowed"
        default:
            return "\(error)"
        }
    }

    /// Why `data` is not JSON, for a message: where a NaN or an Infinity stands (JSON has
    /// neither; Foundation only says the text is invalid), else where the text stops being JSON.
    package static func notJSON(_ data: Data) -> String {
        if data.isEmpty { return "the file is empty" }
        var line = 1, column = 1, inString = false, escaped = false
        var i = data.startIndex
        while i < data.endIndex {
            let b = data[i]
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "N") || b == UInt8(ascii: "I") || b == UInt8(ascii: "-") {
                for word in ["NaN", "Infinity", "-Infinity"] where data[i...].starts(with: Data(word.utf8)) {
                    return "\(word) at line \(line), column \(column) is not a JSON number, as JSON has neither NaN nor Infinity"
                }
            }
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            i = data.index(after: i)
        }
        do { _ = try JSONSerialization.jsonObject(with: data) } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)?
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            if let detail, !detail.isEmpty { return TextLimits.excerpt(detail, 120) }
        }
        return "it does not parse"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    private static func field(_ c: DecodingError.Context) -> String {
        c.codingPath.isEmpty ? "a value" : "'\(path(c.codingPath))'"
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: return "text"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Double.Type, is Float.Type, is Int64.Type, is UInt.Type, is Int32.Type: return "a number"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "the expected kind of value"
        }
    }
}
