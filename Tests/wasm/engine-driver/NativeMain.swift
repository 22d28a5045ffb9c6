// The native side of the engine's differential test: runs the sessions and writes their words
// (little-endian) to a file for the JavaScript side to compare.

import Glibc

@main
enum NativeMain {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let first = UInt64(arguments[1]), let count = Int32(arguments[2]),
              let inputs = Int32(arguments[3]) else {
            fputs("usage: engine-native FIRST_SEED COUNT INPUTS FILE\n", stderr)
            exit(2)
        }
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * Int(count))
        runSessions(first: first, count: count, inputs: inputs, buffer: buffer)
        let path = arguments[4]
        guard let file = fopen(path, "wb"), fwrite(buffer, 8, 4 * Int(count), file) == 4 * Int(count),
              fclose(file) == 0 else {
            fputs("engine-native: cannot write \(path)\n", stderr)
            exit(1)
        }
    }
}
