import FlickIO
import Glibc

/// `--phone [HOST:PORT]`: where the phone's server listens. 127.0.0.1 and a free port unless
/// asked; 0.0.0.0 listens on every interface (the URL then names this machine's LAN address).
package struct PhoneAddress: Equatable, CustomStringConvertible {
    package var host: String
    package var port: Int

    package static let loopback = PhoneAddress(host: "127.0.0.1", port: 0)
    /// What a bare `--phone` stands for on the command line.
    package static let bare = "loopback"

    package var description: String { "\(host):\(port)" }

    /// HOST:PORT, HOST, :PORT or `loopback`; a one-line problem otherwise.
    /// `option`: where the address was given, for the one-line error.
    package static func parse(_ text: String, option: String = "--phone") throws -> PhoneAddress {
        if text == bare { return .loopback }
        var host = text, port = 0
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") || text.hasPrefix("[") && text.contains("]:") {
            let portText = text[text.index(after: colon)...]
            guard let p = Int(portText), (0...65535).contains(p) else {
                throw UserError("\(option) '\(text)': the port '\(portText)' is not 0 to 65535 (expected HOST:PORT, e.g. 127.0.0.1:8390)")
            }
            port = p
            host = String(text[..<colon])
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "127.0.0.1" }
        guard host.count <= 253, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }) else {
            throw UserError("\(option) '\(text.prefix(80))': '\(host.prefix(80))' is not a host name or address (expected HOST:PORT)")
        }
        return PhoneAddress(host: host, port: port)
    }

    /// The host the URL names: the address itself, or for a wildcard this machine's first
    /// non-loopback IPv4 address.
    package var shownHost: String {
        guard host == "0.0.0.0" || host == "::" else { return host }
        return Self.lanAddress() ?? "127.0.0.1"
    }

    package static func lanAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var p: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = p {
            defer { p = entry.pointee.ifa_next }
            guard let addr = entry.pointee.ifa_addr, addr.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0, entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(addr, socklen_t(MemoryLayout<sockaddr_in>.size), &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return nil
    }
}
