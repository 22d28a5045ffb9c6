import Foundation

/// The program name that starts every message on standard error ("flick", "flick-bench").
package enum Diagnostics {
    nonisolated(unsafe) package static var program = "flick"
}

/// One line on standard error, as `flick: warning: …`.
package func warn(_ message: String) {
    try? FileHandle.standardError.write(contentsOf: Data("\(Diagnostics.program): warning: \(message)\n".utf8))
}

/// One line on standard error, as `flick: …`.
package func note(_ message: String) {
    try? FileHandle.standardError.write(contentsOf: Data("\(Diagnostics.program): \(message)\n".utf8))
}
