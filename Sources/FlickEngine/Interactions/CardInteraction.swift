/// What a pan does once it has passed the slop, as the interaction decides it.
public enum PanRoute: Hashable, Sendable {
    /// Moves the content along the scroll axis.
    case scroll
    /// Drags this card across the scroll axis, toward a throw.
    case card(CardID)
    /// Pulls the last thrown card back in (the stack's drag to the right).
    case bringBack
    /// Nothing to act on.
    case ignored
}

/// What an arrow key asks of an interaction.
public enum StepAction: Hashable, Sendable {
    /// Move one card or page along the scroll axis.
    case page
    /// Throw the current card away.
    case throwCurrent
    /// Bring the last thrown card back.
    case undo
}

/// Everything that differs between the card interactions. `CardScene` owns what they share
/// (input routing, time, motions, the deck, events) and asks its interaction for the rest; it
/// never asks which interaction it shows, and the interaction never sees the scene: it decides
/// from a read-only `InteractionContext` and from its own constants.
///
/// Public, so an embedder can add an interaction without forking the engine: conform a value
/// type, then `CardScene.install(_:at:)` it (see Tests/FlickPluginTests for a small one).
///
/// An interaction is a name, a layout and four small contracts, each with defaults, as
/// Flutter's `ScrollPhysics` composes:
/// - `routing` (`PanRouting`): what a pan and an arrow key do, how a dragged card follows, and
///   the state kept between inputs; `ScrollRouting` unless given;
/// - `throwRule` (`ThrowRule`): when a card let go goes, under what name, and what keys throw;
/// - `flights` (`CardFlights`): throws, snap-backs, undo and bring-back flights;
/// - `physics` (`ContentPhysics`): scrolling or a depth stack, views, gaps.
///
/// A type that conforms to a contract itself is its own value for it (`var throwRule: Self`),
/// so a plug-in writes its members in one type and declares which contracts it answers; one
/// that wraps another hands on the wrapped one's values (`var flights: Base.Flights
/// { base.flights }`) and writes only the contract it changes.
///
/// The rules are made afresh from the config on every change of it, and the scene reads the
/// four values once then; what an interaction keeps between inputs is its routing's `State`.
public protocol CardInteraction: Sendable {
    /// Its name: what the log, the recording and the study show, and what it is registered
    /// under (`InteractionRegistry`).
    static var name: Interaction { get }

    /// Its constants, taken from the scene's config (a plug-in's own section:
    /// `config.section(MySection.self)`). A new config (`setConfig`, a reload, a panel edit)
    /// makes the rules on show afresh through this.
    init(config: SceneConfig)

    /// The type of its layout (inferred from `makeLayout()`).
    associatedtype Layout: CardLayout

    /// A fresh layout (the scene keeps it: built once per change of config, never per frame).
    /// Its type is the interaction's own (`-> some CardLayout` or the layout's type), never
    /// `any CardLayout`: the scene erases it where it is known (`SceneLayout`).
    func makeLayout() -> Layout

    /// The type of its routing: `Self` when the interaction answers `PanRouting` itself, else
    /// `ScrollRouting` unless given.
    associatedtype Routing: PanRouting = ScrollRouting
    /// What a pan and an arrow key do, with the state kept between inputs.
    var routing: Routing { get }

    /// The type of its throw rule (`Self` when it answers `ThrowRule` itself).
    associatedtype Rule: ThrowRule
    /// When a card let go goes, and what keys throw.
    var throwRule: Rule { get }

    /// The type of its flights (`Self` when it answers `CardFlights` itself).
    associatedtype Flights: CardFlights
    /// How cards fly away, home and back.
    var flights: Flights { get }

    /// The type of its content physics (`Self` when it answers `ContentPhysics` itself).
    associatedtype Physics: ContentPhysics
    /// How the content moves and makes room.
    var physics: Physics { get }

    /// What the interaction keeps between inputs: its routing's.
    typealias State = Routing.State
}

extension CardInteraction where Self: PanRouting {
    /// Itself.
    public var routing: Self { self }
}

extension CardInteraction where Routing == ScrollRouting {
    /// Scrolls along its axis, drags cards across it.
    public var routing: ScrollRouting { ScrollRouting(movement: physics.contentMovement) }
}

extension CardInteraction where Self: ThrowRule {
    /// Itself.
    public var throwRule: Self { self }
}

extension CardInteraction where Self: CardFlights {
    /// Itself.
    public var flights: Self { self }
}

extension CardInteraction where Self: ContentPhysics {
    /// Itself.
    public var physics: Self { self }
}
