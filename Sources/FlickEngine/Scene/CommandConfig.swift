/// Constants of the keyboard and wheel commands, shared by every interaction.
public struct CommandConfig: Hashable, Sendable {
    /// Speed of a throw asked for by a key (Delete, or → in the stack), pt/s: a brisk flick.
    public var keyThrowSpeed: Double
    /// Seconds a card brought back by undo takes to fly home (the carousel uses its own
    /// `returnDuration`, as the design moves everything in 0.3 s).
    public var undoFlightDuration: Double
    /// Wheel travel that turns a page, as a fraction of the page.
    public var wheelPageFraction: Double

    /// 1500 pt/s throws, 0.35 s undo flights, a page per quarter page of wheel travel.
    public static let `default` = CommandConfig(keyThrowSpeed: 1500, undoFlightDuration: 0.35, wheelPageFraction: 0.25)

    /// Memberwise; see the properties for units.
    public init(keyThrowSpeed: Double, undoFlightDuration: Double, wheelPageFraction: Double) {
        self.keyThrowSpeed = keyThrowSpeed
        self.undoFlightDuration = undoFlightDuration
        self.wheelPageFraction = wheelPageFraction
    }
}

extension CommandConfig {
    /// Command constants a config may hold.
    public static let ranges: [ConfigField<CommandConfig>] = [
        .number("keyThrowSpeed", { $0.keyThrowSpeed }, { $0.keyThrowSpeed = $1 }, unit: "pt/s", 1...100_000, "speed of a throw asked for by a key"),
        .number("undoFlightDuration", { $0.undoFlightDuration }, { $0.undoFlightDuration = $1 }, unit: "s", 0.01...10, "a card brought back by undo flies home in this time"),
        .number("wheelPageFraction", { $0.wheelPageFraction }, { $0.wheelPageFraction = $1 }, unit: "", 0.01...4, "wheel travel that turns a page, in pages"),
    ]
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension CommandConfig: Codable {}
#endif
