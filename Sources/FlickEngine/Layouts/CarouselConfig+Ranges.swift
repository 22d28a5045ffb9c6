extension CarouselConfig {
    /// Carousel constants a config may hold.
    public static let ranges: [ConfigField<CarouselConfig>] = [
        .number("pageRatio", \.pageRatio, unit: "", 0.05...4, "page width / viewport width"),
        .number("cardWidthRatio", \.cardWidthRatio, unit: "", 0.05...4, "card width / page width"),
        .number("heightRatio", \.heightRatio, unit: "", 0.05...4, "card height / viewport height"),
        .number("scaleFalloff", \.scaleFalloff, unit: "", 0...1, "scale lost one page from the centre"),
        .number("alphaFalloff", \.alphaFalloff, unit: "", 0...1, "opacity lost one page from the centre"),
        .number("dragAlphaFalloff", \.dragAlphaFalloff, unit: "", 0...4, "opacity lost per half height of vertical drag"),
        .number("throwSpeed", \.throwSpeed, unit: "pt/s", 1...100_000, "an upward release faster than this throws"),
        .number("throwDistanceRatio", \.throwDistanceRatio, unit: "", 0.05...4, "an upward release past this fraction of the height throws"),
        .number("throwDuration", \.throwDuration, unit: "s", 0.01...10, "flight off the top"),
        .number("returnDuration", \.returnDuration, unit: "s", 0.01...10, "return of a card not thrown"),
        .number("gapCloseDuration", \.gapCloseDuration, unit: "s", 0.01...10, "slide closing the gap after a deletion"),
        .number("throwTargetMargin", \.throwTargetMargin, unit: "pt", 0...1000, "a thrown card rests this far above the top edge"),
        .count("viewCount", \.viewCount, 1...64, "views the carousel needs"),
    ]
}
