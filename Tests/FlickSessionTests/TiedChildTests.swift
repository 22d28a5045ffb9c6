import FlickIO
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Children started by `TiedChild` (ffmpeg, ffprobe) and the temporaries a killed run leaves.
@Suite(.serialized) struct TiedChildTests {
    @Test func exitCodesSignalsAndDescriptors() throws {
        let ok = try TiedChild(path: "/bin/sh", arguments: ["-c", "exit 7"], stdin: -1, stdout: -1, stderr: -1)
        ok.wait()
        #expect(ok.exitCode == 7 && ok.terminatingSignal == nil)

        let sleeper = try TiedChild(path: "/bin/sleep", arguments: ["30"], stdin: -1, stdout: -1, stderr: -1)
        #expect(sleeper.isRunning)
        sleeper.signal(SIGTERM)
        sleeper.wait()
        #expect(sleeper.terminatingSignal == SIGTERM && sleeper.exitCode == nil)

        // Its standard output is the pipe given, and no other descriptor of ours leaks into it:
        // the pipe's write end (close-on-exec) closes with the child, so the read sees its end.
        let out = try TiedChild.pipe()
        let echo = try TiedChild(path: "/bin/sh", arguments: ["-c", "printf tied"],
                                 stdin: -1, stdout: out.write, stderr: -1)
        close(out.write)
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(out.read, &buffer, buffer.count)
        close(out.read)
        echo.wait()
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == "tied")
    }

    @Test func aProgramThatCannotStartIsOneError() {
        #expect(throws: UserError.self) {
            _ = try TiedChild(path: "/nonexistent/ffmpeg", arguments: [], stdin: -1, stdout: -1, stderr: -1)
        }
    }

    /// A SIGKILL leaves `.NAME.tmp-PID-N` (and a GIF's palette) behind; the next save into the
    /// folder removes those of processes that no longer run, whatever file they were for.
    @Test func staleTemporariesOfAnyNameGoOnTheNextSave() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-stale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gone = try TiedChild(path: "/bin/true", arguments: [], stdin: -1, stdout: -1, stderr: -1)
        gone.wait()
        let dead = gone.pid
        let stale = [".clip.mp4.tmp-\(dead)-1", ".clip.gif.tmp-\(dead)-2.palette.png", ".report.html.tmp-\(dead)-12"]
        let kept = [".clip.mp4.tmp-1-1", "notes.tmp-\(dead)-1", ".x.tmp-\(dead)-1.bak", ".x.tmp-abc-1", "clip.mp4"]
        for name in stale + kept { FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8)) }
        try AtomicFile.save(Data("new".utf8), to: dir + "/other.csv", what: "the table")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(left == Set(kept + ["other.csv"]))
    }
}
