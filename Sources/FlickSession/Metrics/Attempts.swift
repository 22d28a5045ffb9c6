import FlickIO
import FlickEngine

/// Card drags read as attempts: which drag that did not throw was tried again on the same card
/// (the gesture analogue of a rage tap), how many attempts each throw took, and which throws
/// were undone. Works on the gestures `SessionMetrics` reads from a log or a replay; nothing
/// here restates a threshold (a throw is the engine's `thrown` outcome).
///
/// Definitions (the study page and README quote them):
/// - a *card drag* is a gesture of kind `card` with a card id;
/// - a *failed drag* is a card drag whose outcome is not `thrown` (it snapped back, stayed,
///   was cancelled);
/// - a failed drag is *repeated* when another card drag on the same card starts within
///   `retryWindow` (2 s) of its release;
/// - an *attempt chain* is a run of card drags on one card, each starting within `retryWindow`
///   of the previous one's release, ended by a throw or by a drag that is not repeated; a throw's
///   *attempts* is the length of its chain (1: thrown at the first try);
/// - a throw is *undone* when an undo (Z, not the stack's drag back) takes its card's deletion
///   back within `undoWindow` (3 s) of that deletion.
package struct Attempts {
    package static let retryWindow = 2.0
    package static let undoWindow = SessionMetrics.undoWindow

    /// Card drags on one card, each retried within `retryWindow` of the previous release.
    package struct Chain: Equatable {
        package var card: CardID
        /// Indices into the gestures given, in order.
        package var gestures: [Int]
        /// The last drag threw the card.
        package var thrown: Bool
        package var attempts: Int { gestures.count }
    }

    /// The gestures classified.
    package let gestures: [Gesture]
    /// Every attempt chain, in order of its first drag (a lone drag is a chain of one).
    package let chains: [Chain]
    /// Indices of the failed drags that were repeated (each counts once).
    package let repeated: [Int]
    /// Indices of the thrown card drags undone within `undoWindow`, with the seconds to the undo.
    package let undone: [(index: Int, after: Double)]

    /// `undos`: the undos as pressed, timed from the deletion each took back.
    package init(gestures: [Gesture], undos: [Undo]) {
        self.gestures = gestures
        var chains: [Chain] = []
        var openChain: [CardID: Int] = [:]   // card -> index into chains of its chain still open
        var repeated: [Int] = []
        for (i, g) in gestures.enumerated() {
            guard g.kind == .card, let card = g.card else { continue }
            if let c = openChain[card], let last = chains[c].gestures.last,
               !chains[c].thrown, g.start - gestures[last].end <= Self.retryWindow, g.start >= gestures[last].end {
                repeated.append(last)
                chains[c].gestures.append(i)
                chains[c].thrown = g.outcome == .thrown
            } else {
                openChain[card] = chains.count
                chains.append(Chain(card: card, gestures: [i], thrown: g.outcome == .thrown))
            }
        }
        self.chains = chains
        self.repeated = repeated
        undone = gestures.enumerated().compactMap { i, g in
            guard g.kind == .card, g.outcome == .thrown, let card = g.card,
                  let back = undos.first(where: { $0.card == card && $0.t >= g.end && ($0.after ?? .infinity) <= Self.undoWindow })
            else { return nil }
            return (i, back.after ?? 0)
        }
    }

    /// The session's gestures and undos.
    package init(_ metrics: SessionMetrics) {
        self.init(gestures: metrics.gestures, undos: metrics.undos)
    }

    /// Card drags (the denominator of the repeated-attempt rate).
    package var cardDrags: Int { gestures.filter { $0.kind == .card && $0.card != nil }.count }
    /// Failed card drags (not thrown).
    package var failedDrags: Int { gestures.filter { $0.kind == .card && $0.card != nil && $0.outcome != .thrown }.count }
    /// Thrown card drags.
    package var throwCount: Int { gestures.filter { $0.kind == .card && $0.card != nil && $0.outcome == .thrown }.count }
    /// For each throw, in order, how many attempts it took (1 = first try).
    package var attemptsPerThrow: [Int] { chains.filter(\.thrown).map(\.attempts) }
    /// The attempt number of every card drag (1 for the first of its chain), by gesture index.
    package var attemptNumber: [Int: Int] {
        var n: [Int: Int] = [:]
        for c in chains { for (k, i) in c.gestures.enumerated() { n[i] = k + 1 } }
        return n
    }
    package func isRepeated(_ index: Int) -> Bool { repeated.contains(index) }
    package func isUndone(_ index: Int) -> Bool { undone.contains { $0.index == index } }
}
