extension SpringParameters {
    /// The springs a config may hold: from nearly undamped to very sluggish, and periods from a
    /// snap (20 ms) to a slow drift (10 s); every one of them settles in finite time.
    public static let ranges: [ConfigField<SpringParameters>] = [
        .number("dampingRatio", { $0.dampingRatio }, { $0.dampingRatio = $1 }, unit: "", 0.1...4, "1 = no overshoot, < 1 bouncy, > 1 sluggish"),
        .number("response", { $0.response }, { $0.response = $1 }, unit: "s", 0.02...10, "period of the undamped oscillation"),
    ]
}
