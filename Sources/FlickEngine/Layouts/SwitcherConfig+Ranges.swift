extension SwitcherConfig {
    /// Task switcher constants a config may hold. The scale per pitch stays small enough that
    /// cards at the drawn progress range keep a positive scale with the defaults.
    public static let ranges: [ConfigField<SwitcherConfig>] = [
        .number("cardsAcross", \.cardsAcross, unit: "", 0.5...20, "cards per viewport width (pitch = W / this)"),
        .number("widthRatio", \.widthRatio, unit: "", 0.05...4, "card width / viewport width"),
        .number("heightRatio", \.heightRatio, unit: "", 0.05...4, "card height / viewport height"),
        .number("alphaFalloff", \.alphaFalloff, unit: "", 0...1, "opacity lost per pitch left of the centre"),
        .number("scalePerPitch", \.scalePerPitch, unit: "", -0.2...0.2, "scale gained per pitch to the right"),
        .number("rightShiftDivisor", \.rightShiftDivisor, unit: "", 0.5...100, "right of centre a card moves p W / this"),
        .number("leftShiftDivisor", \.leftShiftDivisor, unit: "", 0.5...100, "left of centre a card moves |p| W / this"),
        .number("minProgress", \.minProgress, unit: "", -10...0, "leftmost progress drawn (pitches)"),
        .number("maxProgress", \.maxProgress, unit: "", 0...10, "rightmost progress drawn (pitches)"),
        .count("maxCardsPerFling", \.maxCardsPerFling, 1...100, "cards one fling travels at most"),
        .number("dragAlphaFalloff", \.dragAlphaFalloff, unit: "", 0...4, "opacity lost per half height of upward drag"),
        .number("throwSpeed", \.throwSpeed, unit: "pt/s", 1...100_000, "an upward release faster than this throws"),
        .number("throwDistanceRatio", \.throwDistanceRatio, unit: "", 0.05...4, "an upward release past this fraction of the height throws"),
        .number("minThrowDuration", \.minThrowDuration, unit: "s", 0.01...10, "shortest throw"),
        .number("maxThrowDuration", \.maxThrowDuration, unit: "s", 0.01...10, "longest throw"),
        .number("gapCloseDuration", \.gapCloseDuration, unit: "s", 0.01...10, "slide closing the gap after a deletion"),
        .number("throwTargetMargin", \.throwTargetMargin, unit: "pt", 0...1000, "a thrown card rests this far above the top edge"),
        .count("viewCount", \.viewCount, 1...64, "views the row needs"),
    ]
}
