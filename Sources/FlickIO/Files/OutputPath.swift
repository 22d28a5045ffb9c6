/// The spelling of an output path given on the command line (`--out`, `--log`, `--record`,
/// `--screenshot`, `--shots`), checked before any work: a value that names nothing in particular
/// (empty, only spaces, `.` or `..`, a file path ending in `/`, a control character such as NUL
/// or a newline) is refused, because the tools build file names from it and an empty folder
/// turned `folder + "/report.html"` into a file at the root of the file system.
package enum OutputPath {
    /// What the option names: one file, or a folder the command writes its files into.
    package enum Kind: Sendable {
        case file
        case folder
    }

    /// Why `value` cannot name an output of `kind`, or nil when it can (whether the path exists
    /// or may be written is `OutputPolicy`'s question, asked later).
    package static func problem(_ value: String, kind: Kind) -> String? {
        let expected = kind == .file ? "a file path" : "a folder path"
        if value.isEmpty { return "the path is empty (expected \(expected))" }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the path holds a control character such as a newline or NUL (expected \(expected))"
        }
        if value.allSatisfy(\.isWhitespace) { return "the path is only spaces (expected \(expected))" }
        guard let last = value.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) else {
            return "the path is the root folder '/' (expected \(expected) of its own)"
        }
        if value == "." || value == ".." || last == "." || last == ".." {
            return "the path names '\(last)', not \(kind == .file ? "a file" : "a folder of its own") (expected \(expected) with a name)"
        }
        if kind == .file {
            if value.hasSuffix("/") { return "the path ends in '/', a folder (expected a file path)" }
            if last.allSatisfy(\.isWhitespace) { return "the file name is only spaces (expected a file path)" }
        }
        return nil
    }

    /// Throws the one-line refusal `--log '…': why` naming the option and the value.
    package static func check(_ value: String, option: String, kind: Kind) throws {
        if let why = problem(value, kind: kind) { throw UserError("\(option) '\(shown(value))': \(why)") }
    }

    /// `value` on one line of a message: control characters and line separators as escapes
    /// (`\n`, `\0`, `\u{1B}`, `\u{2028}`),
    /// at most 200 characters.
    package static func shown(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0: out += "\\0"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.count > 200 ? String(out.prefix(200)) + "…" : out
    }
}
