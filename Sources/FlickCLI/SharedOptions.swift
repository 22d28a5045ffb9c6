import ArgumentParser

// Options that the window and the study tools both take, each defined once with its range check
// (validate() runs for every group a command includes, before the command runs).

/// `--speed`: the pace of a replay.
package struct PlaybackSpeed: ParsableArguments {
    package init() {}
    @Option(parsing: .unconditional, help: ArgumentHelp("Playback speed, 0.1 to 8 (1 is as recorded, 0.5 half speed).", valueName: "factor"))
    package var speed: Double = 1

    package static let range = 0.1...8.0

    package func validate() throws {
        guard speed.isFinite, Self.range.contains(speed) else {
            throw ValidationError("--speed \(speed) is out of range (expected 0.1 to 8)")
        }
    }
}

/// `--allow-missing-cards`: a recording whose card images moved or changed still plays.
package struct MissingCards: ParsableArguments {
    package init() {}
    @Flag(help: "Draw cards that are missing or changed since the recording as placeholders.")
    package var allowMissingCards = false
}

/// `--size`: the window's size in points (the window, compare).
package struct SizeOption: ParsableArguments {
    package init() {}
    @Option(help: ArgumentHelp("Window size in points, WIDTHxHEIGHT, each side 64 to 16384 (default: 1280x800, or the recording's).", valueName: "WxH"),
            transform: PointSize.parse)
    package var size: PointSize?
}

