extension SwitcherConfig {
    /// Task switcher constants a config may hold. The scale per pitch stays small enough that
    /// cards at the drawn progress range keep a positive scale with the defaults.
    public static let ranges: [ConfigField<SwitcherConfig>] = [
        .number("cardsAcross", { $0.cardsAcross }, { $0.cardsAcross = $1 }, unit: "", 0.5...20, "cards per viewport width (pitch = W / this)"),
        .number("widthRatio", { $0.widthRatio }, { $0.widthRatio = $1 }, unit: "", 0.05...4, "card width / viewport width"),
        .number("heightRatio", { $0.heightRatio }, { $0.heightRatio = $1 }, unit: "", 0.05...4, "card height / viewport height"),
        .number("alphaFalloff", { $0.alphaFalloff }, { $0.alphaFalloff = $1 }, unit: "", 0...1, "opacity lost per pitch left of the centre"),
        .number("scalePerPitch", { $0.scalePerPitch }, { $0.scalePerPitch = $1 }, unit: "", -0.2...0.2, "scale gained per pitch to the right"),
        .number("rightShiftDivisor", { $0.rightShiftDivisor }, { $0.rightShiftDivisor = $1 }, unit: "", 0.5...100, "right of centre a card moves p W / this"),
        .number("leftShiftDivisor", { $0.leftShiftDivisor }, { $0.leftShiftDivisor = $1 }, unit: "", 0.5...100, "left of centre a card moves |p| W / this"),
        .number("minProgress", { $0.minProgress }, { $0.minProgress = $1 }, unit: "", -10...0, "leftmost progress drawn (pitches)"),
        .number("maxProgress", { $0.maxProgress }, { $0.maxProgress = $1 }, unit: "", 0...10, "rightmost progress drawn (pitches)"),
        .count("maxCardsPerFling", { $0.maxCardsPerFling }, { $0.maxCardsPerFling = $1 }, 1...100, "cards one fling travels at most"),
        .number("dragAlphaFalloff", { $0.dragAlphaFalloff }, { $0.dragAlphaFalloff = $1 }, unit: "", 0...4, "opacity lost per half height of upward drag"),
        .number("throwSpeed", { $0.throwSpeed }, { $0.throwSpeed = $1 }, unit: "pt/s", 1...100_000, "an upward release faster than this throws"),
        .number("throwDistanceRatio", { $0.throwDistanceRatio }, { $0.throwDistanceRatio = $1 }, unit: "", 0.05...4, "an upward release past this fraction of the height throws"),
        .number("minThrowDuration", { $0.minThrowDuration }, { $0.minThrowDuration = $1 }, unit: "s", 0.01...10, "shortest throw"),
        .number("maxThrowDuration", { $0.maxThrowDuration }, { $0.maxThrowDuration = $1 }, unit: "s", 0.01...10, "longest throw"),
        .number("gapCloseDuration", { $0.gapCloseDuration }, { $0.gapCloseDuration = $1 }, unit: "s", 0.01...10, "slide closing the gap after a deletion"),
        .number("throwTargetMargin", { $0.throwTargetMargin }, { $0.throwTargetMargin = $1 }, unit: "pt", 0...1000, "a thrown card rests this far above the top edge"),
        .count("viewCount", { $0.viewCount }, { $0.viewCount = $1 }, 1...64, "views the row needs"),
    ]
}
