extension VelocityTracker.Configuration {
    /// Velocity estimation a config may hold; the capacity bounds the tracker's one allocation.
    public static let ranges: [ConfigField<VelocityTracker.Configuration>] = [
        .number("window", \.window, unit: "s", 0.01...1, "samples this recent are fitted"),
        .number("gap", \.gap, unit: "s", 0.005...1, "a pause this long breaks the history"),
        .number("maxVelocity", \.maxVelocity, unit: "pt/s", 1...100_000, "fastest velocity reported"),
        .count("capacity", \.capacity, 3...4096, "samples kept at most"),
    ]
}

extension PanConfiguration {
    /// Pan constants a config may hold.
    public static let ranges: [ConfigField<PanConfiguration>] = [
        .number("mouseSlop", \.mouseSlop, unit: "pt", 0...100, "movement before a mouse drag starts"),
        .number("touchSlop", \.touchSlop, unit: "pt", 0...100, "movement before a touch drag starts"),
        .optionalNumber("slopOverride", \.slopOverride, unit: "pt", 0...100, "slop for every device when set"),
        .number("lockRatio", \.lockRatio, unit: "", 0...10, "preference for the favoured axis of an axis lock"),
    ] + .nesting(VelocityTracker.Configuration.ranges, in: "velocity", \PanConfiguration.velocity)
}
