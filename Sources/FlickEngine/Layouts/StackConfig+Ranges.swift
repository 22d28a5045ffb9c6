extension StackConfig {
    /// Card stack constants a config may hold.
    public static let ranges: [ConfigField<StackConfig>] = [
        .number("widthRatio", \.widthRatio, unit: "", 0.05...4, "card width / viewport width"),
        .number("heightRatio", \.heightRatio, unit: "", 0.05...4, "card height / viewport height"),
        .number("scaleStep", \.scaleStep, unit: "", 0...0.2, "x scale lost per level of depth"),
        .number("depthOffset", \.depthOffset, unit: "pt", -200...200, "downward shift per level of depth"),
        .count("visibleCount", \.visibleCount, 1...16, "cards drawn in the stack"),
        .number("tiltPerWidth", \.tiltPerWidth, unit: "rad", -1.6...1.6, "tilt per card width of horizontal offset"),
        .number("restMargin", \.restMargin, unit: "pt", 0...200, "gap between a thrown card and the left edge"),
        .number("throwSpeed", \.throwSpeed, unit: "pt/s", 1...100_000, "a leftward release faster than this throws"),
        .number("throwDistance", \.throwDistance, unit: "pt", 1...10_000, "a leftward release beyond this throws"),
        .number("returnSpeed", \.returnSpeed, unit: "pt/s", 1...100_000, "a rightward release faster than this brings a card back"),
        .number("returnDistance", \.returnDistance, unit: "pt", 1...10_000, "a rightward release beyond this brings a card back"),
        .number("minThrowDuration", \.minThrowDuration, unit: "s", 0.01...10, "shortest throw or return"),
        .number("maxThrowDuration", \.maxThrowDuration, unit: "s", 0.01...10, "longest throw or return"),
        .number("peekWidth", \.peekWidth, unit: "pt", 0...400, "the last thrown card shows this much at the left edge while a pointer is down"),
        .count("viewCount", \.viewCount, 1...64, "views the stack needs"),
    ]
}
