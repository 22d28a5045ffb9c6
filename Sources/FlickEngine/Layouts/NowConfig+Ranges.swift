extension NowConfig {
    /// Google Now constants a config may hold.
    public static let ranges: [ConfigField<NowConfig>] = [
        .number("sideMargin", { $0.sideMargin }, { $0.sideMargin = $1 }, unit: "pt", 0...200, "space left and right of a card"),
        .number("spacing", { $0.spacing }, { $0.spacing = $1 }, unit: "pt", 0...1000, "space between two cards"),
        .number("heightRatio", { $0.heightRatio }, { $0.heightRatio = $1 }, unit: "", 0.05...4, "card height / viewport height"),
        .number("restScale", { $0.restScale }, { $0.restScale = $1 }, unit: "", 0.05...4, "scale of the cards away from the centre"),
        .number("rotationPerWidth", { $0.rotationPerWidth }, { $0.rotationPerWidth = $1 }, unit: "rad", -1.6...1.6, "tilt per card width of sideways drag"),
        .number("throwDistanceRatio", { $0.throwDistanceRatio }, { $0.throwDistanceRatio = $1 }, unit: "", 0.05...4, "a release past this fraction of the width throws"),
        .number("throwSpeed", { $0.throwSpeed }, { $0.throwSpeed = $1 }, unit: "pt/s", 1...100_000, "a release faster than this sideways throws"),
        .number("throwTargetWidths", { $0.throwTargetWidths }, { $0.throwTargetWidths = $1 }, unit: "", 0.5...10, "a thrown card flies this many widths"),
        .number("throwDurationDistance", { $0.throwDurationDistance }, { $0.throwDurationDistance = $1 }, unit: "pt", 1...100_000, "throw duration = this / release speed"),
        .number("minThrowDuration", { $0.minThrowDuration }, { $0.minThrowDuration = $1 }, unit: "s", 0.01...10, "shortest throw"),
        .number("maxThrowDuration", { $0.maxThrowDuration }, { $0.maxThrowDuration = $1 }, unit: "s", 0.01...10, "longest throw"),
        .number("gapCloseDuration", { $0.gapCloseDuration }, { $0.gapCloseDuration = $1 }, unit: "s", 0.01...10, "slide closing the gap after a deletion"),
        .count("viewCount", { $0.viewCount }, { $0.viewCount = $1 }, 1...64, "views for the visible cards and one flying"),
    ]
}
