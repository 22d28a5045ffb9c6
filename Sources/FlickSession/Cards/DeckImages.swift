import FlickEngine
import FlickIO

/// Which image each card of the deck shows, as the folder changes: cards 0, 1, 2, … cycle over
/// the images the session started with; a card inserted for an added file shows that file; a
/// changed file becomes a new image (a new index: no cache goes stale) for every card showing
/// it; the cards of a removed file leave the deck. Kept the same way by the app and by every
/// replay, so the deck changes and the events are the live session's.
package struct DeckImages {
    /// File name of each image index.
    package private(set) var names: [String]
    package let base: Int
    /// Cards showing an image of their own.
    package private(set) var assigned: [CardID: Int] = [:]
    /// Images waiting for their card: the next `inserted` events, in order.
    private var pending: [Int] = []
    /// Images whose file is gone (or superseded by a newer version).
    private var retired: Set<Int> = []
    /// The file (size, and hash when the card store kept it) of each image a folder change
    /// added: where a replay finds the picture as shown.
    package private(set) var files: [Int: FolderFile] = [:]

    package init(names: [String]) {
        self.names = names
        base = names.count
    }

    /// The file name a card shows.
    package func name(of card: CardID) -> String? { image(of: card).map { names[$0] } }

    package func image(of card: CardID) -> Int? {
        if let a = assigned[card] { return a }
        guard base > 0 else { return nil }
        return ((card.value % base) + base) % base
    }

    /// The image a card of file `name` shows when a task deals it: the file's current image, or
    /// its last (a file removed since); nil for a name no image has had.
    package func image(named name: String) -> Int? { current(name) ?? names.lastIndex(of: name) }

    /// The current image of file `name`, if one is on show.
    private func current(_ name: String) -> Int? {
        names.indices.last { names[$0] == name && !retired.contains($0) }
    }

    /// Makes `change` at scene time `t`: deletes the cards of removed files (deletion events),
    /// re-points the cards of changed files to their new image, inserts one card per added
    /// file where its name sorts in the deck (an insertion event). Returns the images added,
    /// index and name (the front ends load them through `StageView.follow`).
    @discardableResult
    package mutating func apply(_ change: CardFolderChange, to scene: CardScene, at t: Double) -> [(index: Int, name: String)] {
        var fresh: [(index: Int, name: String)] = []
        let deck = (0..<scene.deck.count).compactMap { scene.deck.card(at: $0) }
        for name in change.removed {
            guard let old = current(name) else { continue }
            retired.insert(old)
            for card in deck where image(of: card) == old { scene.delete(card, at: t, cause: .folder) }
        }
        for file in change.changed {
            guard let old = current(file.name) else { continue }
            retired.insert(old)
            names.append(file.name)
            let new = names.count - 1
            files[new] = file
            fresh.append((new, file.name))
            for card in deck where image(of: card) == old { assigned[card] = new }
            // Cards not yet inserted for the old version get the new one.
            pending = pending.map { $0 == old ? new : $0 }
        }
        for file in change.added.sorted(by: { CardFolder.naturallyPrecedes($0.name, $1.name) }) {
            names.append(file.name)
            let new = names.count - 1
            files[new] = file
            fresh.append((new, file.name))
            // Where the name sorts among the cards now in the deck (the deck keeps name order).
            let now = (0..<scene.deck.count).compactMap { scene.deck.card(at: $0) }
            let at = now.firstIndex { card in
                image(of: card).map { CardFolder.naturallyPrecedes(file.name, names[$0]) } ?? false
            } ?? now.count
            pending.append(new)
            scene.insert(at: at, time: t, cause: .folder)
        }
        return fresh
    }

    /// The deck's cards are now `cards`, showing the files `names` in order (a task's start
    /// cards): each card gets the current image of its file (a file no image has yet, such as
    /// one removed since, gets an image of its own, drawn as a placeholder if it is gone).
    /// Insertions that waited are dropped with the deck they were meant for.
    package mutating func show(_ files: [String], on cards: [CardID]) {
        pending = []
        for (card, name) in zip(cards, files) {
            if let i = image(named: name) {
                assigned[card] = i
            } else {
                names.append(name)
                assigned[card] = names.count - 1
            }
        }
    }

    /// A scene event: an insertion gives the waiting image its card.
    package mutating func observe(_ event: SceneEvent) {
        if case .inserted(_, let card, _) = event, !pending.isEmpty {
            assigned[card] = pending.removeFirst()
        }
    }
}
