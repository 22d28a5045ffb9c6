import FlickEngine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The interaction log: one JSON object per line, written and flushed as each event happens,
/// so another tool can follow it live (`tail -f`) and nothing is lost if the app is killed.
final class InteractionLog {
    private let file: UnsafeMutablePointer<FILE>
    let path: String

    /// Opens (truncates) `path` for writing; throws a one-line error naming it when it cannot.
    init(path: String) throws {
        guard let f = fopen(path, "w") else {
            throw UserError("cannot write the log file '\(path)': \(String(cString: strerror(errno)))")
        }
        self.file = f
        self.path = path
    }

    deinit { fclose(file) }

    /// `stage` is where the scene's viewport sits in the window (points): x, y, width, height.
    func started(time: Double, demo: Interaction, cards: Int, window: Size, stage: Rect) {
        write(["\"time\": \(json(time))", "\"event\": \"started\"", "\"demo\": \"\(demo.rawValue)\"",
               "\"cards\": \(cards)", "\"window\": [\(json(window.width)), \(json(window.height))]",
               "\"stage\": [\(json(stage.minX)), \(json(stage.minY)), \(json(stage.width)), \(json(stage.height))]"]
              + pendingStartFields)
    }

    /// A task marker (`M`).
    func marker(time: Double, _ marker: Marker) {
        var f = ["\"time\": \(json(time))", "\"event\": \"marker\"", "\"label\": \(jsonString(marker.label))"]
        if let task = marker.task { f.append("\"task\": \(jsonString(task))") }
        write(f)
    }

    /// The config changed (a `--config` file reloaded): the new one in full.
    func configChanged(time: Double, config: SceneConfig) {
        write(["\"time\": \(json(time))", "\"event\": \"config_changed\"", "\"config\": \(jsonObject(config))"])
    }

    /// The session's identity and what a report needs to measure against: the scene's viewport
    /// (points) and the config in force. Times in the log are seconds since this line.
    func session(_ info: SessionInfo, viewport: Size, config: SceneConfig) {
        var f = ["\"session\": \(jsonString(info.id))", "\"wall_clock\": \(jsonString(info.started))",
                 "\"flick_version\": \(jsonString(FlickVersion.current))",
                 "\"viewport\": [\(json(viewport.width)), \(json(viewport.height))]", "\"config\": \(jsonObject(config))"]
        if let p = info.participant { f.append("\"participant\": \(jsonString(p))") }
        if let t = info.task { f.append("\"task\": \(jsonString(t))") }
        pendingStartFields = f
    }
    private var pendingStartFields: [String] = []

    func quit(time: Double) {
        write(["\"time\": \(json(time))", "\"event\": \"quit\""])
    }

    func record(_ event: SceneEvent) {
        write(Self.fields(of: event))
    }

    /// The JSON fields of one scene event, `time` and `event` first.
    static func fields(of event: SceneEvent) -> [String] {
        var f = ["\"time\": \(json(event.time))", "\"event\": \"\(event.name)\""]
        switch event {
        case .gestureBegan(_, let kind, let card):
            f.append("\"kind\": \"\(kind.rawValue)\"")
            if let card { f.append("\"card\": \(card.value)") }
        case .gestureEnded(_, let kind, let translation, let velocity, let outcome):
            f.append("\"kind\": \"\(kind.rawValue)\"")
            f.append("\"translation\": [\(json(translation.dx)), \(json(translation.dy))]")
            f.append("\"velocity\": [\(json(velocity.dx)), \(json(velocity.dy))]")
            f.append("\"outcome\": \"\(outcome.rawValue)\"")
        case .paged(_, let from, let to):
            f.append("\"from\": \(from)")
            f.append("\"to\": \(to)")
        case .deleted(_, let card, let index), .restored(_, let card, let index),
             .inserted(_, let card, let index):
            f.append("\"card\": \(card.value)")
            f.append("\"index\": \(index)")
        case .snappedBack(_, let card), .selected(_, let card):
            f.append("\"card\": \(card.value)")
        case .reset:
            break
        case .interactionChanged(_, let from, let to):
            f.append("\"from\": \"\(from.rawValue)\"")
            f.append("\"to\": \"\(to.rawValue)\"")
        }
        return f
    }

    private func write(_ fields: [String]) {
        fputs("{" + fields.joined(separator: ", ") + "}\n", file)
        fflush(file)
    }
}

/// A JSON number for a finite double; non-finite values (which the engine never produces) as 0.
func json(_ x: Double) -> String {
    guard x.isFinite else { return "0" }
    let rounded = (x * 1_000_000).rounded() / 1_000_000
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
}

/// A JSON string literal.
func jsonString(_ s: String) -> String {
    guard let data = try? JSONEncoder().encode(s) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
}

/// A value as one line of JSON (sorted keys).
func jsonObject<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
}
