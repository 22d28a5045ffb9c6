extension NowConfig {
    /// Google Now constants a config may hold.
    public static let ranges: [ConfigField<NowConfig>] = [
        .number("sideMargin", \.sideMargin, unit: "pt", 0...200, "space left and right of a card"),
        .number("spacing", \.spacing, unit: "pt", 0...1000, "space between two cards"),
        .number("heightRatio", \.heightRatio, unit: "", 0.05...4, "card height / viewport height"),
        .number("restScale", \.restScale, unit: "", 0.05...4, "scale of the cards away from the centre"),
        .number("rotationPerWidth", \.rotationPerWidth, unit: "rad", -1.6...1.6, "tilt per card width of sideways drag"),
        .number("throwDistanceRatio", \.throwDistanceRatio, unit: "", 0.05...4, "a release past this fraction of the width throws"),
        .number("throwSpeed", \.throwSpeed, unit: "pt/s", 1...100_000, "a release faster than this sideways throws"),
        .number("throwTargetWidths", \.throwTargetWidths, unit: "", 0.5...10, "a thrown card flies this many widths"),
        .number("throwDurationDistance", \.throwDurationDistance, unit: "pt", 1...100_000, "throw duration = this / release speed"),
        .number("minThrowDuration", \.minThrowDuration, unit: "s", 0.01...10, "shortest throw"),
        .number("maxThrowDuration", \.maxThrowDuration, unit: "s", 0.01...10, "longest throw"),
        .number("gapCloseDuration", \.gapCloseDuration, unit: "s", 0.01...10, "slide closing the gap after a deletion"),
        .count("viewCount", \.viewCount, 1...64, "views for the visible cards and one flying"),
    ]
}
