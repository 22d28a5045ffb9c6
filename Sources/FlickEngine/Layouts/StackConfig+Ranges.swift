extension StackConfig {
    /// Card stack constants a config may hold.
    public static let ranges: [ConfigField<StackConfig>] = [
        .number("widthRatio", { $0.widthRatio }, { $0.widthRatio = $1 }, unit: "", 0.05...4, "card width / viewport width"),
        .number("heightRatio", { $0.heightRatio }, { $0.heightRatio = $1 }, unit: "", 0.05...4, "card height / viewport height"),
        .number("scaleStep", { $0.scaleStep }, { $0.scaleStep = $1 }, unit: "", 0...0.2, "x scale lost per level of depth"),
        .number("depthOffset", { $0.depthOffset }, { $0.depthOffset = $1 }, unit: "pt", -200...200, "downward shift per level of depth"),
        .count("visibleCount", { $0.visibleCount }, { $0.visibleCount = $1 }, 1...16, "cards drawn in the stack"),
        .number("tiltPerWidth", { $0.tiltPerWidth }, { $0.tiltPerWidth = $1 }, unit: "rad", -1.6...1.6, "tilt per card width of horizontal offset"),
        .number("restMargin", { $0.restMargin }, { $0.restMargin = $1 }, unit: "pt", 0...200, "gap between a thrown card and the left edge"),
        .number("throwSpeed", { $0.throwSpeed }, { $0.throwSpeed = $1 }, unit: "pt/s", 1...100_000, "a leftward release faster than this throws"),
        .number("throwDistance", { $0.throwDistance }, { $0.throwDistance = $1 }, unit: "pt", 1...10_000, "a leftward release beyond this throws"),
        .number("returnSpeed", { $0.returnSpeed }, { $0.returnSpeed = $1 }, unit: "pt/s", 1...100_000, "a rightward release faster than this brings a card back"),
        .number("returnDistance", { $0.returnDistance }, { $0.returnDistance = $1 }, unit: "pt", 1...10_000, "a rightward release beyond this brings a card back"),
        .number("minThrowDuration", { $0.minThrowDuration }, { $0.minThrowDuration = $1 }, unit: "s", 0.01...10, "shortest throw or return"),
        .number("maxThrowDuration", { $0.maxThrowDuration }, { $0.maxThrowDuration = $1 }, unit: "s", 0.01...10, "longest throw or return"),
        .number("peekWidth", { $0.peekWidth }, { $0.peekWidth = $1 }, unit: "pt", 0...400, "the last thrown card shows this much at the left edge while a pointer is down"),
        .count("viewCount", { $0.viewCount }, { $0.viewCount = $1 }, 1...64, "views the stack needs"),
    ]
}
