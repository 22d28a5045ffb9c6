import FlickEngine
import FlickIO
@testable import FlickSession
import Foundation
import Testing

/// Issue 34, part 5: card pictures kept by content beside the recording.
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
}
