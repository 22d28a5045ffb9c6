import FlickEngine
import FlickPhone
import Testing

/// The host's side of the page's records: each once, in order, and digests compared.
@Suite struct PageFeedTests {
    static let none = SceneDigest().value

    static func frames(_ times: [Double]) -> [PageRecord] { times.map { PageRecord(EngineInput.frame, t: $0) } }

    @Test func recordsAreTakenOnceInOrder() {
        var feed = PageFeed()
        let first = feed.take(PhoneRecords(first: 0, records: Self.frames([0.1, 0.2, 0.3]), events: 0, digest: Self.none))
        #expect(first.steps.map(\.number) == [0, 1, 2] && first.problems.isEmpty)
        // A resend after a reconnect overlaps what came: the copies are skipped and said.
        let again = feed.take(PhoneRecords(first: 1, records: Self.frames([0.2, 0.3, 0.4]), events: 0, digest: Self.none))
        #expect(again.steps.map(\.number) == [3] && again.steps.map(\.t) == [0.4])
        #expect(again.problems == ["records 1-2 came twice: the copies were skipped"])
        #expect(feed.next == 4 && feed.duplicates == 2 && feed.lastFrame == 0.4)
    }

    /// The participant's answers as records of the page's own (kind 100), in the page's order.
    @Test func answersAreRecordsOfTheirOwn() {
        func record(_ a: Double, _ b: Double, _ c: Double) -> PageRecord { PageRecord(kind: 100, a: a, b: b, c: c, t: 0.5) }
        #expect(PageInput(record(0, 0, 2)) == .answer(PhoneAnswer(.done, task: 2, time: 0.5)))
        #expect(PageInput(record(1, 0, 1)) == .answer(PhoneAnswer(.giveUp, task: 1, time: 0.5)))
        #expect(PageInput(record(2, 6, 1)) == .answer(PhoneAnswer(.seq(6), task: 1, time: 0.5)))
        #expect(PageInput(record(3, 4, 10)) == .answer(PhoneAnswer(.sus(item: 10, value: 4), task: nil, time: 0.5)))
        // Out of range: no SEQ 8, no SUS item 11 or answer 0, no fraction, no code 4, no value on a Done.
        for (a, b, c) in [(2.0, 8.0, 1.0), (3, 4, 11), (3, 0, 1), (2, 5.5, 1), (4, 0, 0), (0, 3, 1), (.nan, 0, 0)] {
            #expect(PageInput(record(a, b, c)) == nil, "\(a) \(b) \(c)")
        }
        var feed = PageFeed()
        let taken = feed.take(PhoneRecords(first: 0, records: Self.frames([0.4]) + [record(0, 0, 1), record(2, 9, 1)],
                                           events: 0, digest: Self.none))
        #expect(taken.steps.map(\.input) == [.engine(.frame), .answer(PhoneAnswer(.done, task: 1, time: 0.5))])
        #expect(taken.problems.count == 1 && taken.problems[0].hasPrefix("record 2 (kind 100"))
    }

    @Test func aGapIsRefusedWholeAndAskedAgain() {
        var feed = PageFeed()
        _ = feed.take(PhoneRecords(first: 0, records: Self.frames([0.1]), events: 0, digest: Self.none))
        let gap = feed.take(PhoneRecords(first: 5, records: Self.frames([0.5, 0.6]), events: 0, digest: Self.none))
        #expect(gap.steps.isEmpty && gap.resendFrom == 1 && feed.next == 1 && feed.gaps == 1)
    }

    @Test func framesGoingBackAndNonInputsAreRefused() {
        var feed = PageFeed()
        let records = Self.frames([0.2, 0.1]) + [PageRecord(kind: 42, a: 0, b: 0, c: 0, t: 0.3),
                                                 PageRecord(kind: 0, a: 0.5, b: 1, c: 1, t: 0.3),
                                                 PageRecord(EngineInput.pointer(.down, Point(x: 3, y: 4)), t: .nan)]
        let taken = feed.take(PhoneRecords(first: 0, records: records, events: 0, digest: Self.none))
        #expect(taken.steps.map(\.number) == [0])
        #expect(taken.problems.count == 4 && feed.refusedRecords == 4 && feed.next == 5)
    }

    @Test func digestsAreComparedOnceTheHostHasAsManyEvents() {
        // The page's engine and the host's run the same inputs: the page's digest after its
        // events matches the host's after as many; one changed bit does not.
        let scene = CardScene(interaction: .now, count: 5, viewport: Size(width: 390, height: 844))
        for (i, x) in [200.0, 260, 330, 420].enumerated() {
            let phase: PointerEvent.Phase = i == 0 ? .down : i == 3 ? .up : .move
            _ = scene.handle(EngineInput.pointerEvent(phase, Point(x: x, y: 400), time: 0.1 + Double(i) * 0.01))
        }
        scene.advance(to: 1)
        scene.commit()
        var page = SceneDigest()
        page.addEvents(of: scene)
        #expect(scene.events.count >= 2)
        var feed = PageFeed()
        let claim = PhoneRecords(first: 0, records: Self.frames([1]), events: scene.events.count, digest: page.value)
        #expect(feed.take(claim).problems.isEmpty && feed.compared == 0)   // the host has no events yet
        for logged in scene.loggedEvents { feed.hostEvent(logged.event, notes: logged.notes) }
        #expect(feed.compare().isEmpty && feed.compared == 1 && feed.divergences == 0)
        let wrong = PhoneRecords(first: 1, records: Self.frames([1.1]), events: scene.events.count, digest: page.value ^ 1)
        #expect(feed.take(wrong).problems.first?.hasPrefix("diverged: after \(scene.events.count) events (record 1)") == true)
        #expect(feed.divergences == 1)
        // A page that claims more events than the host ever lets out is said at the end.
        _ = feed.take(PhoneRecords(first: 2, records: Self.frames([1.2]), events: 99, digest: 0))
        #expect(feed.finish().count == 1 && feed.divergences == 2)
    }

    @Test func recordsParseFromThePagesJSON() throws {
        let text = #"{"type":"records","first":3,"records":[[0,0,12.5,-0.25,1.0000000000000002],[7,0,0,0,2]],"events":4,"digest":"00000000000000ff"}"#
        guard case .records(let batch) = try PhoneProtocol.parse(text) else { Issue.record("not records"); return }
        #expect(batch.first == 3 && batch.events == 4 && batch.digest == 255)
        #expect(batch.records[0] == PageRecord(kind: 0, a: 0, b: 12.5, c: -0.25, t: 1.0000000000000002))
        for bad in [#"{"type":"records","first":0,"records":[[0,1,2]],"events":0,"digest":"00000000000000ff"}"#,
                    #"{"type":"records","first":0,"records":[],"events":0,"digest":"ff"}"#,
                    #"{"type":"records","first":-1,"records":[],"events":0,"digest":"00000000000000ff"}"#] {
            #expect(throws: PhoneProtocolError.self) { try PhoneProtocol.parse(bad) }
        }
    }
}
