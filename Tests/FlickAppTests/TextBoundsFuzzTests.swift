@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickIO
import FlickSession
import Foundation
import Testing

/// 10,000 random and adversarial strings through the text paths: the HTML escaping of the report,
/// study, tune and compare pages, the length limits (`TextLimits`), a config's description and
/// string values, marker labels, output paths. Every text is either taken and escaped, or refused
/// with one short line; nothing is slow (a 5 MB preset description kept compare busy for minutes).
@Suite struct TextBoundsFuzzTests {
    /// Texts a person could type or a file could hold, chosen to break things.
    static let adversarial: [String] = [
        "", " ", "\0", "\n", "\r\n", "a\u{2028}b", "\u{85}", "\u{7F}", "\u{1B}[2J\u{1B}[H",
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'; DROP TABLE t; --",
        "&amp;", "&lt;&gt;", "&#0;", "&", "]]>", "<!--", "-->", "<![CDATA[", "</title><h1>x",
        "\u{202E}gnp.exe", "\u{FEFF}bom",
        "👩‍👩‍👧‍👦", String(repeating: "👩‍👩‍👧‍👦", count: 300), "e" + String(repeating: "\u{301}", count: 20_000),
        String(repeating: "x", count: 5_000_000), String(repeating: "<", count: 100_000),
        String(repeating: "a", count: TextLimits.description), String(repeating: "a", count: TextLimits.description + 1),
        String(repeating: "a", count: TextLimits.label), String(repeating: "a", count: TextLimits.label + 1),
        String(repeating: "é", count: TextLimits.title), String(repeating: "é", count: TextLimits.title + 1),
        "line one\nline two", "tab\there", "%s%n%x", "\\u0000", "😀\u{0}😀",
    ] + ([0xFDD0, 0xFFFE, 0xFFFF, 0x10FFFF, 0x1FFFE] as [UInt32]).map { String(Character(Unicode.Scalar($0)!)) }

    static func random(_ rng: inout SystemRandomNumberGenerator) -> String {
        let pools: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
                                            0x20...0x3F, 0x300...0x36F]
        let lengths = [0, 1, 2, 8, 39, 40, 41, 199, 200, 201, 499, 500, 501, 2000, 2001, 10_000]
        let length = Int.random(in: 0...3, using: &rng) == 0 ? lengths.randomElement(using: &rng)! : Int.random(in: 0...120, using: &rng)
        let pool = pools.randomElement(using: &rng)!
        var s = String.UnicodeScalarView()
        for _ in 0..<length {
            if let u = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { s.append(u) }
            if Int.random(in: 0..<16, using: &rng) == 0 { s.append(contentsOf: "<>&\"'\n\0".unicodeScalars.randomElement(using: &rng).map { [$0] } ?? []) }
        }
        return String(s)
    }

    static var inputs: [String] {
        var rng = SystemRandomNumberGenerator()
        return adversarial + (0..<(10_000 - adversarial.count)).map { _ in random(&rng) }
    }

    static let entities: [(String, Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")]

    /// Decodes the five entities `esc` writes, scalar by scalar (a combining mark after an
    /// entity's ';' joins it in one Character, so Character-wise matching would miss it).
    /// Nil when an '&' starts none of them.
    static func unescape(_ s: String) -> String? {
        let scalars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "&" else { out.append(scalars[i]); i += 1; continue }
            guard let (entity, scalar) = entities.first(where: { e in
                let u = Array(e.0.unicodeScalars)
                return i + u.count <= scalars.count && Array(scalars[i..<(i + u.count)]) == u
            }) else { return nil }
            out.append(scalar)
            i += entity.unicodeScalars.count
        }
        return String(out)
    }

    static func isOneShortLine(_ message: String, _ limit: Int = 400) -> Bool {
        !message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" }
            && message.count <= limit
    }

    /// A hang is a failure (the time limit); how fast it runs is the benchmarks' business.
    @Test(.timeLimit(.minutes(5))) func escapedTextHoldsNoMarkupAndReadsBack() {
        for s in Self.inputs {
            let e = HTML.escaped(s)
            #expect(!e.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) }, "raw markup in \(s.prefix(40).debugDescription)")
            let back = Self.unescape(e)
            #expect(back != nil, "an '&' that starts no entity in \(s.prefix(40).debugDescription)")
            #expect(!e.unicodeScalars.contains { ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || $0.value == 0x7F })
            let controls = s.unicodeScalars.contains { ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || (0x7F...0x9F).contains($0.value)
                || (0xFDD0...0xFDEF).contains($0.value) || $0.value & 0xFFFE == 0xFFFE }
            if !controls { #expect(back.map { Array($0.unicodeScalars) == Array(s.unicodeScalars) } == true) }
        }
    }

    @Test func limitsRefuseExactlyWhatIsTooLongWithOneShortLine() throws {
        let limits = [("description", TextLimits.description, false), ("title", TextLimits.title, true),
                      ("task", TextLimits.taskName, true), ("participant", TextLimits.participant, true),
                      ("label", TextLimits.label, true), ("note", TextLimits.note, false)]
        for s in Self.inputs {
            let controls = s.unicodeScalars.contains { TextLimits.isControl($0) }
            for (what, limit, oneLine) in limits {
                let problem = TextLimits.problem(s, limit: limit, oneLine: oneLine)
                let tooLong = s.count > limit || s.utf8.count > limit * 16
                #expect((problem != nil) == (tooLong || (oneLine && controls)), "\(what) \(s.prefix(40).debugDescription)")
                do {
                    try TextLimits.check(s, "the \(what)", limit: limit, oneLine: oneLine)
                } catch let error as UserError {
                    #expect(Self.isOneShortLine(error.message), "\(error.message.prefix(200))")
                }
            }
        }
    }

    /// Text full of control characters: each escape takes up to 8 characters, so an excerpt is
    /// cut by what it shows, and a refusal quoting two of them stays one short line.
    @Test func anExcerptOfControlCharactersIsCutByWhatItShows() throws {
        let controls = String(repeating: "\u{14}\u{3}\n\t", count: 40)
        #expect(TextLimits.excerpt(controls).count == 41 && TextLimits.excerpt(controls).hasSuffix("…"))
        #expect(TextLimits.excerpt("a\tb") == "a\\tb", "short text is whole: \(TextLimits.excerpt("a\tb"))")
        #expect(TextLimits.excerpt(String(repeating: "x", count: 41)) == String(repeating: "x", count: 40) + "…")
        let refusal = Result { try MarkerLabels.parse("-" + controls) }
        guard case .failure(let e as UserError) = refusal else {
            Issue.record("control characters in --markers were taken")
            return
        }
        #expect(Self.isOneShortLine(e.message), "\(e.message.count) characters: \(e.message.prefix(120))")
    }

    @Test(.timeLimit(.minutes(5))) func configTextsAreBoundedAndRefusalsAreOneLine() {
        for (i, s) in Self.inputs.enumerated() where i % 5 == 0 || i < Self.adversarial.count {
            let description = Result { try ConfigFile.decode(["description": s], label: "--config file 'p.json'") }
            #expect((try? description.get()) != nil || s.count > TextLimits.description || s.utf8.count > TextLimits.description * 16)
            if case .failure(let e as UserError) = description { #expect(Self.isOneShortLine(e.message)) }
            let name = Result { try ConfigFile.decode(["swipe": ["leftName": s]], label: "--config file 'p.json'") }
            if case .success(let c) = name { #expect(c.swipe.leftName.count <= TextLimits.label) }
            if case .failure(let e as UserError) = name { #expect(Self.isOneShortLine(e.message)) }
            let markers = Result { try MarkerLabels.parse(s) }
            if case .failure(let e as UserError) = markers { #expect(Self.isOneShortLine(e.message)) }
            #expect(Self.isOneShortLine(OutputPath.shown(s), 210))
            if let p = OutputPath.problem(s, kind: .file) { #expect(Self.isOneShortLine(p)) }
        }
    }

    /// A page made with a hostile title holds it only escaped; a long one is refused before.
    @Test func aPageTitleIsEscaped() {
        for s in Self.adversarial where TextLimits.problem(s, limit: TextLimits.title) == nil {
            let page = ReportHTML.make(title: s, sessions: [], thumbnails: [])
            #expect(page.contains("<h1>\(HTML.escaped(s))</h1>"))
            if s.contains("<") { #expect(!page.contains(s)) }
        }
    }
}
