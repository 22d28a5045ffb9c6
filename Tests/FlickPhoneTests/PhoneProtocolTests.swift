import FlickEngine
import FlickPhone
import FlickSession
import Foundation
import Testing

/// The phone's protocol through the package API: every message the page sends parsed or
/// refused with its close code, the host's frames as the page reads them, the token, the clock
/// mapping, the rate limit and the latency figures against hand-computed values.
@Suite struct PhoneProtocolTests {
    static let hello = #"{"type":"hello","v":1,"viewport":{"width":390,"height":844},"pixelRatio":3,"userAgent":"Mozilla/5.0 (Linux; Android 14)","touch":true}"#

    @Test func helloNamesTheDevice() throws {
        guard case .hello(let h) = try PhoneProtocol.parse(Self.hello) else {
            Issue.record("not a hello")
            return
        }
        #expect(h.viewport == Size(width: 390, height: 844))
        #expect(h.pixelRatio == 3)
        #expect(h.device == SessionDevice(input: .touch, viewport: Size(width: 390, height: 844), pixelRatio: 3,
                                          userAgent: "Mozilla/5.0 (Linux; Android 14)"))
        #expect(h.device.summary == "touch, 390x844 pt at 3x (Mozilla/5.0 (Linux; Android 14))")
    }

    @Test func touchesKeepTheirPhoneTime() throws {
        let m = try PhoneProtocol.parse(#"{"type":"touch","id":1,"phase":"move","x":120.5,"y":-3,"t":1234.567}"#)
        #expect(m == .touch(PhoneTouch(id: 1, phase: .move, position: Point(x: 120.5, y: -3), time: 1234.567)))
        #expect(try PhoneProtocol.parse(#"{"type":"clock","t0":5.5}"#) == .clock(t0: 5.5))
        #expect(try PhoneProtocol.parse(#"{"type":"sync","t0":5,"t1":9,"s":100.25}"#) == .sync(t0: 5, t1: 9, host: 100.25))
        #expect(try PhoneProtocol.parse(#"{"type":"drawn","frame":7,"t":20}"#) == .drawn(frame: 7, t: 20))
    }

    /// Each malformed message is refused with the protocol's close code (never a crash), and
    /// the reason names what is wrong.
    @Test(arguments: [
        ("not json", "not a JSON object"),
        ("[1,2]", "not a JSON object"),
        (#"{"type":"x"}"#, "unknown type 'x'"),
        (#"{"t":1}"#, "no 'type'"),
        (#"{"type":5}"#, "wrong type"),
        (#"{"type":"touch","id":1,"phase":"wiggle","x":1,"y":1,"t":1}"#, "touch phase 'wiggle'"),
        (#"{"type":"touch","id":1,"phase":"down","x":1e300,"y":1,"t":1}"#, "finite x and y"),
        (#"{"type":"touch","id":-1,"phase":"down","x":1,"y":1,"t":1}"#, "without an id"),
        (#"{"type":"touch","id":1,"phase":"down","x":1,"y":1,"t":-5}"#, "not a phone time"),
        (#"{"type":"touch","id":1,"phase":"down","x":"1","y":1,"t":1}"#, "wrong type"),
        (#"{"type":"hello","v":2,"viewport":{"width":390,"height":844},"pixelRatio":3}"#, "protocol version 2"),
        (#"{"type":"hello","v":1,"viewport":{"width":39000,"height":844},"pixelRatio":3}"#, "viewport"),
        (#"{"type":"hello","v":1,"viewport":{"width":390,"height":844},"pixelRatio":0}"#, "pixelRatio"),
        (#"{"type":"hello","v":1,"viewport":{"width":390,"height":844},"pixelRatio":2,"userAgent":"a\u0000b"}"#, "control characters"),
        (#"{"type":"drawn","frame":-1,"t":1}"#, "frame number"),
        (#"{"type":"sync","t0":1,"t1":2}"#, "finite s"),
    ])
    func malformedMessagesAreRefusedWithACloseCode(_ text: String, _ why: String) {
        do {
            _ = try PhoneProtocol.parse(text)
            Issue.record("accepted \(text)")
        } catch let error as PhoneProtocolError {
            #expect(error.code == .malformed)
            #expect(error.reason.contains(why), "\(error.reason)")
            #expect(error.code.rawValue == 4400)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func anOversizedMessageIsTooLarge() {
        let big = #"{"type":"clock","t0":1,"pad":""# + String(repeating: "x", count: 3000) + #""}"#
        #expect(throws: PhoneProtocolError(code: .messageTooLarge, reason: "3032 bytes (at most 2048)")) {
            try PhoneProtocol.parse(big)
        }
        #expect(PhoneCloseCode.messageTooLarge.rawValue == 1009)
    }

    /// The close codes are distinct and in the application range (or WebSocket's own 1009 and
    /// 1002).
    @Test func closeCodesAreDistinct() {
        let codes = PhoneCloseCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { (4000...4999).contains($0) || $0 == 1009 || $0 == 1002 })
    }

    @Test func aFrameIsWhatThePageReads() throws {
        let card = CardAttributes(card: CardID(3), index: 0, size: Size(width: 300, height: 600),
                                  transform: AffineTransform(a: 0.5, b: 0.25, c: -0.25, d: 0.5, tx: 195.123, ty: 422),
                                  alpha: 0.75, zIndex: 1)
        let frame = PhoneFrame(number: 9, sceneTime: 1.5, stage: "#2c3242", cards: [PhoneFrame.Card(face: 2, attributes: card)],
                               label: PhoneFrame.Label(card: 0, text: "like \"x\"", color: "#2eb86e", opacity: 0.5, direction: "right"))
        let json = frame.json()
        #expect(json == ##"{"type":"frame","n":9,"t":1.5,"stage":"#2c3242","cards":[[2,300,600,0.5,0.25,-0.25,0.5,195.12,422,0.75]],"label":{"card":0,"text":"like \"x\"","color":"#2eb86e","opacity":0.5,"direction":"right"}}"##)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["n"] as? Int == 9)
        #expect(PhoneProtocol.hex(44, 50, 66) == "#2c3242")
        #expect(PhoneProtocol.number(.nan, places: 2) == "0")
        #expect(PhoneProtocol.clockReply(t0: 12.5, host: 3.25) == #"{"type":"clock","t0":12.5,"s":3.25}"#)
    }

    @Test func welcomeIsJSONTheSessionNames() throws {
        let w = PhoneWelcome(session: "abc", viewport: Size(width: 390, height: 844), faces: [.init(hash: "00ff", title: "a.png")],
                             cardBackground: "#f2f2f7", cornerRadius: 12, shadow: .init(blur: 14, dx: 0, dy: 6, opacity: 0.4),
                             resumed: true)
        let object = try JSONSerialization.jsonObject(with: Data(w.json().utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "welcome")
        #expect(object?["resumed"] as? Bool == true)
        #expect((object?["faces"] as? [[String: Any]])?.first?["hash"] as? String == "00ff")
    }
}

@Suite struct PhoneTokenTests {
    @Test func tokensAre128RandomBitsInHex() {
        let a = PhoneToken.random(), b = PhoneToken.random()
        #expect(a != b)
        #expect(a.value.count == 32)
        #expect(PhoneToken(a.value) == a)
        #expect(PhoneToken("XYZ") == nil)
        #expect(PhoneToken(String(repeating: "A", count: 32)) == nil)
    }

    @Test func onlyTheTokenItselfMatches() throws {
        let token = try #require(PhoneToken("0123456789abcdef0123456789abcdef"))
        #expect(token.matches("0123456789abcdef0123456789abcdef"))
        #expect(!token.matches(nil))
        #expect(!token.matches(""))
        #expect(!token.matches("0123456789abcdef0123456789abcde"))     // one short
        #expect(!token.matches("0123456789abcdef0123456789abcdef0"))   // one long
        #expect(!token.matches("1123456789abcdef0123456789abcdef"))    // first digit
        #expect(!token.matches("0123456789abcdef0123456789abcdee"))    // last digit
        #expect(!token.matches("0123456789ABCDEF0123456789ABCDEF"))
    }

    /// The comparison reads every byte of the expected token whatever the candidate is: the
    /// same count of byte reads for a candidate wrong at the first digit as at the last.
    @Test func theComparisonHasNoEarlyExit() {
        let expected = Array("0123456789abcdef0123456789abcdef".utf8)
        final class Counting: Collection {
            let bytes: [UInt8]
            var reads = 0
            init(_ s: String) { bytes = Array(s.utf8) }
            var startIndex: Int { 0 }
            var endIndex: Int { bytes.count }
            func index(after i: Int) -> Int { i + 1 }
            subscript(i: Int) -> UInt8 { reads += 1; return bytes[i] }
        }
        let early = Counting("x123456789abcdef0123456789abcdef")
        let late = Counting("0123456789abcdef0123456789abcdex")
        let short = Counting("0")
        #expect(!PhoneToken.equal(expected, early))
        #expect(!PhoneToken.equal(expected, late))
        #expect(!PhoneToken.equal(expected, short))
        #expect(early.reads == 32 && late.reads == 32)
        #expect(short.reads == 1)
    }
}

@Suite struct PhoneClockTests {
    /// Phone 1000 ms ↔ host 50 s: an exchange with a 20 ms round trip, answered in its middle.
    @Test func theOffsetIsTheMiddleOfTheRoundTrip() throws {
        var clock = PhoneClock()
        #expect(clock.best == nil)
        let added1 = clock.add(t0: 990, t1: 1010, host: 50)
        #expect(added1)
        let best = try #require(clock.best)
        #expect(abs(best.offset - 49) < 1e-12)
        #expect(abs(best.roundTrip - 0.02) < 1e-12)
    }

    @Test func theShortestRoundTripWins() throws {
        var clock = PhoneClock()
        clock.add(t0: 0, t1: 200, host: 10.2)     // 200 ms: offset 10.1
        clock.add(t0: 1000, t1: 1010, host: 11.0)  // 10 ms: offset 9.995
        clock.add(t0: 2000, t1: 2100, host: 12.1)  // 100 ms: offset 10.05
        #expect(abs((clock.best?.offset ?? 0) - 9.995) < 1e-9)
        #expect(clock.samples.count == 3)
    }

    @Test func impossibleExchangesAreKeptOut() {
        var clock = PhoneClock()
        let added2 = clock.add(t0: 10, t1: 5, host: 1)
        #expect(!added2)         // answered before asked
        let added3 = clock.add(t0: 0, t1: 5000, host: 1)
        #expect(!added3)       // 5 s round trip
        let added4 = clock.add(t0: .nan, t1: 5, host: 1)
        #expect(!added4)
        let added5 = clock.add(t0: 0, t1: 5, host: .infinity)
        #expect(!added5)
        #expect(clock.samples.isEmpty)
        for i in 0..<20 { clock.add(t0: Double(i) * 1000, t1: Double(i) * 1000 + 5, host: Double(i)) }
        #expect(clock.samples.count == PhoneClock.kept)
    }
}

@Suite struct PhoneLimitsTests {
    @Test func theRateLimitTakesABurstThenTheRate() {
        var limiter = RateLimiter(rate: 10, burst: 5)
        var burst = 0
        for _ in 0..<8 where limiter.take(at: 0) { burst += 1 }
        #expect(burst == 5)
        let took1 = limiter.take(at: 0.05)
        #expect(!took1)     // half a token back
        let took2 = limiter.take(at: 0.1)
        #expect(took2)       // one back
        let took3 = limiter.take(at: 0.1)
        #expect(!took3)
        // A clock that goes back gives nothing back.
        let took4 = limiter.take(at: 0)
        #expect(!took4)
        var later = 0
        for _ in 0..<10 where limiter.take(at: 10) { later += 1 }
        #expect(later == 5)
    }

    /// Touches at 100, 110 ms sent with frame 1, 120 ms with frame 2; the page reports frame 2
    /// drawn at 150 ms (frame 1 skipped): 50, 40 and 30 ms.
    @Test func latencyIsTouchToTheFrameDrawn() throws {
        var latency = PhoneLatency()
        latency.sent(frame: 1, touches: [100, 110])
        latency.sent(frame: 2, touches: [120])
        latency.sent(frame: 3, touches: [140])
        latency.drawn(frame: 2, at: 150)
        #expect(latency.count == 3)
        let p = try #require(latency.percentiles)
        #expect(abs(p.median - 0.04) < 1e-12)
        #expect(abs(p.p99 - 0.05) < 1e-12)
        latency.drawn(frame: 2, at: 400)     // reported twice: counted once
        #expect(latency.count == 3)
        latency.drawn(frame: 3, at: 150)
        #expect(latency.count == 4)
    }
}

@Suite struct PhoneQRTests {
    /// libqrencode's code of a phone URL: version 3 (29 modules) at level M for 58 bytes, with
    /// the three finder patterns where a reader looks for them.
    @Test func theURLIsAQRCodeWithItsFinderPatterns() throws {
        let qr = try #require(PhoneQR("http://127.0.0.1:8390/?t=0123456789abcdef0123456789abcdef"))
        #expect(qr.size == 29 || qr.size == 33)
        for (ox, oy) in [(0, 0), (qr.size - 7, 0), (0, qr.size - 7)] {
            // A finder: a dark 7x7 ring, a light ring, a dark 3x3 centre.
            #expect((0..<7).allSatisfy { qr[ox + $0, oy] && qr[ox + $0, oy + 6] && qr[ox, oy + $0] && qr[ox + 6, oy + $0] })
            #expect((1..<6).allSatisfy { !qr[ox + $0, oy + 1] && !qr[ox + 1, oy + $0] })
            #expect((2..<5).allSatisfy { x in (2..<5).allSatisfy { qr[ox + x, oy + $0] } })
        }
        let lines = qr.terminalLines()
        #expect(lines.count == (qr.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == qr.size + 4 })
    }
}
