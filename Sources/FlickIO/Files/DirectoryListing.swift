import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder's entries as the file system holds them: names are bytes on Linux, and a name that
/// is not UTF-8 (a Latin-1 `café.png` copied from an old disk) has no String that opens it
/// again. Foundation's listing turns such a name into one with U+FFFD in it, which then "does
/// not exist"; here it is set apart, with its bytes shown, so it can be named in a message.
package struct DirectoryListing {
    /// Names that are UTF-8 (every other name).
    package var names: [String] = []
    /// Names that are not UTF-8, escaped for a message (`caf\xE9.png`).
    package var undecodable: [String] = []

    /// Lists `folder` (without `.` and `..`); nil when it cannot be opened.
    package init?(folder: String) {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        while let entry = readdir(dir) {
            // The name is read where it lies, up to its end: a record from readdir is only as long
            // as its name (d_reclen), so copying the whole d_name array can read past the
            // buffer's last page and fault.
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(name), count: strlen(name)))
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                names.append(name)
            } else {
                undecodable.append(Self.escaped(bytes))
            }
        }
    }

    /// Printable ASCII as it is, every other byte as `\xHH`.
    package static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map { (0x20...0x7E).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
    }
}
