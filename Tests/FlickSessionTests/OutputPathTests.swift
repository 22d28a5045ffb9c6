import FlickIO
import Foundation
import Testing

/// A degenerate output path is refused by its spelling, before any work: an empty `--out` made
/// `flick compare` write `/contact-sheet.png` and the rest at the root of the file system.
@Suite struct OutputPathTests {
    @Test func degenerateFilePathsAreRefused() {
        for value in ["", " ", "   ", "\t", ".", "..", "./", "../", "a/.", "a/..", "../..", "x.jsonl/", "sub/", "/",
                      "a\nb.jsonl", "a\0b.jsonl", "a\rb", "\u{1B}[2J.jsonl", "dir/ ", "dir/  "] {
            #expect(OutputPath.problem(value, kind: .file) != nil, "\(value.debugDescription) should be refused")
        }
    }

    @Test func degenerateFolderPathsAreRefused() {
        for value in ["", " ", ".", "..", "./", "../", "a/..", "/", "//", "a\nb", "a\0b"] {
            #expect(OutputPath.problem(value, kind: .folder) != nil, "\(value.debugDescription) should be refused")
        }
    }

    @Test func ordinaryPathsPass() {
        for value in ["log.jsonl", "./log.jsonl", "../x/log.jsonl", "/tmp/a b.jsonl", ".hidden", "café.png", "a/b/c.mp4"] {
            #expect(OutputPath.problem(value, kind: .file) == nil, "\(value)")
        }
        for value in ["out", "out/", "./out", "/tmp/out", "../out/", "a b"] {
            #expect(OutputPath.problem(value, kind: .folder) == nil, "\(value)")
        }
    }

    @Test func theRefusalIsOneLineNamingTheOptionAndTheValue() {
        for value in ["", "a\nb", "a\0b", "x/"] {
            do {
                try OutputPath.check(value, option: "--log", kind: .file)
                Issue.record("\(value.debugDescription) passed")
            } catch let error as UserError {
                #expect(!error.message.contains("\n") && !error.message.contains("\0"))
                #expect(error.message.hasPrefix("--log '\(OutputPath.shown(value))': "))
            } catch {
                Issue.record("\(error)")
            }
        }
        #expect(OutputPath.shown("a\nb\0c") == "a\\nb\\0c")
    }

    /// The output policy refuses them too (every writer goes through it).
    @Test func theOutputPolicyRefusesThem() {
        for value in ["", " ", ".", "x/", "a\nb"] {
            #expect(throws: UserError.self) {
                try OutputPolicy.check([OutputFile(path: value, what: "the log file", isStream: true)], inputs: [], overwrite: false)
            }
        }
    }
}
