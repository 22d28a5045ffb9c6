/// A card's stable identity: never reused, even after the card is deleted.
public struct CardID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: CardID, b: CardID) -> Bool { a.value < b.value }
    public var description: String { "#\(value)" }
}
