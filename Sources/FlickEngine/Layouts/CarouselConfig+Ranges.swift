extension CarouselConfig {
    /// Carousel constants a config may hold.
    public static let ranges: [ConfigField<CarouselConfig>] = [
        .number("pageRatio", { $0.pageRatio }, { $0.pageRatio = $1 }, unit: "", 0.05...4, "page width / viewport width"),
        .number("cardWidthRatio", { $0.cardWidthRatio }, { $0.cardWidthRatio = $1 }, unit: "", 0.05...4, "card width / page width"),
        .number("heightRatio", { $0.heightRatio }, { $0.heightRatio = $1 }, unit: "", 0.05...4, "card height / viewport height"),
        .number("scaleFalloff", { $0.scaleFalloff }, { $0.scaleFalloff = $1 }, unit: "", 0...1, "scale lost one page from the centre"),
        .number("alphaFalloff", { $0.alphaFalloff }, { $0.alphaFalloff = $1 }, unit: "", 0...1, "opacity lost one page from the centre"),
        .number("dragAlphaFalloff", { $0.dragAlphaFalloff }, { $0.dragAlphaFalloff = $1 }, unit: "", 0...4, "opacity lost per half height of vertical drag"),
        .number("throwSpeed", { $0.throwSpeed }, { $0.throwSpeed = $1 }, unit: "pt/s", 1...100_000, "an upward release faster than this throws"),
        .number("throwDistanceRatio", { $0.throwDistanceRatio }, { $0.throwDistanceRatio = $1 }, unit: "", 0.05...4, "an upward release past this fraction of the height throws"),
        .number("throwDuration", { $0.throwDuration }, { $0.throwDuration = $1 }, unit: "s", 0.01...10, "flight off the top"),
        .number("returnDuration", { $0.returnDuration }, { $0.returnDuration = $1 }, unit: "s", 0.01...10, "return of a card not thrown"),
        .number("gapCloseDuration", { $0.gapCloseDuration }, { $0.gapCloseDuration = $1 }, unit: "s", 0.01...10, "slide closing the gap after a deletion"),
        .number("throwTargetMargin", { $0.throwTargetMargin }, { $0.throwTargetMargin = $1 }, unit: "pt", 0...1000, "a thrown card rests this far above the top edge"),
        .count("viewCount", { $0.viewCount }, { $0.viewCount = $1 }, 1...64, "views the carousel needs"),
    ]
}
