import Testing
@testable import FlickEngine

private func ev(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double,
                id: Int = 0, device: PointerEvent.Device = .mouse) -> PointerEvent {
    PointerEvent(pointerID: id, phase: phase, position: Point(x: x, y: y), time: t, device: device)
}

private extension PanOutput {
    var pan: Pan? {
        switch self {
        case let .began(p), let .changed(p), let .ended(p), let .cancelled(p): return p
        default: return nil
        }
    }
    var isBegan: Bool { if case .began = self { return true } else { return false } }
}

@Suite struct PanRecognizerTests {
    @Test func slopDependsOnDevice() {
        var mouse = PanRecognizer()
        _ = mouse.handle(ev(.down, 0, 0, 0))
        #expect(mouse.handle(ev(.move, 3.9, 0, 0.01)) == .none)
        #expect(mouse.handle(ev(.move, 4, 0, 0.02)).isBegan)

        var touch = PanRecognizer()
        _ = touch.handle(ev(.down, 0, 0, 0, device: .touch))
        #expect(touch.handle(ev(.move, 7.9, 0, 0.01, device: .touch)) == .none)
        #expect(touch.handle(ev(.move, 8, 0, 0.02, device: .touch)).isBegan)

        var custom = PanRecognizer(configuration: .init(slopOverride: 20))
        _ = custom.handle(ev(.down, 0, 0, 0, device: .touch))
        #expect(custom.handle(ev(.move, 19, 0, 0.01, device: .touch)) == .none)
    }

    @Test func slopIsSubtractedSoContentDoesNotJump() {
        var r = PanRecognizer()
        _ = r.handle(ev(.down, 100, 100, 0))
        let began = r.handle(ev(.move, 104, 100, 0.01)).pan!
        #expect(began.translation == .zero, "0 at the start")
        let next = r.handle(ev(.move, 110, 100, 0.02)).pan!
        #expect(next.translation.isApproximatelyEqual(to: Vector(dx: 6, dy: 0)), "then 1:1")
        // Past the slop in one jump: only the excess shows, along the movement.
        var j = PanRecognizer()
        _ = j.handle(ev(.down, 0, 0, 0))
        let b = j.handle(ev(.move, 0, -10, 0.01)).pan!
        #expect(b.translation.isApproximatelyEqual(to: Vector(dx: 0, dy: -6)))
        #expect(b.axis == .vertical)
    }

    @Test func axisLockDecidedAtStart() {
        var r = PanRecognizer(configuration: .init(axisLock: .horizontal))
        _ = r.handle(ev(.down, 0, 0, 0))
        let p = r.handle(ev(.move, 5, 2, 0.01)).pan!
        #expect(p.axis == .horizontal)
        let q = r.handle(ev(.move, 30, 40, 0.03)).pan!
        #expect(q.axis == .horizontal, "the lock does not change mid-gesture")
        #expect(q.translation.dy == 0 && q.translation.dx > 20)
        #expect(q.velocity.dy == 0)

        // Mostly vertical on a horizontal scroller: reported vertical, confined to y, so the
        // scene can drag a card across the scroll axis.
        var c = PanRecognizer(configuration: .init(axisLock: .horizontal))
        _ = c.handle(ev(.down, 0, 0, 0))
        let v = c.handle(ev(.move, 1, -6, 0.01)).pan!
        #expect(v.axis == .vertical && v.translation.dx == 0)

        // The ratio favours the configured axis.
        var f = PanRecognizer(configuration: .init(axisLock: .horizontal, lockRatio: 2))
        _ = f.handle(ev(.down, 0, 0, 0))
        #expect(f.handle(ev(.move, 3, 5, 0.01)).pan!.axis == .horizontal)
    }

    @Test func freeModeReportsDominantAxisButDoesNotLock() {
        var r = PanRecognizer(configuration: .init(axisLock: .free))
        _ = r.handle(ev(.down, 0, 0, 0))
        let p = r.handle(ev(.move, 3, 9, 0.01)).pan!
        #expect(p.axis == .vertical)
        let q = r.handle(ev(.move, 50, 60, 0.02)).pan!
        #expect(q.translation.dx > 40 && q.translation.dy > 40)
    }

    @Test func tapWhenTheSlopWasNeverPassed() {
        var r = PanRecognizer()
        _ = r.handle(ev(.down, 10, 10, 0))
        _ = r.handle(ev(.move, 12, 11, 0.05))
        #expect(r.handle(ev(.up, 12, 11, 0.1)) == .tap(Point(x: 12, y: 11)))
        #expect(!r.isPanning && r.trackedPointer == nil)
    }

    @Test func flingVelocityAndEnd() {
        var r = PanRecognizer(configuration: .init(axisLock: .vertical))
        _ = r.handle(ev(.down, 0, 500, 0, device: .touch))
        var t = 0.0, y = 500.0
        for _ in 0..<12 { t += 0.008; y -= 16; _ = r.handle(ev(.move, 0, y, t, device: .touch)) }
        guard case let .ended(p) = r.handle(ev(.up, 0, y, t + 0.004, device: .touch)) else {
            Issue.record("no end"); return
        }
        #expect(abs(p.velocity.dy + 2000) < 1, "moving up at 2000 pt/s: \(p.velocity)")
        #expect(p.translation.dy < -150)
    }

    @Test func cancelReportsThePan() {
        var r = PanRecognizer()
        _ = r.handle(ev(.down, 0, 0, 0))
        _ = r.handle(ev(.move, 20, 0, 0.01))
        guard case let .cancelled(p) = r.handle(ev(.cancel, 20, 0, 0.02)) else { Issue.record("no cancel"); return }
        #expect(p.translation.dx == 16)
        #expect(!r.isPanning)
    }

    @Test func otherPointersAreIgnored() {
        var r = PanRecognizer()
        _ = r.handle(ev(.down, 0, 0, 0, id: 1))
        let before = r
        #expect(r.handle(ev(.down, 50, 50, 0.01, id: 2)) == .none)
        #expect(r.handle(ev(.move, 90, 90, 0.02, id: 2)) == .none)
        #expect(r.handle(ev(.up, 90, 90, 0.03, id: 2)) == .none)
        #expect(r == before)
        #expect(r.handle(ev(.move, 10, 0, 0.04, id: 1)).isBegan)
    }

    @Test func degenerateEventsAreRejectedAndChangeNothing() {
        var r = PanRecognizer()
        _ = r.handle(ev(.down, 0, 0, 1))
        _ = r.handle(ev(.move, 10, 0, 1.01))
        let before = r
        for e in [ev(.move, .nan, 0, 1.02), ev(.move, 0, .infinity, 1.02),
                  ev(.move, 20, 0, .nan), ev(.move, 20, 0, -.infinity), ev(.move, 20, 0, 0.5)] {
            let out = r.handle(e)
            guard case let .rejected(reason) = out else { Issue.record("accepted \(e)"); continue }
            #expect(!reason.description.isEmpty)
            #expect(r == before)
        }
        if case .rejected(.timeWentBackwards(previous: 1.01, received: 0.5)) = r.handle(ev(.up, 0, 0, 0.5)) {} else {
            Issue.record("backwards time not reported")
        }
        #expect(r.handle(ev(.move, 20, 0, 1.03)).pan!.translation.dx == 16)
    }
}
