import FlickStage
import FlickCLI
/// Markup for Flick's pages (`report.html`, `study.html`, `tune.html`, their inline SVG): the
/// one writer of every page, so no text from outside can become an element or an attribute.
///
/// Markup comes only from Flick's own source: a literal is a `StaticString`, so no string made
/// at run time can be taken as markup. Whatever is interpolated into a literal is text and is
/// escaped (`"<td>\(name)</td>"` escapes `name`), except another `HTML`, which is markup Flick
/// already wrote. A direction name, a session's file name, a task, a preset's description: all
/// are strings, so all are escaped, wherever they land, with no call to forget.
struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    typealias StringLiteralType = StaticString

    /// The page's text as written: markup and escaped text.
    private(set) var markup: String

    init() { markup = "" }

    init(stringLiteral literal: StaticString) { markup = literal.text }

    init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    /// `text` escaped: the text a reader sees is `text`, whatever it holds.
    init(text: String) {
        markup = ""
        Self.escape(text, into: &markup)
    }

    var description: String { markup }

    var isEmpty: Bool { markup.isEmpty }

    struct Interpolation: StringInterpolationProtocol {
        typealias StringLiteralType = StaticString
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) { markup += literal.text }

        /// Markup Flick wrote, as it is.
        mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

        /// Text: escaped.
        mutating func appendInterpolation(_ text: String) { HTML.escape(text, into: &markup) }

        /// Anything else (a number, an enum's name) as its description, escaped.
        mutating func appendInterpolation<T>(_ value: T) { HTML.escape(String(describing: value), into: &markup) }
    }

    static func + (a: HTML, b: HTML) -> HTML { var c = a; c += b; return c }
    static func += (a: inout HTML, b: HTML) { a.markup += b.markup }

    /// Every occurrence of the markup `target` replaced by `replacement`. Both are markup, and
    /// text in the page has its `<` escaped, so `"<table"` finds only tables Flick wrote.
    func replacing(_ target: HTML, with replacement: HTML) -> HTML {
        var h = HTML()
        h.markup = markup.replacingOccurrences(of: target.markup, with: replacement.markup)
        return h
    }

    /// `s` as HTML text or an attribute value (in either quotes): the five markup characters
    /// as entities, and control characters other than tab, newline and carriage return (which
    /// HTML does not allow; NUL ends some readers' text), C1 controls and noncharacters as
    /// U+FFFD. One pass over the text.
    static func escape(_ s: String, into out: inout String) {
        var plain = true
        for byte in s.utf8 where byte < 0x20 || byte >= 0x7F || "&<>\"'".utf8.contains(byte) {
            plain = false
            break
        }
        if plain {
            out += s
            return
        }
        var scalars = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": scalars.append(contentsOf: "&amp;".unicodeScalars)
            case "<": scalars.append(contentsOf: "&lt;".unicodeScalars)
            case ">": scalars.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": scalars.append(contentsOf: "&quot;".unicodeScalars)
            case "'": scalars.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n", "\r": scalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0xFDD0...0xFDEF).contains(scalar.value)
                    || scalar.value & 0xFFFE == 0xFFFE {
                    scalars.append("\u{FFFD}")
                } else {
                    scalars.append(scalar)
                }
            }
        }
        out += String(scalars)
    }

    /// `s` escaped, as a string (for a test, or a message that quotes a page).
    static func escaped(_ s: String) -> String { HTML(text: s).markup }
}

extension Sequence where Element == HTML {
    /// The pieces one after the other, `separator` between them.
    func joined(separator: HTML = HTML()) -> HTML {
        var out = HTML(), first = true
        for piece in self {
            if !first { out += separator }
            out += piece
            first = false
        }
        return out
    }
}

private extension StaticString {
    var text: String { withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}
