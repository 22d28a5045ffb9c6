import FlickEngine
import Foundation

/// One recorded input: a pointer event in scene points, a wheel scroll, or a command, at a time
/// in seconds from the start of the recording.
struct RecordedInput: Codable, Equatable {
    var t: Double
    var pointer: PointerEvent?
    var wheel: Double?
    var command: CardScene.Command?
    var interaction: Interaction?
    /// Slow motion, pause, resume or a single step (S, Space, `.`); replays move time the same way.
    var time: SceneTimeline.Control?
}

/// Writes what the person did as JSON lines (`--record FILE`), flushed as it happens, so a
/// session can be replayed exactly (`--replay FILE`): the engine's state depends only on the
/// inputs and their times, never on the frame rate.
final class Recorder {
    private let writer: LineWriter
    private let start: Double
    private let encoder = JSONEncoder()

    init(path: String, start: Double, overwrite: Bool = false) throws {
        writer = try LineWriter(path: path, what: "the recording", overwrite: overwrite)
        self.start = start
        encoder.outputFormatting = [.sortedKeys]
    }

    func record(_ input: RecordedInput) {
        var i = input
        i.t = ((input.t - start) * 1_000_000).rounded() / 1_000_000
        if var p = i.pointer { p.time = i.t; i.pointer = p }
        guard let data = try? encoder.encode(i) else { return }
        // A failure is remembered (OutputError.first) and stops the frame loop with exit 3.
        try? writer.write(line: data)
    }
}

/// Plays a recording back: hands out the inputs due by a given time.
final class Player {
    private(set) var inputs: [RecordedInput]
    private var next = 0
    let path: String

    /// Reads and checks the whole file first; a bad line is a one-line error naming the line.
    init(path: String) throws {
        self.path = path
        let data = try InputFile.read(path, what: "--replay file")
        let decoder = JSONDecoder()
        var parsed: [RecordedInput] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            guard let input = try? decoder.decode(RecordedInput.self, from: Data(line)), input.t.isFinite else {
                throw UserError("--replay file '\(path)' line \(n + 1) is not a recorded input (expected JSON like {\"t\": 0.5, \"pointer\": {...}})")
            }
            if let last = parsed.last, input.t < last.t {
                throw UserError("--replay file '\(path)' line \(n + 1) goes back in time (\(input.t) s after \(last.t) s)")
            }
            parsed.append(input)
        }
        inputs = parsed
    }

    var isFinished: Bool { next >= inputs.count }
    var duration: Double { inputs.last?.t ?? 0 }

    /// The inputs with t <= `elapsed` (seconds since the replay began) not handed out yet.
    func due(by elapsed: Double) -> ArraySlice<RecordedInput> {
        let from = next
        while next < inputs.count, inputs[next].t <= elapsed { next += 1 }
        return inputs[from..<next]
    }
}
