@testable import FlickApp
import FlickIO
import Foundation
import Testing

/// The folder part of a path a user types, for every shape of name, and the output folders of
/// the study tools named by one letter (Foundation traps on those).
@Suite struct FolderOfPathTests {
    @Test(arguments: [
        ("a", ""), ("a/", ""), ("ab", ""), ("", ""), ("/", "/"), ("/a", "/"), ("//a", "/"),
        ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("./a", "."), ("../b", ".."),
        ("/x/y/z.rec", "/x/y"), ("x/y/", "x"), ("é/ü", "é"),
    ])
    func folderOfAPath(_ path: String, _ folder: String) {
        #expect(PathKind.folder(of: path) == folder)
    }

    /// Where NSString does not trap, the folder is the one it gives.
    @Test func sameAsFoundationWhereFoundationAnswers() {
        for path in ["ab", "/", "/a", "a/b", "a/b/", "./a", "/x/y/z.rec", "x/y/", "abc/def/ghi", "//a"] {
            #expect(PathKind.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    /// Checked from the working folder (the package's, in a test run), where neither exists.
    @Test func oneLetterOutputFolderIsAccepted() {
        #expect(StudyOutput.folderProblem("q") == nil)
        #expect(StudyOutput.folderProblem("q/") == nil)
    }
}
