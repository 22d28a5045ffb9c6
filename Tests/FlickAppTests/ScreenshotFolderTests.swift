@testable import FlickApp
import Foundation
import Testing

@Suite struct ScreenshotFolderTests {
    let home = "/home/ada"

    @Test func givenFolderWins() {
        let f = ScreenshotFolder.resolve(given: "shots", recordPath: "/s/r.jsonl", logPath: "/s/l.jsonl",
                                         environment: [:], home: home)
        #expect(f == ScreenshotFolder(path: "shots", createsOnDemand: false))
    }

    @Test func sessionFolderBeforePictures() {
        #expect(ScreenshotFolder.resolve(given: nil, recordPath: "/study/p1/rec.jsonl", logPath: "/other/log.jsonl",
                                         environment: [:], home: home).path == "/study/p1")
        #expect(ScreenshotFolder.resolve(given: nil, recordPath: nil, logPath: "/study/p2/log.jsonl",
                                         environment: [:], home: home).path == "/study/p2")
        // A bare file name: the session's folder is the working directory the person chose.
        #expect(ScreenshotFolder.resolve(given: nil, recordPath: nil, logPath: "log.jsonl",
                                         environment: [:], home: home).path == ".")
    }

    @Test func picturesFolderByXDGRules() throws {
        let none = ScreenshotFolder.resolve(given: nil, recordPath: nil, logPath: nil, environment: [:], home: home)
        #expect(none == ScreenshotFolder(path: "/home/ada/Pictures/Flick", createsOnDemand: true))
        let env = ScreenshotFolder.resolve(given: nil, recordPath: nil, logPath: nil,
                                           environment: ["XDG_PICTURES_DIR": "/data/Bilder"], home: home)
        #expect(env.path == "/data/Bilder/Flick")
        // A relative or empty value is not a valid XDG directory: ignored.
        let relative = ScreenshotFolder.resolve(given: nil, recordPath: nil, logPath: nil,
                                                environment: ["XDG_PICTURES_DIR": "Bilder"], home: home)
        #expect(relative.path == "/home/ada/Pictures/Flick")

        // user-dirs.dirs, as xdg-user-dirs-update writes it.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-xdg-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        try "# comment\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
            .write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        let dirs = ScreenshotFolder.resolve(given: nil, recordPath: nil, logPath: nil,
                                            environment: ["XDG_CONFIG_HOME": config.path], home: home)
        #expect(dirs.path == "/home/ada/Bilder/Flick")
    }

    @Test func userDirsEntryForms() {
        #expect(ScreenshotFolder.userDirsEntry("XDG_PICTURES_DIR", in: "XDG_PICTURES_DIR=\"/abs/pics\"", home: home) == "/abs/pics")
        #expect(ScreenshotFolder.userDirsEntry("XDG_PICTURES_DIR", in: "XDG_PICTURES_DIR=\"~/pics\"", home: home) == nil)
        #expect(ScreenshotFolder.userDirsEntry("XDG_PICTURES_DIR", in: "XDG_PICTURES_DIR=\"\"", home: home) == nil)
        #expect(ScreenshotFolder.userDirsEntry("XDG_PICTURES_DIR", in: "XDG_MUSIC_DIR=\"$HOME/Music\"", home: home) == nil)
    }

    @Test func prepareMakesOnlyDefaultFolders() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("flick-shots-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let made = ScreenshotFolder(path: base.appendingPathComponent("Pictures/Flick").path, createsOnDemand: true)
        try made.prepare()
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: made.path, isDirectory: &isDir) && isDir.boolValue)
        let given = ScreenshotFolder(path: base.appendingPathComponent("given").path, createsOnDemand: false)
        try given.prepare()
        #expect(!FileManager.default.fileExists(atPath: given.path))
    }

    @Test func toastShowsHomeRelativePaths() {
        #expect(App.homeRelative("/home/ada/Pictures/Flick/a.png", home: "/home/ada") == "~/Pictures/Flick/a.png")
        #expect(App.homeRelative("/home/adam/x.png", home: "/home/ada") == "/home/adam/x.png")
        #expect(App.homeRelative("/tmp/x.png", home: "/") == "/tmp/x.png")
    }
}
