import FlickIO
import Foundation

/// The design CSV of a study: which participant, task and condition each session file belongs
/// to, overriding what its header and markers say. A header row names the columns `file`,
/// `participant`, `task`, `condition` (any order, any other columns ignored); then a row per
/// file (RFC 4180 quoting). An empty cell keeps what the session itself says.
package struct StudyDesign: Equatable {
    package struct Row: Equatable {
        package var line: Int
        package var file: String
        package var participant: String?
        package var task: String?
        package var condition: String?

        package init(line: Int, file: String, participant: String?, task: String?, condition: String?) {
            self.line = line
            self.file = file
            self.participant = participant
            self.task = task
            self.condition = condition
        }
    }

    package static let columns = ["file", "participant", "task", "condition"]

    package var path: String
    package var rows: [Row]

    /// Reads and checks `path` against the sessions given (each row's file must be one of them,
    /// by path or by file name; no session twice).
    package static func load(_ path: String, sessions: [String]) throws -> StudyDesign {
        let data = try InputFile.read(path, what: "--design file", maxBytes: 16 << 20)
        guard let text = String(data: data, encoding: .utf8) else {
            throw UserError("--design file '\(path)' is not UTF-8 text (expected a CSV file)")
        }
        return try parse(text, path: path, sessions: sessions)
    }

    package static func parse(_ text: String, path: String, sessions: [String]) throws -> StudyDesign {
        let records = try CSVRecords.parse(text, path: path)
        guard let header = records.first else {
            throw UserError("--design file '\(path)' is empty (expected a header line: \(columns.joined(separator: ",")))")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var index: [String: Int] = [:]
        for c in columns {
            guard let i = names.firstIndex(of: c) else {
                throw UserError("\(path) line \(header.line): no '\(c)' column (expected a header naming \(columns.joined(separator: ", ")); got '\(header.fields.joined(separator: ","))')")
            }
            index[c] = i
        }
        var rows: [Row] = []
        var seen: [String: Int] = [:]
        for r in records.dropFirst() {
            if r.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard r.fields.count == names.count else {
                throw UserError("\(path) line \(r.line): \(r.fields.count) fields (the header has \(names.count))")
            }
            func cell(_ c: String) -> String? {
                let v = r.fields[index[c]!].trimmingCharacters(in: .whitespaces)
                return v.isEmpty ? nil : v
            }
            guard let file = cell("file") else { throw UserError("\(path) line \(r.line): the file is empty") }
            guard let session = match(file, in: sessions) else {
                throw UserError("\(path) line \(r.line): '\(TextLimits.excerpt(file, 120))' is not one of the sessions given (by path or file name)")
            }
            if let first = seen[session] {
                throw UserError("\(path) line \(r.line): '\(file)' is already on line \(first)")
            }
            seen[session] = r.line
            // The page shows them in headings and legends: one line each, bounded.
            for c in ["participant", "task", "condition"] {
                if let v = cell(c), let why = TextLimits.problem(v, limit: TextLimits.designCell) {
                    throw UserError("\(path) line \(r.line): the \(c) '\(TextLimits.excerpt(v))' \(why)")
                }
            }
            rows.append(Row(line: r.line, file: session, participant: cell("participant"), task: cell("task"),
                            condition: cell("condition")))
        }
        return StudyDesign(path: path, rows: rows)
    }

    /// The session `file` names: the same path, the same resolved path, or the one session
    /// with that file name.
    static func match(_ file: String, in sessions: [String]) -> String? {
        if sessions.contains(file) { return file }
        let resolved = (file as NSString).standardizingPath
        if let s = sessions.first(where: { ($0 as NSString).standardizingPath == resolved }) { return s }
        let byName = sessions.filter { ($0 as NSString).lastPathComponent == file }
        return byName.count == 1 ? byName[0] : nil
    }

    /// The row for the session at `path`, if any.
    package func row(for path: String) -> Row? { rows.first { $0.file == path } }
}

/// RFC 4180 records: fields separated by commas, quoted with double quotes (a doubled quote
/// inside), records ended by LF or CRLF; each record knows the line it starts on.
package enum CSVRecords {
    package static func parse(_ text: String, path: String) throws -> [(line: Int, fields: [String])] {
        var records: [(Int, [String])] = []
        var fields: [String] = [], field = ""
        var line = 1, start = 1
        var quoted = false, wasQuoted = false
        var chars = Array(text.unicodeScalars)[...]
        if chars.first == "\u{FEFF}" { chars = chars.dropFirst() }
        var i = chars.startIndex
        func endRecord() {
            fields.append(field)
            records.append((start, fields))
            fields = []; field = ""; wasQuoted = false
        }
        while i < chars.endIndex {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.endIndex, chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 }
                    else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty, !wasQuoted else {
                    throw UserError("\(path) line \(line): a quote inside an unquoted field (expected the whole field in quotes)")
                }
                quoted = true; wasQuoted = true
            } else if c == "," {
                fields.append(field); field = ""; wasQuoted = false
            } else if c == "\n" || c == "\r" {
                if c == "\r", i + 1 < chars.endIndex, chars[i + 1] == "\n" { i += 1 }
                endRecord()
                line += 1; start = line
            } else {
                guard !wasQuoted else { throw UserError("\(path) line \(line): text after a closing quote") }
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        if quoted { throw UserError("\(path) line \(start): a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
