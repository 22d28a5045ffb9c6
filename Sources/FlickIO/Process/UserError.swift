/// A problem with what the person asked for: printed as one line `flick: <message>`, exit code 2.
package struct UserError: Error, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
