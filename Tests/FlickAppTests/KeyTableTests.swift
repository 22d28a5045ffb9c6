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
        #expect(readme.contains("<summary>\(SceneConfig.keys.count + SceneConfig.textKeys.count) keys</summary>"))
        #expect(table.split(separator: "\n").count == SceneConfig.keys.count + SceneConfig.textKeys.count + 2)
    }
}
