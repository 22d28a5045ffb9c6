import FlickEngine
import FlickIO
import FlickPhone
import FlickSession
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A chunk of a page's records as it came (`POST /api/records`, docs/study-by-link.md).
package struct LinkChunk: Codable, Equatable, Sendable {
    package struct Device: Codable, Equatable, Sendable {
        package var stage: Size
        package var viewport: Size?
        package var pixelRatio: Double?
        package var userAgent: String?
    }

    package var session: Int
    package var first: Int
    package var records: [[Double]]
    package var events: Int
    package var digest: String
    package var device: Device?
    package var end: Bool?
    /// The browser that sends it (32 hex digits, its own random name): a session takes chunks
    /// from one browser at a time.
    package var owner: String?

    package static let maxRecords = 2000
    package static let maxBytes = 256 * 1024

    package static func isOwner(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The first thing wrong with it, as the page is told, or nil.
    package var problem: String? {
        guard session >= 1 else { return "session \(session) (expected 1 or more)" }
        guard first >= 0 else { return "first \(first) (expected 0 or more)" }
        guard records.count <= Self.maxRecords else { return "\(records.count) records (at most \(Self.maxRecords) a chunk)" }
        guard events >= 0 else { return "events \(events) (expected 0 or more)" }
        guard digest.utf8.count == 16, UInt64(digest, radix: 16) != nil else { return "digest '\(digest.prefix(20))' (expected 16 hex digits)" }
        for (i, r) in records.enumerated() {
            guard r.count == 5, r.allSatisfy(\.isFinite) else { return "record \(first + i) (expected [kind, a, b, c, t], five finite numbers)" }
            guard r[0] == r[0].rounded(), r[0] >= 0, r[0] <= 1000 else { return "record \(first + i): kind \(r[0]) (expected a whole number)" }
            guard r[4] >= 0, r[4] <= SessionLimits.maxTime else { return "record \(first + i): t \(r[4]) (expected 0 to \(Int(SessionLimits.maxTime)) s)" }
        }
        if let owner, !LinkChunk.isOwner(owner) { return "owner '\(owner.prefix(40))' (expected 32 hex digits)" }
        if let d = device {
            guard (100...4096).contains(d.stage.width), (100...4096).contains(d.stage.height) else {
                return "device.stage \(d.stage.width)x\(d.stage.height) (expected 100 to 4096 points a side)"
            }
            if let ua = d.userAgent, ua.utf8.count > SessionDevice.userAgentLimit { return "device.userAgent of \(ua.utf8.count) bytes (at most \(SessionDevice.userAgentLimit))" }
            if let r = d.pixelRatio, !(0.5...8).contains(r) { return "device.pixelRatio \(r) (expected 0.5 to 8)" }
        } else if first == 0 {
            return "no device with the first chunk (expected device.stage)"
        }
        return nil
    }
}

/// How a session stands, for the page and the researcher.
package enum LinkStatus: String, Codable, Sendable {
    case invited, uploading, complete, diverged, refused
    package var isOver: Bool { self == .complete || self == .diverged }
}

/// The host's answer to a chunk: the HTTP status and its JSON.
package struct ChunkAnswer: Equatable, Sendable {
    package var status: Int
    package var next: Int
    package var error: String?
    package var sessionStatus: LinkStatus

    package var json: String {
        var s = "{\"next\":\(next),\"status\":\"\(sessionStatus.rawValue)\""
        if let error { s += ",\"error\":" + LinkJSON.quoted(error) }
        return s + "}"
    }
}

package enum LinkJSON {
    package static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// One session of one participant as its page's records come home: each chunk kept as it came
/// (`chunks/P1-s1/FIRST.json`, written whole before it is acknowledged), then played through the
/// session core in order, as the window plays a page's records (`takePageInput`), into the
/// session's recording and log. The page's event digests are checked against the host's. A
/// chunk that is not the one expected is refused with the record the host wants next; a session
/// that is over takes nothing more.
package final class LinkSession {
    package let setup: LinkSetup
    package let folder: String
    package private(set) var status: LinkStatus = .invited
    package private(set) var error: String?
    package private(set) var feed = PageFeed()
    private var runner: SessionRunner?
    private var recorder: Recorder?
    private var log: InteractionLog?
    /// The task whose start records the page gives its engine next, and the records still to come.
    private var startRecords: [EngineInput] = []
    /// Each task's state as the session says it: pending, running, or how it ended.
    package private(set) var taskStates: [String]
    /// Problems of the page's records (said to the researcher's page; all in the log).
    package private(set) var problems: [String] = []
    package private(set) var problemCount = 0
    private var logged = 0
    package private(set) var lastChunkAt: Date?
    /// The browser whose chunks the session takes (`LinkChunk.owner`).
    package private(set) var owner: String?
    /// The stage the page made its engine with (the first chunk's).
    package private(set) var stage: Size?

    /// Records a session takes at most (about 9 hours of frames at 60 Hz with a touch on each).
    package static let maxRecords = 4_000_000

    package init(setup: LinkSetup, folder: String) {
        self.setup = setup
        self.folder = folder
        taskStates = Array(repeating: "pending", count: setup.tasks?.tasks.count ?? 0)
    }

    package var chunkFolder: String { folder + "/chunks/" + setup.stem }
    package var recordingPath: String { folder + "/" + setup.stem + ".rec" }
    package var logPath: String { folder + "/" + setup.stem + ".jsonl" }
    package var records: Int { feed.next }
    package var divergences: Int { feed.divergences }

    /// Takes a chunk: kept on disk first (`keep`: false when it is read back from there), then
    /// played. The answer says what the page should send next.
    package func take(_ chunk: LinkChunk, bytes: Data, keep: Bool = true) -> ChunkAnswer {
        if status.isOver {
            return ChunkAnswer(status: 410, next: feed.next, error: "session \(setup.session) is complete: nothing more is recorded", sessionStatus: status)
        }
        if status == .refused {
            return ChunkAnswer(status: 410, next: feed.next, error: error ?? "refused", sessionStatus: status)
        }
        // Another browser's chunk, once one has the session: refused unless it took the session
        // up (`takeOver`). Chunks read back from disk keep the order they were taken in.
        if keep, let held = owner, chunk.owner != held {
            return ChunkAnswer(status: 423, next: feed.next, error: "session \(setup.session) goes on in another browser; this one's chunks are not taken", sessionStatus: status)
        }
        guard chunk.first == feed.next else {
            let why = chunk.first < feed.next ? "records from \(chunk.first) were taken already" : "records \(feed.next) to \(chunk.first - 1) are missing"
            return ChunkAnswer(status: 409, next: feed.next, error: "chunk \(chunk.first) refused: \(why); send from \(feed.next)", sessionStatus: status)
        }
        if chunk.records.isEmpty && chunk.end != true {
            return ChunkAnswer(status: 200, next: feed.next, error: nil, sessionStatus: status)
        }
        guard feed.next + chunk.records.count <= Self.maxRecords else {
            return ChunkAnswer(status: 413, next: feed.next, error: "session \(setup.session) would pass \(Self.maxRecords) records", sessionStatus: status)
        }
        if keep {
            // Not kept: nothing changed, and the page sends it again.
            do { try keepChunk(bytes, first: chunk.first) } catch {
                return ChunkAnswer(status: 503, next: feed.next, error: "the host cannot keep the chunk now (\(error)); send it again", sessionStatus: status)
            }
        }
        do {
            if runner == nil { try open(chunk) }
            if owner == nil { owner = chunk.owner }
            try play(chunk)
            lastChunkAt = Date()
            return ChunkAnswer(status: 200, next: feed.next, error: nil, sessionStatus: status)
        } catch {
            status = .refused
            self.error = "\(error)"
            return ChunkAnswer(status: 500, next: feed.next, error: "\(error)", sessionStatus: status)
        }
    }

    /// The chunk's bytes as they came, created new (never over another) and synced to disk.
    private func keepChunk(_ bytes: Data, first: Int) throws {
        try FileManager.default.createDirectory(atPath: chunkFolder, withIntermediateDirectories: true)
        let path = chunkFolder + "/" + String(format: "%09d.json", first)
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError("the chunk '\(path)' could not be made: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(path)
            throw OutputError("the chunk '\(path)' could not be written (\(why))")
        }
    }

    /// The first chunk: the runner on the page's stage, the recording and the log (new files).
    private func open(_ chunk: LinkChunk) throws {
        guard let device = chunk.device else { throw UserError("no device") }
        let info = SessionInfo.new(participant: setup.participant, task: nil)
        var sessionDevice = SessionDevice(input: .touch, viewport: device.viewport ?? device.stage, pixelRatio: device.pixelRatio,
                                          userAgent: device.userAgent.map { String($0.prefix(SessionDevice.userAgentLimit)) })
        sessionDevice.engine = true
        let header = setup.header(info, stage: device.stage, device: sessionDevice, cardFiles: setup.cardFiles)
        recorder = try Recorder(path: recordingPath, header: header)
        let log = try InteractionLog(path: logPath)
        try log.started(time: 0, demo: setup.interaction, cards: setup.count, window: device.stage,
                        stage: Rect(x: 0, y: 0, width: device.stage.width, height: device.stage.height),
                        session: info, viewport: device.stage, config: setup.config, configDescription: setup.configDescription,
                        device: .touch, plan: setup.stamp, tasks: setup.tasks?.tasks.map(\.name))
        self.log = log
        runner = setup.runner(stage: device.stage)
        stage = device.stage
        status = .uploading
    }

    private func play(_ chunk: LinkChunk) throws {
        guard let runner else { return }
        let records = chunk.records.map { PageRecord(kind: Int32($0[0]), a: $0[1], b: $0[2], c: $0[3], t: $0[4]) }
        let taken = feed.take(PhoneRecords(first: chunk.first, records: records, events: chunk.events,
                                           digest: UInt64(chunk.digest, radix: 16) ?? 0))
        for step in taken.steps {
            let t = step.t
            switch step.input {
            case .engine(let input):
                if !startRecords.isEmpty {
                    let expected = startRecords.removeFirst()
                    if input != expected { problem("record \(step.number): \(input) where the task's start state was \(expected)") }
                    continue
                }
                if !runner.takePageInput(input, at: t) {
                    problem("record \(step.number): \(input) is not the page's to make; refused")
                }
            case .taskStart(let number):
                guard let list = setup.tasks?.tasks, number == (runner.study.tasks?.next ?? -1) + 1, list.indices.contains(number - 1) else {
                    problem("record \(step.number): task \(number) cannot start now (the next is \((runner.study.tasks?.next ?? -1) + 1)); refused")
                    continue
                }
                startRecords = list[number - 1].start.map { PageTaskStarts.records(for: $0) } ?? []
                runner.submit(RecordedInput(t: t, .marker(Marker(label: "start", task: list[number - 1].name))), now: t)
            case .askSUS:
                runner.submit(RecordedInput(t: t, .ask(.sus)), now: t)
            case .answer(let answer):
                if let why = refusal(of: answer, in: runner) {
                    // A Done or Give up for a task its goal or time limit already ended: the page
                    // cannot see goals, so this is the participant's ordinary last tap.
                    let ended = (answer.answer == .done || answer.answer == .giveUp) && (answer.task ?? .max) <= (runner.study.tasks?.next ?? 0)
                    if ended {
                        logLine("record \(step.number): \(answer.answer.kind) of task \(answer.task ?? 0) came after the task ended; not recorded")
                    } else {
                        problem("record \(step.number): \(answer.answer.kind) refused: \(why)")
                    }
                    continue
                }
                runner.submit(RecordedInput(t: t, .answer(answer.answer)), now: t)
            }
            try flushOutputs()
        }
        for line in taken.problems { problem(line) }
        if chunk.end == true {
            runner.finish(at: feed.lastFrame ?? 0)
            try flushOutputs()
            for line in feed.finish() { problem(line) }
            try recorder?.finish(at: feed.lastFrame ?? 0)
            try log?.quit(time: feed.lastFrame ?? 0)
            status = feed.divergences > 0 ? .diverged : .complete
            recorder = nil
            log = nil
        }
    }

    /// Why the session would not take `answer` now (the participant's panel shows something
    /// else), or nil: the rule the window's panel keeps.
    private func refusal(of answer: PhoneAnswer, in runner: SessionRunner) -> String? {
        let current = runner.study.tasks?.current.map { $0.index + 1 }
        let prompt = runner.study.questions.prompt
        switch answer.answer {
        case .done, .giveUp:
            return answer.task == current && current != nil ? nil : "task \(answer.task ?? 0) is not under way"
        case .seq:
            return prompt?.questionnaire == .seq && prompt?.number == answer.task ? nil : "no SEQ of task \(answer.task ?? 0) is up"
        case .sus(let item, _):
            return prompt?.nextItem == item ? nil : "SUS item \(item) is not the one up"
        }
    }

    private func flushOutputs() throws {
        guard let runner else { return }
        for output in runner.takeOutputs() {
            try log?.record(output)
            switch output {
            case .recorded(let input): try recorder?.record(input)
            case .scene(let logged):
                feed.hostEvent(logged.event, notes: logged.notes)
                for line in feed.compare() { problem(line) }
            case .taskStarted(let line):
                if taskStates.indices.contains(line.number - 1) { taskStates[line.number - 1] = "running" }
            case .taskEnded(let line):
                if taskStates.indices.contains(line.number - 1) { taskStates[line.number - 1] = line.outcome.rawValue }
            default: break
            }
        }
    }

    /// A problem of the page's records: counted, kept for the researcher's page (the first 100)
    /// and logged.
    private func problem(_ line: String) {
        problemCount += 1
        if problems.count < 100 { problems.append(line) }
        logLine(line)
    }

    /// A line of the log about the page's records (the first thousand).
    private func logLine(_ line: String) {
        logged += 1
        if logged <= 1000 { try? log?.append(LogPhone(t: runner?.scene.time ?? 0, what: line.hasPrefix("diverged") ? .diverged : .records, detail: String(line.prefix(240)))) }
    }

    /// A browser that lost its records takes the session up (`GET /api/records` with its name):
    /// its chunks are taken from now on, and the browser that had it is refused.
    package func takeOver(by browser: String) {
        guard LinkChunk.isOwner(browser), !status.isOver else { return }
        owner = browser
    }

    /// Takes the session up from its kept chunks (the host was stopped): they are played again
    /// into new files, the ones of the run before kept beside them.
    package func resume() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: chunkFolder) else { return }
        for path in [recordingPath, logPath] where FileManager.default.fileExists(atPath: path) {
            var n = 1
            while FileManager.default.fileExists(atPath: "\(path).before-\(n)") { n += 1 }
            rename(path, "\(path).before-\(n)")
        }
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            guard let data = FileManager.default.contents(atPath: chunkFolder + "/" + name),
                  let chunk = try? JSONDecoder().decode(LinkChunk.self, from: data) else { continue }
            _ = take(chunk, bytes: data, keep: false)
        }
    }
}
