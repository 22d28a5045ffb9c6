import FlickEngine
import FlickIO
@testable import FlickSession
import Foundation
import Testing

/// Card pictures kept by content beside the recording, and proved by it.
@Suite struct CardStoreTests {
    /// FIPS 180-4's examples, and a message longer than one block.
    @Test func sha256OfTheStandardMessages() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Data(repeating: 0x61, count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// The same picture under two names is kept once; a copy cut short is made again; the header's
    /// hash finds the copy only while it is whole.
    @Test func aPictureIsKeptOnceAndFoundByItsHash() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = Data((0..<5000).map { UInt8($0 % 251) })
        try bytes.write(to: URL(fileURLWithPath: dir + "/cards/a.png"))
        try bytes.write(to: URL(fileURLWithPath: dir + "/cards/b.PNG"))
        let store = CardStore(besideRecording: dir + "/s.rec.jsonl")
        #expect(store.folder == dir + "/flick-cards")
        var files = [FolderFile(name: "a.png", size: 5000), FolderFile(name: "b.PNG", size: 5000)]
        try store.keep(&files, in: dir + "/cards")
        #expect(files[0].hash == SHA256.hex(bytes) && files[1].hash == files[0].hash)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder) == ["\(SHA256.hex(bytes)).png"])
        let copy = try #require(store.copy(of: files[0]))
        #expect(FileManager.default.contents(atPath: copy) == bytes)
        try Data(bytes.prefix(10)).write(to: URL(fileURLWithPath: copy))
        #expect(store.copy(of: files[0]) == nil)
        _ = try store.keep(dir + "/cards/a.png", name: "a.png")
        #expect(store.copy(of: files[0]) == copy)
        #expect(store.copy(of: FolderFile(name: "a.png", size: 5000)) == nil)
    }

    /// A replay draws the kept copy but names the card as the folder did: its title and its
    /// name are "a.png", never the store's hash file.
    @Test func aKeptCopyKeepsItsCardName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = Data((0..<3000).map { UInt8($0 % 241) })
        try bytes.write(to: URL(fileURLWithPath: dir + "/cards/a.png"))
        let path = dir + "/s.rec"
        var files = [FolderFile(name: "a.png", size: 3000)]
        try CardStore(besideRecording: path).keep(&files, in: dir + "/cards")
        let header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                                     session: "kept", started: "2026-11-27T00:00:00.000Z", demo: .now,
                                     cardFolder: dir + "/cards", bundledCards: false, cardFiles: files, count: 1,
                                     window: Size(width: 390, height: 844), stage: Size(width: 390, height: 844),
                                     config: SceneConfig())
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        try recorder.finish(at: 1)
        try FileManager.default.removeItem(atPath: dir + "/cards/a.png")
        let source = try #require(try Recording(path: path).cardSource(allowMissing: false))
        let item = try #require(source.items.first)
        #expect(item.path.hasPrefix(dir + "/flick-cards/"))
        #expect(item.fileName == "a.png")
        var look = SessionLook()
        look.titles = .name
        #expect(look.titled(source.items).first?.title == "a.png")
    }

    /// A folder with pictures, a recording of them with its store, and its path.
    private func recorded(_ pictures: [String: Data]) throws -> (dir: String, path: String, files: [FolderFile]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        for (name, bytes) in pictures { try bytes.write(to: URL(fileURLWithPath: dir + "/cards/" + name)) }
        let path = dir + "/s.rec"
        var files = pictures.keys.sorted().map { FolderFile(name: $0, size: pictures[$0]!.count) }
        try CardStore(besideRecording: path).keep(&files, in: dir + "/cards")
        try write(path, files: files, folder: dir + "/cards")
        return (dir, path, files)
    }

    private func write(_ path: String, files: [FolderFile], folder: String) throws {
        let header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                                     session: "kept", started: "2026-11-27T00:00:00.000Z", demo: .now,
                                     cardFolder: folder, bundledCards: false, cardFiles: files, count: 1,
                                     window: Size(width: 390, height: 844), stage: Size(width: 390, height: 844),
                                     config: SceneConfig())
        try Recorder(path: path, header: header, overwrite: true).finish(at: 1)
    }

    private func refusal(_ body: () throws -> Void) -> String {
        do { try body() } catch let e as UserError { return e.message } catch { return "\(error)" }
        return "(no refusal)"
    }

    /// A header's hash is a SHA-256 or the reader refuses the recording: a path such as
    /// `../../private/photo` with the right size never reaches the store's `path(hash:)`.
    @Test(arguments: ["../../private/photo", "/etc/passwd", String(repeating: "A", count: 64),
                      String(repeating: "a", count: 63), String(repeating: "a", count: 63) + "g", ""])
    func aHeaderHashIsASHA256(_ hash: String) throws {
        let (dir, path, files) = try recorded(["a.png": Data(repeating: 7, count: 100)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var bad = files
        bad[0].hash = hash
        try write(path, files: bad, folder: dir + "/cards")
        let message = refusal { _ = try Recording(path: path) }
        #expect(message.contains("'\(path)' line 1: 'card_files[0].hash' of card 'a.png'"), "\(message)")
        #expect(message.contains("expected a SHA-256: 64 lowercase hex digits"), "\(message)")
    }

    /// A kept copy changed, swapped for another picture of the same size, or replaced by a
    /// symlink is refused when the recording is opened, naming the card; a copy taken away
    /// replays from the folder as before.
    @Test func aKeptCopyIsCheckedAgainstItsHash() throws {
        let a = Data((0..<4000).map { UInt8($0 % 253) }), b = Data((0..<4000).map { UInt8($0 % 239) })
        let (dir, path, files) = try recorded(["a.png": a, "b.png": b])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = CardStore(besideRecording: path)
        let copyA = store.path(hash: files[0].hash!, name: "a.png"), copyB = store.path(hash: files[1].hash!, name: "b.png")
        #expect(try Recording(path: path).cardSource(allowMissing: false)?.items.map(\.path) == [copyA, copyB])
        // Swapped with another picture of the same size.
        try b.write(to: URL(fileURLWithPath: copyA))
        var message = refusal { _ = try Recording(path: path).cardSource(allowMissing: true) }
        #expect(message.contains("the card store's copy of 'a.png' (flick-cards/\(files[0].hash!).png) is not that picture"), "\(message)")
        // One byte changed.
        var tampered = a
        tampered[100] ^= 1
        try tampered.write(to: URL(fileURLWithPath: copyA))
        message = refusal { _ = try Recording(path: path).cardSource(allowMissing: true) }
        #expect(message.contains("copy of 'a.png'") && message.contains("is not that picture"), "\(message)")
        // A symlink to the very picture is refused too: the store holds files, not links.
        try FileManager.default.removeItem(atPath: copyA)
        try FileManager.default.createSymbolicLink(atPath: copyA, withDestinationPath: dir + "/cards/a.png")
        message = refusal { _ = try Recording(path: path).cardSource(allowMissing: true) }
        #expect(message.contains("copy of 'a.png'") && message.contains("is a symlink"), "\(message)")
        // Gone: read from the folder, whose file is still the recorded size.
        try FileManager.default.removeItem(atPath: copyA)
        #expect(try Recording(path: path).cardSource(allowMissing: false)?.items.map(\.path) == [dir + "/cards/a.png", copyB])
    }

    /// A file planted in the store under a picture's hash before the session is replaced by the
    /// real picture when the session keeps it, so the replay draws what the window showed.
    @Test func aPlantedFileIsReplacedByThePicture() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let real = Data((0..<3000).map { UInt8($0 % 211) }), planted = Data((0..<3000).map { UInt8($0 % 199) })
        try real.write(to: URL(fileURLWithPath: dir + "/cards/a.png"))
        let store = CardStore(besideRecording: dir + "/s.rec")
        let copy = store.path(hash: SHA256.hex(real), name: "a.png")
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        try planted.write(to: URL(fileURLWithPath: copy))
        #expect(try store.keep(dir + "/cards/a.png", name: "a.png")?.hash == SHA256.hex(real))
        #expect(FileManager.default.contents(atPath: copy) == real)
        // A symlink planted there is replaced as well, and its target left alone.
        try planted.write(to: URL(fileURLWithPath: dir + "/elsewhere.png"))
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createSymbolicLink(atPath: copy, withDestinationPath: dir + "/elsewhere.png")
        _ = try store.keep(dir + "/cards/a.png", name: "a.png")
        #expect(PathKind.of(copy).isRegular)
        #expect(FileManager.default.contents(atPath: copy) == real)
        #expect(FileManager.default.contents(atPath: dir + "/elsewhere.png") == planted)
    }

    /// A symlinked store is refused, and nothing is written where it leads.
    @Test func aSymlinkedStoreIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/target", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(repeating: 1, count: 500).write(to: URL(fileURLWithPath: dir + "/cards/a.png"))
        let store = CardStore(besideRecording: dir + "/s.rec")
        try FileManager.default.createSymbolicLink(atPath: store.folder, withDestinationPath: dir + "/target")
        var files = [FolderFile(name: "a.png", size: 500)]
        let message = refusal { try store.keep(&files, in: dir + "/cards") }
        #expect(message == "the card store '\(store.folder)' is a symlink (expected a real folder beside the recording; remove the link or record elsewhere)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/target").isEmpty)
        #expect(PathKind.of(store.folder) == .symlink)
    }

    /// The keeper keeps the pictures on its own thread; the recording's header waits for their
    /// hashes (the inputs before it wait with it) and is written once they are known.
    @Test func theHeaderWaitsForTheKeptCards() throws {
        let pictures = (0..<40).map { i in Data((0..<2000).map { UInt8(($0 + i * 7) % 251) }) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [FolderFile] = []
        for (i, bytes) in pictures.enumerated() {
            let name = String(format: "%02d.png", i)
            try bytes.write(to: URL(fileURLWithPath: dir + "/cards/" + name))
            files.append(FolderFile(name: name, size: bytes.count))
        }
        let path = dir + "/s.rec"
        let header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                                     session: "kept", started: "2026-11-27T00:00:00.000Z", demo: .now,
                                     cardFolder: dir + "/cards", bundledCards: false, cardFiles: files, count: 40,
                                     window: Size(width: 390, height: 844), stage: Size(width: 390, height: 844),
                                     config: SceneConfig())
        let recorder = try Recorder(path: path, header: header, overwrite: true, waitsForCards: true)
        let keeper = CardKeeper(store: CardStore(besideRecording: path), folder: dir + "/cards", files: files)
        keeper.start()
        try recorder.record(RecordedInput(t: 0.5, .command(.nextPage)))
        #expect(FileManager.default.contents(atPath: path)?.isEmpty == true)
        #expect(keeper.wait(timeout: 10))
        #expect(keeper.progress == (40, 40))
        try recorder.release(cardFiles: keeper.keptFiles)
        try recorder.finish(at: 1)
        let recording = try Recording(path: path)
        #expect(recording.header?.cardFiles.map(\.hash) == pictures.map { SHA256.hex($0) })
        #expect(recording.inputs.count == 1)
        #expect(try recording.cardSource(allowMissing: false)?.items.allSatisfy { $0.path.contains("/flick-cards/") } == true)
    }

    /// Stopped at once, the keeper keeps no more: the cards it did not reach name no hash.
    @Test func aStoppedKeeperLeavesTheRestToTheFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [FolderFile] = []
        for i in 0..<2000 {
            let name = "\(i).png"
            try Data(repeating: UInt8(i % 256), count: 64 + i).write(to: URL(fileURLWithPath: dir + "/cards/" + name))
            files.append(FolderFile(name: name, size: 64 + i))
        }
        let keeper = CardKeeper(store: CardStore(besideRecording: dir + "/s.rec"), folder: dir + "/cards", files: files)
        keeper.stop()
        keeper.start()
        #expect(keeper.wait(timeout: 10))
        #expect(keeper.progress.done == 0)
        #expect(keeper.keptFiles.allSatisfy { $0.hash == nil })
        #expect(!FileManager.default.fileExists(atPath: dir + "/flick-cards"))
    }

    /// A picture over the store's limit is not kept (said on standard error): nothing is read
    /// or copied, and its card names no hash, so its replay reads the folder.
    @Test func aPictureOverTheLimitIsNotKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Sparse: 257 MB on paper, nothing on disk.
        FileManager.default.createFile(atPath: dir + "/cards/big.png", contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/cards/big.png"))
        try handle.truncate(atOffset: UInt64(CardStore.maxBytes) + (1 << 20))
        try handle.close()
        var files = [FolderFile(name: "big.png", size: Int(CardStore.maxBytes) + (1 << 20))]
        try CardStore(besideRecording: dir + "/s.rec").keep(&files, in: dir + "/cards")
        #expect(files[0].hash == nil)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir + "/flick-cards"))?.isEmpty ?? true)
    }
}
