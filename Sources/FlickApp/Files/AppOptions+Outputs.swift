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
