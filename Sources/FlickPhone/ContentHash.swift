import Foundation

/// The content hash the page caches faces by: 64-bit FNV-1a of the file's bytes, hex.
package enum ContentHash {
    package static func of(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return PhoneProtocol.hex(h)
    }

    package static func ofFile(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return of(Array(data))
    }
}
