/// A card's stable identity: never reused, even after the card is deleted.
public struct CardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public static func < (a: CardID, b: CardID) -> Bool { a.value < b.value }
    public var description: String { "#\(value)" }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension CardID: Codable {}
#endif
