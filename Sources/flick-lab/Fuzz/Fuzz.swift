import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import FlickEngineTesting
import Foundation

/// `flick-lab fuzz` (`make fuzz` runs it): the parsers we own — config files, recordings,
/// interaction logs — fed random and mutated bytes, and recordings and logs also as valid JSON
/// with absurd values (`StructuredMutator`), whose accepted inputs are replayed and measured. Each input is written to a file and parsed
/// as the app parses it; it must be accepted or refused with one line naming the file. A crash
/// leaves the input that caused it in the work folder (`current.*`); a parse that takes longer
/// than the time limit is a hang and stops the run.
struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fuzz the config, recording and log parsers with random and mutated bytes.")

    @Option(parsing: .unconditional, help: "Inputs per parser.")
    var inputs: Int = 2000

    @Option(parsing: .unconditional, help: "Seed of the mutations.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Folder for the inputs (the one being parsed is kept there).", valueName: "dir"))
    var work: String

    @Option(help: ArgumentHelp("A valid config file to mutate (repeatable).", valueName: "file"))
    var configSeed: [String] = []

    @Option(help: ArgumentHelp("A valid recording to mutate (repeatable).", valueName: "file"))
    var recordingSeed: [String] = []

    @Option(help: ArgumentHelp("A valid interaction log to mutate (repeatable).", valueName: "file"))
    var logSeed: [String] = []

    @Option(parsing: .unconditional, help: "Seconds one parse may take before it counts as a hang.")
    var hangSeconds: Double = 10

    struct Tally {
        var accepted = 0
        var refused = 0
        var problems: [String] = []
        var slowest = 0.0
        /// A few refusals, one per kind of message (text up to the first quote of a path).
        var samples: [String: String] = [:]
    }

    mutating func run() throws {
        guard (1...1_000_000).contains(inputs) else { throw UserError("--inputs \(inputs) is out of range (expected 1 to 1000000)") }
        guard PathKind.target(of: work) == .directory else { throw UserError("--work '\(work)' \(PathKind.target(of: work).phrase) (expected a folder)") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let defaultConfig = try encoder.encode(SceneConfig())
        let configs = [defaultConfig, Data(#"{"now": {"throwSpeed": 900}}"#.utf8)] + (try configSeed.map { try InputFile.read($0, what: "--config-seed") })
        let recordings = try recordingSeed.map { try InputFile.read($0, what: "--recording-seed") }
        let logs = try logSeed.map { try InputFile.read($0, what: "--log-seed") }
        guard !recordings.isEmpty, !logs.isEmpty else {
            throw UserError("give at least one --recording-seed and one --log-seed (make fuzz does)")
        }
        let watchdog = Watchdog(limit: hangSeconds)
        var rng = SeededRandom(seed: seed)
        let bytes = { (n: Int, seeds: [Data], rng: inout SeededRandom) in Mutator.input(number: n, seeds: seeds, rng: &rng) }
        let structured = { (_: Int, seeds: [Data], rng: inout SeededRandom) in StructuredMutator.input(seeds: seeds, rng: &rng) }
        let parsers: [(name: String, file: String, seeds: [Data], make: (Int, [Data], inout SeededRandom) -> Data, parse: (String) throws -> Void)] = [
            ("config", "current.json", configs, bytes, { _ = try ConfigFile.load($0) }),
            ("recording", "current.recording.jsonl", recordings, bytes, { _ = try Recording(path: $0) }),
            ("log", "current.log.jsonl", logs, bytes, { _ = try LogLine.read(path: $0) }),
            // Valid JSON with absurd values; what the reader accepts must then replay and measure
            // without a trap or a hang (the watchdog), as report, compare and export use it.
            ("recording (structured)", "current.structured.recording.jsonl", recordings, structured, { path in
                let recording = try Recording(path: path)
                guard recording.header != nil else { return }
                _ = SessionMetrics(try StudySession.fromRecording(recording))
                _ = try? recording.cardSource(allowMissing: true)
            }),
            ("log (structured)", "current.structured.log.jsonl", logs, structured, { path in
                let lines = try LogLine.read(path: path)
                guard case .started? = lines.first else { return }
                _ = SessionMetrics(try StudySession.fromLog(path))
            }),
        ]
        var failed = false
        for parser in parsers {
            // A stop (a signal) ends the run at the next input; the parsers fuzzed so far, and the
            // one under way with the inputs it got, are reported, and the exit is 128 + the signal.
            if Interrupt.isRequested { break }
            var tally = Tally()
            var done = 0
            let path = (work as NSString).appendingPathComponent(parser.file)
            for n in 0..<inputs {
                if Interrupt.isRequested { break }
                done += 1
                let input = parser.make(n, parser.seeds, &rng)
                // A full work folder is a failed write (exit 3), never a parse of half an input.
                do { try input.write(to: URL(fileURLWithPath: path)) } catch {
                    throw OutputError("cannot write the fuzz input '\(path)': \((error as NSError).localizedDescription)")
                }
                let started = Date()
                watchdog.arm(path)
                do {
                    try parser.parse(path)
                    tally.accepted += 1
                } catch {
                    tally.refused += 1
                    let message = (error as? UserError)?.message ?? "\(error)"
                    let kind = String(message.replacingOccurrences(of: path, with: "F").prefix(40))
                    if tally.samples.count < 6, tally.samples[kind] == nil { tally.samples[kind] = message }
                    if let problem = Self.judge(message, path: path, error: error), tally.problems.count < 5 {
                        let kept = path + ".problem-\(tally.problems.count)"
                        do { try input.write(to: URL(fileURLWithPath: kept)) } catch {
                            throw OutputError("cannot write the fuzz input '\(kept)': \((error as NSError).localizedDescription)")
                        }
                        tally.problems.append("\(problem) (input kept as \(kept)): \(message.prefix(300))")
                    }
                }
                watchdog.disarm()
                tally.slowest = max(tally.slowest, Date().timeIntervalSince(started))
            }
            try? FileManager.default.removeItem(atPath: path)
            print(String(format: "fuzz %@: %d inputs, %d accepted, %d refused with a one-line message, %d unclear, slowest %.3f s",
                         parser.name, done, tally.accepted, tally.refused - tally.problems.count,
                         tally.problems.count, tally.slowest))
            for m in tally.samples.values.sorted() { print("    e.g. \(m.prefix(220))") }
            for p in tally.problems { print("fuzz \(parser.name): UNCLEAR \(p)") }
            if !tally.problems.isEmpty { failed = true }
        }
        if Interrupt.isRequested { return }   // a partial run: the exit is the signal's (CommandMain)
        if failed { throw ExitCode(1) }
    }

    /// Why a refusal's message is not good enough, or nil: it must be one line, name the file,
    /// and be a message we wrote (a `UserError`), not an error type's dump.
    static func judge(_ message: String, path: String, error: Error) -> String? {
        if !(error is UserError) { return "not a UserError (\(type(of: error)))" }
        if message.contains("\n") { return "more than one line" }
        if !message.contains(path) { return "does not name the file" }
        if message.count > 600 { return "longer than 600 characters" }
        return nil
    }
}

/// Ends the process when a parse runs past its limit: a hang is a failure, reported with the
/// input that caused it.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: Date?
    private var path = ""

    init(limit: Double) {
        self.limit = limit
        let thread = Thread { [unowned self] in
            while true {
                Thread.sleep(forTimeInterval: 0.2)
                self.lock.lock()
                let late = self.deadline.map { Date() > $0 } ?? false
                let path = self.path
                self.lock.unlock()
                if late {
                    print("fuzz: HANG: parsing '\(path)' took more than \(limit) s")
                    exit(1)
                }
            }
        }
        thread.start()
    }
    private let limit: Double

    func arm(_ path: String) {
        lock.lock(); deadline = Date().addingTimeInterval(limit); self.path = path; lock.unlock()
    }

    func disarm() { lock.lock(); deadline = nil; lock.unlock() }
}

/// Random and mutated inputs.
enum Mutator {
    static let extremes = ["1e308", "-1e308", "1e999", "-0", "NaN", "Infinity", "9223372036854775807",
                           "-9223372036854775809", "1e-320", "0.1", "\"\"", "null", "true", "[]", "{}",
                           "\"\\u0000\"", "\"\\ud800\"", "4096", "3", "-1", "0", "99999999999999999999999"]

    static func input(number n: Int, seeds: [Data], rng: inout SeededRandom) -> Data {
        func below(_ k: Int) -> Int { k <= 0 ? 0 : Int(rng.next() % UInt64(k)) }
        var data = seeds[below(seeds.count)]
        switch n % 20 {
        case 0: // random bytes
            return Data((0..<below(600)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        case 1: // deep nesting
            let depth = 1 + below(200_000)
            return Data((String(repeating: "[", count: depth) + String(repeating: "]", count: below(2) == 0 ? depth : 0)).utf8)
        case 2: // random printable JSON-ish text
            let alphabet = Array("{}[]\":,0123456789.eE+-ntrufals \n\\")
            return Data(String((0..<below(400)).map { _ in alphabet[below(alphabet.count)] }).utf8)
        default:
            break
        }
        for _ in 0...below(4) {
            guard !data.isEmpty else { break }
            let at = below(data.count)
            switch below(9) {
            case 0: // flip bits
                data[at] ^= UInt8(1 << below(8))
            case 1: // delete a range
                data.removeSubrange(at..<min(data.count, at + 1 + below(40)))
            case 2: // insert random bytes
                data.insert(contentsOf: (0..<1 + below(8)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
            case 3: // duplicate a range
                let chunk = data[at..<min(data.count, at + 1 + below(200))]
                data.insert(contentsOf: chunk, at: below(data.count))
            case 4: // a number (or any token) replaced by an extreme
                let text = [UInt8](data)
                var i = at
                while i < text.count, !(text[i] >= 0x30 && text[i] <= 0x39) { i += 1 }
                var j = i
                while j < text.count, (text[j] >= 0x30 && text[j] <= 0x39) || text[j] == 0x2E || text[j] == 0x65 || text[j] == 0x2D { j += 1 }
                if i < text.count { data.replaceSubrange(i..<j, with: Data(extremes[below(extremes.count)].utf8)) }
            case 5: // truncate
                data = data.prefix(at)
            case 6: // blank lines, CRs and NULs
                data.insert(contentsOf: [[0x0A, 0x0A], [0x0D, 0x0A], [0x00], [0x0A, 0x20, 0x0A]][below(4)], at: at)
            case 7: // splice with another seed
                let other = seeds[below(seeds.count)]
                data = data.prefix(at) + other.suffix(from: other.startIndex + below(other.count))
            default: // invalid UTF-8
                data.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE][..<(1 + below(4))], at: at)
            }
        }
        return data
    }
}

/// Structure-aware inputs: a seed session parsed line by line, one to three of its fields (a
/// header's, an input's, a log line's, a config key) set to an absurd value, a key added or
/// removed, a line duplicated or moved, and written back as valid JSON lines. These reach the
/// checks past the JSON parser, where random bytes rarely get.
enum StructuredMutator {
    nonisolated(unsafe) static let absurd: [Any] = [1e300, -1e300, 1e-300, -1e-300, Int.max, Int.min, 0, -1, 1e7, 1e20, 21_601, 0.5,
                                1e15, 4097, -10_001, "../../../etc/passwd", "/etc/passwd", "..", "", "x/y.png",
                                NSNull(), true, false, [String: Any](), [Any](), ["width": 1e-300, "height": 1e300]]

    enum Step { case key(String), index(Int) }

    static func input(seeds: [Data], rng: inout SeededRandom) -> Data {
        func below(_ k: Int) -> Int { k <= 0 ? 0 : Int(rng.next() % UInt64(k)) }
        let seed = seeds[below(seeds.count)]
        var lines: [Any] = seed.split(separator: 0x0A).compactMap { try? JSONSerialization.jsonObject(with: Data($0)) }
        guard !lines.isEmpty else { return seed }
        for _ in 0...below(3) {
            // The first line (header or `started`) a third of the time: it holds most of the fields.
            let n = below(3) == 0 ? 0 : below(lines.count)
            switch below(8) {
            case 0...3: // a leaf set to an absurd value
                let leaves = paths(lines[n])
                guard !leaves.isEmpty else { continue }
                lines[n] = set(lines[n], at: leaves[below(leaves.count)][...], to: absurd[below(absurd.count)])
            case 4: // an unknown key, at the top or in an object inside
                let objects = [[Step]()] + paths(lines[n], objects: true)
                lines[n] = set(lines[n], at: objects[below(objects.count)][...], adding: "zz\(below(100))", absurd[below(absurd.count)])
            case 5: // a key removed
                let leaves = paths(lines[n])
                guard !leaves.isEmpty else { continue }
                lines[n] = set(lines[n], at: leaves[below(leaves.count)][...], to: nil)
            case 6: // a line duplicated
                lines.insert(lines[n], at: below(lines.count + 1))
            default: // a line moved
                let line = lines.remove(at: n)
                lines.insert(line, at: below(lines.count + 1))
            }
        }
        var out = Data()
        for line in lines {
            if let data = try? JSONSerialization.data(withJSONObject: line) { out += data + Data([0x0A]) }
        }
        return out
    }

    /// Paths to every leaf (or, with `objects`, every object) inside `value`.
    static func paths(_ value: Any, objects: Bool = false) -> [[Step]] {
        var out: [[Step]] = []
        func walk(_ v: Any, _ at: [Step]) {
            if let d = v as? [String: Any] {
                if objects && !at.isEmpty { out.append(at) }
                for (k, x) in d { walk(x, at + [.key(k)]) }
            } else if let a = v as? [Any] {
                for (i, x) in a.enumerated() { walk(x, at + [.index(i)]) }
            } else if !objects {
                out.append(at)
            }
        }
        walk(value, [])
        return out
    }

    /// `value` with the leaf at `path` replaced (removed when nil), or with `key` added to the
    /// object at `path`.
    static func set(_ value: Any, at path: ArraySlice<Step>, to new: Any?, adding key: String? = nil) -> Any {
        guard let step = path.first else {
            if let key, var d = value as? [String: Any] { d[key] = new; return d }
            return new ?? NSNull()
        }
        let rest = path.dropFirst()
        switch step {
        case .key(let k):
            guard var d = value as? [String: Any], let inner = d[k] else { return value }
            if rest.isEmpty && key == nil && new == nil { d[k] = nil } else { d[k] = set(inner, at: rest, to: new, adding: key) }
            return d
        case .index(let i):
            guard var a = value as? [Any], i < a.count else { return value }
            a[i] = set(a[i], at: rest, to: new ?? NSNull(), adding: key)
            return a
        }
    }

    static func set(_ value: Any, at path: ArraySlice<Step>, adding key: String, _ new: Any) -> Any {
        set(value, at: path, to: new, adding: key)
    }
}
