// Per-frame cost and allocations of FlickEngine, for `make bench` (or `swift package benchmark`
// in Benchmarks/). Budgets (see check.sh): a frame <= 5 us at 1,000,000 cards and within 1.5x of
// the 10-card frame; zero heap allocations per steady-state frame; delete or undo at 1,000,000
// cards <= 1 ms.
import Benchmark
import FlickEngine

/// Deck sizes of the per-frame benchmarks.
let deckSizes = [10, 1_000, 100_000, 1_000_000]

/// "1,000,000"-style names that sort and read well in the report.
func cards(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, ch) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return out
}

let benchmarks: @Sendable () -> Void = {
    // Every benchmark here reports wall clock and heap allocations (malloc calls) per iteration.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 2_000,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )

    // MARK: Engine frame during a motion

    // One iteration = one display frame (1/120 s) of `advance(to:)`, which settles completions,
    // lays out the visible cards and reconciles the reuse pool, plus reading `renderList`.
    // The gesture that keeps the scene moving is (re)started outside the measured region, so
    // every measured frame is a frame of a fling (or a throw). One frame per iteration rather
    // than `scaledIterations`: a restart cannot be excluded from the middle of an inner loop,
    // and the clock read around a ~1 us frame costs a few tens of ns.
    for kind in [MotionKind.fling, .throwCard] {
        for interaction in Interaction.allCases {
            let sizes = kind == .fling ? deckSizes : [10, 1_000_000]
            for count in sizes {
                Benchmark("Frame \(kind.rawValue) \(interaction.rawValue) \(cards(count))") { benchmark, driver in
                    driver.restartIfAtRest()
                    benchmark.startMeasurement()
                    blackHole(driver.frame())
                    benchmark.stopMeasurement()
                    driver.endFrame()
                } setup: {
                    SceneDriver(interaction: interaction, count: count, kind: kind)
                }
            }
        }
    }

    // MARK: Calibration

    // Proves the malloc counter sees this process's allocations: exactly one per iteration
    // (a fresh, non-empty array buffer), so the zeros above are real zeros.
    Benchmark("Calibration one heap allocation") { benchmark in
        for _ in benchmark.scaledIterations {
            var a = [Int]()
            a.reserveCapacity(identity(4))
            a.append(1)
            blackHole(a)
        }
    }

    // The floor of a one-operation measurement: an explicit start/stop around nothing. The
    // frame and deck figures include this much clock overhead.
    Benchmark("Calibration empty measured region") { benchmark in
        benchmark.startMeasurement()
        benchmark.stopMeasurement()
    }

    // MARK: Deck edits at a million cards

    let million = 1_000_000
    let middle = million / 2

    // Deck.delete(at:) at the middle; the undo that puts the card back is not measured.
    Benchmark("Deck delete(at:) middle \(cards(million))",
              configuration: .init(warmupIterations: 100)) { benchmark, box in
        benchmark.startMeasurement()
        blackHole(box.deck.delete(at: middle))
        benchmark.stopMeasurement()
        blackHole(box.deck.undoLastDeletion())
    } setup: {
        DeckBox(count: million)
    }

    // Deck.undoLastDeletion() of a card deleted from the middle; the delete is not measured.
    Benchmark("Deck undoLastDeletion middle \(cards(million))",
              configuration: .init(warmupIterations: 100)) { benchmark, box in
        blackHole(box.deck.delete(at: middle))
        benchmark.startMeasurement()
        blackHole(box.deck.undoLastDeletion())
        benchmark.stopMeasurement()
    } setup: {
        DeckBox(count: million)
    }

    // MARK: Velocity tracker

    // VelocityTracker.add: 1,000 samples per iteration (results are per sample).
    Benchmark("VelocityTracker add",
              configuration: .init(scalingFactor: .kilo)) { benchmark, box in
        for _ in benchmark.scaledIterations {
            box.time += 0.001
            box.x += 1.2
            blackHole(box.tracker.add(time: box.time, position: Point(x: box.x, y: 0)))
        }
    } setup: {
        TrackerBox()
    }

    // VelocityTracker.velocity: the quadratic fit over the last 100 ms (100 samples at 1 kHz).
    Benchmark("VelocityTracker velocity (100 samples)",
              configuration: .init(scalingFactor: .kilo)) { benchmark, box in
        for _ in benchmark.scaledIterations {
            blackHole(box.tracker.velocity)
        }
    } setup: { () -> TrackerBox in
        let box = TrackerBox()
        for _ in 0..<200 {
            box.time += 0.001
            box.x += 1.2
            box.tracker.add(time: box.time, position: Point(x: box.x, y: 0))
        }
        return box
    }
}
