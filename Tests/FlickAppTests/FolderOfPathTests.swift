@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
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

    /// Checked from the working folder, where neither exists: inside the checkout (a test run
    /// from the package) each is refused for that, elsewhere accepted; never trapped on.
    @Test func oneLetterOutputFolderIsAnsweredNotTrappedOn() {
        for path in ["q", "q/"] {
            if Checkout.root(containing: path) != nil {
                #expect(StudyOutput.folderProblem(path)?.hasPrefix("--out '\(path)': it would land in Flick's checkout") == true)
            } else {
                #expect(StudyOutput.folderProblem(path) == nil)
            }
        }
    }
}

/// Outputs never land in Flick's checkout, however the path is spelt; elsewhere they may.
@Suite struct CheckoutOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().resolvingSymlinksInPath().path

    @Test func pathsInsideTheCheckoutAreFound() {
        for path in [Self.root + "/p7.rec", Self.root + "/docs/new/deeper/s.jsonl", Self.root + "/Sources/../x.png",
                     Self.root + "/.build/out"] {
            #expect(Checkout.root(containing: path) == Self.root, "\(path)")
            #expect(Checkout.problem(path)?.contains("would land in Flick's checkout '\(Self.root)'") == true, "\(path)")
        }
    }

    @Test func pathsElsewhereAreFree() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: base + "/sessions", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(Checkout.root(containing: base + "/sessions/p7.rec") == nil)
        #expect(Checkout.problem(base + "/sessions/new/p7.rec") == nil)
        // A symlink into the checkout leads there, and a folder that only looks like one is not.
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: Self.root + "/docs")
        #expect(Checkout.root(containing: base + "/link/p7.rec") == Self.root)
        FileManager.default.createFile(atPath: base + "/sessions/Package.swift", contents: Data())
        #expect(Checkout.root(containing: base + "/sessions/p7.rec") == nil)
        try FileManager.default.createDirectory(atPath: base + "/sessions/Sources/FlickEngine", withIntermediateDirectories: true)
        let real = URL(fileURLWithPath: base + "/sessions").resolvingSymlinksInPath().path
        #expect(Checkout.root(containing: base + "/sessions/p7.rec") == real)
    }
}
