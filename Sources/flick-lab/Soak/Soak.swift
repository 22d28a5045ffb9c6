import FlickIO
import FlickSession
import ArgumentParser
import FlickEngine
import Foundation

/// `flick-lab soak --minutes M`: random gestures in fast-forward with invariants checked every frame,
/// and resident memory watched (it must stop growing after the first simulated minute).
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play random gestures headless in fast-forward and check the scene every frame.")

    @Option(parsing: .unconditional, help: "Simulated minutes to play (60 Hz frames).")
    var minutes: Double = 5

    @Option(parsing: .unconditional, help: "Seed of the random gestures (the same seed, the same session).")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Cards in the deck.")
    var deck: Int = 40

    @Option(help: ArgumentHelp("Also write the interaction log to this file.", valueName: "file"))
    var logFile: String?

    @Flag(help: "Replace an existing --log-file.")
    var overwriteLog = false

    @Option(parsing: .unconditional, help: "Fail when resident memory grows more than this after the first simulated minute, MB.")
    var maxGrowthMb: Double = 2

    mutating func run() throws {
        guard minutes > 0, minutes <= 24 * 60 else {
            throw UserError("--minutes \(minutes) is out of range (expected more than 0, at most 1440)")
        }
        guard (1...1_000_000).contains(deck) else {
            throw UserError("--deck \(deck) is out of range (expected 1 to 1000000)")
        }
        if let path = logFile {
            try OutputPath.check(path, option: "--log-file", kind: .file)
            try OutputPolicy.check([OutputFile(path: path, what: "the log file", isStream: true)], inputs: [],
                                   overwrite: overwriteLog)
        }
        let log = try logFile.map { try InteractionLog(path: $0, overwrite: overwriteLog) }
        Interrupt.install()
        let report = try SoakRun.run(.init(minutes: minutes, seed: seed, cards: deck,
                                           viewport: Size(width: 390, height: 844), log: log))
        let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        let growth = Double(report.residentAtEnd - report.residentAfterFirstMinute) / 1_048_576
        print(String(format: "soak: %d frames (%.1f simulated min) in %.1f s wall (%.0f frames/s), seed %llu",
                     report.frames, Double(report.frames) / 3600, report.wall,
                     Double(report.frames) / max(report.wall, 1e-9), seed))
        print("soak: \(report.gestures) gestures, \(report.events) events, \(report.refused) inputs refused, "
              + "\(report.violationCount) invariant violations")
        print("soak: resident memory \(mb(report.residentAtStart)) at start, \(mb(report.residentAfterFirstMinute)) "
              + "after the first minute, \(mb(report.residentAtEnd)) at the end "
              + String(format: "(%+.2f MB), peak %@", growth, mb(report.residentPeak)))
        for v in report.violations { print("soak: violation: \(v)") }
        if report.interrupted {
            note("stopped by \(Interrupt.signalName)")
            exitProcess(Interrupt.exitCode)
        }
        if report.violationCount > 0 { throw ExitCode(1) }
        if minutes > 1 && growth > maxGrowthMb {
            print(String(format: "soak: memory grew %.2f MB after the first minute (limit %.1f MB)", growth, maxGrowthMb))
            throw ExitCode(1)
        }
    }
}
