import FlickIO
import FlickPhone
import FlickSession
import Foundation

/// `DIR/host.json`: what a host folder serves and who may reach it. Made once by the first
/// `flick host PLAN --out DIR`; later runs take it up again (the same tokens, the same links).
package struct HostFile: Codable, Equatable, Sendable {
    package struct Participant: Codable, Equatable, Sendable {
        package var id: String
        package var token: String
        /// ISO 8601; past it the link is refused. Nil: no expiry.
        package var expires: String?
        package var revoked: Bool?
    }

    package var flickHost = 1
    /// The plan, absolute.
    package var plan: String
    package var researcher: String
    package var created: String
    package var participants: [Participant]

    package static let name = "host.json"

    /// A participant id as it may name files: letters, digits, `.`, `_` and `-`, starting with a
    /// letter or digit, at most 64 characters.
    package static func isSafeName(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.unicodeScalars.count <= 64,
              CharacterSet.alphanumerics.contains(first), first.isASCII else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    /// The folder's file, or a new one for `plan` (a token each, the researcher's too).
    /// `expires`: hours from now for new tokens. Refuses a folder made for another plan, and a
    /// participant id that cannot name a file.
    package static func openOrMake(folder: String, plan planPath: String, participants ids: [String],
                                   expires: Double?, now: Date = Date()) throws -> (file: HostFile, made: Bool) {
        for id in ids where !isSafeName(id) {
            throw UserError("the plan '\(planPath)': participant id '\(id)' cannot name the host's files (expected letters, digits, '.', '_' or '-', at most 64)")
        }
        let path = folder + "/" + name
        let absolutePlan = URL(fileURLWithPath: planPath).standardizedFileURL.path
        if FileManager.default.fileExists(atPath: path) {
            let data = try InputFile.read(path, what: "the host's file")
            var file: HostFile
            do { file = try JSONDecoder().decode(HostFile.self, from: data) } catch {
                throw UserError("'\(path)' is not a host file (\(DecodingProblem.describe(error)))")
            }
            guard file.plan == absolutePlan else {
                throw UserError("'\(folder)' hosts the plan '\(file.plan)', not '\(absolutePlan)' (give another --out)")
            }
            // Participants added to the plan since get links of their own.
            var added = false
            for id in ids where !file.participants.contains(where: { $0.id == id }) {
                file.participants.append(Participant(id: id, token: PhoneToken.random().value, expires: expiry(expires, now), revoked: nil))
                added = true
            }
            if added { try file.write(to: folder) }
            return (file, false)
        }
        switch PathKind.target(of: folder) {
        case .missing:
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw UserError("--out '\(folder)' cannot be made (\((error as NSError).localizedDescription)) (expected a folder flick host may write)")
            }
        case .directory:
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard inside.isEmpty else {
                throw UserError("--out '\(folder)' holds files but no \(name) (expected a new or empty folder, or one flick host made)")
            }
        case let kind: throw UserError("--out '\(folder)' \(kind.phrase) (expected a folder)")
        }
        let file = HostFile(plan: absolutePlan, researcher: PhoneToken.random().value, created: iso(now),
                            participants: ids.map { Participant(id: $0, token: PhoneToken.random().value, expires: expiry(expires, now), revoked: nil) })
        try file.write(to: folder)
        return (file, true)
    }

    static func expiry(_ hours: Double?, _ now: Date) -> String? {
        hours.map { iso(now.addingTimeInterval($0 * 3600)) }
    }

    package static func iso(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    package static func date(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }

    /// Written whole to a temporary file and renamed over the old one, so a crash never leaves
    /// half a file.
    package func write(to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self), to: folder + "/" + Self.name, what: "the host's file")
    }

    /// `participant,link`, one row per participant.
    package func linksCSV(base: String) -> String {
        var out = "participant,link\n"
        for p in participants { out += "\(p.id),\(base)/p?t=\(p.token)\n" }
        return out
    }
}

/// A whole file written beside its target and renamed over it.
package enum AtomicFile {
    package static func write(_ data: Data, to path: String, what: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw OutputError("\(what) '\(path)' could not be written (is the disk full or the folder read-only?)")
        }
        if rename(temporary, path) != 0 {
            unlink(temporary)
            throw OutputError("\(what) '\(path)' could not be written: \(String(cString: strerror(errno)))")
        }
    }
}
