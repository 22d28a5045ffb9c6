import FlickEngine
@testable import FlickApp
import FlickSession
import Foundation
import Testing

@Suite struct KeyTableTests {
    /// The README lists every config key exactly as `flick --print-keys` prints it.
    @Test func readmeListsTheKeyTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = ConfigKeyTable.markdown()
        #expect(readme.contains(table), "README's key table is out of date: paste `flick --print-keys`")
        // Counted by hand, not by the generator: a key added or lost fails here until the README
        // and this number are both updated.
        #expect(SceneConfig.keys.count + SceneConfig.textKeys.count == 108)
        #expect(readme.contains("<summary>108 keys</summary>"))
        #expect(table.split(separator: "\n").count == 110)
    }
}
