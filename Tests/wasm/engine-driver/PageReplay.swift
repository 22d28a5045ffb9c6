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
        var chunk = [UInt64](repeating: 0, count: 8)
        while fread(&chunk, 8, 8, file) == 8 { words += chunk }
        fclose(file)
        let records = words.count / 8
        var differences = 0, first = ""
        var sessions = 0
        for i in 0 ..< records {
            let w = Array(words[8 * i ..< 8 * i + 8])
            let n = w.prefix(6).map { Double(bitPattern: $0) }
            let kind = Int32(n[0])
            var result: Int32 = 0
            switch kind {
            case -10:
                sessions += 1
                result = flickEngineCreate(interaction: Int32(n[1]), count: Int32(n[2]), width: n[3], height: n[4],
                                           lateWindow: n[5])
                continue
            case -11:
                flickEngineCommit()
            default:
                result = flickEngineInput(kind: kind, a: n[1], b: n[2], c: n[3], time: n[4])
                if Double(result) != n[5] {
                    differences += 1
                    if first.isEmpty { first = "record \(i) (kind \(kind)): page answered \(n[5]), host \(result)" }
                }
            }
            if flickEngineFramesDigest() != w[6] || flickEngineEventsDigest() != w[7] {
                differences += 1
                if first.isEmpty { first = "record \(i) (kind \(kind) at \(n[4]) s): digests differ" }
            }
        }
        print("page-replay: \(sessions) sessions, \(records) records, \(differences) differences"
              + (first.isEmpty ? "" : "; first: \(first)"))
        exit(differences == 0 ? 0 : 1)
    }
}
