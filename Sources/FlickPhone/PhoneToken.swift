/// The pairing secret of one session: 128 random bits as 32 lowercase hex digits, in the URL
/// the phone opens. Every route asks for it; a request without it gets a short refusal.
package struct PhoneToken: Sendable, Equatable, CustomStringConvertible {
    package let value: String
    private let bytes: [UInt8]

    /// Hex digits in a token.
    package static let length = 32

    /// A fresh token from the system's random source (getrandom on Linux).
    package static func random() -> PhoneToken {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    package static func random<G: RandomNumberGenerator>(using generator: inout G) -> PhoneToken {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(length)
        for _ in 0..<(length / 16) {
            var word = generator.next()
            for _ in 0..<16 {
                out.append(digits[Int(word & 0xF)])
                word >>= 4
            }
        }
        return PhoneToken(unchecked: String(decoding: out, as: UTF8.self))
    }

    /// A token given as text (tests); nil unless it is 32 lowercase hex digits.
    package init?(_ text: String) {
        guard text.utf8.count == Self.length, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        self.init(unchecked: text)
    }

    private init(unchecked text: String) {
        value = text
        bytes = Array(text.utf8)
    }

    package var description: String { value }

    /// Whether `candidate` is this token, in time that does not depend on where it differs:
    /// every byte of the token is compared, whatever the candidate's length or content, so a
    /// client cannot find the token a digit at a time by timing the refusals.
    package func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        return candidate.utf8.withContiguousStorageIfAvailable { Self.equal(bytes, $0) }
            ?? Self.equal(bytes, Array(candidate.utf8))
    }

    /// Constant-time comparison over `expected`'s length: no early exit, the length check folded in.
    package static func equal<C: Collection>(_ expected: [UInt8], _ candidate: C) -> Bool where C.Element == UInt8, C.Index == Int {
        var difference: UInt8 = candidate.count == expected.count ? 0 : 1
        let start = candidate.startIndex
        for i in 0..<expected.count {
            let c: UInt8 = i < candidate.count ? candidate[start + i] : 0
            difference |= c ^ expected[i]
        }
        return difference == 0
    }
}
