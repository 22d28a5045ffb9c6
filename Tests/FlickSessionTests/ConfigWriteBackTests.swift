import FlickEngine
import FlickSession
import Foundation
import Testing

/// The panel's writes into the user's files: before, a `--config` file that
/// was invalid JSON mid-edit was replaced by the panel's keys alone, and a symlinked one by a
/// plain file.
@Suite(.serialized) struct ConfigWriteBackTests {
    let dir: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("flick-writeback-\(getpid())-\(UUID().uuidString)").path
        try? FileManager.default.removeItem(atPath: d)
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    var faster: SceneConfig { var c = SceneConfig(); c.now.throwSpeed = 450; return c }

    @Test func keysThePanelDoesNotSetAreKept() throws {
        // The panel's config holds what the file set (it was loaded from it) and one edit.
        let text = #"{"now": {"throwSpeed": 600, "heightRatio": 0.6, "cardGap": 8}, "comment": "mine"}"#
        var config = faster
        config.now.heightRatio = 0.6
        let merged = try ConfigWriteBack.merged(Data(text.utf8), path: "f.json", config: config)
        let now = try #require(merged["now"] as? [String: Any])
        #expect(now["throwSpeed"] as? Double == 450)
        #expect(now["heightRatio"] as? Double == 0.6)
        #expect(now["cardGap"] as? Double == 8, "a key the panel does not know was lost")
        #expect(merged["comment"] as? String == "mine")
    }

    @Test(arguments: [#"{"now": {"throwSpeed": 6"#, "[1, 2]", "\"text\"", "{,}"])
    func aFileThatDoesNotParseIsNotWritten(_ text: String) throws {
        let path = dir + "/mid-edit.json"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            let object = try ConfigWriteBack.merged(FileManager.default.contents(atPath: path), path: path, config: faster)
            try ConfigWriteBack.save(object, to: path, what: "the --config file")
        } throws: { "\($0)".contains("is not a JSON object right now") && "\($0)".contains(path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "the user's file was changed")
    }

    @Test func anEmptyOrMissingFileGetsThePanelsKeys() throws {
        #expect(try ConfigWriteBack.merged(nil, path: "f.json", config: faster)["now"] != nil)
        #expect(try ConfigWriteBack.merged(Data(" \n".utf8), path: "f.json", config: faster)["now"] != nil)
    }

    @Test func aSymlinkIsWrittenThrough() throws {
        let real = dir + "/real.json", link = dir + "/link.json"
        try #"{"keep": 1}"#.write(toFile: real, atomically: false, encoding: .utf8)
        chmod(real, 0o640)
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        let object = try ConfigWriteBack.merged(FileManager.default.contents(atPath: link), path: link, config: faster)
        try ConfigWriteBack.save(object, to: link, what: "the --config file")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json", "the link was replaced")
        let back = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: real))) as? [String: Any]
        #expect(back?["keep"] as? Int == 1)
        #expect((back?["now"] as? [String: Any])?["throwSpeed"] as? Double == 450)
        var st = stat()
        #expect(stat(real, &st) == 0 && st.st_mode & 0o777 == 0o640, "the file's permissions changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.contains(".tmp") })
    }

    @Test func danglingLinksReadOnlyFilesAndFoldersAreRefused() throws {
        let dangling = dir + "/dangling.json"
        try? FileManager.default.removeItem(atPath: dangling)
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.json")
        #expect { try ConfigWriteBack.save([:], to: dangling, what: "x") } throws: { "\($0)".contains("dangling") }
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere.json"))
        #expect { try ConfigWriteBack.save([:], to: dir, what: "x") } throws: { "\($0)".contains("not written") }
    }

    /// A file without its owner's write bit is refused by its mode, root included (access(2)
    /// lets root write anything: the panel rewrote a 0444 config).
    @Test func aReadOnlyFileIsRefusedEvenForRoot() throws {
        let ro = dir + "/ro.json"
        try #"{"keep": 1}"#.write(toFile: ro, atomically: false, encoding: .utf8)
        chmod(ro, 0o444)
        #expect { try ConfigWriteBack.save(["now": ["throwSpeed": 450]], to: ro, what: "x") } throws: {
            "\($0)" == "'\(ro)' is read-only (mode 444): not written (make it writable to keep the panel's changes in it)"
        }
        #expect(try String(contentsOfFile: ro, encoding: .utf8) == #"{"keep": 1}"#)
        var st = stat()
        #expect(stat(ro, &st) == 0 && st.st_mode & 0o7777 == 0o444)
    }

    /// The new file keeps the old one's owner, group and mode: as root, another user's config
    /// stays theirs (the rename made it root's); as that user, it is refused, never taken over.
    @Test func ownerGroupAndModeAreKept() throws {
        let path = dir + "/theirs.json"
        try #"{"keep": 1}"#.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        guard geteuid() == 0 else {
            // Not root: a file of this user keeps its mode; another user's cannot be made here.
            let object = try ConfigWriteBack.merged(FileManager.default.contents(atPath: path), path: path, config: faster)
            try ConfigWriteBack.save(object, to: path, what: "the --config file")
            var st = stat()
            #expect(stat(path, &st) == 0 && st.st_mode & 0o7777 == 0o640 && st.st_uid == geteuid())
            return
        }
        #expect(chown(path, 4321, 4322) == 0)
        let object = try ConfigWriteBack.merged(FileManager.default.contents(atPath: path), path: path, config: faster)
        try ConfigWriteBack.save(object, to: path, what: "the --config file")
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_uid == 4321 && st.st_gid == 4322, "owner \(st.st_uid):\(st.st_gid)")
        #expect(st.st_mode & 0o7777 == 0o640, "mode \(String(st.st_mode & 0o7777, radix: 8))")
        let back = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        #expect(back?["keep"] as? Int == 1)
        #expect((back?["now"] as? [String: Any])?["throwSpeed"] as? Double == 450)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.contains(".tmp") })
    }
}
