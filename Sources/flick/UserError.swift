/// A problem with what the person asked for: printed as one line `flick: <message>`, exit code 2.
struct UserError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
