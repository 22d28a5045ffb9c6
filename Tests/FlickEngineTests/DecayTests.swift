import Testing
@testable import FlickEngine

@Suite struct DecayTests {
    @Test func velocityFollowsRatePerMillisecond() {
        let d = Decay(position: 0, velocity: 1000, rate: 0.998, time: 2)
        // After 1 ms the velocity is 0.998 of the start.
        #expect(abs(d.velocity(at: 2.001) - 998) < 1e-9)
        #expect(d.velocity(at: 1) == 1000, "before the start the start state holds")
        #expect(d.position(at: 1) == 0)
    }

    @Test func positionIsIntegralOfVelocity() {
        let d = Decay(position: 50, velocity: -1500, rate: 0.99, time: 0)
        let h = 1e-6
        for t in [0.01, 0.1, 0.3] {
            let numeric = (d.position(at: t + h) - d.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - d.velocity(at: t)) < 1e-3)
        }
    }

    @Test func timeToReachSpeedAndPosition() throws {
        let d = Decay(position: 0, velocity: 2000, rate: 0.998, time: 1)
        let t = try #require(d.time(toReachSpeed: 500))
        #expect(abs(d.velocity(at: t) - 500) < 1e-9)
        let tx = try #require(d.time(toReach: 700))
        #expect(abs(d.position(at: tx) - 700) < 1e-9)
        #expect(d.time(toReach: 2000) == nil, "beyond the end it never gets there")
        #expect(d.time(toReach: -1) == nil, "behind it never gets there")
    }

    @Test func isDoneWhenLessThanHalfPointRemains() {
        let d = Decay(position: 0, velocity: 2000, rate: 0.998, time: 0)
        let settle = d.settleTime
        #expect(abs(abs(d.remainingDistance(at: settle)) - 0.5) < 1e-9)
        #expect(!d.isDone(at: settle - 0.001))
        #expect(d.isDone(at: settle))
        #expect(Decay(position: 3, velocity: 0).isDone(at: 0))
    }

    @Test func fastRateStopsSooner() {
        let normal = Decay(position: 0, velocity: 2000, rate: Decay.normalRate)
        let fast = Decay(position: 0, velocity: 2000, rate: Decay.fastRate)
        #expect(fast.endPosition < normal.endPosition / 4)
        #expect(fast.settleTime < normal.settleTime)
    }
}
