/// The constants every interaction reads besides its own section, as one value: the scroll
/// physics, the spring of a card let go short of a throw, and the keys' and undo's constants.
/// An interaction keeps `config.environment` instead of copying the fields one by one.
public struct InteractionEnvironment: Hashable, Sendable {
    /// Momentum, paging and rubber band of scrolling content.
    public var scroll: ScrollPhysics
    /// The spring a card let go short of a throw goes home on.
    public var snapBackSpring: SpringParameters
    /// Keys, wheel and undo.
    public var commands: CommandConfig

    /// The shared constants of `config`.
    public init(_ config: SceneConfig) {
        scroll = config.scroll
        snapBackSpring = config.snapBackSpring
        commands = config.commands
    }

    /// A card let go at `offset` moving at `velocity` springs home from `t`.
    public func springHome(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        .spring(SnapBack(from: offset, velocity: velocity, parameters: snapBackSpring, time: t))
    }
}

extension SceneConfig {
    /// The constants every interaction reads besides its own section.
    public var environment: InteractionEnvironment { InteractionEnvironment(self) }
}
