@testable import FlickApp
import FlickEngine
import FlickPhone
import Testing

/// What the welcome tells a page that runs the engine about the session's config: the numeric
/// keys and the text keys that differ from the defaults, by their numbers in the key tables.
struct PageEngineSetupTests {
    @Test func theConfigsEditsGoByKeyNumber() throws {
        var config = SceneConfig()
        try config.setValue(700, at: "now.throwSpeed")
        try config.setValue("yes", at: "swipe.rightName")
        let numeric = PageEngineEdits.configEdits(config)
        let throwSpeed = try #require(SceneConfig.keys.firstIndex { $0.path == "now.throwSpeed" })
        #expect(numeric == [[Double(throwSpeed), 700]])
        let rightName = try #require(SceneConfig.textKeys.firstIndex(of: "swipe.rightName"))
        #expect(PageEngineEdits.textEdits(config) == [PhoneEngineSetup.TextEdit(key: rightName, text: "yes")])
    }

    @Test func theDefaultsNeedNoEdits() {
        #expect(PageEngineEdits.configEdits(SceneConfig()).isEmpty)
        #expect(PageEngineEdits.textEdits(SceneConfig()).isEmpty)
    }

    /// A text key changed during the session is what the page cannot take: the first one found.
    @Test func aRenamedDirectionIsFound() throws {
        var renamed = SceneConfig()
        try renamed.setValue("nah", at: "swipe.leftName")
        #expect(PageEngineEdits.changedTextKey(from: SceneConfig(), to: renamed) == "swipe.leftName")
        #expect(PageEngineEdits.changedTextKey(from: renamed, to: renamed) == nil)
    }
}
