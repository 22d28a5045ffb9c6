extension ScrollPhysics {
    /// Scrolling constants a config may hold. A rate of 1 would never stop, so it stays below.
    public static let ranges: [ConfigField<ScrollPhysics>] = [
        .number("decelerationRate", \.decelerationRate, unit: "", 0.5...0.9999,
                "fraction of velocity kept per millisecond of momentum"),
        .number("rubberBandCoefficient", \.rubberBandCoefficient, unit: "", 0.05...2,
                "stiffness of the rubber band past an edge"),
    ] + .nesting(SpringParameters.ranges, in: "bounceSpring", \ScrollPhysics.bounceSpring)
      + .nesting(SpringParameters.ranges, in: "pagingSpring", \ScrollPhysics.pagingSpring)
      + [
        .count("maxPagesPerFling", \.maxPagesPerFling, 0...100, "pages one fling may travel (the switcher's own key wins)"),
        .number("maxVelocity", \.maxVelocity, unit: "pt/s", 1...100_000, "fastest velocity a release may start"),
        .number("restingDistance", \.restingDistance, unit: "pt", 0.01...10, "a spring or a glide is settled this close to its end"),
        .number("restingSpeed", \.restingSpeed, unit: "pt/s", 0.1...100, "a spring is settled below this speed"),
    ]
}
