import FlickIO
import FlickSession
import ArgumentParser

/// Refuses, in a command's `validate()`, a text option longer than `limit` characters or of more
/// than one line (`TextLimits`): one line naming the option, the start of the value and the limit.
package func checkText(_ value: String?, option: String, limit: Int) throws {
    guard let value, let why = TextLimits.problem(value, limit: limit) else { return }
    throw ValidationError("\(option) '\(TextLimits.excerpt(value))' \(why)")
}

/// Refuses, in a command's `validate()` (before any work), an output path that names nothing in
/// particular: empty, only spaces, `.`, `..`, a file path ending in `/`, a control character
/// (`OutputPath`). One line naming the option and the value; exit code 2.
package func checkOutputPath(_ value: String?, option: String, kind: OutputPath.Kind) throws {
    guard let value, let why = OutputPath.problem(value, kind: kind) else { return }
    throw ValidationError("\(option) '\(OutputPath.shown(value))': \(why)")
}
