@testable import FlickApp
import FlickEngine
import FlickIO
import FlickSession
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The tuning panel's writers on a full disk (a 16 KiB tmpfs, filled): a preset and a
/// `--config` write-back fail with an `OutputError` naming the file, recorded so the run ends
/// with exit code 3 (CommandMain), and leave no temporary behind. Needs root (to mount).
@MainActor @Suite(.serialized) struct FullDiskWriterTests {
    /// A mounted, filled tmpfs, or nil when one cannot be had (not root).
    static func fullFolder() -> String? {
        guard getuid() == 0 else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-full-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let mount = try? TiedChild(path: "/bin/mount", arguments: ["-t", "tmpfs", "-o", "size=16k", "tmpfs", dir],
                                   stdin: -1, stdout: -1, stderr: -1)
        mount?.wait()
        guard mount?.exitCode == 0 else { try? FileManager.default.removeItem(atPath: dir); return nil }
        let fd = open(dir + "/filler", O_WRONLY | O_CREAT, 0o644)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while write(fd, &chunk, chunk.count) > 0 {}
        close(fd)
        return dir
    }

    static func release(_ dir: String) {
        let umount = try? TiedChild(path: "/bin/umount", arguments: [dir], stdin: -1, stdout: -1, stderr: -1)
        umount?.wait()
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test func aPresetOnAFullDiskIsAFailedWriteNamingIt() throws {
        guard let dir = Self.fullFolder() else { return }
        defer { Self.release(dir) }
        var config = SceneConfig()
        config.now.throwSpeed = 777
        let library = PresetLibrary(folder: dir)
        let before = OutputFailures.all.count
        #expect(throws: OutputError.self) {
            _ = try library.save(changedFrom: SceneConfig(), config: config, name: "mine")
        }
        let sync = ConfigFileSync(path: dir + "/feel.json", watch: ConfigWatch(path: dir + "/feel.json"))
        sync.changed(to: config)
        let problem = sync.flush(now: 1, force: true)
        #expect(problem?.contains("'\(dir)/feel.json'") == true, "\(problem ?? "nil")")
        // The errno's words, not Foundation's sentence naming the hidden temporary file.
        #expect(problem?.hasSuffix("No space left on device") == true && problem?.contains(".tmp-") == false, "\(problem ?? "nil")")
        #expect(OutputFailures.all.count == before + 1)
        #expect(OutputFailures.all.last?.message.contains("\(dir)/feel.json") == true)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "filler" }
        #expect(left.isEmpty, "\(left)")
    }
}
