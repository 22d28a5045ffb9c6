import FlickIO
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A write past the largest file allowed (EFBIG: a file-size limit, `ulimit -f`, or the file
/// system's own) is a failed write like a full disk: the log or recording keeps its complete
/// lines, and the process is not killed by SIGXFSZ on the way.
@Suite struct WriteLimitTests {
    /// The largest size the file system lets `path` be truncated to (so the next bytes appended
    /// run into EFBIG without any process limit, hence without SIGXFSZ).
    func largestSize(_ path: String) -> off_t {
        var low: off_t = 0, high: off_t = .max
        while low < high {
            let mid = low + (high - low) / 2 + 1
            if truncate(path, mid) == 0 { low = mid } else { high = mid - 1 }
        }
        return low
    }

    @Test func aWritePastTheLargestFileIsCutBackToItsLastWholeLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-efbig-\(UUID().uuidString).jsonl").path
        defer { unlink(path) }
        let writer = try LineWriter(path: path, what: "the log file", overwrite: false)
        try writer.append(#"{"event":"started","t":0}"#)
        try writer.append(#"{"event":"paged","t":1}"#)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        // The file made so large that the next line gets three bytes in, then EFBIG: a torn line
        // (after a gap) unless the writer cuts the file back to the lines it wrote whole.
        #expect(truncate(path, largestSize(path) - 3) == 0)
        #expect(throws: OutputError.self) { try writer.append(#"{"event":"quit","t":2}"#) }
        let failure = try #require(writer.failure)
        #expect(failure.message.contains("'\(path)'"))
        #expect(failure.message.contains(String(cString: strerror(EFBIG))))
        // Later lines are refused, not written after the gap.
        #expect(throws: OutputError.self) { try writer.append(#"{"event":"quit","t":3}"#) }
        writer.close()
        // The three torn bytes were taken back with the rest: the file is its whole lines.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole)
    }

    @Test func sigxfszAndSigpipeAreIgnoredSoAWriteFailsInstead() {
        ProcessSetup.ignoreWriteSignals()
        for s in [SIGXFSZ, SIGPIPE] {
            var old = sigaction()
            #expect(sigaction(s, nil, &old) == 0)
            #expect(unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self), "signal \(s)")
        }
    }
}
