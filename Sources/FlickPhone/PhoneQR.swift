import CQREncode

/// A QR code of a text (the phone's URL), by libqrencode: `size`×`size` modules, row by row,
/// true for dark. Error correction M (a phone's camera reads it from a screen at an angle).
package struct PhoneQR: Equatable, Sendable {
    package let size: Int
    package let modules: [Bool]

    /// nil when libqrencode cannot encode it (a text too long for any version).
    package init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        size = width
        modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
    }

    package subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The code for a terminal: two module rows a line in half blocks, dark on light, with the
    /// quiet zone of 2 modules around it.
    package func terminalLines(quiet: Int = 2) -> [String] {
        var lines: [String] = []
        let range = -quiet..<(size + quiet)
        var y = -quiet
        while y < size + quiet {
            var line = ""
            for x in range {
                let top = self[x, y], bottom = self[x, y + 1]
                // Light is the block: terminals are mostly dark, a QR reader wants dark modules on light.
                switch (top, bottom) {
                case (false, false): line += "█"
                case (true, false): line += "▄"
                case (false, true): line += "▀"
                case (true, true): line += " "
                }
            }
            lines.append(line)
            y += 2
        }
        return lines
    }
}
