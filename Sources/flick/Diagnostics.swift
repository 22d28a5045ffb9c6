import Foundation

/// One line on standard error, as `flick: warning: …` or `flick: …`.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("flick: warning: \(message)\n".utf8))
}

func note(_ message: String) {
    FileHandle.standardError.write(Data("flick: \(message)\n".utf8))
}
