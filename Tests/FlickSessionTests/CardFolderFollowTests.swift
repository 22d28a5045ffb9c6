import FlickIO
import FlickEngine
import FlickSDL
@testable import FlickSession
import Foundation
import Synchronization
import Testing

/// Cards follow the designer's files.
@Suite struct CardFolderFollowTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-follow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ dir: String, _ name: String, _ bytes: Int) {
        _ = FileManager.default.createFile(atPath: "\(dir)/\(name)", contents: Data(repeating: 7, count: bytes))
    }

    /// A change is reported once the file held still for one listing, never half-written.
    @Test func theWatchReportsAddedChangedAndRemovedFilesOnceSettled() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "01-a.png", 10)
        write(dir, "02-b.png", 10)
        let watch = CardFolderWatch(folder: dir, names: ["01-a.png", "02-b.png"], runner: CardFolderWatch.inline)
        #expect(watch.poll(now: 0) == nil)
        write(dir, "03-c.png", 20)
        write(dir, "notes.txt", 5)   // not an image: never a card
        #expect(watch.poll(now: 0.2) == nil)   // too soon to look
        #expect(watch.poll(now: 0.5) == nil)   // seen once: maybe still being written
        #expect(watch.poll(now: 1.0) == CardFolderChange(added: [.init(name: "03-c.png", size: 20)]))
        #expect(watch.poll(now: 1.5) == nil)
        write(dir, "01-a.png", 33)
        try FileManager.default.removeItem(atPath: "\(dir)/02-b.png")
        _ = watch.poll(now: 2.0)
        #expect(watch.poll(now: 2.5) == CardFolderChange(removed: ["02-b.png"], changed: [.init(name: "01-a.png", size: 33)]))
        // A file still growing is not reported until it stops.
        write(dir, "04-d.png", 1)
        _ = watch.poll(now: 3.0)
        write(dir, "04-d.png", 2)
        #expect(watch.poll(now: 3.5) == nil)
        #expect(watch.poll(now: 4.0)?.added.map(\.size) == [2])
    }

    /// The watch reads nothing at start and nothing in the first frame (10,000 cards were 10,000
    /// stats before the first present): the stamps of the opening files are taken at the first
    /// listing, and an edit made before it is still told apart from the opening set.
    @Test func theWatchReadsNothingBeforeItsFirstListing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "01-a.png", 10)
        let watch = CardFolderWatch(folder: dir + "/", names: ["01-a.png", "02-gone.png"], runner: CardFolderWatch.inline)
        try FileManager.default.removeItem(atPath: "\(dir)/01-a.png")
        #expect(watch.poll(now: 5) == nil, "the first call only notes the time")
        write(dir, "01-a.png", 10)
        write(dir, "03-new.png", 4)
        #expect(watch.poll(now: 5.1) == nil)   // too soon
        #expect(watch.poll(now: 5.3) == nil)   // the opening stamps, then the first listing
        // 02-gone.png was in the opening set but not there at the first look: a card without
        // its file, removed once it stays away.
        #expect(watch.poll(now: 5.6) == CardFolderChange(added: [.init(name: "03-new.png", size: 4)], removed: ["02-gone.png"]))
        #expect(CardImage(path: "/a/b/card 1.png", title: nil).fileName == "card 1.png")
        #expect(CardImage(path: "plain.png", title: nil).fileName == "plain.png")
    }

    /// A frame never waits for the disk: `poll` hands the look to its runner and returns; the
    /// change comes at the first poll after the look is in, and no second look starts while one
    /// is under way.
    @Test func pollStartsALookAndReturnsWithoutWaitingForIt() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "01-a.png", 10)
        let held = Mutex<[@Sendable () -> Void]>([])
        let watch = CardFolderWatch(folder: dir, names: ["01-a.png"]) { work in held.withLock { $0.append(work) } }
        func runHeld() { for work in held.withLock({ w in defer { w = [] }; return w }) { work() } }
        #expect(watch.poll(now: 0) == nil)
        write(dir, "02-b.png", 3)
        #expect(watch.poll(now: 0.3) == nil)
        #expect(held.withLock { $0.count } == 1, "one look handed over")
        #expect(watch.poll(now: 0.6) == nil && watch.poll(now: 0.9) == nil)
        #expect(held.withLock { $0.count } == 1, "no second look while the first is under way")
        runHeld()   // the first look: 02-b.png seen once
        #expect(watch.poll(now: 1.0) == nil)   // its result (nothing settled) taken, and the next look started
        #expect(held.withLock { $0.count } == 1)
        runHeld()   // held still: reported
        #expect(watch.poll(now: 1.01) == CardFolderChange(added: [.init(name: "02-b.png", size: 3)]))
        #expect(watch.poll(now: 1.02) == nil && held.withLock { $0.count } == 0, "the next look waits for its pace")
    }

    /// A waiting loop comes back for a look under way soon, and for the next look when it is due.
    @Test func theNextPollComesWhenALookIsInOrDue() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let held = Mutex<[@Sendable () -> Void]>([])
        let watch = CardFolderWatch(folder: dir, names: []) { work in held.withLock { $0.append(work) } }
        #expect(watch.nextPoll(now: 0) == 0, "the first poll notes the time at once")
        _ = watch.poll(now: 0)
        #expect(watch.nextPoll(now: 0.1) == 0.15, "the first look is due at 0.25 s")
        _ = watch.poll(now: 0.25)
        #expect(watch.nextPoll(now: 0.26) == 0.02, "a look under way is taken soon after")
    }

    /// The pace: a quarter of a second for a look of a few files, however long it waited for
    /// a core; 20 times the processor time of a costly look (5 % of a core); twice the duration
    /// of a look that waits on the disk.
    @Test func thePaceFollowsTheLooksProcessorTimeAndTheDisk() {
        #expect(CardFolderWatch.pace(cpu: 0.0004, wall: 0.030) == 0.25, "a small look on a busy machine")
        #expect(CardFolderWatch.pace(cpu: 0.0390625, wall: 0.049) == 0.78125, "10,000 files")
        #expect(CardFolderWatch.pace(cpu: 0.002, wall: 0.375) == 0.75, "a slow disk")
    }

    /// The default runner: the looks run on a thread of their own and their changes reach the
    /// caller's polls. The polls' times are the test's own, an hour apart so a look is always
    /// due (the pace is 20 times a look's duration, far less than an hour); after each poll the
    /// test waits for the look it started to finish on the background thread.
    @Test func theBackgroundLooksReachThePolls() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir, "01-a.png", 10)
        let finished = DispatchSemaphore(value: 0)
        let watch = CardFolderWatch(folder: dir, names: ["01-a.png"]) { work in
            CardFolderWatch.background { work(); finished.signal() }
        }
        var t = 0.0
        func pollAndWaitForTheLook() -> CardFolderChange? {
            t += 3600
            let change = watch.poll(now: t)
            #expect(finished.wait(timeout: .now() + 30) == .success, "no look finished on the background thread")
            return change
        }
        #expect(watch.poll(now: t) == nil)                // notes the time
        #expect(pollAndWaitForTheLook() == nil)           // the first look: the opening stamps
        write(dir, "02-b.png", 3)
        try FileManager.default.removeItem(atPath: "\(dir)/01-a.png")
        var got = CardFolderChange()
        var polls = 0
        while polls < 6 && (got.added.isEmpty || got.removed.isEmpty) {
            polls += 1
            if let c = pollAndWaitForTheLook() {
                got.added += c.added
                got.removed += c.removed
            }
        }
        #expect(got == CardFolderChange(added: [.init(name: "02-b.png", size: 3)], removed: ["01-a.png"]), "after \(polls) polls")
    }

    func scene(_ count: Int) -> CardScene {
        let s = CardScene(interaction: .switcher, count: count, viewport: Size(width: 390, height: 844), config: SceneConfig(), time: 0)
        s.advance(to: 0)
        return s
    }

    func settle(_ s: CardScene, _ images: inout DeckImages, to t: Double) -> [SceneEvent] {
        s.advance(to: t)
        let events = s.events
        for e in events { images.observe(e) }
        s.clearEvents()
        return events
    }

    @Test func removedFilesLeaveAddedOnesComeInByNameChangedOnesGetANewImage() throws {
        let s = scene(3)
        var images = DeckImages(names: ["01-a.png", "03-c.png", "05-e.png"])
        // Removed: its card leaves with a deletion event.
        #expect(images.apply(CardFolderChange(removed: ["03-c.png"]), to: s, at: 1).isEmpty)
        var events = settle(s, &images, to: 3)
        #expect(events.contains { if case .deleted(_, CardID(1), _) = $0 { return true } else { return false } })
        #expect(s.deck.count == 2)
        // Added: a card where the name sorts (between 01 and 05), showing the new image.
        let fresh = images.apply(CardFolderChange(added: [.init(name: "04-d.png", size: 1)]), to: s, at: 4)
        #expect(fresh.map(\.name) == ["04-d.png"] && fresh.first?.index == 3)
        events = settle(s, &images, to: 6)
        let inserted = events.compactMap { if case .inserted(_, let card, let index) = $0 { return (card, index) } else { return nil } }
        #expect(inserted.count == 1 && inserted.first?.1 == 1)
        if let card = inserted.first?.0 { #expect(images.image(of: card) == 3) }
        // Changed: the cards showing it now show a new image index (a fresh decode).
        let again = images.apply(CardFolderChange(changed: [.init(name: "01-a.png", size: 9)]), to: s, at: 7)
        #expect(again.map(\.index) == [4])
        #expect(images.image(of: CardID(0)) == 4 && images.names[4] == "01-a.png")
        #expect(images.image(of: CardID(2)) == 2)   // 05-e untouched
    }
}
