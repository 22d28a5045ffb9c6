import Testing
@testable import FlickEngine

@Suite struct ThrowTests {
    let viewport = Size(width: 400, height: 800)
    let left = ThrowDecision.throwAway(direction: Vector(dx: -1, dy: 0))
    let right = ThrowDecision.throwAway(direction: Vector(dx: 1, dy: 0))
    let up = ThrowDecision.throwAway(direction: Vector(dx: 0, dy: -1))

    // MARK: - Decisions at both sides of every threshold

    @Test func nowThresholds() {
        let c = NowConfig.default
        let w = 368.0
        func decide(_ dx: Double, _ vx: Double) -> ThrowOutcome {
            c.decideThrow(translation: Vector(dx: dx, dy: 0), velocity: Vector(dx: vx, dy: 0), cardWidth: w)
        }
        #expect(decide(0.69 * w, 0).decision == .snapBack)
        #expect(decide(0.71 * w, 0).decision == right)
        #expect(decide(-0.71 * w, 0).decision == left)
        #expect(decide(10, 590).decision == .snapBack)
        #expect(decide(10, 610).decision == right)
        #expect(decide(10, -610).decision == left)          // the flick's direction wins
        #expect(isClose(decide(0.69 * w, 0).intent, 0.69 / 0.7))
        #expect(isClose(decide(10, 610).intent, 610.0 / 600))
        #expect(decide(.nan, .nan).decision == .snapBack)    // no NaN in, none out
        #expect(decide(.nan, .nan).intent == 0)
        #expect(decide(0, 0).intent == 0)
        #expect(c.decideThrow(translation: .zero, velocity: .zero, cardWidth: 0).decision == .snapBack)
    }

    @Test func stackThresholds() {
        let c = StackConfig.default
        func top(_ dx: Double, _ vx: Double) -> ThrowDecision {
            c.decideTopCard(translation: Vector(dx: dx, dy: 0), velocity: Vector(dx: vx, dy: 0)).decision
        }
        #expect(top(-10, -790) == .snapBack)
        #expect(top(-10, -810) == left)
        #expect(top(-99, 0) == .snapBack)
        #expect(top(-101, 0) == left)
        #expect(top(150, 900) == .snapBack)   // a right drag never throws the top card
        func returning(_ dx: Double, _ vx: Double) -> ThrowDecision {
            c.decideReturningCard(translation: Vector(dx: dx, dy: 0), velocity: Vector(dx: vx, dy: 0)).decision
        }
        #expect(returning(10, 790) == .sendBackOut)
        #expect(returning(10, 810) == .bringBack)
        #expect(returning(99, 0) == .sendBackOut)
        #expect(returning(101, 0) == .bringBack)
        #expect(isClose(c.decideTopCard(translation: Vector(dx: -50, dy: 0), velocity: Vector(dx: -1200, dy: 0)).intent, 1.5))
    }

    @Test func carouselAndSwitcherThresholds() {
        let h = viewport.height
        for decide in [CarouselConfig.default.decideThrow, SwitcherConfig.default.decideThrow] {
            func d(_ dy: Double, _ vy: Double) -> ThrowDecision {
                decide(Vector(dx: 0, dy: dy), Vector(dx: 0, dy: vy), h).decision
            }
            #expect(d(-20, -490) == .snapBack)
            #expect(d(-20, -510) == up)
            #expect(d(-0.49 * h, 0) == .snapBack)
            #expect(d(-0.5 * h, 0) == up)        // q = 1 exactly throws
            #expect(d(-0.6 * h, 100) == .snapBack) // moving down at release: returns
            #expect(d(0.6 * h, 2000) == .snapBack)
            #expect(d(0.3 * h, -600) == up)      // flicked up fast, even from below
            #expect(isClose(decide(Vector(dx: 0, dy: -0.25 * h), .zero, h).intent, 0.5))
        }
    }

    // MARK: - Durations

    @Test(arguments: [(2000.0, 0.5), (400, 2.0), (8000, 0.2), (-2000, 0.5), (0, 2.0), (1000, 1.0)])
    func nowThrowDuration(speed: Double, seconds: Double) {
        #expect(isClose(NowConfig.default.throwDuration(speed: speed), seconds))
    }

    @Test func otherDurations() {
        let carousel = CarouselConfig.default.throwAnimation(from: .zero, velocity: Vector(dx: 0, dy: -100),
                                                             to: CarouselLayout().throwTarget(viewport: viewport), startTime: 1)
        #expect(carousel.duration == 0.3)
        #expect(CarouselConfig.default.returnAnimation(from: Vector(dx: 0, dy: -50), velocity: .zero, startTime: 0).duration == 0.3)
        let stack = StackConfig.default
        #expect(isClose(stack.flightDuration(distance: 300, speed: 1000), 0.3))
        #expect(isClose(stack.flightDuration(distance: 300, speed: 100_000), 0.15))
        #expect(isClose(stack.flightDuration(distance: 300, speed: 0), 0.5))
        let sw = SwitcherConfig.default.throwAnimation(from: .zero, velocity: Vector(dx: 0, dy: -2000),
                                                       to: Vector(dx: 0, dy: -600), startTime: 0)
        #expect(isClose(sw.duration, 0.3))
    }

    // MARK: - The flight

    @Test func throwAnimationRunsFromReleaseToTarget() {
        let w = 368.0
        let a = NowConfig.default.throwAnimation(from: Vector(dx: 150, dy: 0), velocity: Vector(dx: 900, dy: 0),
                                                 direction: 1, cardWidth: w, startTime: 10)
        #expect(a.to == Vector(dx: 1.5 * w, dy: 0))
        #expect(isClose(a.duration, 1000.0 / 900))
        #expect(a.offset(at: 10) == a.from)
        #expect(a.offset(at: 9) == a.from)
        #expect(a.offset(at: 10 + a.duration) == a.to)
        #expect(a.offset(at: 100) == a.to)
        #expect(!a.isDone(at: 10.5) && a.isDone(at: 10 + a.duration))
        #expect(isClose(a.progress(at: 10 + a.duration / 2), 0.5))
        // It leaves at the release speed (within the no-overshoot clamp) and ends at rest.
        #expect(isClose(a.velocity(at: 10).dx, 900, 1e-6))
        #expect(a.velocity(at: 10 + a.duration) == .zero)
        // Monotonic along the path; never past the target.
        var last = a.from.dx
        for i in 1...100 {
            let x = a.offset(at: 10 + a.duration * Double(i) / 100).dx
            #expect(x >= last - 1e-9 && x <= a.to.dx + 1e-9)
            last = x
        }
        // (The tilt the layout derives from the offset: LayoutTests.nowDragTiltsWithTheOffset.)
    }

    @Test func fastReleaseIsClampedSoTheCardNeverOvershoots() {
        let a = ThrowAnimation(from: .zero, velocity: Vector(dx: -8000, dy: 0), to: Vector(dx: -100, dy: 0),
                               startTime: 0, duration: 0.2)
        #expect(isClose(a.velocity(at: 0).dx, -3 * 100 / 0.2, 1e-6))
        for i in 0...50 {
            let x = a.offset(at: 0.2 * Double(i) / 50).dx
            #expect(x <= 1e-9 && x >= -100 - 1e-9)
        }
        // A release against the direction starts from rest rather than backing up.
        let b = ThrowAnimation(from: .zero, velocity: Vector(dx: 500, dy: 0), to: Vector(dx: -100, dy: 0),
                               startTime: 0, duration: 0.3)
        #expect(b.velocity(at: 0) == .zero)
    }

    @Test func degenerateFlightsStayFinite() {
        let cases = [
            ThrowAnimation(from: .zero, velocity: .zero, to: .zero, startTime: 0, duration: 0.3),
            ThrowAnimation(from: Vector(dx: .nan, dy: 1), velocity: Vector(dx: .infinity, dy: 0),
                           to: Vector(dx: 5, dy: .nan), startTime: .nan, duration: .nan),
            ThrowAnimation(from: .zero, velocity: .zero, to: Vector(dx: 10, dy: 0), startTime: 0, duration: 0),
        ]
        for a in cases {
            for t in [-1.0, 0, 0.1, 0.3, 5] {
                #expect(a.offset(at: t).isFinite && a.velocity(at: t).isFinite)
                #expect(a.progress(at: t).isFinite)
            }
        }
        #expect(cases[2].offset(at: 0) == Vector(dx: 10, dy: 0))
    }

    @Test func snapBackCarriesTheVelocityAndSettlesHome() {
        let s = SnapBack(from: Vector(dx: 120, dy: -30), velocity: Vector(dx: 400, dy: 0), time: 2)
        #expect(s.offset(at: 2).isApproximatelyEqual(to: Vector(dx: 120, dy: -30), tolerance: 1e-9))
        #expect(s.velocity(at: 2).isApproximatelyEqual(to: Vector(dx: 400, dy: 0), tolerance: 1e-6))
        #expect(!s.isDone(at: 2.1))
        #expect(s.isDone(at: 4))
        #expect(s.offset(at: 4).length < 0.5)
    }
}
