extension ScrollPhysics {
    /// Scrolling constants a config may hold. A rate of 1 would never stop, so it stays below.
    public static let ranges: [ConfigField<ScrollPhysics>] = [
        .number("decelerationRate", { $0.decelerationRate }, { $0.decelerationRate = $1 }, unit: "", 0.5...0.9999,
                "fraction of velocity kept per millisecond of momentum"),
        .number("rubberBandCoefficient", { $0.rubberBandCoefficient }, { $0.rubberBandCoefficient = $1 }, unit: "", 0.05...2,
                "stiffness of the rubber band past an edge"),
    ] + .nesting(SpringParameters.ranges, in: "bounceSpring", { $0.bounceSpring }, { $0.bounceSpring = $1 })
      + .nesting(SpringParameters.ranges, in: "pagingSpring", { $0.pagingSpring }, { $0.pagingSpring = $1 })
      + [
        .count("maxPagesPerFling", { $0.maxPagesPerFling }, { $0.maxPagesPerFling = $1 }, 0...100, "pages one fling may travel (the switcher's own key wins)"),
        .number("maxVelocity", { $0.maxVelocity }, { $0.maxVelocity = $1 }, unit: "pt/s", 1...100_000, "fastest velocity a release may start"),
        .number("restingDistance", { $0.restingDistance }, { $0.restingDistance = $1 }, unit: "pt", 0.01...10, "a spring or a glide is settled this close to its end"),
        .number("restingSpeed", { $0.restingSpeed }, { $0.restingSpeed = $1 }, unit: "pt/s", 0.1...100, "a spring is settled below this speed"),
    ]
}
