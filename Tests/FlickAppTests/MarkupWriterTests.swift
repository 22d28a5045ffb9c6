import FlickEngine
@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickSession
import Foundation
import Testing

/// The one writer of Flick's pages (`HTML`) and of its tables (`CSV`): a text from a session
/// file, a config, a plan or a design never becomes an element or an attribute, and a cell a
/// spreadsheet would evaluate is written as text.
@Suite struct MarkupWriterTests {
    /// Values that break out of text, an attribute in either quotes, a comment, CDATA or a style
    /// block if written raw; each fits the shortest text limit (40 characters).
    static let hostile = [
        "<img src=x onerror=alert(1)>", "\"><script>alert(1)</script>", "'onmouseover='alert(1)'",
        "</style><b>x</b>", "]]><i>x</i>", "&amp;<!--", "<svg onload=alert(1)>", "</title></textarea>",
    ]

    @Test func literalsAreMarkupAndInterpolationsText() {
        let name = "<b onclick=\"x\">'&"
        let inner: HTML = "<i>\(name)</i>"
        let h: HTML = "<td class=\"l\">\(name)</td>\(inner)\(3)"
        #expect(h.markup == "<td class=\"l\">&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;</td><i>&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;</i>3")
        #expect(HTML(text: "a\u{0}b\u{85}c\u{FFFE}\td").markup == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\td")
        #expect(["<li>" as HTML, "<li>"].joined(separator: " ").markup == "<li> <li>")
        let table: HTML = "<table>\(name)</table>"
        #expect(table.replacing("<table", with: "<div><table").markup == "<div><table>&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;</table>")
        // An optional's text, a number, an enum's name: all escaped text.
        let missing: String? = nil
        let cells: HTML = "\(missing ?? "<none>")\(GestureOutcome.thrown)\(-1.5)"
        #expect(cells.markup == "&lt;none&gt;thrown-1.5")
    }

    /// `who` drew one left release under `label` and one throw left by key, with a note, a
    /// marker and a task named `text`.
    static func session(_ who: String, _ text: String) -> StudySession {
        let items: [SessionItem] = [
            .marker(t: 0, label: "start", task: text),
            .scene(.gestureBegan(time: 1, kind: .card, card: CardID(0))),
            .scene(.gestureEnded(time: 1.2, kind: .card, translation: Vector(dx: -150, dy: 0), velocity: Vector(dx: -900, dy: 0), outcome: .thrown),
                   ReleaseRecord(direction: .left, label: text, distanceFraction: 1.5, speedFraction: 1.2)),
            .scene(LoggedSceneEvent(.deleted(time: 1.2, card: CardID(0), index: 0), origin: DeckChangeOrigin(cause: .pointer, direction: .left, label: text))),
            .scene(LoggedSceneEvent(.deleted(time: 2, card: CardID(1), index: 0), origin: DeckChangeOrigin(cause: .key, direction: .right, label: text))),
            .marker(t: 3, label: "end", task: text),
        ]
        return StudySession(name: who + text, path: "/s/\(text).jsonl", demo: .swipe, viewport: Size(width: 390, height: 844),
                            config: SceneConfig(), participant: who + text, task: text, sessionID: text, wallClock: text,
                            items: items, notes: [(t: 2.5, text: text)], configDescription: text)
    }

    static func pages(_ text: String) -> [String] {
        var study = Study()
        for who in ["p1", "p2"] {
            study.add(session(who, text), participant: who + text, task: text, condition: "A" + text)
            study.add(session(who, text), participant: who + text, task: text, condition: "B" + text)
        }
        let metrics = study.entries.map(\.metrics)
        let changes = [Compare.Change(index: 1, start: 1, end: 1.2, kind: .card, outcomes: [.thrown, .snappedBack])]
        return [
            StudyHTML.make(title: text, study: study, comparisons: study.comparisons(), design: "/d/\(text).csv"),
            ReportHTML.make(title: text, sessions: metrics, thumbnails: [[Thumbnail(t: 1, caption: text, png: Data([1, 2]))]],
                            extra: Compare.differencesHTML(changes, presets: [text, "as recorded"])),
        ]
    }

    /// Every start tag of `page` with its attributes' names, sorted: what a parser would build.
    /// Text never holds `<` or `"` once escaped, so text cannot add to it.
    static func elements(_ page: String) -> [String] {
        let tag = try! NSRegularExpression(pattern: "<([A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
        let attribute = try! NSRegularExpression(pattern: "([A-Za-z_:][-A-Za-z0-9_:.]*)\\s*=")
        let ns = page as NSString
        return tag.matches(in: page, range: NSRange(location: 0, length: ns.length)).map { m in
            // Attribute names, with the quoted values taken out.
            let attrs = ns.substring(with: m.range(at: 2)).replacingOccurrences(of: "\"[^\"]*\"|'[^']*'", with: "\"\"", options: .regularExpression) as NSString
            let names = attribute.matches(in: attrs as String, range: NSRange(location: 0, length: attrs.length))
                .map { attrs.substring(with: $0.range(at: 1)) }.sorted()
            return ([ns.substring(with: m.range(at: 1)).lowercased()] + names).joined(separator: " ")
        }.sorted()
    }

    @Test(arguments: hostile) func hostileTextMakesNoElementOrAttribute(_ text: String) {
        let benign = Self.pages("plain")
        for (i, page) in Self.pages(text).enumerated() {
            #expect(Self.elements(page) == Self.elements(benign[i]), "page \(i) with \(text)")
            #expect(!page.contains(text), "page \(i) holds \(text) raw")
            #expect(page.contains(HTML.escaped(text)), "page \(i) lost \(text)")
        }
    }

    /// The per-direction tables name a swipe direction by the config's name for it: escaped.
    @Test func directionNamesAreEscaped() {
        let pages = Self.pages("<img src=x onerror=alert(1)>")
        #expect(pages[0].contains("<tr class=\"direction-row\"><td class=\"l\">left (&lt;img src=x onerror=alert(1)&gt;)</td>"))
        #expect(pages[1].contains("<table class=\"per-direction\">"))
        #expect(pages[1].contains("<tr><td>left (&lt;img src=x onerror=alert(1)&gt;)</td>"))
        #expect(!pages.contains { $0.contains("<img src=x") })
    }

    @Test func csvTextCellsThatAreFormulasAreText() {
        #expect(CSV.text("=1+2") == "\"'=1+2\"")
        #expect(CSV.text("+1") == "\"'+1\"")
        #expect(CSV.text("-2") == "\"'-2\"")
        #expect(CSV.text("@SUM(A1:A2)") == "\"'@SUM(A1:A2)\"")
        #expect(CSV.text("\tx") == "\"'\tx\"")
        #expect(CSV.text("\rx") == "\"'\rx\"")
        #expect(CSV.text("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"")
        #expect(CSV.text("p1") == "p1")
        #expect(CSV.text("a=b") == "a=b")
        #expect(CSV.text("a,b") == "\"a,b\"")
        #expect(CSV.text("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.text("") == "")
        // Numbers are never text: a negative one stays a number.
        #expect(CSV.number(-0.5) == "-0.5")
        #expect(CSV.number(-150) == "-150")
        #expect(CSV.number(Double?.none) == "")
        #expect(CSV.number(.nan) == "")
    }

    /// Every table of a study whose participant, condition, task and file are formulas: those
    /// cells are quoted text with a leading quote, the translations stay negative numbers.
    @Test func tablesNeutraliseFormulasAndKeepNumbers() {
        var study = Study()
        study.add(Self.session("=1+", "2"), participant: "=1+2", task: "@t", condition: "-c")
        let gestures = ReportCSV.make(study.entries.map(\.metrics))
        let row = gestures.split(separator: "\n")[1]
        #expect(row.hasPrefix("\"'=1+2\","), "\(row)")
        #expect(row.contains(",-150,0,-900,0,"), "\(row)")
        let tables = [StudyCSV.gestures(study), StudyCSV.decisions(study), StudyCSV.tasks(study), StudyCSV.participants(study),
                      StudyCSV.conditions(study)]
        for table in tables {
            let body = table.split(separator: "\n").dropFirst().joined(separator: "\n")
            #expect(body.contains("\"'-c\","), "\(table.prefix(300))")
            for raw in ["=1+2", "-c", "@t"] {
                #expect(!body.hasPrefix(raw) && !body.contains("," + raw) && !body.contains("\n" + raw), "\(raw) raw in \(table.prefix(300))")
            }
        }
    }
}
