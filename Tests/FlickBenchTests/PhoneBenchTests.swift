import FlickEngine
import Foundation
import Testing
@testable import flick_bench

/// The phone part's scripted phone and verdict: the gestures are what the part says (120 Hz
/// samples, slow drags held still before the release, flings lifted while moving), its messages
/// are the page's, and each budget is a miss of its own.
struct PhoneBenchTests {
    @Test func theScriptIsDragsAndFlingsAt120Hz() {
        let plan = PhoneClient.gestures(vertical: false, seconds: 3)
        let downs = plan.indices.filter { plan[$0].phase == .down }
        let ups = plan.indices.filter { plan[$0].phase == .up }
        #expect(downs.count == ups.count && downs.count >= 4, "\(downs.count) downs, \(ups.count) ups")
        // Within a stroke every sample is 1/120 s after the one before.
        for (d, u) in zip(downs, ups) {
            for i in (d + 1)...u {
                #expect(abs(plan[i].at - plan[i - 1].at - 1 / 120) < 1e-9)
            }
        }
        // The first stroke: 300 pt in 0.6 s, then still for 0.1 s before the lift (no fling).
        let slow = Array(plan[downs[0]...ups[0]])
        #expect(abs(abs(slow.last!.point.x - slow.first!.point.x) - 300) < 1e-9)
        let stillFrom = slow.firstIndex { abs($0.point.x - slow.last!.point.x) < 1e-9 }!
        #expect(slow.last!.at - slow[stillFrom].at >= 0.1 - 1e-9)
        // The second: 240 pt in 0.1 s, lifted where the last move was (2,400 pt/s at the lift).
        let fling = Array(plan[downs[1]...ups[1]])
        let last = fling[fling.count - 2], before = fling[fling.count - 3]
        #expect(abs(last.point.x - before.point.x) * 120 > 2000)
        #expect(fling.last!.point == last.point)
        // Each pair the other way, and everything on the 390x844 stage.
        #expect((slow.last!.point.x - slow.first!.point.x) * (plan[ups[2]].point.x - plan[downs[2]].point.x) < 0)
        #expect(plan.allSatisfy { (0...390).contains($0.point.x) && (0...844).contains($0.point.y) })
        #expect(PhoneClient.gestures(vertical: true, seconds: 3).allSatisfy { $0.point.x == 195 })
    }

    @Test func itsMessagesAreThePagesAndItReadsTheHosts() throws {
        #expect(PhoneClient.touchJSON(.move, Point(x: 12.345, y: 6), t: 1000.1234)
                == #"{"type":"touch","id":1,"phase":"move","x":12.35,"y":6,"t":1000.123}"#)
        #expect(PhoneClient.frameNumber(##"{"type":"frame","n":417,"t":2.5,"stage":"#ffffff","cards":[]}"##) == 417)
        #expect(PhoneClient.syncReply(#"{"type":"clock","t0":12.5,"s":3.25}"#, t1: 14)
                == #"{"type":"sync","t0":12.5,"t1":14,"s":3.25}"#)
        #expect(PhoneClient.syncReply("nonsense", t1: 1) == nil)
        #expect(PhoneClient.clockInterval(#"{"type":"welcome","clockInterval":2}"#) == 2)
        #expect(PhoneClient.clockInterval(#"{"type":"welcome"}"#) == 3)
        let hello = try JSONSerialization.jsonObject(with: Data(PhoneClient.helloJSON().utf8)) as? [String: Any]
        #expect(hello?["type"] as? String == "hello" && hello?["v"] as? Int == 1 && hello?["pixelRatio"] as? Int == 3)
    }

    func result(median: Double = 8, p99: Double = 16, bytes: Double = 400, cpu: Double = 4) -> PhoneResult {
        PhoneResult(interaction: "now", seconds: 5, touches: 400, samples: 380, medianMs: median, p90Ms: median + 4, p99Ms: p99,
                    maxMs: p99 + 1, framesSent: 300, framesDrawn: 300, frameBytesMean: bytes, frameBytesMax: Int(bytes) + 40,
                    cpuNoPhonePercent: 1, cpuIdlePercent: 1.5, cpuDraggingPercent: 1 + cpu, perPhonePercent: cpu,
                    serverHandlingMs: 30, messages: 900, clockRoundTripMs: 0.3)
    }

    @Test func eachBudgetIsAMissOfItsOwn() {
        var r = BenchReport(sdl: "SDL", videoDriver: "dummy", size: "1280x800")
        r.phone = [result(), result(median: 17, p99: 40), result(bytes: 3000, cpu: 12)]
        r.evaluate()
        #expect(r.misses == ["phone now: touch to frame median 17.0 ms > 16.7 ms", "phone now: touch to frame p99 40.0 ms > 33.3 ms",
                             "phone now: 3000 bytes a frame > 2048", "phone now: CPU 12.0 % of a core a phone > 10 %"])
        let table = r.table()
        #expect(table.contains("Phone over loopback"))
        #expect(table.components(separatedBy: "MISSED").count - 1 == 2)
        r.phone = [result()]
        r.evaluate()
        #expect(r.misses.isEmpty && r.table().contains("All budgets met."))
    }

    /// A report written before the phone part decodes, with no phone figures and no miss.
    @Test func anOlderReportHasNoPhoneFigures() throws {
        var r = BenchReport(sdl: "SDL", videoDriver: "dummy", size: "1280x800")
        r.phone = nil
        let data = try JSONEncoder().encode(r)
        let back = try JSONDecoder().decode(BenchReport.self, from: data)
        #expect(back.phone == nil)
        var again = back
        again.evaluate()
        #expect(again.misses.isEmpty)
    }
}
