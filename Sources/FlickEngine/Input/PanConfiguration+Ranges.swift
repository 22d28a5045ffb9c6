extension VelocityTracker.Configuration {
    /// Velocity estimation a config may hold; the capacity bounds the tracker's one allocation.
    public static let ranges: [ConfigField<VelocityTracker.Configuration>] = [
        .number("window", { $0.window }, { $0.window = $1 }, unit: "s", 0.01...1, "samples this recent are fitted"),
        .number("gap", { $0.gap }, { $0.gap = $1 }, unit: "s", 0.005...1, "a pause this long breaks the history"),
        .number("maxVelocity", { $0.maxVelocity }, { $0.maxVelocity = $1 }, unit: "pt/s", 1...100_000, "fastest velocity reported"),
        .count("capacity", { $0.capacity }, { $0.capacity = $1 }, 3...4096, "samples kept at most"),
    ]
}

extension PanConfiguration {
    /// Pan constants a config may hold.
    public static let ranges: [ConfigField<PanConfiguration>] = [
        .number("mouseSlop", { $0.mouseSlop }, { $0.mouseSlop = $1 }, unit: "pt", 0...100, "movement before a mouse drag starts"),
        .number("touchSlop", { $0.touchSlop }, { $0.touchSlop = $1 }, unit: "pt", 0...100, "movement before a touch drag starts"),
        .optionalNumber("slopOverride", { $0.slopOverride }, { $0.slopOverride = $1 }, unit: "pt", 0...100, "slop for every device when set"),
        .number("lockRatio", { $0.lockRatio }, { $0.lockRatio = $1 }, unit: "", 0...10, "preference for the favoured axis of an axis lock"),
    ] + .nesting(VelocityTracker.Configuration.ranges, in: "velocity", { $0.velocity }, { $0.velocity = $1 })
}
