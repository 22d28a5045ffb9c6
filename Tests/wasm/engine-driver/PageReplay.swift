// The host's side of the input-record test: reads the records page-inputs.mjs kept, gives each
// to a native engine through the same C interface the page used (Wasm/Exports.swift), and
// compares the answer and both digests after every record. Prints a summary; exits 1 on any
// difference, naming the first.

import Glibc

@main
enum PageReplay {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 2, let file = fopen(arguments[1], "rb") else {
            fputs("usage: page-replay RECORDS_FILE\n", stderr)
            exit(2)
        }
        var words: [UInt64] = []
        let size = 13
        var chunk = [UInt64](repeating: 0, count: size)
        while fread(&chunk, 8, size, file) == size { words += chunk }
        fclose(file)
        let records = words.count / size
        var differences = 0, first = ""
        var sessions = 0, stamped = 0
        for i in 0 ..< records {
            let w = Array(words[size * i ..< size * i + size])
            let n = w.prefix(6).map { Double(bitPattern: $0) }
            let kind = Int32(n[0])
            var result: Int32 = 0
            switch kind {
            case -10:
                sessions += 1
                result = flickEngineCreate(interaction: Int32(n[1]), count: Int32(n[2]), width: n[3], height: n[4],
                                           lateWindow: n[5])
                continue
            case -12:
                // A text key of the next scene: the same text, through the same buffer.
                let bytes = Array(names[Int(n[2])].utf8)
                if let buffer = flickEngineTextBuffer(length: Int32(bytes.count)) {
                    for (k, b) in bytes.enumerated() { buffer[k] = b }
                }
                result = flickEngineConfigSetText(key: Int32(n[1]), length: Int32(bytes.count))
                if Double(result) != n[5] {
                    differences += 1
                    if first.isEmpty { first = "record \(i) (text key \(n[1])): page answered \(n[5]), host \(result)" }
                }
                continue
            case -11:
                flickEngineCommit()
            default:
                result = flickEngineInput(kind: kind, a: n[1], b: n[2], c: n[3], time: n[4])
                if kind == 7, stamp().label.card >= 0 { stamped += 1 }
                if Double(result) != n[5] {
                    differences += 1
                    if first.isEmpty { first = "record \(i) (kind \(kind)): page answered \(n[5]), host \(result)" }
                }
            }
            if flickEngineFramesDigest() != w[6] || flickEngineEventsDigest() != w[7] {
                differences += 1
                if first.isEmpty { first = "record \(i) (kind \(kind) at \(n[4]) s): digests differ" }
            }
            // What the page draws beside the cards: the stamp and whether the scene rests.
            if kind != -10 {
                let (label, text) = stamp()
                let page = (Double(bitPattern: w[8]), Double(bitPattern: w[9]), w[10], Double(bitPattern: w[11]), w[12])
                if label.card != page.0 || (label.card >= 0 && (label.direction != page.1 || label.opacity.bitPattern != page.2
                                                                 || text != page.4)) || Double(flickEngineAtRest()) != page.3 {
                    differences += 1
                    if first.isEmpty { first = "record \(i) (kind \(kind) at \(n[4]) s): the stamp or rest differs" }
                }
            }
        }
        print("page-replay: \(sessions) sessions, \(stamped) frames with a stamp, \(records) records, \(differences) differences"
              + (first.isEmpty ? "" : "; first: \(first)"))
        exit(differences == 0 ? 0 : 1)
    }
}

/// The texts page-inputs.mjs gives text keys (its NAMES).
let names = ["yes", "no", "super like", "ça va ✓", "", "two\nlines"]

/// The native engine's stamp (`flick_engine_label`) and FNV-1a 64 of its name.
func stamp() -> (label: (card: Double, direction: Double, opacity: Double), text: UInt64) {
    guard let n = flickEngineLabel(), n[0] >= 0, let bytes = flickEngineLabelText() else { return ((-1, 0, 0), 0xcbf29ce484222325) }
    var h: UInt64 = 0xcbf29ce484222325
    for i in 0 ..< Int(n[3]) { h = (h ^ UInt64(bytes[i])) &* 0x100000001b3 }
    return ((n[0], n[1], n[2]), h)
}
