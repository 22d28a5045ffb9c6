import FlickEngine
import FlickIO
@testable import FlickHost
import FlickPhone
import FlickSession
import Foundation
import Testing

/// A study by link through the host's package API: a plan on disk, pages played by a native
/// engine exactly as the page's module plays its records (Wasm/Exports.swift), chunks taken,
/// refused, kept and played into the session's recording and log.
@Suite struct LinkHostTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A folder with a tasks file (two tasks, the participant's side on, the second with a reset
    /// start) and a plan of two conditions for P1 and P2.
    static func studyFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-host-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try #"{"participantSide": true, "tasks": [{"name": "Throw two", "goal": {"deleted": 2}}, {"name": "Back", "start": {"reset": true}}]}"#
            .write(toFile: dir + "/tasks.json", atomically: true, encoding: .utf8)
        let plan = """
        {"flick_plan": 1, "design": "williams", "assignment": "in-order", "taskOrder": "fixed", "tasks": "tasks.json",
         "cards": "\(repo)/assets",
         "conditions": [{"name": "switcher", "interaction": "switcher"}, {"name": "stack", "interaction": "stack"}],
         "participants": [
           {"id": "P1", "row": 1, "sessions": [{"session": 1, "condition": "switcher"}, {"session": 2, "condition": "stack"}]},
           {"id": "P2", "row": 2, "sessions": [{"session": 1, "condition": "stack"}, {"session": 2, "condition": "switcher"}]}]}
        """
        try plan.write(toFile: dir + "/plan.json", atomically: true, encoding: .utf8)
        return dir
    }

    static func host(_ dir: String, expires: Double? = nil) throws -> LinkHost {
        let plan = try StudyPlan.load(dir + "/plan.json")
        let setups = try LinkSetup.all(planFile: dir + "/plan.json", plan: plan)
        let (file, _) = try HostFile.openOrMake(folder: dir + "/host", plan: dir + "/plan.json", participants: plan.participants.map(\.id), expires: expires)
        let host = try LinkHost(folder: dir + "/host", file: file, setups: setups, consent: "ok")
        host.rate = 1000
        host.burst = 1000
        return host
    }

    /// The page's engine, natively: the records it gives its scene and the digest of its events.
    final class Page {
        let scene: CardScene
        var records: [[Double]] = []
        var digest = SceneDigest()
        var digested = 0
        var t = 0.0
        var lastFrame = 0.0
        var lastInput = 0.0

        init(_ setup: LinkSetup, stage: Size = Size(width: 390, height: 717)) {
            scene = CardScene(interaction: setup.interaction, count: setup.count, viewport: stage, config: setup.config, time: 0)
            scene.lateInputWindow = LinkSetup.lateWindow
        }

        func give(_ kind: Int32, _ a: Double = 0, _ b: Double = 0, _ c: Double = 0) {
            var time = t
            if kind == 7 {
                time = max(time, lastFrame, lastInput)
                lastFrame = time
            } else {
                time = max(time, lastInput, lastFrame - LinkSetup.lateWindow)
                lastInput = time
            }
            if kind < 100, let input = EngineInput(kind: kind, a: a, b: b, c: c, deckCount: scene.deck.count) {
                switch input {
                case .pointer(let phase, let position): _ = scene.handle(EngineInput.pointerEvent(phase, position, time: time))
                case .frame: _ = scene.advance(to: time)
                case .start(let next, let cards, let reset, _): scene.start(interaction: next, config: nil, cards: cards, reset: reset, at: time)
                default: Issue.record("the test page gives no \(input)")
                }
                digest.addEvents(of: scene, from: digested)
                digested = scene.loggedEvents.count
            }
            records.append([Double(kind), a, b, c, time])
        }

        func frames(_ n: Int) {
            for _ in 0..<n {
                t += 1.0 / 60
                give(7)
            }
        }

        func fling(dx: Double, dy: Double) {
            give(0, 0, 195, 400)
            for i in 1...10 {
                t += 0.008
                give(0, 1, 195 + dx * Double(i) / 10, 400 + dy * Double(i) / 10)
            }
            give(0, 2, 195 + dx, 400 + dy)
            frames(60)
        }

        func commit() {
            scene.commit()
            digest.addEvents(of: scene, from: digested)
            digested = scene.loggedEvents.count
        }

        /// The tasks of `setup` done with the page's side: each started, two throws, Done, SEQ;
        /// then the SUS.
        func playTasks(_ setup: LinkSetup) {
            frames(20)
            for (i, task) in (setup.tasks?.tasks ?? []).enumerated() {
                give(PageInput.taskStartKind, Double(i + 1))
                for r in task.start.map({ PageTaskStarts.records(for: $0) }) ?? [] {
                    let n = r.numbers
                    give(n.kind, n.a, n.b, n.c)
                }
                frames(5)
                fling(dx: 0, dy: -320)
                fling(dx: 0, dy: -320)
                give(PageInput.answerKind, 0, 0, Double(i + 1))
                frames(5)
                give(PageInput.answerKind, 2, 6, Double(i + 1))
                frames(5)
            }
            give(PageInput.askSUSKind)
            for item in 1...10 {
                give(PageInput.answerKind, 3, 4, Double(item))
                frames(2)
            }
            commit()
        }

        func chunk(session: Int, from first: Int, to end: Int, last: Bool, owner: String? = nil) -> Data {
            var object: [String: Any] = ["session": session, "first": first, "records": Array(records[first..<end]),
                                         "events": scene.loggedEvents.count, "digest": PhoneProtocol.hex(digest.value), "end": last]
            if let owner { object["owner"] = owner }
            if first == 0 { object["device"] = ["stage": ["width": 390, "height": 717], "pixelRatio": 3, "userAgent": "test"] }
            return try! JSONSerialization.data(withJSONObject: object)
        }
    }

    /// Session 1 of `participant` in the study at `dir`, played through on a native page.
    static func played(_ dir: String, _ participant: String) throws -> Page {
        let setups = try LinkSetup.all(planFile: dir + "/plan.json", plan: StudyPlan.load(dir + "/plan.json"))
        let setup = try #require(setups.first { $0.participant == participant && $0.session == 1 })
        let page = Page(setup)
        page.playTasks(setup)
        return page
    }

    static func token(_ host: LinkHost, _ id: String) -> String { host.file.participants.first { $0.id == id }!.token }

    @Test func aWholeSessionComesHomeExactInChunks() throws {
        let dir = try Self.studyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try Self.host(dir)
        let page = try Self.played(dir, "P1")
        let n = page.records.count
        let token = Self.token(host, "P1")
        // Three chunks, the second sent twice and one sent out of order.
        let a = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: 0, to: n / 3, last: false))
        #expect(a.status == 200 && a.next == n / 3)
        let gap = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: 2 * n / 3, to: n, last: true))
        #expect(gap.status == 409 && gap.next == n / 3)
        let b = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: n / 3, to: 2 * n / 3, last: false))
        #expect(b.status == 200 && b.next == 2 * n / 3)
        let again = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: n / 3, to: 2 * n / 3, last: false))
        #expect(again.status == 409 && again.next == 2 * n / 3)
        let c = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: 2 * n / 3, to: n, last: true))
        #expect(c.status == 200 && c.next == n && c.sessionStatus == .complete)
        let after = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: n, to: n, last: true))
        #expect(after.status == 410)

        // Three chunk files, each as it came; the recording and log of the session.
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir + "/host/chunks/P1-s1").sorted()
        #expect(kept == [String(format: "%09d.json", 0), String(format: "%09d.json", n / 3), String(format: "%09d.json", 2 * n / 3)])
        let overview = host.overview().participants.first { $0.id == "P1" }!.sessions[0]
        #expect(overview.status == "complete" && overview.divergences == 0 && overview.records == n && overview.problems == 0)
        #expect(overview.tasks.map(\.state) == ["success", "success"])

        // The log's events are the page's, and the recording replays to them.
        let recording = try Recording(path: dir + "/host/P1-s1.rec")
        #expect(recording.header?.device?.engine == true && recording.header?.stage == Size(width: 390, height: 717))
        // The cards are kept by content beside the recordings, each named by its hash.
        let files = try #require(recording.header?.cardFiles)
        #expect(!files.isEmpty && files.allSatisfy { $0.hash.map(CardStore.isHash) == true })
        for file in files {
            #expect(FileManager.default.fileExists(atPath: CardStore(besideRecording: dir + "/host/P1-s1.rec").path(hash: file.hash!, name: file.name)))
        }
        let replay = try #require(HeadlessReplay(recording))
        replay.runToEnd()
        replay.finish()
        var replayed = SceneDigest()
        for case .scene(let e) in replay.items { replayed.add(e.event, notes: e.notes) }
        #expect(replayed.value == page.digest.value)
        let log = try String(contentsOfFile: dir + "/host/P1-s1.jsonl", encoding: .utf8)
        #expect(log.components(separatedBy: "\"event\":\"deleted\"").count - 1 == page.scene.loggedEvents.filter { if case .deleted = $0.event { true } else { false } }.count)
        #expect(log.contains("\"event\":\"quit\""))
        // Task 1 ended on its goal (two cards thrown) before the page's Done, which is logged and
        // not recorded: 1 Done, 2 SEQ and 10 SUS answers.
        #expect(log.components(separatedBy: "\"event\":\"answer\"").count - 1 == 13)
        #expect(log.contains("done of task 1 came after the task ended"))
    }

    @Test func aPageThatDiffersIsDivergedAndSaid() throws {
        let dir = try Self.studyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try Self.host(dir)
        let page = try Self.played(dir, "P2")
        // One pointer coordinate a little off in what is sent: the host's scene differs.
        var body = try JSONSerialization.jsonObject(with: page.chunk(session: 1, from: 0, to: page.records.count, last: true)) as! [String: Any]
        var records = body["records"] as! [[Double]]
        let i = records.firstIndex { $0[0] == 0 && $0[1] == 1 }!
        records[i][3] += 40
        body["records"] = records
        let answer = host.takeChunk(participant: "P2", token: Self.token(host, "P2"), body: try JSONSerialization.data(withJSONObject: body))
        #expect(answer.status == 200 && answer.sessionStatus == .diverged)
        #expect(host.overview().participants.first { $0.id == "P2" }!.sessions[0].divergences > 0)
    }

    @Test func badChunksAreRefusedWithTheirReason() throws {
        let dir = try Self.studyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try Self.host(dir)
        let token = Self.token(host, "P1")
        func send(_ text: String) -> ChunkAnswer { host.takeChunk(participant: "P1", token: token, body: Data(text.utf8)) }
        let device = #""device": {"stage": {"width": 390, "height": 717}}"#
        #expect(send("not json").status == 400)
        #expect(send(#"{"session": 1, "first": 0, "records": [], "events": 0, "digest": "xyz", \#(device)}"#).error?.contains("digest") == true)
        #expect(send(#"{"session": 1, "first": 0, "records": [[7, 0, 0, 0]], "events": 0, "digest": "0000000000000000", \#(device)}"#).error?.contains("record 0") == true)
        #expect(send(#"{"session": 1, "first": 0, "records": [[7, 0, 0, 0, 1e300]], "events": 0, "digest": "0000000000000000", \#(device)}"#).error?.contains("t ") == true)
        #expect(send(#"{"session": 1, "first": 0, "records": [[7, 0, 0, 0, 1]], "events": 0, "digest": "0000000000000000"}"#).error?.contains("device") == true)
        #expect(send(#"{"session": 9, "first": 0, "records": [[7, 0, 0, 0, 1]], "events": 0, "digest": "0000000000000000", \#(device)}"#).error?.contains("not one of P1's") == true)
        let big = "{\"pad\": \"" + String(repeating: "x", count: LinkChunk.maxBytes) + "\"}"
        #expect(send(big).status == 413)
        // Nothing of these was kept or recorded.
        #expect(!FileManager.default.fileExists(atPath: dir + "/host/chunks"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/host/P1-s1.rec"))
        let logged = try String(contentsOfFile: dir + "/host/host-refusals.jsonl", encoding: .utf8)
        #expect(logged.split(separator: "\n").count == 7)

        // The rate: a burst, then refusals until time passes.
        host.rate = 1
        host.burst = 3
        let other = Self.token(host, "P2")
        let statuses = (0..<5).map { _ in host.takeChunk(participant: "P2", token: other, body: Data("{}".utf8)).status }
        #expect(statuses == [400, 400, 400, 429, 429])
    }

    @Test func tokensOpenOnlyTheirOwnAndExpireAndAreWithdrawn() throws {
        let dir = try Self.studyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try Self.host(dir, expires: 1)
        let p1 = Self.token(host, "P1"), p2 = Self.token(host, "P2")
        #expect(p1.count == 32 && p2.count == 32 && p1 != p2 && p1 != host.file.researcher)
        #expect(try host.caller(p1).get() == .participant("P1"))
        #expect(try host.caller(host.file.researcher).get() == .researcher)
        // The token with its last digit changed (to one it does not have).
        #expect(throws: LinkRefusal.self) { try host.caller(String(p1.dropLast()) + (p1.hasSuffix("0") ? "1" : "0")).get() }
        #expect(throws: LinkRefusal.self) { try host.caller(nil).get() }
        host.now = { Date().addingTimeInterval(7200) }
        #expect(throws: LinkRefusal(status: 403, "this link expired at \(host.file.participants[0].expires!)")) { try host.caller(p1).get() }
        host.now = { Date() }
        try host.revoke(["P2"])
        #expect(throws: LinkRefusal(status: 403, "this link was withdrawn by the researcher")) { try host.caller(p2).get() }
        #expect(throws: UserError.self) { try host.revoke(["../x"]) }
        // Taken up again: the same tokens, P2 still withdrawn.
        let again = try Self.host(dir)
        #expect(Self.token(again, "P1") == p1 && again.file.participants[1].revoked == true)
        // Another plan for the same folder is refused; so is an id that cannot name a file.
        try "{}".write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        #expect(throws: UserError.self) { try HostFile.openOrMake(folder: dir + "/host", plan: dir + "/other.json", participants: ["P1"], expires: nil) }
        #expect(throws: UserError.self) { try HostFile.openOrMake(folder: dir + "/new", plan: dir + "/plan.json", participants: ["../etc"], expires: nil) }
        #expect(!HostFile.isSafeName("a/b") && !HostFile.isSafeName("..") && !HostFile.isSafeName("") && HostFile.isSafeName("P-1.a_b"))
    }

    @Test func oneBrowserAtATimeUntilAnotherTakesTheSessionUp() throws {
        let dir = try Self.studyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try Self.host(dir)
        let page = try Self.played(dir, "P1")
        let n = page.records.count, token = Self.token(host, "P1")
        let a = String(repeating: "a", count: 32), b = String(repeating: "b", count: 32)
        #expect(host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: 0, to: n / 3, last: false, owner: a)).status == 200)
        // A second browser with the same link: its chunk is refused, and nothing of it kept.
        let other = host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: n / 3, to: 2 * n / 3, last: false, owner: b))
        #expect(other.status == 423 && other.next == n / 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/host/chunks/P1-s1").count == 1)
        // It takes the session up from the host's records: from now on its chunks count, not the first one's.
        let records = try #require(host.recordsJSON(participant: "P1", session: 1, browser: b))
        let taken = try JSONSerialization.jsonObject(with: records) as! [String: Any]
        #expect((taken["records"] as! [[Double]]).count == n / 3)
        #expect(host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: n / 3, to: 2 * n / 3, last: false, owner: a)).status == 423)
        #expect(host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: n / 3, to: n, last: true, owner: b)).sessionStatus == .complete)
        #expect(host.takeChunk(participant: "P1", token: token, body: page.chunk(session: 1, from: 0, to: 1, last: false, owner: "not hex")).status == 400)
    }

    @Test func aStoppedHostTakesSessionsUpFromTheirChunks() throws {
        let dir = try Self.studyFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try Self.host(dir)
        let page = try Self.played(dir, "P1")
        let n = page.records.count
        #expect(host.takeChunk(participant: "P1", token: Self.token(host, "P1"), body: page.chunk(session: 1, from: 0, to: n / 2, last: false)).status == 200)
        // A new host on the same folder plays the kept chunk again and goes on from it.
        let again = try Self.host(dir)
        #expect(again.overview().participants[0].sessions[0].records == n / 2)
        let rest = again.takeChunk(participant: "P1", token: Self.token(again, "P1"), body: page.chunk(session: 1, from: n / 2, to: n, last: true))
        #expect(rest.status == 200 && rest.sessionStatus == .complete)
        #expect(FileManager.default.fileExists(atPath: dir + "/host/P1-s1.rec.before-1"))
    }
}
