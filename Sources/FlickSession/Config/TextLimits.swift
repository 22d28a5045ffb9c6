import FlickIO

/// How long each text a person gives may be, and the refusal when it is longer. Every text that
/// reaches a renderer (a texture is made of the whole string) or a page (the HTML holds it
/// whole) is bounded where it comes in — the command line, a config file, a recording's header,
/// a design table — so no text can make a command slow or its output huge: a preset with a
/// 5 MB description kept `flick compare` laying out text for over a minute.
package enum TextLimits {
    /// A config file's (a preset's) `description`: a sentence or two, shown beside its row.
    package static let description = 500
    /// A page title (`--title` of report, study and tune).
    package static let title = 200
    /// A task's name (`--task`, a tasks file's `name`, a marker's task).
    package static let taskName = 200
    /// A participant id (`--participant`, a recording's header, a design table).
    package static let participant = 100
    /// A card title (`--titles FILE.json`).
    package static let cardTitle = 200
    /// A cell of a study design table (participant, task, condition).
    package static let designCell = 200
    /// A short label drawn on a card or a key: marker labels, the swipe deck's direction names
    /// and every other string value of a config.
    package static let label = 40
    /// A facilitator's note.
    package static let note = 2000

    /// Why `text` cannot be taken: more than `limit` characters, or (`oneLine`) a line break or
    /// another control character in it; nil when it is fine.
    package static func problem(_ text: String, limit: Int, oneLine: Bool = true) -> String? {
        let characters = text.count
        if characters > limit { return "has \(characters) characters (at most \(limit))" }
        // A few characters each made of thousands of combining marks are as costly to draw.
        if text.utf8.count > limit * 16 {
            return "has \(text.utf8.count) bytes in \(characters) characters (at most \(limit * 16) bytes)"
        }
        if oneLine && text.unicodeScalars.contains(where: isControl) {
            return "holds a line break or a control character (expected one line)"
        }
        return nil
    }

    /// Throws `UserError("WHAT 'excerpt…' has N characters (at most LIMIT)")`.
    package static func check(_ text: String, _ what: String, limit: Int, oneLine: Bool = true) throws {
        if let why = problem(text, limit: limit, oneLine: oneLine) {
            throw UserError("\(what) '\(excerpt(text))' \(why)")
        }
    }

    /// The start of `text` for a one-line message: control characters escaped (`\n`), at most
    /// `length` characters as shown (an escape takes up to 8, so text full of them is cut
    /// sooner), `…` when cut.
    package static func excerpt(_ text: String, _ length: Int = 40) -> String {
        let shown = OutputPath.shown(String(text.prefix(length)))
        let cut = shown.count > length
        return (cut ? String(shown.prefix(length)) : shown) + (cut || text.count > length ? "…" : "")
    }

    /// A line break or another control character (C0, DEL, C1, the Unicode line separators).
    package static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
    }
}
