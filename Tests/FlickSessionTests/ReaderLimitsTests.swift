import FlickIO
import FlickEngine
import FlickSession
import Foundation
import Testing

/// The readers check every field once: a recording or a log with one absurd
/// field is a one-line refusal naming the line, the field and the value, never a value let
/// through to trap or hang a tool later.
@Suite struct ReaderLimitsTests {
    static let header = #"{"flick_recording":2,"flick_version":"0.4.0","session":"s","started":"2026-01-01T00:00:00.000Z","demo":"switcher","card_folder":"/cards","bundled_cards":false,"card_files":[{"name":"a.png","size":10}],"count":1,"window":{"width":1280,"height":800},"stage":{"width":390,"height":844},"stage_corner_radius":40,"config":{}}"#
    static let down = #"{"t":0.1,"pointer":{"device":"mouse","phase":"down","pointerID":0,"position":{"x":10,"y":20},"time":0.1}}"#

    func write(_ text: String, _ name: String) throws -> String {
        // A file of its own per call: the cases of one parameterised test run at the same time,
        // and with one file per name they read each other's lines.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-limits-\(getpid())-\(name)-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func header(replacing old: String, with new: String) -> String {
        Self.header.replacingOccurrences(of: old, with: new)
    }

    func refusal(_ text: String, _ name: String) throws -> String? {
        let path = try write(text, name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try Recording(path: path); return nil } catch let e as UserError { return "\(e)" }
    }

    @Test func aValidRecordingReads() throws {
        let path = try write(Self.header + "\n" + Self.down + "\n", "valid")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Recording(path: path)
        #expect(r.header?.count == 1)
        #expect(r.header?.config == SceneConfig())
        #expect(r.inputs.count == 1)
    }

    @Test(arguments: [
        (#""count":1"#, #""count":1000000000000"#, "line 1: 'count' = 1000000000000 is out of range"),
        (#""count":1"#, #""count":-1"#, "'count' = -1"),
        (#""stage":{"width":390"#, #""stage":{"width":1e20"#, "'stage.width' = 1e+20 is out of range (expected 1 to 16384)"),
        (#""stage":{"width":390"#, #""stage":{"width":1e-300"#, "'stage.width' = 1e-300"),
        (#""window":{"width":1280"#, #""window":{"width":0"#, "'window.width' = 0"),
        (#""stage_corner_radius":40"#, #""stage_corner_radius":1e300"#, "'stage_corner_radius' = 1e+300"),
        (#""name":"a.png""#, #""name":"../../../etc/passwd""#, "'card_files[0].name' = '../../../etc/passwd' is not a plain file name"),
        (#""name":"a.png""#, #""name":"""#, "is not a plain file name"),
        (#""size":10"#, #""size":-3"#, "'card_files[0].size' = -3"),
        (#""card_folder":"/cards""#, #""card_folder":"cards""#, "'card_folder' = 'cards' is not an absolute folder path"),
        (#""config":{}"#, #""config":{"now":{"throwSped":1}}"#, "line 1: config has an unknown key 'now.throwSped'"),
        (#""config":{}"#, #""config":{"now":{"heightRatio":1e15}}"#, "'now.heightRatio' = 1e+15 is out of range"),
        (#""config":{}"#, #""config":7"#, "'config' is not an object"),
    ])
    func absurdHeaderFieldsAreRefused(_ old: String, _ new: String, _ expected: String) throws {
        let text = header(replacing: old, with: new)
        #expect(text != Self.header)
        let message = try refusal(text + "\n" + Self.down + "\n", "header")
        #expect(message?.contains(expected) == true, "\(message ?? "read")")
    }

    @Test(arguments: [
        (#"{"t":1e7,"command":"next"}"#, "line 3: 't' = 10000000 is out of range (expected 0 to 21600 s"),
        (#"{"t":-1,"command":"next"}"#, "'t' = -1"),
        (#"{"t":1,"notches":9223372036854775807}"#, "'notches' = 9223372036854775807"),
        (#"{"t":1,"wheel":1e300}"#, "'wheel' = 1e+300"),
        (#"{"t":1,"viewport":{"width":1e-300,"height":844}}"#, "'viewport.width' = 1e-300"),
        (#"{"t":1,"viewport":{"width":390,"height":844},"window":{"width":390,"height":1e20}}"#, "'window.height' = 1e+20"),
        (#"{"t":1,"config":{"stack":{"throwSpeed":1e300}},"configPath":"x.json"}"#, "line 3: config: 'stack.throwSpeed' = 1e+300 is out of range"),
        (#"{"t":1,"config":{"cube":{}}}"#, "unknown key 'cube'"),
        (#"{"t":1,"config":{},"configSource":"x"}"#, "'configSource' = 'x'"),
    ])
    func absurdInputsAreRefused(_ line: String, _ expected: String) throws {
        let message = try refusal(Self.header + "\n" + Self.down + "\n" + line + "\n", "input")
        #expect(message?.contains(expected) == true, "\(message ?? "read")")
    }

    @Test func aRecordedConfigReloadKeepsItsValuesAndGetsDefaults() throws {
        let path = try write(Self.header + "\n" + #"{"t":1,"config":{"stack":{"throwSpeed":777}},"configPath":"x.json"}"# + "\n", "reload")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Recording(path: path)
        var expected = SceneConfig()
        expected.stack.throwSpeed = 777
        #expect(r.inputs.first?.config == expected)
        #expect(r.inputs.first?.configInput?.path == "x.json")
    }

    static let started = #"{"event":"started","schema":1,"t":0,"demo":"switcher","cards":14,"window":[1280,800],"stage":[445,0,390,800],"viewport":[390,844]}"#

    func logRefusal(_ lines: [String]) throws -> String? {
        let path = try write(lines.joined(separator: "\n") + "\n", "log")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try LogLine.read(path: path); return nil } catch let e as UserError { return "\(e)" }
    }

    @Test func aValidLogReads() throws {
        #expect(try logRefusal([Self.started, #"{"event":"paged","from":0,"t":0.5,"to":1}"#, #"{"event":"quit","t":1}"#]) == nil)
    }

    /// Every value of a log line is checked by its kind, at any depth: numbers by range (true
    /// and false are no numbers), texts by length, arrays by count.
    @Test func logValuesAreCheckedAtAnyDepth() throws {
        let values = try JSONSerialization.jsonObject(with: Data("[true,false,0,1,2.5,-7,1e300]".utf8)) as? [Any]
        #expect(values?.map { ($0 as? NSNumber).map(ConfigFile.isBoolean) } == [true, true, false, false, false, false, false])
        let paged = #"{"event":"paged","from":0,"t":1,"to":1,"#
        #expect(try logRefusal([Self.started, paged + #""extra":{"on":true,"off":false,"deep":[1,2]}}"#]) == nil)
        let long = String(repeating: "x", count: 5000)
        let many = "[" + (0..<65).map(String.init).joined(separator: ",") + "]"
        for (extra, expected) in [(#"{"deep":[1,1e300]}"#, "'extra.deep[1]' = 1e+300 is out of range"),
                                  (#"{"deep":{"text":"\#(long)"}}"#, "'extra.deep.text'"),
                                  (#"{"deep":\#(many)}"#, "'extra.deep' has 65 entries (expected at most 64)")] {
            let message = try logRefusal([Self.started, paged + #""extra":\#(extra)}"#])
            #expect(message?.contains("line 2: ") == true && message?.contains(expected) == true, "\(message ?? "read")")
        }
    }

    @Test(arguments: [
        (#"{"event":"gesture_ended","kind":"scroll","outcome":"paged","t":0.3,"translation":[-206,0],"velocity":[1e300,0]}"#, "line 2: 'velocity[0]' = 1e+300 is out of range"),
        (#"{"event":"gesture_ended","kind":"scroll","outcome":"paged","t":0.3,"translation":[-1e300,0],"velocity":[1,0]}"#, "'translation[0]' = -1e+300"),
        (#"{"event":"paged","from":0,"t":1e7,"to":1}"#, "'t' = 10000000"),
        (#"{"event":"paged","from":0,"t":1,"to":9223372036854775807}"#, "'to' = 9.223372036854776e+18"),
        (#"{"event":"config_reloaded","t":0.5,"path":"x.json","config":{"scroll":{"decelerationRate":1}}}"#, "'scroll.decelerationRate' = 1 is out of range"),
    ])
    func absurdLogLinesAreRefused(_ line: String, _ expected: String) throws {
        let message = try logRefusal([Self.started, line])
        #expect(message?.contains(expected) == true, "\(message ?? "read")")
    }

    @Test(arguments: [
        (#""window":[1280,800]"#, #""window":[1280,1e-300]"#, "'window[1]' = 1e-300"),
        (#""viewport":[390,844]"#, #""viewport":[1e20,844]"#, "'viewport[0]' = 1e+20"),
        (#""cards":14"#, #""cards":1000000000000"#, "'cards' = 1000000000000"),
    ])
    func absurdStartedLinesAreRefused(_ old: String, _ new: String, _ expected: String) throws {
        let message = try logRefusal([Self.started.replacingOccurrences(of: old, with: new)])
        #expect(message?.contains(expected) == true, "\(message ?? "read")")
    }
}
