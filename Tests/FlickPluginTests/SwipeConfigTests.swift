import Foundation
import Testing
import FlickEngine
import FlickEngineTesting

/// The swipe deck's config as a plug-in author or an embedder meets it: names and switches are
/// real config values, a partial section decodes over the defaults, and the deck has its own
/// close duration.
@Suite struct SwipeConfigTests {
    @Test("the direction names are config keys: setValue takes them, and refuses what cannot be drawn")
    func namesAreKeys() throws {
        var c = SceneConfig()
        #expect(SceneConfig.textKeys == ["swipe.leftName", "swipe.rightName", "swipe.upName", "swipe.downName"])
        try c.setValue("nah", at: "swipe.leftName")
        #expect(c.swipe.leftName == "nah" && c.text(at: "swipe.leftName") == "nah")
        #expect(throws: ConfigError.unknownKey("swipe.sideName")) { try c.setValue("x", at: "swipe.sideName") }
        #expect(throws: ConfigError.self) { try c.setValue("", at: "swipe.upName") }
        #expect(throws: ConfigError.self) { try c.setValue("two\nlines", at: "swipe.upName") }
        #expect(throws: ConfigError.self) { try c.setValue(String(repeating: "x", count: 41), at: "swipe.upName") }
        #expect(c.swipe.upName == "super", "a refusal leaves the config unchanged")
        // The names reach the log: a key throw to the left is labelled with the new name.
        let s = CardScene(interaction: .swipe, count: 3, viewport: .phone, config: c)
        s.advance(to: 0.1)
        s.perform(.throwLeft, at: 0.2, cause: .key)
        advanceToRest(s)
        #expect(s.loggedEvents.contains { $0.event.name == "deleted" && $0.origin?.label == "nah" })
    }

    @Test("the switches are Booleans: setValue takes true and false (and 1 and 0), JSON writes them as such")
    func switchesAreBooleans() throws {
        var c = SceneConfig()
        #expect(SceneConfig.key(at: "swipe.allowDown")?.isFlag == true)
        try c.setValue(true, at: "swipe.allowDown")
        #expect(c.swipe.allowDown && c.value(at: "swipe.allowDown") == 1)
        try c.setValue(0, at: "swipe.allowDown")
        #expect(!c.swipe.allowDown)
        #expect(throws: ConfigError.self) { try c.setValue(2, at: "swipe.allowDown") }
        #expect(throws: ConfigError.unknownKey("swipe.maxTilt")) { try c.setValue(true, at: "swipe.maxTilt") }
        let json = try #require(String(data: try JSONEncoder().encode(SwipeConfig.default), encoding: .utf8))
        #expect(json.contains("\"allowDown\":false") && json.contains("\"allowLeft\":true"), "\(json)")
    }

    @Test("a partial swipe section decodes through JSONDecoder over the defaults; old integer switches still read")
    func partialSectionDecodes() throws {
        let swipe = try JSONDecoder().decode(SwipeConfig.self, from: Data(#"{"allowDown": true, "leftName": "nah"}"#.utf8))
        var expected = SwipeConfig.default
        expected.allowDown = true
        expected.leftName = "nah"
        #expect(swipe == expected)
        let old = try JSONDecoder().decode(SwipeConfig.self, from: Data(#"{"allowLeft": 0, "lockToAllowed": 1}"#.utf8))
        #expect(!old.allowLeft && old.lockToAllowed && old.allowRight)
        let scene = try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"swipe": {"maxTilt": 0.1}}"#.utf8))
        #expect(scene.swipe.maxTilt == 0.1 && scene.swipe.visibleCount == SwipeConfig.default.visibleCount)
        // A full round trip gives the same config back.
        #expect(try JSONDecoder().decode(SwipeConfig.self, from: JSONEncoder().encode(expected)) == expected)
        // Wrong values are refused, naming the key.
        #expect(throws: (any Error).self) { try JSONDecoder().decode(SwipeConfig.self, from: Data(#"{"allowDown": 2}"#.utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(SwipeConfig.self, from: Data(#"{"allowDown": "yes"}"#.utf8)) }
        #expect(throws: ConfigError.outOfRange(key: "swipe.widthRatio", value: 100, range: 0.05...4)) {
            try JSONDecoder().decode(SwipeConfig.self, from: Data(#"{"widthRatio": 100}"#.utf8))
        }
    }

    @Test("the swipe deck moves a level in its own closeDuration, not the stack's")
    func ownCloseDuration() throws {
        var c = SceneConfig()
        c.stackCloseDuration = 3
        #expect(c.swipe.closeDuration == 0.25)
        let s = CardScene(interaction: .swipe, count: 5, viewport: .phone, config: c)
        s.advance(to: 0.1)
        #expect(s.delete(CardID(1), at: 0.2))
        s.advance(to: 0.2 + 0.4)
        #expect(s.isAtRest, "the deck settles in 0.25 s, not the stack's 3 s")
        let stack = CardScene(interaction: .stack, count: 5, viewport: .phone, config: c)
        stack.advance(to: 0.1)
        #expect(stack.delete(CardID(1), at: 0.2))
        stack.advance(to: 0.2 + 0.4)
        #expect(!stack.isAtRest, "the stack still takes its own")
        // A config written before the key ran the deck on the stack's duration, and still does.
        let old = try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"stackCloseDuration": 0.5, "swipe": {"maxTilt": 0.2}}"#.utf8))
        #expect(old.swipe.closeDuration == 0.5)
        let oldNoSection = try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"stackCloseDuration": 0.5}"#.utf8))
        #expect(oldNoSection.swipe.closeDuration == 0.5)
    }
}
