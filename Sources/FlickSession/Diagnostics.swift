import Foundation

/// One line on standard error, as `flick: warning: …` or `flick: …`.
package func warn(_ message: String) {
    try? FileHandle.standardError.write(contentsOf: Data("flick: warning: \(message)\n".utf8))
}

package func note(_ message: String) {
    try? FileHandle.standardError.write(contentsOf: Data("flick: \(message)\n".utf8))
}
