import FlickIO
import FlickSession
import ArgumentParser
/// The start-up check of the app's outputs against its inputs (see `OutputPolicy`).
extension AppOptions {
    /// What this run writes: the log and the recording (streams), the screenshot (one-shot).
    var outputs: [OutputFile] {
        var out: [OutputFile] = []
        if let p = logPath { out.append(OutputFile(path: p, what: "the log file", isStream: true)) }
        if let p = recordPath { out.append(OutputFile(path: p, what: "the recording", isStream: true)) }
        if let p = screenshot { out.append(OutputFile(path: p, what: "the screenshot", isStream: false)) }
        return out
    }

    /// What this run reads: the config, the replay, every card image.
    var inputs: [RunInput] {
        var ins: [RunInput] = []
        if let p = configPath { ins.append(RunInput(path: p, what: "the --config file")) }
        if let p = replay?.path { ins.append(RunInput(path: p, what: "the --replay file")) }
        ins += cards.items.map { RunInput(path: $0.path, what: "a card image (\($0.fileName))") }
        return ins
    }

    /// Refuses, with one line, any output that may not be written (before a window opens).
    func checkOutputs(overwrite: Bool) throws {
        try OutputPolicy.check(outputs, inputs: inputs, overwrite: overwrite)
    }
}

/// Refuses, in a command's `validate()`, a text option longer than `limit` characters or of more
/// than one line (`TextLimits`): one line naming the option, the start of the value and the limit.
func checkText(_ value: String?, option: String, limit: Int) throws {
    guard let value, let why = TextLimits.problem(value, limit: limit) else { return }
    throw ValidationError("\(option) '\(TextLimits.excerpt(value))' \(why)")
}

/// Refuses, in a command's `validate()` (before any work), an output path that names nothing in
/// particular: empty, only spaces, `.`, `..`, a file path ending in `/`, a control character
/// (`OutputPath`). One line naming the option and the value; exit code 2.
func checkOutputPath(_ value: String?, option: String, kind: OutputPath.Kind) throws {
    guard let value, let why = OutputPath.problem(value, kind: kind) else { return }
    throw ValidationError("\(option) '\(OutputPath.shown(value))': \(why)")
}
