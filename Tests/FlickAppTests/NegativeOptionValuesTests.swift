import ArgumentParser
import FlickIO
@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import Foundation
import Testing

/// A number typed with a minus sign reaches the option's own range check, which names the
/// value and the range, instead of being taken for an option ("Missing value for ...").
@Suite struct NegativeOptionValuesTests {
    private func refusal<C: ParsableCommand>(_ command: C.Type, _ arguments: [String]) -> String {
        do {
            let parsed = try command.parse(arguments)
            if let window = parsed as? WindowCommand { _ = try AppOptions(window) }
            return "accepted"
        } catch {
            return (error as? UserError)?.message ?? command.message(for: error)
        }
    }

    @Test func negativeNumbersAreJudgedAsValues() {
        let plan = refusal(PlanCommand.self, ["--participants", "-5", "--out", "/tmp/unused-plan.json"])
        #expect(plan.contains("--participants -5 is out of range (expected 1 to 10000)"), "\(plan)")
        let speed = refusal(WindowCommand.self, ["--headless", "--speed", "-2"])
        #expect(speed.contains("-2") && !speed.contains("Missing value"), "\(speed)")
        let count = refusal(WindowCommand.self, ["--headless", "--count", "-1"])
        #expect(count.contains("-1") && !count.contains("Missing value"), "\(count)")
        let frames = refusal(WindowCommand.self, ["--headless", "--frames", "-10"])
        #expect(frames.contains("-10") && !frames.contains("Missing value"), "\(frames)")
        let jobs = refusal(TuneCommand.self, ["x.rec", "--key", "stack.throwDistance", "--values", "1,2", "--out", "/tmp/unused-tune", "--jobs", "-3"])
        #expect(jobs.contains("-3") && !jobs.contains("Missing value"), "\(jobs)")
    }

    /// A sweep may start below zero: `--values -10:10:5` is a value, not an option.
    @Test func aSweepMayStartBelowZero() throws {
        let tune = try TuneCommand.parse(["x.rec", "--key", "stack.throwDistance", "--values", "-10:10:5", "--out", "/tmp/unused-tune"])
        #expect(tune.values == ["-10:10:5"])
    }
}
