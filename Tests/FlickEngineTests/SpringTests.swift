import Testing
@testable import FlickEngine

@Suite struct SpringTests {
    /// Residual of x'' + c x' + k x = 0 by central differences: the closed forms must solve the ODE.
    @Test(arguments: [0.3, 0.999, 1.0, 1.001, 2.5])
    func closedFormSolvesTheEquation(ratio: Double) {
        let p = SpringParameters(dampingRatio: ratio, response: 0.5)
        let s = Spring(from: 80, to: 20, velocity: -300, parameters: p, time: 1)
        let h = 1e-4
        for t in [1.05, 1.2, 1.6] {
            let x = s.position(at: t) - 20
            let v = s.velocity(at: t)
            let a = (s.velocity(at: t + h) - s.velocity(at: t - h)) / (2 * h)
            #expect(abs(a + p.damping * v + p.stiffness * x) < 1e-3 * max(1, abs(p.stiffness * x)))
            let numericV = (s.position(at: t + h) - s.position(at: t - h)) / (2 * h)
            #expect(abs(numericV - v) < 1e-3)
        }
        #expect(abs(s.position(at: 1) - 80) < 1e-9)
        #expect(abs(s.velocity(at: 1) - (-300)) < 1e-9)
    }

    @Test func nearCriticalRatiosAgree() {
        let a = Spring(from: 100, to: 0, velocity: 500, parameters: .init(dampingRatio: 0.9999, response: 0.4))
        let b = Spring(from: 100, to: 0, velocity: 500, parameters: .init(dampingRatio: 1, response: 0.4))
        let c = Spring(from: 100, to: 0, velocity: 500, parameters: .init(dampingRatio: 1.0001, response: 0.4))
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(a.position(at: t) - b.position(at: t)) < 0.05)
            #expect(abs(c.position(at: t) - b.position(at: t)) < 0.05)
        }
    }

    /// isDone flips once, at `settleTime`, and after it |x| < 0.5 pt and |v| < 5 pt/s for good.
    @Test(arguments: [0.2, 0.5, 1.0, 1.8])
    func settlesForGood(ratio: Double) {
        let s = Spring(from: 300, to: 0, velocity: 2000, parameters: .init(dampingRatio: ratio, response: 0.4), time: 0)
        #expect(!s.isDone(at: s.settleTime - 1e-6))
        #expect(s.isDone(at: s.settleTime))
        var t = s.settleTime
        while t < s.settleTime + 5 {
            #expect(abs(s.position(at: t)) < 0.5 + 1e-9 && abs(s.velocity(at: t)) < 5 + 1e-9)
            t += 0.0007
        }
        // And just before it, something was still moving (the bound is tight, not lazy).
        let before = s.settleTime - 1e-3
        #expect(abs(s.position(at: before)) >= 0.49 || abs(s.velocity(at: before)) >= 4.9)
    }

    @Test func criticallyDampedFromRestDoesNotOvershoot() {
        let s = Spring(from: 100, to: 0, velocity: 0, parameters: .init(dampingRatio: 1, response: 0.3))
        var t = 0.0
        while t < 3 { #expect(s.position(at: t) >= 0); t += 0.001 }
    }
}
